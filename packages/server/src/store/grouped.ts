import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { whereCondition } from './alert-query.js';
import { talliedAttributeGroups } from './attribute-groups.js';
import { attributeEquals } from './attribute-index.js';
import type { EngineSql } from './engine.js';
import { type GroupSource, groupSource } from './fields.js';
import { TALLIED_ENVIRONMENTS, talliedGroups, talliedShare } from './group-tally.js';
import { joinConditions } from './query-sql.js';
import type { Database } from './schema.js';
import type {
  AlertFacet,
  AlertGroup,
  AlertGroupCounts,
  AlertQuery,
  GroupSort,
  GroupedAlerts,
  GroupedOptions,
} from './types.js';

/*
 * GET /alerts/grouped and GET /alerts/facets (docs/api/alerts.md#get-alertsgrouped): the grouping, counting, sorting
 * and paging happen in one statement; what comes back is one row per group and severity and status, never the alerts
 * themselves. The matching alerts are read once into `m` (their id, severity, status, lastReceiveTime and the fields
 * grouped by); a list field is then spread into one row per value, and an alert without a value (null, empty text,
 * an empty list, no such attribute) gets the empty text, which stands for "none" throughout and becomes `key: null`.
 */

/** Rank of a severity the alarm model does not know: after every one it does. */
export const UNKNOWN_RANK = 1_000_000;

const NOTHING = sql.raw('');

/** The column of `m` a field is read from: the column itself, or the attribute's text. */
function sourceColumn(engine: EngineSql, source: GroupSource): RawBuilder<unknown> {
  return source.kind === 'attribute' ? engine.attributeJsonText(source.key) : sql`${sql.ref(source.column)}`;
}

/**
 * A field of `m` (its column `c<n>`) as one row per value: the join that spreads a list (a left join, so an alert with
 * an empty list stays, without a value) and the value's text, `''` for none.
 */
function valueOf(
  engine: EngineSql,
  source: GroupSource,
  n: number,
): { join: RawBuilder<unknown>; value: RawBuilder<string> } {
  const column = sql.ref(`m.c${String(n)}`);
  if (source.kind !== 'list') return { join: NOTHING, value: sql<string>`coalesce(${column}, '')` };
  const alias = `e${String(n)}`;
  return {
    join: sql`left join ${engine.listElements(column, alias)} on true`,
    value: sql<string>`coalesce(${sql.ref(`${alias}.value`)}, '')`,
  };
}

/** Alerts counted once per group even when their list holds a value twice. */
const countOf = (multiValued: boolean): RawBuilder<unknown> =>
  multiValued ? sql`count(distinct m.id)` : sql`count(*)`;

/** The rank of the `severity` column; the ranks are written as numbers, so that `min` compares them as numbers. */
function rankOf(ranks: Readonly<Record<string, number>>): RawBuilder<number> {
  const whens = Object.entries(ranks).map(([name, rank]) => sql`when ${name} then ${sql.lit(rank)}`);
  if (whens.length === 0) return sql<number>`${sql.lit(UNKNOWN_RANK)}`;
  return sql<number>`(case severity ${sql.join(whens, sql` `)} else ${sql.lit(UNKNOWN_RANK)} end)`;
}

/**
 * The order of groups `(k, n, r)`: key, alert count, worst severity rank. Keys compare by code point on both
 * engines (PostgreSQL's "C" collation, SQLite's own), and the group without a value comes after the others.
 */
function orderOf(engine: EngineSql, sort: GroupSort): RawBuilder<unknown> {
  const key = engine.name === 'postgres' ? sql`k collate "C"` : sql`k`;
  const noneLast = sql`(case when k = '' then 1 else 0 end)`;
  if (sort === 'name') return sql`${noneLast}, ${key}`;
  if (sort === 'count') return sql`n desc, ${noneLast}, ${key}`;
  return sql`r, n desc, ${noneLast}, ${key}`;
}

