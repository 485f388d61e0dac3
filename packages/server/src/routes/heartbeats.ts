import {
  HEARTBEAT_QUERY_FIELDS,
  HEARTBEAT_STATUSES,
  type Heartbeat,
  computePaging,
  heartbeatInputSchema,
} from '@alerta/contract';
import type { ApiApp } from '../http/validation.js';
import { type AppContext, principalOf } from '../context.js';
import { heartbeatFromInput, heartbeatStatus } from '../domain/heartbeat.js';
import { notFound } from '../errors.js';
import { HEARTBEAT_COLUMNS } from '../store/fields.js';
import type { HeartbeatRecord } from '../store/types.js';
import { checkPageInRange, pageRequest, queryParams } from './alert-params.js';
import { monitorQuery } from './monitor-params.js';
import { assignCustomer, callerQuery, ownRecord } from './ownership.js';

/** The heartbeat object of docs/api/heartbeats.md#status, with its computed latency, since and status. */
export function heartbeatView(hb: HeartbeatRecord, apiRoot: string, maxLatency: number, now: Date): Heartbeat {
  const timing = heartbeatStatus(hb, now, maxLatency);
  return {
    id: hb.id,
    href: `${apiRoot}/heartbeat/${hb.id}`,
    origin: hb.origin,
    tags: hb.tags,
    attributes: hb.attributes,
    type: hb.type,
    createTime: hb.createTime,
    timeout: hb.timeout,
    maxLatency,
    receiveTime: hb.receiveTime,
    customer: hb.customer,
    latency: timing.latency,
    since: timing.since,
    status: timing.status,
  };
}

type IdParams = { Params: { id: string } };

export function registerHeartbeatRoutes(app: ApiApp, context: AppContext): void {
  const { settings, store } = context;
  const maxLatency = settings.HEARTBEAT_MAX_LATENCY;

  app.post(
    '/heartbeat',
    { config: { scope: 'write:heartbeats' }, schema: { body: heartbeatInputSchema } },
    async (request, reply) => {
      const parsedBody = request.body;
      const customer = assignCustomer(principalOf(request), parsedBody.customer, 'admin:heartbeats');
      const now = new Date();
      const record = heartbeatFromInput(
        parsedBody,
        customer,
        { origin: context.origin, timeout: settings.HEARTBEAT_TIMEOUT },
        now.toISOString(),
      );
      const stored = await store.heartbeats.upsert(record);
      return reply.code(201).send({
        status: 'ok',
        id: stored.id,
        heartbeat: heartbeatView(stored, context.apiRoot(request), maxLatency, now),
      });
    },
  );

  app.get<IdParams>('/heartbeat/:id', { config: { scope: 'read:heartbeats' } }, async (request) => {
    const found = ownRecord(
      request,
      request.params.id === '' ? undefined : await store.heartbeats.get(request.params.id),
    );
    return {
      status: 'ok',
      total: 1,
      heartbeat: heartbeatView(found, context.apiRoot(request), maxLatency, new Date()),
    };
  });

  app.get('/heartbeats', { config: { scope: 'read:heartbeats' } }, async (request) => {
    const now = new Date();
    const params = queryParams(request.query);
    const query = callerQuery(
      request,
      monitorQuery(params, HEARTBEAT_COLUMNS, HEARTBEAT_STATUSES, now.toISOString(), HEARTBEAT_QUERY_FIELDS),
    );
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    const total = await store.heartbeats.count(query, maxLatency);
    const paging = computePaging(total, page, pageSize);
    checkPageInRange(page, paging.pages);
    const rows =
      total === 0
        ? []
        : await store.heartbeats.list(query, maxLatency, { offset: (page - 1) * pageSize, limit: pageSize });
    const apiRoot = context.apiRoot(request);
    return {
      status: 'ok',
      ...(rows.length === 0 ? { message: 'not found' } : {}),
      page: paging.page,
      pageSize: paging.pageSize,
      pages: paging.pages,
      more: paging.more,
      heartbeats: rows.map((hb) => heartbeatView(hb, apiRoot, maxLatency, now)),
      total,
    };
  });

  app.delete<IdParams>('/heartbeat/:id', { config: { scope: 'write:heartbeats' } }, async (request) => {
    // Unlike the reference (docs/api/heartbeats.md#status quirk), another customer's heartbeat is not found.
    const found = ownRecord(
      request,
      request.params.id === '' ? undefined : await store.heartbeats.get(request.params.id),
    );
    if (!(await store.heartbeats.delete(found.id))) throw notFound();
    return { status: 'ok' };
  });
}
