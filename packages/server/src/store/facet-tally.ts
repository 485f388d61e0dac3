import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { EngineSql } from './engine.js';
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

// Label first: a field's rows come in the order its values are summed in.
const KEY = 'kind, label, status, environment, customer';

/** The single-valued fields, one row each per alert; `severity` is the kind the key columns' facets sum. */
const COLUMN_KINDS = ['severity', 'resource', 'event', 'group', 'origin'] as const;
const ALERT_KIND = 'severity';
/** The list fields and the kind their values are tallied under. */
const LIST_KINDS = [
  { column: 'service', kind: 'service' },
  { column: 'tags', kind: 'tag' },
] as const;
/** The facets read from the tally's key columns. */
const KEY_FACETS = new Set(['status', 'environment', 'customer']);
const TALLIED: ReadonlySet<string> = new Set([...COLUMN_KINDS, 'service', 'tag', ...KEY_FACETS]);
/** The filters the tally can answer: on its key columns only. */
const FILTERABLE: ReadonlySet<string> = new Set(['status', 'environment', 'customer']);

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

const INSERT = 'INSERT INTO alert_facet_tally (kind, customer, environment, status, label, n)';

const sqliteApply = (row: 'NEW' | 'OLD', sign: 1 | -1): string => {
  const head = `coalesce(${row}.customer, ''), ${row}.environment, ${row}.status`;
  const columns = COLUMN_KINDS.map(
    (kind) => `('${kind}', ${head}, coalesce(${row}."${kind}", ''), ${String(sign)})`,
  ).join(', ');
  const lists = LIST_KINDS.map(
    ({ column, kind }) => `${INSERT}
      SELECT DISTINCT '${kind}', ${head}, coalesce(e.value, ''), ${String(sign)}
      FROM (SELECT 1) LEFT JOIN json_each(CASE WHEN json_valid(${row}.${column}) THEN ${row}.${column} ELSE '[]' END)
        AS e ON true
      WHERE true
      ON CONFLICT (${KEY}) DO UPDATE SET n = n + excluded.n;`,
  ).join('\n');
  return `${INSERT} VALUES ${columns}
      ON CONFLICT (${KEY}) DO UPDATE SET n = n + excluded.n;
    ${lists}`;
};

const SQLITE_CHANGED = `OLD.customer IS NOT NEW.customer OR OLD.environment <> NEW.environment
  OR OLD.status <> NEW.status OR OLD.severity <> NEW.severity OR OLD.resource <> NEW.resource
  OR OLD.event <> NEW.event OR OLD."group" <> NEW."group" OR OLD.origin <> NEW.origin
  OR OLD.service <> NEW.service OR OLD.tags <> NEW.tags`;

const sqliteBackfill = (): string[] => [
  ...COLUMN_KINDS.map(
    (kind) => `${INSERT}
      SELECT '${kind}', coalesce(customer, ''), environment, status, coalesce("${kind}", ''), count(*)
      FROM alerts GROUP BY 2, 3, 4, 5`,
  ),
  ...LIST_KINDS.map(
    ({ column, kind }) => `${INSERT}
      SELECT '${kind}', customer, environment, status, label, count(*) FROM (
        SELECT DISTINCT a.id, coalesce(a.customer, '') AS customer, a.environment, a.status,
          coalesce(e.value, '') AS label
        FROM alerts AS a LEFT JOIN json_each(CASE WHEN json_valid(a.${column}) THEN a.${column} ELSE '[]' END) AS e
          ON true
      ) GROUP BY 2, 3, 4, 5`,
  ),
];

export const SQLITE_FACET_TALLY_MIGRATION: Migration = {
  version: 18,
  name: NAME,
  statements: [
    `CREATE TABLE alert_facet_tally (
      kind TEXT NOT NULL, label TEXT NOT NULL, status TEXT NOT NULL, environment TEXT NOT NULL,
      customer TEXT NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (${KEY})
    ) WITHOUT ROWID`,
    `CREATE TRIGGER alerts_facet_tally_insert AFTER INSERT ON alerts BEGIN ${sqliteApply('NEW', 1)} END`,
    `CREATE TRIGGER alerts_facet_tally_delete AFTER DELETE ON alerts BEGIN ${sqliteApply('OLD', -1)} END`,
    `CREATE TRIGGER alerts_facet_tally_update
      AFTER UPDATE OF customer, environment, status, severity, resource, event, "group", origin, service, tags
      ON alerts WHEN ${SQLITE_CHANGED}
      BEGIN ${sqliteApply('OLD', -1)} ${sqliteApply('NEW', 1)} END`,
    ...sqliteBackfill(),
  ],
};