/** A group as the store's callers see it, its worst severity the lowest rank among its counts. */
export class GroupTally {
  readonly severityCounts: Record<string, number> = {};
  readonly statusCounts: Record<string, number> = {};

  constructor(
    readonly key: string,
    readonly pos: number,
    readonly count: number,
    readonly lastReceiveTime: string,
  ) {}

  add(severity: string, status: string, n: number): void {
    this.severityCounts[severity] = (this.severityCounts[severity] ?? 0) + n;
    this.statusCounts[status] = (this.statusCounts[status] ?? 0) + n;
  }

  view(ranks: Readonly<Record<string, number>>): AlertGroupCounts {
    const rank = (severity: string) =>
      Object.hasOwn(ranks, severity) ? (ranks[severity] ?? UNKNOWN_RANK) : UNKNOWN_RANK;
    const worst = Object.keys(this.severityCounts).reduce<string | undefined>(
      (best, severity) =>
        best === undefined || rank(severity) < rank(best) || (rank(severity) === rank(best) && severity < best)
          ? severity
          : best,
      undefined,
    );
    return {
      key: this.key === '' ? null : this.key,
      count: this.count,
      severityCounts: this.severityCounts,
      statusCounts: this.statusCounts,
      worstSeverity: worst ?? '',
      lastReceiveTime: this.lastReceiveTime,
    };
  }
}

interface GroupedRow {
  /**
   * 1: a top group's counts; 2: a sub-group's; 3: how many sub-groups a top group has, and the newest time among
   * them, which is the top group's (every alert of a top group on the page is in one of its sub-groups).
   */
  lvl: number | string;
  total: number | string | null;
  pos: number | string | null;
  k1: string | null;
  k: string | null;
  n: number | string | null;
  t: Date | string | null;
  severity: string | null;
  status: string | null;
  gn: number | string | null;
}

