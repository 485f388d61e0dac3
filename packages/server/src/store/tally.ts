import { type Kysely, type RawBuilder, type SqlBool, expressionBuilder, sql } from 'kysely';
import { whereClause } from './alert-query.js';
import type { EngineSql } from './engine.js';
import type { Database } from './schema.js';
import type { AlertCounts, AlertQuery, FieldFilter } from './types.js';

/**
 * Answers from the alert tallies (migration 5) for the queries they can answer exactly: filters with plain values
 * on tallied columns only, no id prefixes, no dates (a to-date is allowed for counts), no `q=`. Everything else
 * counts alerts, as before. `test/tally.test.ts` checks both ways give the same answers.
 */

type TallyField = 'status' | 'severity' | 'environment' | 'customer' | 'event';

/** Columns of each tally that filters may name. */
export const TALLY_FIELDS = {
  alerts: new Set<string>(['status', 'severity', 'environment', 'customer', 'event']),
  services: new Set<string>(['status', 'severity', 'environment', 'customer']),
  eventServices: new Set<string>(['status', 'environment', 'customer', 'event']),
  labels: new Set<string>(['environment', 'customer']),
} as const;

export interface TallyFilter {
  field: TallyField;
  negate: boolean;
  values: readonly string[];
}

const isTallyField = (field: string, allowed: ReadonlySet<string>): field is TallyField => allowed.has(field);

/** The query's filters when a tally with these columns answers it exactly; undefined otherwise. */
export function tallyFilters(
  query: AlertQuery,
  allowed: ReadonlySet<string>,
  options: { allowToDate: boolean },
): TallyFilter[] | undefined {
  if (query.ids.length > 0 || query.fromDate !== undefined || query.search !== undefined) return undefined;
  if (query.toDate !== undefined && !options.allowToDate) return undefined;
  const filters: TallyFilter[] = [];
  for (const filter of query.filters as readonly FieldFilter[]) {
    const { field } = filter;
    if (!isTallyField(field, allowed)) return undefined;
    // `~` values are substrings and regexes; the tally only knows whole values.
    if (filter.values.length === 0 || filter.values.some((v) => v.startsWith('~'))) return undefined;
    // The tally keeps a missing customer as '', so a filter on '' itself must count alerts.
    if (field === 'customer' && filter.values.includes('')) return undefined;
    filters.push({ field, negate: filter.negate, values: filter.values });
  }
  if (query.customers !== undefined) {
    // docs/api/customers.md: the caller's customers. The tally keeps no customer as '', which no caller may see; an
    // empty list would be an empty IN. Both are left to counting the alerts.
    if (query.customers.length === 0 || query.customers.includes('')) return undefined;
    filters.push({ field: 'customer', negate: false, values: query.customers });
  }
  return filters;
}

/**
 * Only the caller's customers (docs/api/customers.md), for the lists of every environment or service that has alerts.
 */
function visibleTo(query: AlertQuery): TallyFilter[] {
  return query.customers === undefined ? [] : [{ field: 'customer', negate: false, values: query.customers }];
}