/** Adds the signed rows of `source` (the alert columns the tally reads, and `sign`) to the tally, in key order. */
const postgresApply = (source: string): string => {
  const head = `coalesce(r.customer, '') AS customer, r.environment, r.status`;
  const columns = COLUMN_KINDS.map((kind) => `('${kind}', coalesce(r."${kind}", ''))`).join(', ');
  const lists = LIST_KINDS.map(
    ({ column, kind }) => `SELECT DISTINCT ON (r.id, r.sign, l.label) '${kind}', ${head}, l.label, r.sign
      FROM ${source} AS r CROSS JOIN LATERAL (
        SELECT coalesce(e.value, '') AS label FROM (SELECT 1) AS o LEFT JOIN unnest(r.${column}) AS e(value) ON true
      ) AS l`,
  ).join('\n UNION ALL ');
  return `INSERT INTO alert_facet_tally AS t (${KEY}, n)
    SELECT kind, label, status, environment, customer, sum(sign) FROM (
      SELECT c.kind, ${head}, c.label, r.sign
      FROM ${source} AS r CROSS JOIN LATERAL (VALUES ${columns}) AS c(kind, label)
      UNION ALL ${lists}
    ) AS d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (${KEY}) DO UPDATE SET n = t.n + excluded.n`;
};

const POSTGRES_CHANGED = `OLD.customer IS DISTINCT FROM NEW.customer OR OLD.environment <> NEW.environment
  OR OLD.status <> NEW.status OR OLD.severity <> NEW.severity OR OLD.resource <> NEW.resource
  OR OLD.event <> NEW.event OR OLD."group" <> NEW."group" OR OLD.origin IS DISTINCT FROM NEW.origin
  OR OLD.service <> NEW.service OR OLD.tags <> NEW.tags`;

const ROW_COLUMNS = 'id, customer, environment, status, severity, resource, event, "group", origin, service, tags';
const rowOf = (row: 'OLD' | 'NEW'): string =>
  ROW_COLUMNS.split(', ')
    .map((column) => `${row}.${column}`)
    .join(', ');

export const POSTGRES_FACET_TALLY_MIGRATION: Migration = {
  version: 20,
  name: NAME,
  statements: [
    `CREATE TABLE alert_facet_tally (
      kind text NOT NULL, label text NOT NULL, status text NOT NULL, environment text NOT NULL,
      customer text NOT NULL, n bigint NOT NULL,
      PRIMARY KEY (${KEY})
    )`,
    `CREATE FUNCTION alerts_facet_tally_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${postgresApply(`(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM inserted_alerts)`)};
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION alerts_facet_tally_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${postgresApply(`(SELECT ${ROW_COLUMNS}, -1::bigint AS sign FROM deleted_alerts)`)};
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION alerts_facet_tally_updated() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${postgresApply(`(SELECT ${rowOf('OLD')}, -1::bigint AS sign UNION ALL SELECT ${rowOf('NEW')}, 1::bigint)`)};
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER alerts_facet_tally_insert AFTER INSERT ON alerts REFERENCING NEW TABLE AS inserted_alerts
     FOR EACH STATEMENT EXECUTE FUNCTION alerts_facet_tally_inserted()`,
    `CREATE TRIGGER alerts_facet_tally_delete AFTER DELETE ON alerts REFERENCING OLD TABLE AS deleted_alerts
     FOR EACH STATEMENT EXECUTE FUNCTION alerts_facet_tally_deleted()`,
    `CREATE TRIGGER alerts_facet_tally_update AFTER UPDATE ON alerts FOR EACH ROW WHEN (${POSTGRES_CHANGED})
     EXECUTE FUNCTION alerts_facet_tally_updated()`,
    // The backfill is the insert function's work over every stored alert.
    postgresApply(`(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM alerts)`),
  ],
};

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

/** Housekeeping: drops the rows that count nothing any more. */
export async function pruneFacetTally(db: Kysely<Database>): Promise<void> {
  await db.withTables<FacetTables>().deleteFrom('alert_facet_tally').where('n', '=', 0).execute();
}