/** docs/api/alerts.md#get-alertsgrouped. */
export async function groupedAlerts(
  db: Kysely<Database>,
  engine: EngineSql,
  query: AlertQuery,
  options: GroupedOptions,
): Promise<GroupedAlerts> {
  const sources = options.groupBy.map((field) => {
    const source = groupSource(field);
    if (source === undefined) throw new Error(`cannot group by ${field}`);
    return source;
  });
  const [first, second] = sources;
  if (first === undefined || sources.length > 2) throw new Error('group by one or two fields');
  if (options.parent !== undefined && second === undefined) throw new Error('a parent group needs two levels');
  const parent = options.parent === undefined ? undefined : (options.parent.key ?? '');

  const conditions = [whereCondition(engine, query)];
  if (parent !== undefined) {
    const narrowed = parentCondition(engine, first, parent);
    if (narrowed !== undefined) conditions.push(narrowed);
  }
  // The first level's groups, their order and the page's counts come from the tally when it can answer
  // (group-tally.ts, attribute-groups.ts), otherwise they are counted from the matching alerts `m`.
  const tallied =
    first.kind === 'attribute'
      ? await talliedAttributeGroups(db, engine, query, first.key, parent)
      : talliedGroups(query, first, parent);
  const readsAlerts = tallied === undefined || second !== undefined;
  // A parent on a column of its own is left to the engine, which may have an index of it.
  const scan =
    readsAlerts && (parent === undefined || first.kind !== 'column') ? await scanOf(db, engine, query) : sql`alerts`;
  const columns = sources.map((source, i) => sql`${sourceColumn(engine, source)} as ${sql.id(`c${String(i + 1)}`)}`);
  const alertsWhere = (where: readonly RawBuilder<SqlBool>[]) => sql`select id, severity, status,
      last_receive_time as t, ${sql.join(columns)}
    from ${scan} where ${joinConditions('and', where)}`;
  const m = alertsWhere(conditions);

  const one = valueOf(engine, first, 1);
  const rank = rankOf(options.severityRank);
  const order = orderOf(engine, options.sort);
  const topPage = parent === undefined ? { limit: options.limit, offset: options.offset } : { limit: 1, offset: 0 };
  // The page is a sort limited to its rows; only they are numbered.
  const p1 = sql`select k, n, t, row_number() over (order by ${order}) as pos from (
      select k, n, r, t from r1 order by ${order} limit ${topPage.limit} offset ${topPage.offset}
    ) as q1`;

  let firstLevel: RawBuilder<unknown>;
  if (tallied !== undefined) {
    const prelude = tallied.with === undefined ? NOTHING : sql`${tallied.with},`;
    firstLevel = sql`${prelude} r1 as materialized (${tallied.groups(rank)}), p1 as materialized (${p1}),
      g1 as (${tallied.counts(sql`select k from p1`)})`;
  } else {
    const onlyParent = parent === undefined ? NOTHING : sql`where ${one.value} = ${parent}`;
    const g1 = sql`select ${one.value} as k, m.severity, m.status, ${countOf(first.kind === 'list')} as n,
        max(m.t) as t
      from m ${one.join} ${onlyParent}
      group by ${one.value}, m.severity, m.status`;
    const r1 = sql`select k, sum(n) as n, min(${rank}) as r, max(t) as t from g1 group by k`;
    // Read twice with two levels, once with one.
    const materialized = second === undefined ? NOTHING : sql`materialized`;
    firstLevel = sql`m as ${materialized} (${m}), g1 as materialized (${g1}), r1 as materialized (${r1}),
      p1 as materialized (${p1})`;
  }
  // The tally knows no times (the newest come after, below); an untyped null takes the other branches' type.
  const top = sql`select 1 as lvl, c.total, p1.pos, p1.k as k1, p1.k, p1.n,
      ${tallied === undefined ? sql`p1.t` : sql`null`} as t, g1.severity, g1.status, g1.n as gn
    from (select count(*) as total from r1) as c
    left join p1 on true
    left join g1 on g1.k = p1.k`;

  let statement: RawBuilder<GroupedRow>;
  if (second === undefined) {
    statement = sql<GroupedRow>`with ${firstLevel} ${top}`;
  } else {
    const two = valueOf(engine, second, 2);
    const g2 = sql`select ${one.value} as k1, ${two.value} as k, m.severity, m.status,
        ${countOf(first.kind === 'list' || second.kind === 'list')} as n, max(m.t) as t
      from m ${one.join} ${two.join}
      where ${one.value} in (select k from p1)
      group by ${one.value}, ${two.value}, m.severity, m.status`;
    const r2 = sql`select k1, k, sum(n) as n, min(${rank}) as r, max(t) as t from g2 group by k1, k`;
    const s2 = sql`select k1, k, n, t, row_number() over (partition by k1 order by ${order}) as pos from r2`;
    const subPage =
      parent === undefined
        ? { from: 0, to: options.subLimit }
        : { from: options.offset, to: options.offset + options.limit };
    // After a tallied first level, only the alerts of the page's top groups are read: a list's values are sorted out
    // below, a field's here (on PostgreSQL, a semi-join with the page after reading every alert sorted them all).
    const ofPage =
      first.kind === 'list'
        ? m
        : alertsWhere([
            ...conditions,
            sql<SqlBool>`coalesce(${sourceColumn(engine, first)}, '') in (select k from p1)`,
          ]);
    statement = sql<GroupedRow>`with ${firstLevel}, ${tallied === undefined ? NOTHING : sql`m as materialized (${ofPage}),`}
      g2 as materialized (${g2}), r2 as materialized (${r2}), s2 as (${s2})
      ${top}
      union all
      select 2 as lvl, 0 as total, s2.pos, s2.k1, s2.k, s2.n, s2.t, g2.severity, g2.status, g2.n as gn
      from s2 join g2 on g2.k1 = s2.k1 and g2.k = s2.k
      where s2.pos > ${subPage.from} and s2.pos <= ${subPage.to}
      union all
      select 3 as lvl, count(*) as total, 0 as pos, k1, k1 as k, 0 as n, max(t) as t, null as severity,
        null as status, 0 as gn
      from r2 group by k1`;
  }
  const { rows } = await statement.execute(db);
  const grouped = foldGroups(engine, rows, options.severityRank, second !== undefined);
  if (tallied === undefined || second !== undefined) return grouped;
  const newest = await newestTimes(
    db,
    engine,
    query,
    first,
    grouped.groups.map((group) => group.key ?? ''),
  );
  return {
    total: grouped.total,
    groups: grouped.groups.map((group) => ({ ...group, lastReceiveTime: newest.get(group.key ?? '') ?? '' })),
  };
}

