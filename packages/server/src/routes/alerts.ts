import { computePaging } from '@alerta/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AppContext, principalOf } from '../context.js';
import { notFound } from '../errors.js';
import { type ApiApp, isInputError } from '../http/validation.js';
import {
  alertCreatedSchema,
  alertDivertedSchema,
  alertInputBody,
  alertListSchema,
  alertListWithEnvironmentsQuery,
  alertOneSchema,
} from '../openapi/schemas.js';
import { registerAlertCsvRoute } from './alert-csv.js';
import { alertView } from './alert-view.js';
import { callerQuery } from './ownership.js';
import { alertQuery, checkPageInRange, flag, pageRequest, queryParams } from './alert-params.js';
import { environmentCounts } from './alert-aggregates.js';
import { switchboardOf } from '../http/switchboard.js';
import { isDiverted, receiveAlert, sendDiverted } from './receive.js';

const alertParams = z.object({ id: z.string() });

export function registerAlertRoutes(app: ApiApp, context: AppContext): void {
  const { settings } = context;

  const postAlert = {
    config: { scope: 'write:alerts' },
    schema: { body: alertInputBody, response: { 201: alertCreatedSchema, 202: alertDivertedSchema } },
    // A body refused by the schema counts as a rejected alert, as one refused later in the pipeline does.
    onError: (_request: FastifyRequest, _reply: FastifyReply, error: Error, done: () => void) => {
      if (isInputError(error)) context.metrics.countIngest('rejected');
      done();
    },
  };
  app.post('/alert', postAlert, async (request, reply) => {
    const result = await receiveAlert(context, request, request.body);
    if (isDiverted(result)) return sendDiverted(reply, result);
    const { alert, history } = result.stored;
    return reply.code(201).send({
      status: 'ok' as const,
      id: alert.id,
      alert: alertView(alert, history, context.apiRoot(request), { rawData: true }),
    });
  });

  const getAlert = {
    config: { scope: 'read:alerts' },
    schema: { params: alertParams, response: { 200: alertOneSchema } },
  };
  app.get('/alert/:id', getAlert, async (request) => {
    const id = request.params.id;
    if (id.length === 0 || id.length > 255) throw notFound();
    const found = await context.store.alerts.get(id, principalOf(request).customers);
    if (found === undefined) throw notFound();
    return {
      status: 'ok' as const,
      total: 1 as const,
      alert: alertView(found.alert, found.history, context.apiRoot(request), { rawData: true }),
    };
  });

  const listAlerts = {
    config: { scope: 'read:alerts' },
    schema: { querystring: alertListWithEnvironmentsQuery, response: { 200: alertListSchema } },
  };
  app.get('/alerts', listAlerts, async (request) => {
    const now = new Date().toISOString();
    const params = queryParams(request.query);
    const query = callerQuery(request, alertQuery(params, context.model, now));
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    const [{ counts, alerts: rows }, environments] = await Promise.all([
      context.store.alerts.countAndList(query, {
        // Page 0 reads the first page and is refused below with the others out of range.
        offset: Math.max(0, page - 1) * pageSize,
        limit: pageSize,
        withHistory: flag(params, 'show-history'),
      }),
      // docs/api/alerts.md#the-answer: the same search less its `environment` parameters.
      flag(params, 'show-environments')
        ? environmentCounts(context, request, new Map([...params].filter(([name]) => name !== 'environment')))
        : undefined,
    ]);
    const paging = computePaging(counts.total, page, pageSize);
    checkPageInRange(page, paging.pages);
    const apiRoot = context.apiRoot(request);
    const rawData = flag(params, 'show-raw-data');
    const alerts = rows.map((row) => alertView(row.alert, row.history, apiRoot, { rawData }));
    const lastTime = alerts.reduce((latest, a) => (a.lastReceiveTime > latest ? a.lastReceiveTime : latest), '');
    return {
      status: 'ok' as const,
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
      ...(environments === undefined ? {} : { environments }),
    };
  });
  registerAlertCsvRoute(app, context);
}
