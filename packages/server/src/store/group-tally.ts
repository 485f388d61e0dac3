import { type RawBuilder, sql } from 'kysely';
import type { GroupSource } from './fields.js';
import { type KindTally, postgresKindTallyMigration, sqliteKindTallyMigration } from './kind-tally.js';
import type { Migration } from './migrate.js';
import { type TallyFilter, tallyFilters, tallyWhere } from './tally.js';
import type { AlertQuery } from './types.js';

/**
 * Migration 21 (PostgreSQL) and 19 (SQLite): alerts per value of each field GET /alerts/grouped groups by, with their
 * severity, status, environment and customer (docs/api/alerts.md#get-alertsgrouped), kept by triggers like the
 * other tallies (kind-tally.ts). The groups of the first level, their counts by severity and status and their order,
 * are sums of tally rows when the filters are on those key columns only (the console's list of open alerts and its
 * environment tabs), instead of reading every matching alert and spreading its service and tag lists: at 100,000
 * alerts, 300 to 700 ms a request before (bench/RESULTS.md).
 *
 * Unlike the facet tally, severity is a key column here, since each group is counted by severity; the kind `alert`
 * (one row per alert, label '') is what the groupings by a key column sum, and what the group without a value of an
 * attribute is counted from (attribute-groups.ts). Attributes themselves are in the attribute tally.
 */
const NAME = 'group tally';

export const GROUP_TALLY: KindTally = {
  name: 'group_tally',
  keyColumns: ['severity', 'status', 'environment', 'customer'],
  columnKinds: [
    { kind: 'alert', column: null },
    ...['resource', 'event', 'group', 'origin'].map((kind) => ({ kind, column: kind })),
  ],
  listKinds: [
    { kind: 'service', column: 'service' },
    { kind: 'tag', column: 'tags' },
  ],
  postgresUpdate: 'statement',
};

export const SQLITE_GROUP_TALLY_MIGRATION: Migration = sqliteKindTallyMigration(GROUP_TALLY, 19, NAME);
export const POSTGRES_GROUP_TALLY_MIGRATION: Migration = postgresKindTallyMigration(GROUP_TALLY, 21, NAME);

/**
 * The environments that have alerts: with them, a lookup of one resource's alerts goes through the index of the
 * alerts' identity (environment, resource, event, customer) instead of reading every alert.
 */
export const TALLIED_ENVIRONMENTS = sql`select environment from alert_group_tally where kind = 'alert'
  group by environment having sum(n) > 0`;

const FILTERABLE: ReadonlySet<string> = new Set(GROUP_TALLY.keyColumns);

/**
 * The query's filters when the tally answers them: on its key columns only, which the attribute tally has too
 * (attribute-groups.ts).
 */
export const groupTallyFilters = (query: AlertQuery): TallyFilter[] | undefined =>
  tallyFilters(query, FILTERABLE, { allowToDate: false });

/** The relations the first level of GET /alerts/grouped reads from the tally (grouped.ts). */
export interface TalliedGroups {
  /** Common table expressions the relations below read, to come first in the statement's `with`. */
  readonly with?: RawBuilder<unknown>;
  /** Every group `(k, n, r, t)`: its key, alert count and worst severity rank (`t`, the newest time, left null). */
  groups(rank: RawBuilder<number>): RawBuilder<unknown>;
  /** The counts `(k, severity, status, n)` of the groups whose keys `keys` selects. */
  counts(keys: RawBuilder<unknown>): RawBuilder<unknown>;
}

/**
 * The groups of `source` under the query's filters; undefined when the tally cannot answer exactly (a filter on
 * another field, a search, dates, an attribute). A list field's groups count each alert once, since the tally holds
 * one row per distinct value of an alert's list. A row whose count fell to zero says nothing of its severity.
 * `only` keeps the one group of that key ('' for none).
 */
export function talliedGroups(query: AlertQuery, source: GroupSource, only?: string): TalliedGroups | undefined {
  if (source.kind === 'attribute') return undefined;
  const filters = groupTallyFilters(query);
  if (filters === undefined) return undefined;
  const keyed = FILTERABLE.has(source.column);
  const kind = keyed ? 'alert' : source.kind === 'list' ? listKind(source.column) : source.column;
  if (kind === undefined) return undefined;
  const label = keyed ? sql.ref(source.column) : sql.ref('label');
  const where = sql`kind = ${kind} and ${tallyWhere(filters)}${only === undefined ? sql`` : sql` and ${label} = ${only}`}`;
  return {
    groups: (rank) => sql`select ${label} as k, sum(n) as n, min(case when n > 0 then ${rank} end) as r,
        cast(null as text) as t
      from alert_group_tally where ${where}
      group by ${label} having sum(n) > 0`,
    counts: (keys) => sql`select ${label} as k, severity, status, sum(n) as n
      from alert_group_tally where ${where} and ${label} in (${keys})
      group by ${label}, severity, status having sum(n) > 0`,
  };
}

/**
 * How many alerts the query's filters match, and how many there are, from the tally's rows of kind `alert` (a few
 * hundred); undefined when the tally cannot count them.
 */
export function talliedShare(query: AlertQuery): RawBuilder<{ matching: unknown; every: unknown }> | undefined {
  const filters = groupTallyFilters(query);
  if (filters === undefined) return undefined;
  return sql`select coalesce(sum(case when ${tallyWhere(filters)} then n else 0 end), 0) as matching,
      coalesce(sum(n), 0) as every
    from alert_group_tally where kind = 'alert'`;
}

const listKind = (column: string): string | undefined => GROUP_TALLY.listKinds.find((l) => l.column === column)?.kind;