/**
 * Where `m` reads the matching alerts from. SQLite keeps no statistics, and reads the alerts of a filter on status,
 * severity or environment through that column's index, one lookup per alert (about 4 µs each at 100,000 alerts);
 * reading the whole table costs about a sixth of that per alert. So when the tally says the filters match more than a
 * sixth of the alerts, it reads the table: a quarter to a half of the time of the grouped views whose alerts it reads
 * (bench/RESULTS.md).
 */
async function scanOf(db: Kysely<Database>, engine: EngineSql, query: AlertQuery): Promise<RawBuilder<unknown>> {
  const share = engine.name === 'sqlite' ? talliedShare(query) : undefined;
  if (share === undefined) return sql`alerts`;
  const { rows } = await share.execute(db);
  const row = rows[0];
  return row !== undefined && Number(row.matching) * 6 > Number(row.every) ? sql`alerts not indexed` : sql`alerts`;
}

/**
 * How many of the newest matching alerts `newestTimes` reads, in turn, before it asks for the groups still unseen: a
 * field's own alerts are found through an index, a list's value only by reading every alert, so lists read further.
 */
const NEWEST_WALK = { indexed: [500], other: [500, 4500] } as const;

/** The fields whose group's own alerts an index finds: `event` (with lastReceiveTime) and `resource` (identity). */
const NEWEST_INDEXES: Readonly<Record<string, string>> = { event: 'alerts_event_time', resource: 'alerts_identity' };

/**
 * The newest lastReceiveTime among the matching alerts of each group of `keys` ('' for the group without a value):
 * first from the newest matching alerts, read in time order (the index on lastReceiveTime), where the big groups
 * and the busy ones are all seen; then, for the groups not among them, from their own alerts only.
 */
async function newestTimes(
  db: Kysely<Database>,
  engine: EngineSql,
  query: AlertQuery,
  source: GroupSource,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const where = whereCondition(engine, query);
  const { newest, everyAlertRead } = await newestAmongLatest(db, engine, where, source, new Set(keys));
  const rest = keys.filter((key) => !newest.has(key));
  if (rest.length === 0 || everyAlertRead) return newest;
  const found = await (source.kind === 'list'
    ? newestOfListValues(db, engine, where, source, rest)
    : newestOfValues(db, engine, where, source, rest));
  for (const group of found) if (group.t !== null) newest.set(group.k, engine.decodeDate(group.t));
  return newest;
}

type NewestRow = { k: string; t: Date | string | null };

