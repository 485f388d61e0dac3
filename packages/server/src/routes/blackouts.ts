import {
  BLACKOUT_QUERY_FIELDS,
  BLACKOUT_STATUSES,
  type Blackout,
  blackoutInputSchema,
  blackoutUpdateSchema,
  MAX_SECONDS,
  computePaging,
} from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import type { ApiApp } from '../http/validation.js';
import { idParams } from '../openapi/schemas.js';
import { type AppContext, principalOf } from '../context.js';
import { blackoutRemaining, blackoutStatus, newBlackout, updatedBlackout } from '../domain/blackout.js';
import { badRequest, notFound } from '../errors.js';
import { BLACKOUT_COLUMNS } from '../store/fields.js';
import type { BlackoutRecord } from '../store/types.js';
import { checkPageInRange, pageRequest, queryParams } from './alert-params.js';
import { monitorQuery } from './monitor-params.js';
import { assignCustomer, callerQuery, holdsAdmin, ownRecord } from './ownership.js';

/**
 * The blackout object of docs/api/blackouts.md with its status and integer `remaining`
 * (README.md#where-we-differ-from-the-reference-server).
 */
export function blackoutView(b: BlackoutRecord, apiRoot: string, now: Date): Blackout {
  return {
    id: b.id,
    href: `${apiRoot}/blackout/${b.id}`,
    priority: b.priority,
    environment: b.environment,
    service: b.service,
    resource: b.resource,
    event: b.event,
    group: b.group,
    tags: b.tags,
    origin: b.origin,
    customer: b.customer,
    startTime: b.startTime,
    endTime: b.endTime,
    duration: b.duration,
    status: blackoutStatus(b, now),
    remaining: blackoutRemaining(b, now),
    user: b.user,
    createTime: b.createTime,
    text: b.text,
  };
}

/** The latest end a blackout may have: the last moment an API date can name (docs/api/conventions.md#dates). */
const LATEST_END = Date.parse('9999-12-31T23:59:59.999Z');

function checkWindow(b: BlackoutRecord): void {
  if (Date.parse(b.endTime) < Date.parse(b.startTime)) throw badRequest("'endTime' must not be before 'startTime'");
  // A start near the year 9999 plus a long duration would end past what a date can be written as.
  if (Date.parse(b.endTime) > LATEST_END) throw badRequest("'endTime' must not be after 9999-12-31T23:59:59.999Z");
  // The duration is stored as an integer; one worked out from far-apart start and end times may not fit.
  if (b.duration > MAX_SECONDS) throw badRequest(`'duration' must be at most ${MAX_SECONDS}`);
}

/** docs/api/blackouts.md#routes: the caller, unless an admin:blackouts holder names another user. */
function blackoutUser(request: FastifyRequest, wanted: string | null | undefined): string | null {
  const principal = principalOf(request);
  if (wanted !== undefined && holdsAdmin(principal, 'admin:blackouts')) return wanted;
  return principal.login;
}

type IdParams = { Params: { id: string } };

export function registerBlackoutRoutes(app: ApiApp, context: AppContext): void {
  const { settings, store } = context;

  app.post(
    '/blackout',
    { config: { scope: 'write:blackouts' }, schema: { body: blackoutInputSchema } },
    async (request, reply) => {
      const parsedBody = request.body;
      const customer = assignCustomer(principalOf(request), parsedBody.customer, 'admin:blackouts');
      const now = new Date();
      const blackout = newBlackout(
        parsedBody,
        { user: blackoutUser(request, parsedBody.user), customer },
        settings.BLACKOUT_DURATION,
        now.toISOString(),
      );
      checkWindow(blackout);
      await store.blackouts.create(blackout);
      const view = blackoutView(blackout, context.apiRoot(request), now);
      return reply.code(201).header('Location', view.href).send({ status: 'ok', id: blackout.id, blackout: view });
    },
  );

  app.get<IdParams>('/blackout/:id', { config: { scope: 'read:blackouts' } }, async (request) => {
    const found = ownRecord(
      request,
      request.params.id === '' ? undefined : await store.blackouts.get(request.params.id),
    );
    return { status: 'ok', total: 1, blackout: blackoutView(found, context.apiRoot(request), new Date()) };
  });

  app.get('/blackouts', { config: { scope: 'read:blackouts' } }, async (request) => {
    const now = new Date();
    const params = queryParams(request.query);
    const query = callerQuery(
      request,
      monitorQuery(params, BLACKOUT_COLUMNS, BLACKOUT_STATUSES, now.toISOString(), BLACKOUT_QUERY_FIELDS),
    );
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    const total = await store.blackouts.count(query);
    const paging = computePaging(total, page, pageSize);
    checkPageInRange(page, paging.pages);
    const rows =
      total === 0 ? [] : await store.blackouts.list(query, { offset: (page - 1) * pageSize, limit: pageSize });
    const apiRoot = context.apiRoot(request);
    return {
      status: 'ok',
      ...(total === 0 ? { message: 'not found' } : {}),
      page: paging.page,
      pageSize: paging.pageSize,
      pages: paging.pages,
      more: paging.more,
      blackouts: rows.map((b) => blackoutView(b, apiRoot, now)),
      total,
    };
  });

  app.put(
    '/blackout/:id',
    { config: { scope: 'write:blackouts' }, schema: { params: idParams, body: blackoutUpdateSchema } },
    async (request) => {
      const parsedBody = request.body;
      const stored = ownRecord(
        request,
        request.params.id === '' ? undefined : await store.blackouts.get(request.params.id),
      );
      const customer =
        parsedBody.customer === undefined
          ? undefined
          : assignCustomer(principalOf(request), parsedBody.customer, 'admin:blackouts');
      const next = updatedBlackout(stored, parsedBody, { user: blackoutUser(request, parsedBody.user), customer });
      checkWindow(next);
      await store.blackouts.update(next);
      return { status: 'ok', blackout: blackoutView(next, context.apiRoot(request), new Date()) };
    },
  );

  app.delete<IdParams>('/blackout/:id', { config: { scope: 'write:blackouts' } }, async (request) => {
    // Unlike the reference (docs/api/heartbeats.md#status quirk), another customer's blackout is not found.
    const found = ownRecord(
      request,
      request.params.id === '' ? undefined : await store.blackouts.get(request.params.id),
    );
    if (!(await store.blackouts.delete(found.id))) throw notFound();
    return { status: 'ok' };
  });
}
