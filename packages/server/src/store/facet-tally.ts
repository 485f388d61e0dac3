import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import { type KindTally, postgresKindTallyMigration, sqliteKindTallyMigration } from './kind-tally.js';
import type { Migration } from './migrate.js';
import type { Database } from './schema.js';
import { type FacetCount, facetsFrom } from './grouped.js';
import { tallyFilters, tallyWhere } from './tally.js';
import type { AlertFacet, AlertQuery } from './types.js';

/**
 * Migration 20 (PostgreSQL) and 18 (SQLite): alerts per customer, environment and status and per value of each field
 * the facets list (docs/api/alerts.md#get-alertsfacets), kept by triggers like the other tallies
 * (README.md#architecture). GET /alerts/facets with no filter but on status, environment and customer (the console's
 * default list and environment tabs) sums tally rows instead of reading every matching alert and spreading its
 * service and tag lists: at 100,000 alerts, 1.6 s on SQLite before.
 *
 * Each alert has one row per kind for `severity`, `resource`, `event`, `group` and `origin`, and one per distinct
 * value of its `service` and `tags` lists (`service`, `tag`); a value of '' (or a list without values) stands for
 * "none", as in the facets counted from the alerts (grouped.ts). The `severity` rows, a few dozen, are also what the
 * total and the facets of status, environment and customer sum. Severity is a kind rather than a key column: as a key
 * column it would multiply the rows of every other kind by the severities each value has, and reading them is what a
 * request costs (a resource's rows were 41,000 at 100,000 alerts with it, on the benchmark's estate). A missing
 * customer is tallied as ''.
 *
 * Only new and deleted alerts and changes of those fields write to it; duplicates do not. Rows whose count falls to
 * zero stay until housekeeping prunes them.
 */
const NAME = 'facet tally';

/** The facets of `severity`, `resource`, `event`, `group` and `origin`, and of the lists `service` and `tags`. */
export const FACET_TALLY: KindTally = {
  name: 'facet_tally',
  keyColumns: ['status', 'environment', 'customer'],
  columnKinds: ['severity', 'resource', 'event', 'group', 'origin'].map((kind) => ({ kind, column: kind })),
  listKinds: [
    { kind: 'service', column: 'service' },
    { kind: 'tag', column: 'tags' },
  ],
  // As migration 20 made it.
  postgresUpdate: 'row',
};
/** The kind whose rows, one per alert, the total and the key columns' facets sum. */
const ALERT_KIND = 'severity';
/** The facets read from the tally's key columns. */
const KEY_FACETS = new Set(['status', 'environment', 'customer']);
const TALLIED: ReadonlySet<string> = new Set([
  ...FACET_TALLY.columnKinds.map(({ kind }) => kind),
  ...FACET_TALLY.listKinds.map(({ kind }) => kind),
  ...KEY_FACETS,
]);
/** The filters the tally can answer: on its key columns only. */
const FILTERABLE: ReadonlySet<string> = new Set(FACET_TALLY.keyColumns);

type FacetTables = {
  alert_facet_tally: {
    kind: string;
    label: string;
    status: string;
    environment: string;
    customer: string;
    n: number | string;
  };
};

export const SQLITE_FACET_TALLY_MIGRATION: Migration = sqliteKindTallyMigration(FACET_TALLY, 18, NAME);
export const POSTGRES_FACET_TALLY_MIGRATION: Migration = postgresKindTallyMigration(FACET_TALLY, 20, NAME);

interface FacetRow {
  /** '': the count of every matching alert; otherwise the field. */
  f: string;
  v: string;
  n: number | string | null;
  /** How many values the field has besides none (on the rows of values). */
  dt: number | string;
}

/**
 * GET /alerts/facets from the tally, when every field asked for is tallied and the filters are on the tally's key
 * columns only (tally.ts); undefined otherwise, and the facets are counted from the alerts. The same answer either
 * way: values by count, then by code point, none apart (`test/tally.test.ts` checks both ways agree). Each field's
 * top values are a sort limited to `limit` rows, which costs far less than ranking every value.
 */
export async function facetsFromTally(
  db: Kysely<Database>,
  engine: EngineSql,
  query: AlertQuery,
  options: { fields: readonly string[]; limit: number },
): Promise<{ total: number; facets: Record<string, AlertFacet> } | undefined> {
  if (options.fields.some((field) => !TALLIED.has(field))) return undefined;
  const filters = tallyFilters(query, FILTERABLE, { allowToDate: false });
  if (filters === undefined) return undefined;
  const where = tallyWhere(filters);
  const perField = options.fields.map((field, i): RawBuilder<unknown> => {
    const keyed = KEY_FACETS.has(field);
    const label = keyed ? sql.ref(field) : sql.ref('label');
    const kind = keyed ? ALERT_KIND : field;
    const f = sql.lit(field);
    const collated = engine.name === 'postgres' ? sql`${label} collate "C"` : label;
    return sql`select * from (select ${f} as f, ${label} as v, sum(n) as n, count(*) over () as dt
        from alert_facet_tally where kind = ${kind} and ${label} <> '' and ${where}
        group by ${label} having sum(n) > 0 order by n desc, ${collated} limit ${options.limit}
      ) as ${sql.id(`q${String(i)}`)}
      union all
      select ${f} as f, '' as v, sum(n) as n, 0 as dt
        from alert_facet_tally where kind = ${kind} and ${label} = '' and ${where}`;
  });
  const statement = sql<FacetRow>`select '' as f, '' as v, sum(n) as n, 0 as dt from alert_facet_tally
      where kind = ${ALERT_KIND} and ${where}
    ${perField.length === 0 ? sql.raw('') : sql`union all ${sql.join(perField, sql` union all `)}`}`;
  const { rows } = await statement.execute(db.withTables<FacetTables>());
  let total = 0;
  const counts: FacetCount[] = [];
  for (const row of rows) {
    const count = Number(row.n ?? 0);
    if (row.f === '') total = count;
    else counts.push({ field: row.f, value: row.v, count, distinct: Number(row.dt) });
  }
  return { total, facets: facetsFrom(options.fields, counts) };
}
