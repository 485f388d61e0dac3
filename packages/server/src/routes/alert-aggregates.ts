import { computePaging } from '@alerta/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { TOP_GROUP_FIELDS } from '../store/aggregates.js';
import type { AlertCounts, TopKind } from '../store/types.js';
import { alertQuery, checkPageInRange, pageRequest, queryParams } from './alert-params.js';
import { callerQuery } from './ownership.js';

const read = { config: { scope: 'read:alerts' } };

/** spec README: top-N lists default to 10 rows; `page-size` asks for more. */
const TOP_DEFAULT = 10;

const countsView = (counts: AlertCounts) => ({
  count: counts.total,
  severityCounts: counts.severityCounts,
  statusCounts: counts.statusCounts,
});

/** The aggregate endpoints of api.md §1.2; each takes the same filters and `q=` as GET /alerts. */
export function registerAlertAggregateRoutes(app: FastifyInstance, context: AppContext): void {
  const { store, settings, model } = context;
  const parse = (request: FastifyRequest) => {
    const params = queryParams(request.query);
    return { params, query: callerQuery(request, alertQuery(params, model, undefined)) };
  };

  app.get('/alerts/count', read, async (request) => {
    const counts = await store.alerts.count(parse(request).query);
    return {
      status: 'ok',
      total: counts.total,
      severityCounts: counts.severityCounts,
      statusCounts: counts.statusCounts,
      autoRefresh: true,
    };
  });

  app.get('/alerts/history', read, async (request) => {
    const { params, query } = parse(request);
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    // api.md §1.2: no range check on this endpoint's page.
    const entries = await store.aggregates.history(query, {
      offset: Math.max(page - 1, 0) * pageSize,
      limit: pageSize,
    });
    const apiRoot = context.apiRoot(request);
    const history = entries.map(({ severity, status, value, ...entry }) => ({
      ...entry,
      href: `${apiRoot}/alert/${entry.id}`,
      // RichHistory carries severity, status and value only when they are set.
      ...(severity ? { severity } : {}),
      ...(status ? { status } : {}),
      ...(value ? { value } : {}),
    }));
    return { status: 'ok', ...(history.length === 0 ? { message: 'not found' } : {}), history, total: history.length };
  });

  for (const prefix of ['/alerts/top10', '/alerts/topn']) {
    for (const kind of ['count', 'flapping', 'standing'] satisfies TopKind[]) {
      app.get(`${prefix}/${kind}`, read, async (request) => {
        const { params, query } = parse(request);
        const groupBy = params.get('group-by')?.[0] ?? 'event';
        if (!TOP_GROUP_FIELDS.has(groupBy)) throw badRequest(`Grouping by '${groupBy}' field not supported.`);
        const limit =
          params.has('page-size') || params.has('limit') ? pageRequest(params, TOP_DEFAULT).pageSize : TOP_DEFAULT;
        const rows = await store.aggregates.top(query, { kind, groupBy, limit });
        const apiRoot = context.apiRoot(request);
        const top10 = rows.map((row) => ({
          [groupBy]: row.value,
          count: row.count,
          duplicateCount: row.duplicateCount,
          environments: row.environments,
          services: row.services,
          resources: row.resources.map((r) => ({ ...r, href: `${apiRoot}/alert/${r.id}` })),
        }));
        return { status: 'ok', ...(top10.length === 0 ? { message: 'not found' } : {}), top10, total: top10.length };
      });
    }
  }

  app.get('/environments', read, async (request) => {
    const { params, query } = parse(request);
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    const all = await store.aggregates.environments(query);
    const paging = computePaging(all.length, page, pageSize);
    checkPageInRange(page, paging.pages);
    const environments = all
      .slice((page - 1) * pageSize, page * pageSize)
      .map((row) => ({ environment: row.key.environment, ...countsView(row.counts) }));
    return {
      status: 'ok',
      ...(all.length === 0 ? { message: 'not found' } : {}),
      environments,
      ...paging,
    };
  });

  app.get('/services', read, async (request) => {
    const rows = await store.aggregates.services(parse(request).query);
    const services = rows.map((row) => ({ ...row.key, ...countsView(row.counts) }));
    return {
      status: 'ok',
      ...(services.length === 0 ? { message: 'not found' } : {}),
      services,
      total: services.length,
    };
  });

  app.get('/alerts/groups', read, async (request) => {
    const groups = await store.aggregates.groups(parse(request).query);
    return { status: 'ok', ...(groups.length === 0 ? { message: 'not found' } : {}), groups, total: groups.length };
  });

  app.get('/alerts/tags', read, async (request) => {
    const tags = await store.aggregates.tags(parse(request).query);
    return { status: 'ok', ...(tags.length === 0 ? { message: 'not found' } : {}), tags, total: tags.length };
  });
}