/** The groups of `wanted` seen among the newest matching alerts, and whether those were all of them. */
async function newestAmongLatest(
  db: Kysely<Database>,
  engine: EngineSql,
  where: RawBuilder<SqlBool>,
  source: GroupSource,
  wanted: ReadonlySet<string>,
): Promise<{ newest: Map<string, string>; everyAlertRead: boolean }> {
  const newest = new Map<string, string>();
  // SQLite, without statistics, would rather read every alert of a status and sort them.
  const byTime = engine.name === 'sqlite' ? sql`alerts indexed by alerts_last_receive_time` : sql`alerts`;
  const indexed = source.kind === 'column' && Object.hasOwn(NEWEST_INDEXES, source.column);
  let before: Date | string | undefined;
  for (const limit of indexed ? NEWEST_WALK.indexed : NEWEST_WALK.other) {
    // From the time the last step stopped at: the alerts of that very time again, so that none is passed over.
    const from = before === undefined ? NOTHING : sql`and last_receive_time <= ${before}`;
    const { rows } = await sql<{ c: unknown; t: Date | string }>`select ${sourceColumn(engine, source)} as c,
        last_receive_time as t
      from ${byTime} where ${where} ${from} order by last_receive_time desc limit ${limit}`.execute(db);
    for (const row of rows) {
      const values = source.kind === 'list' ? [...new Set(engine.decodeList(row.c))] : [];
      if (source.kind !== 'list') values.push(typeof row.c === 'string' ? row.c : '');
      if (values.length === 0) values.push('');
      for (const value of values) {
        if (wanted.has(value) && !newest.has(value)) newest.set(value, engine.decodeDate(row.t));
      }
      if (newest.size === wanted.size) return { newest, everyAlertRead: false };
    }
    if (rows.length < limit) return { newest, everyAlertRead: true };
    before = rows.at(-1)?.t;
  }
  return { newest, everyAlertRead: false };
}

/** A list's values: the alerts holding one of them, or every matching alert for the group without a value. */
async function newestOfListValues(
  db: Kysely<Database>,
  engine: EngineSql,
  where: RawBuilder<SqlBool>,
  source: GroupSource & { kind: 'list' },
  keys: readonly string[],
): Promise<NewestRow[]> {
  const narrowed = keys.includes('') ? [] : [engine.listHasAny(source.column, keys)];
  const field = valueOf(engine, source, 1);
  const { rows } = await sql<NewestRow>`with m as (
      select ${sourceColumn(engine, source)} as c1, last_receive_time as t from alerts
      where ${joinConditions('and', [where, ...narrowed])}
    )
    select ${field.value} as k, max(m.t) as t from m ${field.join}
    where ${field.value} in (${sql.join(keys)})
    group by ${field.value}`.execute(db);
  return rows;
}

/** A column's or an attribute's values: each group's own alerts, through an index of its field where there is one. */
async function newestOfValues(
  db: Kysely<Database>,
  engine: EngineSql,
  where: RawBuilder<SqlBool>,
  source: GroupSource,
  keys: readonly string[],
): Promise<NewestRow[]> {
  let identity = sql<SqlBool>`(1 = 1)`;
  if (source.kind === 'column' && source.column === 'resource') {
    // Listed as values: given a subquery, SQLite reads every alert for each group.
    const { rows: environments } = await sql<{ environment: string }>`${TALLIED_ENVIRONMENTS}`.execute(db);
    if (environments.length === 0) return [];
    identity = joinConditions(
      'or',
      environments.map(({ environment }) => sql<SqlBool>`environment = ${environment}`),
    );
  }
  // SQLite, without statistics, would rather take the index of the status and read all its alerts.
  const index = source.kind === 'column' ? NEWEST_INDEXES[source.column] : undefined;
  const ownNewest = (key: string) => {
    // A value the index can seek; the group without one reads its alerts as the engine chooses.
    const from =
      engine.name === 'sqlite' && index !== undefined && key !== ''
        ? sql`alerts indexed by ${sql.id(index)}`
        : sql`alerts`;
    // An attribute's value through its index (attribute-index.ts), where one holds it.
    const indexed =
      source.kind === 'attribute' && key !== ''
        ? attributeEquals(engine, source.key, key, { avoidIndex: false, few: true })
        : undefined;
    const own = sql<SqlBool>`${identity} and ${indexed ?? parentCondition(engine, source, key) ?? sql<SqlBool>`(1 = 1)`}`;
    return sql`select ${key} as k, (select max(last_receive_time) from ${from} where ${where} and ${own}) as t`;
  };
  // PostgreSQL plans each subquery of a union apart (a millisecond each, 30 ms for a page of 50 resources), so a
  // column's values share one, run once per value.
  const values = engine.name === 'postgres' && source.kind === 'column' ? keys.filter((key) => key !== '') : [];
  const each = keys.filter((key) => !values.includes(key)).map(ownNewest);
  if (source.kind === 'column' && values.length > 0) {
    each.push(sql`select v.k, (select max(last_receive_time) from alerts
        where ${where} and ${identity} and ${sql.ref(source.column)} = v.k) as t
      from (values ${sql.join(values.map((key) => sql`(${key})`))}) as v(k)`);
  }
  const { rows } = await sql<NewestRow>`${sql.join(each, sql` union all `)}`.execute(db);
  return rows;
}