/** The filters as a WHERE condition on a tally table (its columns are never null). */
export function tallyWhere(filters: readonly TallyFilter[]): RawBuilder<SqlBool> {
  const conditions = filters.map((f) => {
    const column = sql.ref(f.field);
    const values = sql.join(f.values.map((v) => sql`${v}`));
    return f.negate ? sql<SqlBool>`${column} not in (${values})` : sql<SqlBool>`${column} in (${values})`;
  });
  return conditions.length === 0 ? sql<SqlBool>`(1 = 1)` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** The same filters applied to one alert's values in memory. */
export function matchesFilters(
  filters: readonly TallyFilter[],
  row: Partial<Record<TallyField, string | null>>,
): boolean {
  return filters.every((f) => {
    const value = f.field === 'customer' ? (row.customer ?? '') : (row[f.field] ?? '');
    return f.values.includes(value) !== f.negate;
  });
}

const pairKey = (a: string, b: string): string => JSON.stringify([a, b]);

function addCount(counts: AlertCounts, status: string, severity: string, n: number): void {
  counts.total += n;
  counts.statusCounts[status] = (counts.statusCounts[status] ?? 0) + n;
  counts.severityCounts[severity] = (counts.severityCounts[severity] ?? 0) + n;
}

/**
 * The one service a query's filters name, when the service tally can count it: one `service=` filter with one plain
 * value. An alert is tallied once per distinct service, so for one service the sum counts each alert once.
 */
function oneService(query: AlertQuery): { service: string; rest: AlertQuery } | undefined {
  const services = query.filters.filter((f) => f.field === 'service');
  const [filter] = services;
  if (services.length !== 1 || filter === undefined || filter.negate || filter.values.length !== 1) return undefined;
  const [service] = filter.values;
  if (service === undefined || service.startsWith('~')) return undefined;
  return { service, rest: { ...query, filters: query.filters.filter((f) => f !== filter) } };
}

/**
 * GET /alerts/count and the total of GET /alerts, from the alert tally, or from the service tally when one service is
 * asked for. `decodeList` reads the engine's service lists.
 */
export async function countFromTally(
  db: Kysely<Database>,
  query: AlertQuery,
  decodeList: (raw: unknown) => string[],
): Promise<AlertCounts | undefined> {
  const byService = oneService(query);
  const filters =
    byService === undefined
      ? tallyFilters(query, TALLY_FIELDS.alerts, { allowToDate: true })
      : tallyFilters(byService.rest, TALLY_FIELDS.services, { allowToDate: true });
  if (filters === undefined) return undefined;
  const rows =
    byService === undefined
      ? await db
          .selectFrom('alert_tally')
          .select(['status', 'severity', sql<number | string>`sum(n)`.as('total')])
          .where(tallyWhere(filters))
          .groupBy(['status', 'severity'])
          .execute()
      : await db
          .selectFrom('alert_service_tally')
          .select(['status', 'severity', sql<number | string>`sum(n)`.as('total')])
          .where('service', '=', byService.service)
          .where(tallyWhere(filters))
          .groupBy(['status', 'severity'])
          .execute();
  const { toDate } = query;
  return countsUpTo(
    rows,
    toDate === undefined
      ? undefined
      : () =>
          db
            .selectFrom('alerts')
            .select(['status', 'severity', 'environment', 'customer', 'event', 'service'])
            .where('last_receive_time', '>', toDate)
            .execute(),
    (alert) =>
      matchesFilters(filters, alert) &&
      (byService === undefined || decodeList(alert.service).includes(byService.service)),
  );
}

/**
 * Counts from tally rows summed by status and severity. GET /alerts counts up to now by default: the alerts received
 * later than its to-date (normally none), which `later` reads, come off where `tallied` says the tally counts them.
 */
export async function countsUpTo<L extends { status: string; severity: string }>(
  rows: readonly { status: string; severity: string; total: number | string }[],
  later: (() => Promise<readonly L[]>) | undefined,
  tallied: (alert: L) => boolean,
): Promise<AlertCounts> {
  const byPair = new Map<string, { status: string; severity: string; n: number }>();
  for (const row of rows) {
    byPair.set(pairKey(row.status, row.severity), { status: row.status, severity: row.severity, n: Number(row.total) });
  }
  for (const alert of later === undefined ? [] : await later()) {
    if (!tallied(alert)) continue;
    const entry = byPair.get(pairKey(alert.status, alert.severity));
    if (entry !== undefined) entry.n -= 1;
  }
  const counts: AlertCounts = { total: 0, statusCounts: {}, severityCounts: {} };
  for (const { status, severity, n } of byPair.values()) if (n > 0) addCount(counts, status, severity, n);
  return counts;
}

export interface TalliedCounts<K> {
  key: K;
  status: string;
  severity: string;
  n: number;
}

/** GET /environments: every environment with alerts, and the matching alerts' counts by environment. */
export async function environmentsFromTally(
  db: Kysely<Database>,
  query: AlertQuery,
): Promise<{ all: string[]; counted: TalliedCounts<string>[] } | undefined> {
  const filters = tallyFilters(query, TALLY_FIELDS.alerts, { allowToDate: false });
  if (filters === undefined) return undefined;
  const [all, counted] = await Promise.all([
    db
      .selectFrom('alert_tally')
      .select('environment')
      .where(tallyWhere(visibleTo(query)))
      .groupBy('environment')
      .having(sql<SqlBool>`sum(n) > 0`)
      .execute(),
    db
      .selectFrom('alert_tally')
      .select(['environment', 'status', 'severity', sql<number | string>`sum(n)`.as('total')])
      .where(tallyWhere(filters))
      .groupBy(['environment', 'status', 'severity'])
      .having(sql<SqlBool>`sum(n) > 0`)
      .execute(),
  ]);
  return {
    all: all.map((r) => r.environment),
    counted: counted.map((r) => ({ key: r.environment, status: r.status, severity: r.severity, n: Number(r.total) })),
  };
}

/** GET /services: every (environment, service) with alerts, and the matching alerts' counts by pair. */
export async function servicesFromTally(
  db: Kysely<Database>,
  query: AlertQuery,
): Promise<{ all: [string, string][]; counted: TalliedCounts<[string, string]>[] } | undefined> {
  const filters = tallyFilters(query, TALLY_FIELDS.services, { allowToDate: false });
  if (filters === undefined) return undefined;
  const [all, counted] = await Promise.all([
    db
      .selectFrom('alert_service_tally')
      .select(['environment', 'service'])
      .where(tallyWhere(visibleTo(query)))
      .groupBy(['environment', 'service'])
      .having(sql<SqlBool>`sum(n) > 0`)
      .execute(),
    db
      .selectFrom('alert_service_tally')
      .select(['environment', 'service', 'status', 'severity', sql<number | string>`sum(n)`.as('total')])
      .where(tallyWhere(filters))
      .groupBy(['environment', 'service', 'status', 'severity'])
      .having(sql<SqlBool>`sum(n) > 0`)
      .execute(),
  ]);
  return {
    all: all.map((r): [string, string] => [r.environment, r.service]),
    counted: counted.map((r) => ({
      key: [r.environment, r.service] as [string, string],
      status: r.status,
      severity: r.severity,
      n: Number(r.total),
    })),
  };
}

export interface TalliedTopGroup {
  value: string;
  count: number;
  duplicateCount: number;
  environments: string[];
  services: string[];
}

/**
 * GET /alerts/top10/count grouped by event: the ranking, duplicate totals, environments and services of each row.
 * The resources of each row still come from the alerts, read by `alongside` from the ranked events while the tallies
 * give environments and services (on PostgreSQL on other connections of the pool, so the round trips overlap).
 */
export async function topEventsFromTally<T>(
  db: Kysely<Database>,
  query: AlertQuery,
  limit: number,
  alongside: (events: readonly string[]) => Promise<T>,
): Promise<{ groups: TalliedTopGroup[]; alongside: T } | undefined> {
  const filters = tallyFilters(query, TALLY_FIELDS.eventServices, { allowToDate: false });
  if (filters === undefined) return undefined;
  const ranked = await db
    .selectFrom('alert_tally')
    .select([
      sql<string>`event`.as('g'),
      sql<number | string>`sum(n)`.as('total'),
      sql<number | string | null>`sum(duplicates)`.as('dc'),
    ])
    .where(tallyWhere(filters))
    .groupBy('event')
    .having(sql<SqlBool>`sum(n) > 0`)
    .orderBy(sql`total`, 'desc')
    .orderBy(sql`g`)
    .limit(limit)
    .execute();
  const values = ranked.map((r) => r.g);
  if (values.length === 0) return { groups: [], alongside: await alongside(values) };
  const [environments, services, other] = await Promise.all([
    db
      .selectFrom('alert_tally')
      .select(['event', 'environment'])
      .where(tallyWhere(filters))
      .where('event', 'in', values)
      .groupBy(['event', 'environment'])
      .having(sql<SqlBool>`sum(n) > 0`)
      .execute(),
    db
      .selectFrom('alert_event_service_tally')
      .select(['event', 'service'])
      .where(tallyWhere(filters))
      .where('event', 'in', values)
      .groupBy(['event', 'service'])
      .having(sql<SqlBool>`sum(n) > 0`)
      .execute(),
    alongside(values),
  ]);
  const collect = (rows: readonly { event: string; value: string }[]) => {
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.event, [...(map.get(row.event) ?? []), row.value]);
    return map;
  };
  const environmentsOf = collect(environments.map((r) => ({ event: r.event, value: r.environment })));
  const servicesOf = collect(services.map((r) => ({ event: r.event, value: r.service })));
  const groups = ranked.map((r) => ({
    value: r.g,
    count: Number(r.total),
    duplicateCount: Number(r.dc ?? 0),
    environments: environmentsOf.get(r.g) ?? [],
    services: servicesOf.get(r.g) ?? [],
  }));
  return { groups, alongside: other };
}

