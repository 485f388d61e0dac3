import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { GroupSource } from './fields.js';
import { type KindTally, postgresKindTallyMigration, sqliteKindTallyMigration } from './kind-tally.js';
import type { Migration } from './migrate.js';
import type { Database } from './schema.js';
import { tallyFilters, tallyWhere } from './tally.js';
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
 * (one row per alert, label '') is what the groupings by a key column sum. Attributes are not tallied: grouping by one
 * reads the alerts.
 */
const NAME = 'group tally';

const GROUP_TALLY: KindTally = {
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
};

export const SQLITE_GROUP_TALLY_MIGRATION: Migration = sqliteKindTallyMigration(GROUP_TALLY, 19, NAME);
export const POSTGRES_GROUP_TALLY_MIGRATION: Migration = postgresKindTallyMigration(GROUP_TALLY, 21, NAME);

/** The filters the tally answers: on its key columns only. */
const FILTERABLE: ReadonlySet<string> = new Set(GROUP_TALLY.keyColumns);

type GroupTables = {
  alert_group_tally: {
    kind: string;
    label: string;
    severity: string;
    status: string;
    environment: string;
    customer: string;
    n: number | string;
  };
};

/**
 * The counts of every group of `source` under the query's filters, as a relation `(k, severity, status, n, t)` with
 * a row per group, severity and status that has alerts, `t` (the newest lastReceiveTime) left null; undefined when the
 * tally cannot answer exactly (a filter on another field, a search, dates, an attribute). A list field's groups count
 * each alert once, since the tally holds one row per distinct value of an alert's list.
 */
export function tallyGroupCounts(query: AlertQuery, source: GroupSource): RawBuilder<unknown> | undefined {
  if (source.kind === 'attribute') return undefined;
  const filters = tallyFilters(query, FILTERABLE, { allowToDate: false });
  if (filters === undefined) return undefined;
  const keyed = FILTERABLE.has(source.column);
  const kind = keyed ? 'alert' : source.kind === 'list' ? listKind(source.column) : source.column;
  if (kind === undefined) return undefined;
  const label = keyed ? sql.ref(source.column) : sql.ref('label');
  return sql`select ${label} as k, severity, status, sum(n) as n, cast(null as text) as t from alert_group_tally
    where kind = ${kind} and ${tallyWhere(filters)}
    group by ${label}, severity, status having sum(n) > 0`;
}

const listKind = (column: string): string | undefined => GROUP_TALLY.listKinds.find((l) => l.column === column)?.kind;

/** Housekeeping: drops the rows that count nothing any more. */
export async function pruneGroupTally(db: Kysely<Database>): Promise<void> {
  await db.withTables<GroupTables>().deleteFrom('alert_group_tally').where('n', '=', 0).execute();
}
