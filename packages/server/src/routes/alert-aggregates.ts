import { computePaging } from '@alerta/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { TOP_GROUP_FIELDS } from '../store/fields.js';
import type { AlertCounts, TopKind } from '../store/types.js';
import { alertQuery, checkPageInRange, pageRequest, type QueryParams, queryParams } from './alert-params.js';
import { escapeHtml } from '../http/html.js';
import { switchboardOf } from '../http/switchboard.js';
import { callerQuery } from './ownership.js';

const read = { config: { scope: 'read:alerts' } };

/** README.md#where-we-differ-from-the-reference-server: top-N lists default to 10 rows; `page-size` asks for more. */
const TOP_DEFAULT = 10;

const countsView = (counts: AlertCounts) => ({
  count: counts.total,
  severityCounts: counts.severityCounts,
  statusCounts: counts.statusCounts,
});

/**
 * GET /environments' rows, every environment at once: those with alerts matching `params`, counted as the caller may
 * see them. GET /alerts with `show-environments` answers them too (docs/api/alerts.md#the-answer).
 */
export async function environmentCounts(context: AppContext, request: FastifyRequest, params: QueryParams) {
  const query = callerQuery(request, alertQuery(params, context.model, undefined));
  const rows = await context.store.aggregates.environments(query);
  return rows.map((row) => ({ environment: row.key.environment, ...countsView(row.counts) }));
}

/** The aggregate endpoints of docs/api/alerts.md; each takes the same filters and `q=` as GET /alerts. */
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
      autoRefresh: switchboardOf(context).isOn('auto-refresh-allow'),
    };
  });

  app.get('/alerts/history', read, async (request) => {
    const { params, query } = parse(request);
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    // docs/api/alerts.md: no range check on this endpoint's page.
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
    const params = queryParams(request.query);
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    const all = await environmentCounts(context, request, params);
    const paging = computePaging(all.length, page, pageSize);
    checkPageInRange(page, paging.pages);
    const environments = all.slice((page - 1) * pageSize, page * pageSize);
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

  /**
   * docs/api/alerts.md `/oembed`: a card for a count of alerts, for pages that embed it. The URL must be one of
   * `/alerts/count`, and its own query string gives the filters; the caller's customers still apply. Everything
   * taken from the request is escaped in the card's HTML.
   */
  async function oembed(request: FastifyRequest, format: string) {
    if (format !== 'json') throw badRequest(`oEmbed format '${format}' is not supported, only json`);
    const parsed = oembedQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'invalid oEmbed request');
    let target: URL;
    try {
      target = new URL(parsed.data.url);
    } catch {
      throw badRequest("'url' must be an absolute URL");
    }
    if (!target.pathname.replace(/\/+$/, '').endsWith('/alerts/count')) {
      throw badRequest(`oEmbed is only supported for '/alerts/count', not '${target.pathname}'`);
    }
    const filters: Record<string, string[]> = {};
    for (const [name, value] of target.searchParams) (filters[name] ??= []).push(value);
    const counts = await store.alerts.count(callerQuery(request, alertQuery(queryParams(filters), model, undefined)));
    const title = parsed.data.title ?? 'Alerts';
    // The most severe severity that has alerts: the lowest code of the alarm model.
    const worst = Object.entries(model.severity)
      .filter(([severity]) => (counts.severityCounts[severity] ?? 0) > 0)
      .sort((a, b) => a[1] - b[1])[0]?.[0];
    const html =
      `<div class="alerta-oembed${worst === undefined ? '' : ` alerta-${escapeHtml(worst)}`}">` +
      `<span class="alerta-oembed-title">${escapeHtml(title)}</span> ` +
      `<span class="alerta-oembed-count">${String(counts.total)}</span></div>`;
    return {
      version: '1.0',
      type: 'rich',
      title,
      provider_name: 'Alerta',
      provider_url: new URL(context.apiRoot(request)).origin,
      html,
      ...(parsed.data.maxwidth === undefined ? {} : { width: parsed.data.maxwidth }),
      ...(parsed.data.maxheight === undefined ? {} : { height: parsed.data.maxheight }),
    };
  }

  const oembedScope = { config: { scope: 'read:oembed' } };
  app.get('/oembed', oembedScope, (request) => oembed(request, 'json'));
  app.get<{ Params: { format: string } }>('/oembed.:format', oembedScope, (request) =>
    oembed(request, request.params.format),
  );
}

const dimension = z
  .string()
  .regex(/^\d{1,5}$/, { error: "'maxwidth' and 'maxheight' must be whole numbers of pixels" })
  .transform(Number);

const oembedQuerySchema = z.strictObject(
  {
    url: z.string({ error: "'url' is required" }).max(4096, { error: "'url' is too long" }),
    title: z.string().max(200, { error: "'title' must be at most 200 characters" }).optional(),
    maxwidth: dimension.optional(),
    maxheight: dimension.optional(),
    format: z.literal('json', { error: "oEmbed format must be 'json'" }).optional(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown parameter: ${issue.keys.join(', ')}` : undefined),
  },
);
