import { type Kysely, type SqlBool, sql } from 'kysely';
import { type WhereOptions, customerRestriction, whereClause } from './alert-query.js';
import { toHistory } from './alert-rows.js';
import { type GroupSource, SCALAR_COLUMNS, TOP_GROUP_FIELDS, groupSource } from './fields.js';
import type { EngineSql } from './engine.js';
import { facetsFromTally } from './facet-tally.js';
import { alertFacets, groupedAlerts } from './grouped.js';
import { AlertMirror } from './alert-mirror.js';
import type { ChangeLogRepository } from './change-log-types.js';
import { groupTallyFilters } from './group-tally.js';
import { mirrorField, mirrorGrouped } from './mirror-grouped.js';
import { labelsFromTally } from './label-tally.js';
import type { Database } from './schema.js';
import { environmentsFromTally, servicesFromTally, topEventsFromTally } from './tally.js';
import type {
  AlertAggregates,
  AlertCounts,
  AlertFacet,
  AlertQuery,
  CountsBy,
  GroupedAlerts,
  GroupedOptions,
  RichHistoryRecord,
  TopGroup,
  TopKind,
} from './types.js';

const emptyCounts = (): AlertCounts => ({ total: 0, statusCounts: {}, severityCounts: {} });

function addCounts(counts: AlertCounts, status: string, severity: string, n: number): void {
  counts.total += n;
  counts.statusCounts[status] = (counts.statusCounts[status] ?? 0) + n;
  counts.severityCounts[severity] = (counts.severityCounts[severity] ?? 0) + n;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function addTo(sets: Map<string, Set<string>>, key: string, values: readonly string[]): void {
  const set = sets.get(key) ?? new Set<string>();
  for (const value of values) set.add(value);
  sets.set(key, set);
}

/**
 * Resources listed per top-N row, newest first. The reference lists every alert of the group, which at scale is
 * megabytes per response; `count` still counts them all.
 */
export const TOP_RESOURCES_LIMIT = 100;

/**
 * The alert has changed severity at least once (docs/api/alerts.md, flapping and standing), for ranking every
 * matching alert, from the partial index of severity entries (migrations 13 on SQLite, 16 on PostgreSQL): on SQLite
 * the alerts are looked up by id with the other filters' indexes set aside (WhereOptions); probing the history of every open alert took 17 times the CPU at 100,000 alerts, 2,000 of them flapping. PostgreSQL
 * takes the distinct ids as an array, which it looks up in the primary key: as a join it guesses ten times as many
 * alerts and scans them all (26 against 122 ms on a busy machine). The environments, services and newest alerts of
 * the top rows then come from one more read of the same alerts, a few thousand where probing the history of each
 * alert of the top rows' groups read tens of thousands.
 */
const rankedBySeverityHistory = (engine: EngineSql) =>
  engine.name === 'sqlite'
    ? sql<SqlBool>`alerts.id in (
        select sh.alert_id from history as sh indexed by history_severity_changes where sh.type = 'severity'
      )`
    : sql<SqlBool>`alerts.id = any(array(select distinct sh.alert_id from history as sh where sh.type = 'severity'))`;

export class KyselyAlertAggregates implements AlertAggregates {
  /** The copy of the alerts' grouping fields (alert-mirror.ts), made on the first grouping of two levels. */
  private readonly mirror: AlertMirror;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
    changeLog: ChangeLogRepository,
  ) {
    this.mirror = new AlertMirror(db, engine, changeLog);
  }

  private matching(query: AlertQuery, options: WhereOptions = {}) {
    return this.db.selectFrom('alerts').where(whereClause(this.engine, query, options));
  }

  /** The alerts the caller may see at all (docs/api/customers.md), whatever else the query asks. */
  private visible(query: AlertQuery) {
    const all = this.db.selectFrom('alerts');
    return query.customers === undefined ? all : all.where(customerRestriction(this.engine, query.customers));
  }

  async history(query: AlertQuery, page: { offset: number; limit: number }): Promise<RichHistoryRecord[]> {
    const rows = await this.db
      .selectFrom('history as h')
      .innerJoin('alerts as a', 'a.id', 'h.alert_id')
      .select([
        'h.id',
        'h.event',
        'h.severity',
        'h.status',
        'h.value',
        'h.text',
        'h.type',
        'h.update_time',
        'h.user',
        'h.timeout',
        'a.resource',
        'a.environment',
        'a.service',
        'a.group',
        'a.tags',
        'a.attributes',
        'a.origin',
        'a.customer',
      ])
      .where('h.alert_id', 'in', this.matching(query).select('id'))
      .orderBy('h.update_time', 'desc')
      .orderBy('h.seq', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const engine = this.engine;
    return rows.map((row) => ({
      ...toHistory(engine, row),
      resource: row.resource,
      environment: row.environment,
      service: engine.decodeList(row.service),
      group: row.group,
      tags: engine.decodeList(row.tags),
      attributes: engine.decodeJson(row.attributes),
      origin: row.origin,
      customer: row.customer,
    }));
  }

  async top(query: AlertQuery, options: { kind: TopKind; groupBy: string; limit: number }): Promise<TopGroup[]> {
    const column = SCALAR_COLUMNS[options.groupBy];
    if (column === undefined || !TOP_GROUP_FIELDS.has(options.groupBy)) throw new Error('unknown group-by field');
    const group = sql.ref(column);
    const base = this.matching(query);
    if (options.kind === 'count' && options.groupBy === 'event') {
      const tallied = await topEventsFromTally(this.db, query, options.limit, (events) =>
        this.newestResources(base, group, events),
      );
      if (tallied !== undefined) {
        const { groups, alongside: resources } = tallied;
        return groups.map((t, i) => ({
          ...t,
          environments: [...t.environments].sort(byText),
          services: [...t.services].sort(byText),
          resources: resources[i] ?? [],
        }));
      }
    }
    if (options.kind !== 'count') return this.rankedTop(query, options.kind, group, options.limit);
    const ranked = await base
      .select([
        sql<string | null>`${group}`.as('g'),
        sql<number | string>`count(*)`.as('n'),
        sql<number | string | null>`sum(duplicate_count)`.as('dc'),
      ])
      .groupBy(group)
      .orderBy(sql`n`, 'desc')
      .orderBy(sql`g`)
      .limit(options.limit)
      .execute();
    const values = ranked.map((r) => r.g).filter((g): g is string => g !== null);
    if (values.length === 0) return [];
    // Environments and services per group from distinct combinations, not from every alert.
    const spread = await base
      .select([sql<string>`${group}`.as('g'), 'environment', 'service'])
      .where(group, 'in', values)
      .groupBy([group, 'environment', 'service'])
      .execute();
    const environments = new Map<string, Set<string>>();
    const services = new Map<string, Set<string>>();
    for (const row of spread) {
      addTo(environments, row.g, [row.environment]);
      addTo(services, row.g, this.engine.decodeList(row.service));
    }
    const resources = await this.newestResources(base, group, values);
    return ranked
      .filter((r): r is typeof r & { g: string } => r.g !== null)
      .map((r, i) => ({
        value: r.g,
        count: Number(r.n),
        duplicateCount: Number(r.dc ?? 0),
        environments: [...(environments.get(r.g) ?? [])].sort(byText),
        services: [...(services.get(r.g) ?? [])].sort(byText),
        resources: resources[i] ?? [],
      }));
  }

  /**
   * The flapping and standing reports in one statement: the alerts ranked (those with a severity history entry) are
   * collected once, grouped and ranked, and every alert of the top groups comes back with its group's totals, from
   * which their environments, services and newest TOP_RESOURCES_LIMIT alerts are taken. Two statements each finding
   * the ranked alerts again took about twice as long on PostgreSQL (bench/RESULTS.md).
   */
  private async rankedTop(
    query: AlertQuery,
    kind: Exclude<TopKind, 'count'>,
    group: ReturnType<typeof sql.ref>,
    limit: number,
  ): Promise<TopGroup[]> {
    const ranked = this.matching(query, { avoidFilterIndexes: true })
      .where(rankedBySeverityHistory(this.engine))
      .select([
        sql<string | null>`${group}`.as('g'),
        'id',
        'resource',
        'last_receive_time',
        'environment',
        'service',
        'duplicate_count',
        // Only standing needs the lifetimes.
        kind === 'standing'
          ? sql<number>`${this.engine.secondsBetween('create_time', 'last_receive_time')}`.as('life')
          : sql<number>`0`.as('life'),
      ]);
    const order = kind === 'standing' ? sql`life` : sql`n`;
    const { rows } = await sql<{
      g: string;
      n: number | string;
      dc: number | string | null;
      id: string;
      resource: string;
      last_receive_time: Date | string;
      environment: string;
      service: unknown;
    }>`with m as materialized ${ranked},
      r as (
        select g, count(*) as n, sum(duplicate_count) as dc, sum(life) as life from m
        group by g order by ${order} desc, g limit ${limit}
      )
      select r.g, r.n, r.dc, m.id, m.resource, m.last_receive_time, m.environment, m.service
      from r join m on m.g = r.g
      order by r.${order} desc, r.g`.execute(this.db);
    // The rows come grouped in rank order; a group whose value is null ranks but is left out, as it has no rows here.
    const groups = new Map<
      string,
      {
        row: (typeof rows)[number];
        environments: Set<string>;
        services: Set<string>;
        alerts: { id: string; resource: string; time: string }[];
      }
    >();
    for (const row of rows) {
      let entry = groups.get(row.g);
      if (entry === undefined) {
        entry = { row, environments: new Set(), services: new Set(), alerts: [] };
        groups.set(row.g, entry);
      }
      entry.environments.add(row.environment);
      for (const service of this.engine.decodeList(row.service)) entry.services.add(service);
      entry.alerts.push({ id: row.id, resource: row.resource, time: this.engine.decodeDate(row.last_receive_time) });
    }
    return [...groups.values()].map(({ row, environments, services, alerts }) => ({
      value: row.g,
      count: Number(row.n),
      duplicateCount: Number(row.dc ?? 0),
      environments: [...environments].sort(byText),
      services: [...services].sort(byText),
      resources: alerts
        .sort((a, b) => byText(b.time, a.time))
        .slice(0, TOP_RESOURCES_LIMIT)
        .map(({ id, resource }) => ({ id, resource })),
    }));
  }

  /** The newest TOP_RESOURCES_LIMIT alerts of each top-N row, in one statement (one round trip, one plan). */
  private async newestResources(
    base: ReturnType<KyselyAlertAggregates['matching']>,
    group: ReturnType<typeof sql.ref>,
    values: readonly string[],
  ): Promise<{ id: string; resource: string }[][]> {
    const pages = values.map((value, i) =>
      this.db
        .selectFrom(
          base
            .select(['id', 'resource', 'last_receive_time', sql<string>`${group}`.as('g')])
            .where(group, '=', value)
            .orderBy('last_receive_time', 'desc')
            .limit(TOP_RESOURCES_LIMIT)
            .as(`r${String(i)}`),
        )
        .selectAll(),
    );
    const [first, ...rest] = pages;
    if (first === undefined) return [];
    const union = rest.reduce((all, page) => all.unionAll(page), first);
    // PostgreSQL's default random_page_cost (4, for spinning disks) makes it walk the time index and read thousands
    // of other groups' alerts to find each group's newest (7 ms at 100,000 alerts) rather than read the 100 it needs
    // through the (event, time) index (1 to 2 ms). A cost for solid-state storage, for this statement only, fixes it.
    const rows =
      this.engine.name === 'postgres'
        ? await this.db.transaction().execute(async (trx) => {
            await sql`set local random_page_cost = 1.1`.execute(trx);
            return trx.executeQuery(union.compile()).then((result) => result.rows);
          })
        : await union.execute();
    // A union keeps no order of its own: sort each row's alerts newest first again.
    const byGroup = new Map<string, { id: string; resource: string; time: string }[]>(values.map((v) => [v, []]));
    for (const row of rows) {
      byGroup
        .get(row.g)
        ?.push({ id: row.id, resource: row.resource, time: this.engine.decodeDate(row.last_receive_time) });
    }
    return values.map((v) =>
      (byGroup.get(v) ?? []).sort((a, b) => byText(b.time, a.time)).map(({ id, resource }) => ({ id, resource })),
    );
  }

  async environments(query: AlertQuery): Promise<CountsBy<'environment'>[]> {
    const tallied = await environmentsFromTally(this.db, query);
    if (tallied !== undefined) {
      const byEnvironment = new Map(tallied.all.map((environment) => [environment, emptyCounts()]));
      for (const row of tallied.counted) {
        const counts = byEnvironment.get(row.key) ?? emptyCounts();
        addCounts(counts, row.status, row.severity, row.n);
        byEnvironment.set(row.key, counts);
      }
      return [...byEnvironment.entries()]
        .sort(([a], [b]) => byText(a, b))
        .map(([environment, counts]) => ({ key: { environment }, counts }));
    }
    const [all, counted] = await Promise.all([
      this.visible(query).select('environment').distinct().execute(),
      this.matching(query)
        .select(['environment', 'status', 'severity', sql<number | string>`count(*)`.as('n')])
        .groupBy(['environment', 'status', 'severity'])
        .execute(),
    ]);
    const byEnvironment = new Map(all.map((r) => [r.environment, emptyCounts()]));
    for (const row of counted) {
      const counts = byEnvironment.get(row.environment) ?? emptyCounts();
      addCounts(counts, row.status, row.severity, Number(row.n));
      byEnvironment.set(row.environment, counts);
    }
    return [...byEnvironment.entries()]
      .sort(([a], [b]) => byText(a, b))
      .map(([environment, counts]) => ({ key: { environment }, counts }));
  }

  async services(query: AlertQuery): Promise<CountsBy<'environment' | 'service'>[]> {
    const pairKey = (environment: string, service: string) => JSON.stringify([environment, service]);
    const pairs = new Map<string, CountsBy<'environment' | 'service'>>();
    const tallied = await servicesFromTally(this.db, query);
    if (tallied !== undefined) {
      for (const [environment, service] of tallied.all) {
        pairs.set(pairKey(environment, service), { key: { environment, service }, counts: emptyCounts() });
      }
      for (const row of tallied.counted) {
        const pair = pairs.get(pairKey(...row.key));
        if (pair !== undefined) addCounts(pair.counts, row.status, row.severity, row.n);
      }
      return [...pairs.values()].sort(
        (a, b) => byText(a.key.environment, b.key.environment) || byText(a.key.service, b.key.service),
      );
    }
    // Grouping by the whole service list keeps the work to distinct lists; they are split here.
    const [all, counted] = await Promise.all([
      this.visible(query).select(['environment', 'service']).distinct().execute(),
      this.matching(query)
        .select(['environment', 'service', 'status', 'severity', sql<number | string>`count(*)`.as('n')])
        .groupBy(['environment', 'service', 'status', 'severity'])
        .execute(),
    ]);
    for (const row of all) {
      for (const service of new Set(this.engine.decodeList(row.service))) {
        const key = pairKey(row.environment, service);
        if (!pairs.has(key)) pairs.set(key, { key: { environment: row.environment, service }, counts: emptyCounts() });
      }
    }
    for (const row of counted) {
      for (const service of new Set(this.engine.decodeList(row.service))) {
        const pair = pairs.get(pairKey(row.environment, service));
        if (pair !== undefined) addCounts(pair.counts, row.status, row.severity, Number(row.n));
      }
    }
    return [...pairs.values()].sort(
      (a, b) => byText(a.key.environment, b.key.environment) || byText(a.key.service, b.key.service),
    );
  }

  async groups(query: AlertQuery): Promise<{ environment: string; group: string; count: number }[]> {
    const tallied = await labelsFromTally(this.db, query, 'group');
    if (tallied !== undefined) {
      return tallied.map((r) => ({ environment: r.environment, group: r.label, count: r.n }));
    }
    const rows = await this.matching(query)
      .select(['environment', 'group', sql<number | string>`count(*)`.as('n')])
      .groupBy(['environment', 'group'])
      .orderBy('environment')
      .orderBy('group')
      .execute();
    return rows.map((r) => ({ environment: r.environment, group: r.group, count: Number(r.n) }));
  }

  async tags(query: AlertQuery): Promise<{ environment: string; tag: string; count: number }[]> {
    const tallied = await labelsFromTally(this.db, query, 'tag');
    if (tallied !== undefined) {
      return tallied
        .map((r) => ({ environment: r.environment, tag: r.label, count: r.n }))
        .sort((a, b) => byText(a.environment, b.environment) || byText(a.tag, b.tag));
    }
    const rows = await this.matching(query)
      .select(['environment', 'tags', sql<number | string>`count(*)`.as('n')])
      .groupBy(['environment', 'tags'])
      .execute();
    const counts = new Map<string, { environment: string; tag: string; count: number }>();
    for (const row of rows) {
      for (const tag of new Set(this.engine.decodeList(row.tags))) {
        const key = JSON.stringify([row.environment, tag]);
        const entry = counts.get(key) ?? { environment: row.environment, tag, count: 0 };
        entry.count += Number(row.n);
        counts.set(key, entry);
      }
    }
    return [...counts.values()].sort((a, b) => byText(a.environment, b.environment) || byText(a.tag, b.tag));
  }

  /**
   * Two levels under the filters the tallies answer are counted from the process's copy of the alerts' fields, in a
   * tenth of the time of a statement (docs/api/alerts.md#how-two-levels-are-counted); everything else by the database.
   */
  async grouped(query: AlertQuery, options: GroupedOptions): Promise<GroupedAlerts> {
    const [first, second, ...rest] = options.groupBy.map(groupSource);
    const filters = groupTallyFilters(query);
    const copied = (source: GroupSource | undefined) => source !== undefined && source.kind !== 'attribute';
    if (filters !== undefined && rest.length === 0 && copied(first) && copied(second)) {
      const rows = await this.mirror.current();
      const one = first === undefined ? undefined : mirrorField(rows, first);
      const two = second === undefined ? undefined : mirrorField(rows, second);
      if (one !== undefined && two !== undefined) return mirrorGrouped(rows, filters, one, two, options);
    }
    return groupedAlerts(this.db, this.engine, query, options);
  }

  async facets(
    query: AlertQuery,
    options: { fields: readonly string[]; limit: number },
  ): Promise<{ total: number; facets: Record<string, AlertFacet> }> {
    return (
      (await facetsFromTally(this.db, this.engine, query, options)) ?? alertFacets(this.db, this.engine, query, options)
    );
  }
}