/**
 * With `parent`, the alerts read into `m` are narrowed to those that can be in the parent group: the column or the
 * attribute has the value (or none), or the list holds it. A list without a value is left to the grouping itself.
 */
function parentCondition(engine: EngineSql, source: GroupSource, key: string): RawBuilder<SqlBool> | undefined {
  if (source.kind === 'list') return key === '' ? undefined : engine.listHasAny(source.column, [key]);
  if (source.kind === 'attribute') return sql<SqlBool>`coalesce(${engine.attributeJsonText(source.key)}, '') = ${key}`;
  const column = sql.ref(source.column);
  return key === '' ? sql<SqlBool>`(${column} is null or ${column} = '')` : sql<SqlBool>`${column} = ${key}`;
}

function foldGroups(
  engine: EngineSql,
  rows: readonly GroupedRow[],
  ranks: Readonly<Record<string, number>>,
  twoLevels: boolean,
): GroupedAlerts {
  let total = 0;
  const tops = new Map<string, GroupTally>();
  /** Sub-groups by their top group's key, then by their own. */
  const subs = new Map<string, Map<string, GroupTally>>();
  const subTotals = new Map<string, { count: number; newest: string }>();
  const tally = (into: Map<string, GroupTally>, row: GroupedRow, key: string) => {
    let group = into.get(key);
    if (group === undefined) {
      group = new GroupTally(key, Number(row.pos), Number(row.n), row.t === null ? '' : engine.decodeDate(row.t));
      into.set(key, group);
    }
    if (row.severity !== null && row.status !== null) group.add(row.severity, row.status, Number(row.gn));
  };
  for (const row of rows) {
    const lvl = Number(row.lvl);
    if (lvl === 1) {
      total = Number(row.total);
      if (row.k !== null && row.pos !== null) tally(tops, row, row.k);
    } else if (lvl === 2 && row.k1 !== null && row.k !== null) {
      let groups = subs.get(row.k1);
      if (groups === undefined) {
        groups = new Map();
        subs.set(row.k1, groups);
      }
      tally(groups, row, row.k);
    } else if (lvl === 3 && row.k1 !== null) {
      subTotals.set(row.k1, { count: Number(row.total), newest: row.t === null ? '' : engine.decodeDate(row.t) });
    }
  }
  const byPosition = (a: GroupTally, b: GroupTally) => a.pos - b.pos;
  const groups = [...tops.values()].sort(byPosition).map((group): AlertGroup => {
    if (!twoLevels) return group.view(ranks);
    const subgroups = [...(subs.get(group.key)?.values() ?? [])].sort(byPosition).map((sub) => sub.view(ranks));
    const sub = subTotals.get(group.key);
    return {
      ...group.view(ranks),
      lastReceiveTime: sub?.newest ?? group.lastReceiveTime,
      subgroups,
      subgroupTotal: sub?.count ?? 0,
    };
  });
  return { total, groups };
}

interface FacetRow {
  /** 0: the count of every matching alert; otherwise the field's place in `fields`, from 1. */
  f: number | string;
  v: string | null;
  n: number | string;
  pos: number | string;
  /** How many distinct values the field has (the row of none: 1). */
  dt: number | string;
}

/** One counted value of a facet; `value` '' counts the alerts without one. */
export interface FacetCount {
  field: string;
  value: string;
  count: number;
  /** How many values the field has besides none (read on the rows of values). */
  distinct: number;
}

