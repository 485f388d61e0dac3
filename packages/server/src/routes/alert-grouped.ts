import { type AlarmModel, type QueryNode, computePaging, printQuery } from '@alerta/contract';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { ApiApp } from '../http/validation.js';
import { alertFacetsQuery, alertFacetsSchema, alertGroupedQuery, alertGroupedSchema } from '../openapi/schemas.js';
import { ATTRIBUTE_GROUP_PREFIX, GROUP_FIELDS, groupSource } from '../store/fields.js';
import type { AlertGroup, AlertGroupCounts } from '../store/types.js';
import { type QueryParams, alertQuery, checkPageInRange, pageRequest, queryParams } from './alert-params.js';
import { callerQuery } from './ownership.js';

const read = { scope: 'read:alerts' };

/** docs/api/alerts.md#get-alertsgrouped: sub-groups listed with each top group unless `sub-page-size` says. */
const SUB_PAGE_SIZE = 10;
const MAX_SUB_PAGE_SIZE = 1000;

/** docs/api/alerts.md#get-alertsfacets: the fields without `fields`, and the values per field. */
const DEFAULT_FACET_FIELDS = ['environment', 'service', 'resource', 'event', 'group', 'origin', 'tag'];
const FACET_LIMIT = 10;
const MAX_FACET_LIMIT = 100;

/**
 * A parameter only these routes take, removed from the query as it is read: whatever is left goes to the filters,
 * which refuse a name they do not know, as on every other alert route.
 */
function take(params: QueryParams, name: string): string[] {
  const values = params.get(name) ?? [];
  params.delete(name);
  return values;
}

/** The first value of a parameter, as the other parameters are read. */
const firstOf = (params: QueryParams, name: string): string | undefined => take(params, name)[0];

/** A list given by repeating the parameter, or as one comma-separated value, or both. */
const listOf = (values: readonly string[]): string[] =>
  values.flatMap((value) => value.split(',')).map((v) => v.trim());

const wholeNumber = (name: string, max: number) => {
  const message = `'${name}' must be a whole number from 1 to ${String(max)}`;
  return z
    .string()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .pipe(z.int().min(1, { error: message }).max(max, { error: message }));
};

const groupedParamsSchema = z.object({
  'group-sort': z
    .enum(['severity', 'count', 'name'], { error: "'group-sort' must be one of severity, count, name" })
    .default('severity'),
  'sub-page-size': wholeNumber('sub-page-size', MAX_SUB_PAGE_SIZE).optional(),
  parent: z
    .string()
    .min(1, { error: "'parent' must not be empty: parent-none=true asks for the group of alerts without a value" })
    .optional(),
  'parent-none': z
    .stringbool({
      truthy: ['true', 't', '1', 'yes', 'y', 'on'],
      falsy: ['false', 'f', '0', 'no', 'n', 'off'],
      error: "'parent-none' must be true or false",
    })
    .optional(),
});

const facetsParamsSchema = z.object({ limit: wholeNumber('limit', MAX_FACET_LIMIT).optional() });

function parseWith<T extends z.ZodType>(schema: T, input: Record<string, string | undefined>): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'invalid query parameter');
  return parsed.data;
}

const GROUPABLE = `${GROUP_FIELDS.join(', ')} or ${ATTRIBUTE_GROUP_PREFIX}<name>`;

/** docs/api/alerts.md#get-alertsgrouped: one or two fields, each one `groupSource` reads. */
function groupByFields(values: readonly string[]): string[] {
  const fields = listOf(values);
  if (fields.length === 0) throw badRequest(`'group-by' is required: one or two of ${GROUPABLE}`);
  if (fields.length > 2) {
    throw badRequest(`'group-by' takes one or two fields, not ${String(fields.length)}: ${fields.join(', ')}`);
  }
  for (const field of fields) {
    if (groupSource(field) !== undefined) continue;
    if (field.startsWith(ATTRIBUTE_GROUP_PREFIX)) {
      throw badRequest(`Invalid attribute name in 'group-by': '${field.slice(ATTRIBUTE_GROUP_PREFIX.length)}'`, [
        "an attribute name is made of letters, digits, '_', '-' and '.'",
      ]);
    }
    throw badRequest(`Grouping by '${field}' field not supported.`, [`'group-by' takes ${GROUPABLE}`]);
  }
  if (fields[0] === fields[1]) throw badRequest(`'group-by' names '${fields[0] ?? ''}' twice`);
  return fields;
}

/** docs/api/alerts.md#get-alertsfacets: the fields asked for, each once, or the default ones. */
function facetFields(values: readonly string[]): string[] {
  if (values.length === 0) return DEFAULT_FACET_FIELDS;
  const fields = [...new Set(listOf(values))];
  for (const field of fields) {
    if (!GROUP_FIELDS.includes(field)) {
      throw badRequest(`Facet field '${field}' not supported.`, [`'fields' takes ${GROUP_FIELDS.join(', ')}`]);
    }
  }
  return fields;
}

/** Severity → rank under the alarm model, lower is more severe (docs/api/alarm-models.md). */
function severityRanks(model: AlarmModel): Record<string, number> {
  return Object.fromEntries(
    Object.entries(model.severity).map(([severity, code]) => [severity, model.lowerIsMoreSevere ? code : -code]),
  );
}

const NO_SPAN = { start: 0, end: 0 };