/** `q=` fields a tally row answers as the alert would: never-null text columns the alert tally keeps as they are. */
const TALLIED_QUERY_FIELDS: ReadonlySet<string> = new Set(['status', 'severity', 'environment', 'event']);
const SERVICE_TALLIED_QUERY_FIELDS: ReadonlySet<string> = new Set(['status', 'severity', 'environment']);

type Node = NonNullable<AlertQuery['search']>;

/** Every condition of the search is a match on a field of `fields` (an `_exists_` never is). */
function onlyFields(node: Node, fields: ReadonlySet<string>): boolean {
  switch (node.kind) {
    case 'or':
    case 'and':
      return node.operands.every((operand) => onlyFields(operand, fields));
    case 'not':
      return onlyFields(node.operand, fields);
    case 'exists':
      return false;
    case 'match':
      return node.field.kind === 'column' && fields.has(node.field.name);
  }
}

/**
 * A `service:<word>` (or a quoted phrase) the whole search requires, taken out: list membership, which the service
 * tally answers by its service column. Undefined when the search has none at its top level.
 */
function serviceInSearch(search: Node): { service: string; rest: Node | undefined } | undefined {
  const operands = search.kind === 'and' ? search.operands : [search];
  const index = operands.findIndex(
    (n) =>
      n.kind === 'match' &&
      n.field.kind === 'column' &&
      n.field.name === 'service' &&
      (n.value.kind === 'term' || n.value.kind === 'phrase'),
  );
  const found = operands[index];
  if (found?.kind !== 'match' || (found.value.kind !== 'term' && found.value.kind !== 'phrase')) return undefined;
  if (search.kind !== 'and') return { service: found.value.text, rest: undefined };
  const rest = operands.filter((_, i) => i !== index);
  const [only] = rest;
  return {
    service: found.value.text,
    rest:
      rest.length === 0 ? undefined : rest.length === 1 && only !== undefined ? only : { ...search, operands: rest },
  };
}