/**
 * Code point order, as both engines compare text ("C" collation on PostgreSQL, SQLite's own). UTF-16 units compare
 * the same way except a surrogate (part of a code point above U+FFFF) against a unit from U+E000 up, which it follows.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xHigh = x >= 0xd800 && x <= 0xdfff;
    const yHigh = y >= 0xd800 && y <= 0xdfff;
    if (xHigh !== yHigh && (xHigh ? y : x) >= 0xe000) return xHigh ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The facets of `fields` from their counted values (docs/api/alerts.md#get-alertsfacets): values by count, then by
 * code point, the alerts without a value apart, and `more` for the values left out. Shared by the facets counted from
 * the alerts and those read from the tally (facet-tally.ts), so that both answer alike.
 */
export function facetsFrom(fields: readonly string[], counts: Iterable<FacetCount>): Record<string, AlertFacet> {
  const facets = new Map(
    fields.map((field): [string, AlertFacet & { distinct: number }] => [
      field,
      { values: [], more: 0, none: 0, distinct: 0 },
    ]),
  );
  for (const { field, value, count, distinct } of counts) {
    const facet = facets.get(field);
    if (facet === undefined) continue;
    if (value === '') facet.none = count;
    else {
      facet.values.push({ value, count });
      facet.distinct = distinct;
    }
  }
  return Object.fromEntries(
    [...facets].map(([field, { values, none, distinct }]) => [
      field,
      {
        values: values.sort((a, b) => b.count - a.count || compareCodePoints(a.value, b.value)),
        more: Math.max(distinct - values.length, 0),
        none,
      },
    ]),
  );
}

/** docs/api/alerts.md#get-alertsfacets: every field's values counted in one statement. */
export async function alertFacets(
  db: Kysely<Database>,
  engine: EngineSql,
  query: AlertQuery,
  options: { fields: readonly string[]; limit: number },
): Promise<{ total: number; facets: Record<string, AlertFacet> }> {
  const sources = options.fields.map((field) => {
    const source = groupSource(field);
    if (source === undefined) throw new Error(`no facet for ${field}`);
    return source;
  });
  const columns = sources.map((source, i) => sql`${sourceColumn(engine, source)} as ${sql.id(`c${String(i + 1)}`)}`);
  const m = sql`select id${columns.length === 0 ? NOTHING : sql`, ${sql.join(columns)}`}
    from alerts where ${whereCondition(engine, query)}`;
  const value = engine.name === 'postgres' ? sql`v collate "C"` : sql`v`;
  const counted = sources.map((source, i) => {
    const field = valueOf(engine, source, i + 1);
    return sql`${sql.id(`f${String(i + 1)}`)} as (select ${field.value} as v, ${countOf(source.kind === 'list')} as n
      from m ${field.join} group by ${field.value})`;
  });
  const ranked = sources.map(
    (_source, i) => sql`select ${sql.lit(i + 1)} as f, v, n, pos, dt from (
        select v, n, row_number() over (partition by (v = '') order by n desc, ${value}) as pos,
          count(*) over (partition by (v = '')) as dt
        from ${sql.id(`f${String(i + 1)}`)}
      ) as ${sql.id(`q${String(i + 1)}`)}
      where pos <= ${options.limit}`,
  );
  const statement = sql<FacetRow>`with m as materialized (${m})${counted.length === 0 ? NOTHING : sql`, ${sql.join(counted)}`}
    select 0 as f, '' as v, count(*) as n, 0 as pos, 0 as dt from m
    ${ranked.length === 0 ? NOTHING : sql`union all ${sql.join(ranked, sql` union all `)}`}`;
  const { rows } = await statement.execute(db);

  let total = 0;
  const counts: FacetCount[] = [];
  for (const row of rows) {
    const place = Number(row.f);
    if (place === 0) total = Number(row.n);
    else {
      const field = options.fields[place - 1] ?? '';
      counts.push({ field, value: row.v ?? '', count: Number(row.n), distinct: Number(row.dt) });
    }
  }
  return { total, facets: facetsFrom(options.fields, counts) };
}