/**
 * The `q=` expression that selects exactly the alerts of one group (docs/api/alerts.md#get-alertsgrouped), so that a
 * client lists a group's alerts with GET /alerts. A value is matched by a closed range on itself, which is exact and
 * case-sensitive for text, list elements and attribute text alike; the none group is "no value above the empty text",
 * which holds for a missing value, an empty one, an empty list and an absent attribute.
 */
export function groupQuery(field: string, key: string | null): QueryNode {
  const source = groupSource(field);
  if (source === undefined) throw new Error(`not a grouping field: ${field}`);
  const target =
    source.kind === 'attribute'
      ? { kind: 'attribute' as const, key: source.key }
      : { kind: 'column' as const, name: source.kind === 'list' && source.column === 'tags' ? 'tags' : field };
  if (key === null) {
    const anyValue: QueryNode = {
      kind: 'match',
      field: target,
      value: { kind: 'range', lower: { value: '', inclusive: false }, upper: null },
      ...NO_SPAN,
    };
    return { kind: 'not', operand: anyValue, ...NO_SPAN };
  }
  const bound = { value: key, inclusive: true };
  return { kind: 'match', field: target, value: { kind: 'range', lower: bound, upper: bound }, ...NO_SPAN };
}

const both = (first: QueryNode, second: QueryNode): QueryNode => ({
  kind: 'and',
  operands: [first, second],
  ...NO_SPAN,
});

const countsView = (group: AlertGroupCounts, q: QueryNode) => ({
  q: printQuery(q),
  key: group.key,
  none: group.key === null,
  count: group.count,
  severityCounts: group.severityCounts,
  statusCounts: group.statusCounts,
  worstSeverity: group.worstSeverity,
  lastReceiveTime: group.lastReceiveTime,
});

const groupView = (group: AlertGroup, groupBy: readonly string[]) => {
  const first = groupBy[0] ?? '';
  const second = groupBy[1] ?? '';
  const q = groupQuery(first, group.key);
  return {
    ...countsView(group, q),
    ...(group.subgroups === undefined
      ? {}
      : { subgroups: group.subgroups.map((sub) => countsView(sub, both(q, groupQuery(second, sub.key)))) }),
    ...(group.subgroupTotal === undefined ? {} : { subgroupTotal: group.subgroupTotal }),
  };
};

/**
 * GET /alerts/grouped and GET /alerts/facets (docs/api/alerts.md#get-alertsgrouped): the filters, `q=`, scope and
 * customers of GET /alerts, and parameters of their own that no other route takes.
 */
export function registerAlertGroupedRoutes(app: ApiApp, context: AppContext): void {
  const { store, settings, model } = context;
  const ranks = severityRanks(model);

  const grouped = { config: read, schema: { querystring: alertGroupedQuery, response: { 200: alertGroupedSchema } } };
  app.get('/alerts/grouped', grouped, async (request) => {
    const params = queryParams(request.query);
    const groupBy = groupByFields(take(params, 'group-by'));
    const own = parseWith(groupedParamsSchema, {
      'group-sort': firstOf(params, 'group-sort'),
      'sub-page-size': firstOf(params, 'sub-page-size'),
      parent: firstOf(params, 'parent'),
      'parent-none': firstOf(params, 'parent-none'),
    });
    const noneParent = own['parent-none'] === true;
    if (own.parent !== undefined && noneParent) throw badRequest("'parent' and 'parent-none' cannot be given together");
    if ((own.parent !== undefined || noneParent) && groupBy.length < 2) {
      throw badRequest("'parent' and 'parent-none' need two group-by fields");
    }
    const query = callerQuery(request, alertQuery(params, model, undefined));
    const { page, pageSize } = pageRequest(params, settings.DEFAULT_PAGE_SIZE);
    const parent = noneParent ? { key: null } : own.parent === undefined ? undefined : { key: own.parent };
    const result = await store.aggregates.grouped(query, {
      groupBy,
      sort: own['group-sort'],
      severityRank: ranks,
      // Page 0 reads the first page and is refused below with the others out of range.
      offset: Math.max(page - 1, 0) * pageSize,
      limit: pageSize,
      subLimit: own['sub-page-size'] ?? SUB_PAGE_SIZE,
      ...(parent === undefined ? {} : { parent }),
    });
    // With a parent, the paged list is that group's sub-groups.
    const total = parent === undefined ? result.total : (result.groups[0]?.subgroupTotal ?? 0);
    const paging = computePaging(total, page, pageSize);
    checkPageInRange(page, paging.pages);
    return {
      status: 'ok' as const,
      ...(total === 0 ? { message: 'not found' } : {}),
      groupBy,
      groupSort: own['group-sort'],
      total,
      page: paging.page,
      pageSize: paging.pageSize,
      pages: paging.pages,
      more: paging.more,
      multiValued: groupBy.map((field) => groupSource(field)?.kind === 'list'),
      groups: result.groups.map((group) => groupView(group, groupBy)),
    };
  });

  const facets = { config: read, schema: { querystring: alertFacetsQuery, response: { 200: alertFacetsSchema } } };
  app.get('/alerts/facets', facets, async (request) => {
    const params = queryParams(request.query);
    const fields = facetFields(take(params, 'fields'));
    const own = parseWith(facetsParamsSchema, { limit: firstOf(params, 'limit') });
    const query = callerQuery(request, alertQuery(params, model, undefined));
    const result = await store.aggregates.facets(query, { fields, limit: own.limit ?? FACET_LIMIT });
    return { status: 'ok' as const, facets: result.facets, total: result.total };
  });
}
