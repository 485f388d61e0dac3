import { alertInputSchema, computePaging } from '@alerta/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { type AppContext, principalOf } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { alertView } from './alert-view.js';
import { callerQuery } from './ownership.js';
import { alertQuery, checkPageInRange, flag, pageRequest, queryParams } from './alert-params.js';
import { switchboardOf } from '../http/switchboard.js';
import { isDiverted, receiveAlert, sendDiverted } from './receive.js';

/** Turns zod issues into a 400 whose message names the field (docs/api/alerts.md validation). */
export function validationError(error: z.core.$ZodError) {
  const describe = (issue: z.core.$ZodIssue): string => {
    const field = issue.path.map(String).join('.');
    if (field === '' || issue.message.includes(`'${field}'`) || issue.message.includes(`"${field}"`)) {
      return issue.message;
    }
    return `'${field}': ${issue.message}`;
  };
  const messages = error.issues.map(describe);
  return badRequest(messages[0] ?? 'invalid alert', messages);
}

export function registerAlertRoutes(app: FastifyInstance, context: AppContext): void {
  const { settings } = context;

  app.post('/alert', { config: { scope: 'write:alerts' } }, async (request, reply) => {
    const body: unknown = request.body;
    const parsed =
      body === null || typeof body !== 'object' || Array.isArray(body) ? undefined : alertInputSchema.safeParse(body);
    if (parsed?.success !== true) {
      context.metrics.countIngest('rejected');
      throw parsed === undefined ? badRequest('the request body must be a JSON object') : validationError(parsed.error);
    }
    const result = await receiveAlert(context, request, parsed.data);
    if (isDiverted(result)) return sendDiverted(reply, result);
    const { alert, history } = result.stored;
    return reply.code(201).send({
      status: 'ok',
      id: alert.id,
      alert: alertView(alert, history, context.apiRoot(request), { rawData: true }),
    });
  });

  app.get<{ Params: { id: string } }>('/alert/:id', { config: { scope: 'read:alerts' } }, async (request) => {
    const id = request.params.id;
    if (id.length === 0 || id.length > 255) throw notFound();
    const found = await context.store.alerts.get(id, principalOf(request).customers);
    if (found === undefined) throw notFound();
    return {
      status: 'ok',
      total: 1,
      alert: alertView(found.alert, found.history, context.apiRoot(request), { rawData: true }),
    };
  });

  app.get('/alerts', { config: { scope: 'read:alerts' } }, async (request) => {
    const now = new Date().toISOString();
    const params = queryParams(request.query);
    const query = callerQuery(request, alertQuery(params, context.model, now));
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    const { counts, alerts: rows } = await context.store.alerts.countAndList(query, {
      // Page 0 reads the first page and is refused below with the others out of range.
      offset: Math.max(0, page - 1) * pageSize,
      limit: pageSize,
      withHistory: flag(params, 'show-history'),
    });
    const paging = computePaging(counts.total, page, pageSize);
    checkPageInRange(page, paging.pages);
    const apiRoot = context.apiRoot(request);
    const rawData = flag(params, 'show-raw-data');
    const alerts = rows.map((row) => alertView(row.alert, row.history, apiRoot, { rawData }));
    const lastTime = alerts.reduce((latest, a) => (a.lastReceiveTime > latest ? a.lastReceiveTime : latest), '');
    return {
      status: 'ok',
      ...(counts.total === 0 ? { message: 'not found' } : {}),
      page: paging.page,
      pageSize: paging.pageSize,
      pages: paging.pages,
      more: paging.more,
      alerts,
      total: counts.total,
      statusCounts: counts.statusCounts,
      severityCounts: counts.severityCounts,
      lastTime: lastTime === '' ? now : lastTime,
      autoRefresh: switchboardOf(context).isOn('auto-refresh-allow'),
    };
  });
}