/**
 * GET /alerts/count and the total of GET /alerts for what countFromTally leaves, when every condition still reads
 * only tallied columns: substring and regex filters (`environment=~prod`) and `q=` searches of status, severity,
 * environment and event (`severity:major AND NOT environment:Lab`), optionally with one service, from a filter or as
 * a `service:<word>` the search requires. The same conditions run on the tally's rows, which hold those columns as
 * the alerts do, so each group of alerts matches exactly when each of its alerts would; the customer is left out (the
 * tally keeps none as ''). Alerts received after a to-date are counted from the alerts and taken off.
 */
export async function countFromTallyConditions(
  db: Kysely<Database>,
  engine: EngineSql,
  query: AlertQuery,
): Promise<AlertCounts | undefined> {
  if (query.ids.length > 0 || query.fromDate !== undefined) return undefined;
  if (query.customers !== undefined && (query.customers.length === 0 || query.customers.includes(''))) {
    return undefined;
  }
  const fromFilter = oneService(query);
  const fromSearch = query.search === undefined ? undefined : serviceInSearch(query.search);
  const serviceFilters = query.filters.filter((f) => f.field === 'service').length;
  let service: string | undefined;
  let filters = query.filters;
  let search = query.search;
  if (fromFilter !== undefined) {
    ({ service } = fromFilter);
    filters = fromFilter.rest.filters;
  } else if (fromSearch !== undefined && serviceFilters === 0) {
    ({ service } = fromSearch);
    search = fromSearch.rest;
  }
  // The service tally has no event column.
  const fields = service === undefined ? TALLIED_QUERY_FIELDS : SERVICE_TALLIED_QUERY_FIELDS;
  for (const filter of filters) {
    if (filter.field === 'customer') {
      if (filter.values.length === 0 || filter.values.some((v) => v === '' || v.startsWith('~'))) return undefined;
    } else if (!fields.has(filter.field)) return undefined;
  }
  if (search !== undefined && !onlyFields(search, fields)) return undefined;
  const eb = expressionBuilder<Database, 'alerts'>();
  const condition = whereClause(engine, { ...query, filters, search, toDate: undefined })(eb);
  const counted =
    service === undefined
      ? sql<{ status: string; severity: string; n: number | string; later: number }>`
          select status, severity, sum(n) as n, 0 as later from alert_tally where ${condition}
          group by status, severity`
      : sql<{ status: string; severity: string; n: number | string; later: number }>`
          select status, severity, sum(n) as n, 0 as later from alert_service_tally
          where service = ${service} and ${condition} group by status, severity`;
  const later =
    query.toDate === undefined
      ? sql``
      : sql`union all select status, severity, count(*) as n, 1 as later from alerts
          where id in (select id from alerts where last_receive_time > ${query.toDate})
            and ${whereClause(engine, { ...query, toDate: undefined }, { avoidFilterIndexes: true })(eb)}
          group by status, severity`;
  const { rows } = await sql<{ status: string; severity: string; n: number | string; later: number }>`
    select * from (${counted} ${later}) as c order by status, severity`.execute(db);
  const byPair = new Map<string, { status: string; severity: string; n: number }>();
  for (const row of rows) {
    const key = pairKey(row.status, row.severity);
    const entry = byPair.get(key) ?? { status: row.status, severity: row.severity, n: 0 };
    entry.n += Number(row.later) === 1 ? -Number(row.n) : Number(row.n);
    byPair.set(key, entry);
  }
  const counts: AlertCounts = { total: 0, statusCounts: {}, severityCounts: {} };
  for (const { status, severity, n } of byPair.values()) if (n > 0) addCount(counts, status, severity, n);
  return counts;
}
