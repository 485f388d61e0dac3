import { type Kysely, sql } from 'kysely';
import { INDEXED_LENGTH, indexedEntries, leftOutEntries, notJsonb, sqliteIndexed } from './attribute-index.js';
import type { EngineSql } from './engine.js';
import type { Migration } from './migrate.js';
import type { Database } from './schema.js';
import { countsUpTo, matchesFilters, tallyFilters, tallyWhere } from './tally.js';
import type { AlertCounts, AlertQuery } from './types.js';

/*
 * Migration 18 (PostgreSQL) and 15 (SQLite): alerts per attribute key and value, customer, environment, status and
 * severity, kept by triggers like the other tallies (README.md#architecture). The count of an exact attribute filter
 * (`attributes.region=eu-west-1`, the total and counts of the console's list) sums a few tally rows instead of
 * finding every alert with the value: at 100,000 alerts, a region a third of them share took 60 to 70 ms to count on
 * PostgreSQL (the GIN index gives the matches, spread over every page of the table) and about 30 ms on SQLite.
 *
 * The tally holds exactly the values the `=` filter compares on each engine (engine.attributeText), up to
 * INDEXED_LENGTH characters: on PostgreSQL every value `->>` gives as text (strings, numbers, booleans, objects and
 * lists as JSON text; not null); on SQLite, like the side table of attribute-index.ts, strings, objects and lists
 * (json_extract gives numbers and booleans as SQL numbers, which never equal a filter's text). A filter on a longer
 * value, or on a key the side table leaves out, counts the alerts as before.
 *
 * Only new and deleted alerts and changes of attributes, status, severity, environment or customer write to it;
 * duplicates do not. A missing customer is tallied as ''; rows whose count falls to zero stay until housekeeping
 * prunes them.
 */
/**
 * A table of attribute counts and the triggers that keep it: the tally itself (per key and value), and, from
 * migration 22 (PostgreSQL) and 20 (SQLite), the count per key of the values the tally leaves out (numbers and
 * booleans on SQLite, longer values on both), by which GET /alerts/grouped knows when the tally holds every value of
 * a key (attribute-groups.ts).
 */
interface AttributeCounts {
  /** The table, `alert_<name>`; its triggers and functions are `alerts_<name>_insert` and so on. */
  name: string;
  /** Whether the value is a key column. */
  byValue: boolean;
  /** SQLite: the entries `j` of the attributes `source` counted. */
  sqliteEntries: (source: string) => string;
  /** PostgreSQL: which of jsonb_each_text's entries `a` are counted. */
  postgresEntries: string;
}

const TALLY: AttributeCounts = {
  name: 'attribute_tally',
  byValue: true,
  sqliteEntries: indexedEntries,
  postgresEntries: `a.value IS NOT NULL AND length(a.value) <= ${String(INDEXED_LENGTH)}`,
};

const LEFT_OUT: AttributeCounts = {
  name: 'attribute_left_out',
  byValue: false,
  sqliteEntries: leftOutEntries,
  postgresEntries: `a.value IS NOT NULL AND length(a.value) > ${String(INDEXED_LENGTH)}`,
};

const keyOf = (counts: AttributeCounts): string =>
  `key, ${counts.byValue ? 'value, ' : ''}customer, environment, status, severity`;

const sqliteApply = (counts: AttributeCounts, row: 'NEW' | 'OLD', sign: 1 | -1): string =>
  `INSERT INTO alert_${counts.name} (${keyOf(counts)}, n)
    SELECT j.key, ${counts.byValue ? 'j.value, ' : ''}coalesce(${row}.customer, ''), ${row}.environment, ${row}.status,
      ${row}.severity, ${String(sign)}
    FROM ${counts.sqliteEntries(`${row}.attributes`)}
    ON CONFLICT (${keyOf(counts)}) DO UPDATE SET n = n + excluded.n;`;

const SQLITE_CHANGED = `OLD.customer IS NOT NEW.customer OR OLD.environment <> NEW.environment
  OR OLD.status <> NEW.status OR OLD.severity <> NEW.severity OR OLD.attributes IS NOT NEW.attributes`;

function sqliteMigration(counts: AttributeCounts, version: number, name: string): Migration {
  const trigger = `alerts_${counts.name}`;
  const value = counts.byValue ? 'value TEXT NOT NULL, ' : '';
  const grouped = counts.byValue ? '1, 2, 3, 4, 5, 6' : '1, 2, 3, 4, 5';
  return {
    version,
    name,
    statements: [
      `CREATE TABLE alert_${counts.name} (
        key TEXT NOT NULL, ${value}customer TEXT NOT NULL, environment TEXT NOT NULL, status TEXT NOT NULL,
        severity TEXT NOT NULL, n INTEGER NOT NULL,
        PRIMARY KEY (${keyOf(counts)})
      ) WITHOUT ROWID`,
      `CREATE TRIGGER ${trigger}_insert AFTER INSERT ON alerts BEGIN ${sqliteApply(counts, 'NEW', 1)} END`,
      `CREATE TRIGGER ${trigger}_delete AFTER DELETE ON alerts BEGIN ${sqliteApply(counts, 'OLD', -1)} END`,
      `CREATE TRIGGER ${trigger}_update
        AFTER UPDATE OF customer, environment, status, severity, attributes ON alerts WHEN ${SQLITE_CHANGED}
        BEGIN ${sqliteApply(counts, 'OLD', -1)} ${sqliteApply(counts, 'NEW', 1)} END`,
      `INSERT INTO alert_${counts.name} (${keyOf(counts)}, n)
        SELECT j.key, ${counts.byValue ? 'j.value, ' : ''}coalesce(a.customer, ''), a.environment, a.status,
          a.severity, count(*)
        FROM alerts AS a, ${counts.sqliteEntries('a.attributes')}
        GROUP BY ${grouped}`,
    ],
  };
}

export const SQLITE_ATTRIBUTE_TALLY_MIGRATION: Migration = sqliteMigration(TALLY, 15, 'attribute tally');
export const SQLITE_ATTRIBUTE_LEFT_OUT_MIGRATION: Migration = sqliteMigration(
  LEFT_OUT,
  20,
  'attribute values left out of the tally',
);

/**
 * Adds the signed rows of `source` (a relation with attributes, customer, environment, status, severity and sign) to
 * the table, in key order so that concurrent writers lock its rows in the same order.
 */
function postgresApply(counts: AttributeCounts, source: string): string {
  const grouped = counts.byValue ? '1, 2, 3, 4, 5, 6' : '1, 2, 3, 4, 5';
  return `INSERT INTO alert_${counts.name} AS t (${keyOf(counts)}, n)
    SELECT a.key, ${counts.byValue ? 'a.value, ' : ''}coalesce(r.customer, ''), r.environment, r.status, r.severity,
      sum(r.sign)
    FROM ${source} AS r,
      jsonb_each_text(CASE WHEN jsonb_typeof(r.attributes) = 'object' THEN r.attributes ELSE '{}' END) AS a
    WHERE ${counts.postgresEntries}
    GROUP BY ${grouped} ORDER BY ${grouped}
    ON CONFLICT (${keyOf(counts)}) DO UPDATE SET n = t.n + excluded.n`;
}

const ROW_COLUMNS = 'attributes, customer, environment, status, severity';

const PAIRS = 'old_alerts AS o JOIN new_alerts AS n ON n.id = o.id';

const POSTGRES_CHANGED = `o.customer IS DISTINCT FROM n.customer OR o.environment <> n.environment
  OR o.status <> n.status OR o.severity <> n.severity OR o.attributes <> n.attributes`;

function postgresMigration(counts: AttributeCounts, version: number, name: string): Migration {
  const trigger = `alerts_${counts.name}`;
  const value = counts.byValue ? 'value text NOT NULL, ' : '';
  return {
    version,
    name,
    statements: [
      `CREATE TABLE alert_${counts.name} (
        key text NOT NULL, ${value}customer text NOT NULL, environment text NOT NULL, status text NOT NULL,
        severity text NOT NULL, n bigint NOT NULL,
        PRIMARY KEY (${keyOf(counts)})
      )`,
      `CREATE FUNCTION ${trigger}_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${postgresApply(counts, `(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM inserted_alerts)`)};
         RETURN NULL;
       END $$`,
      `CREATE FUNCTION ${trigger}_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${postgresApply(counts, `(SELECT ${ROW_COLUMNS}, -1::bigint AS sign FROM deleted_alerts)`)};
         RETURN NULL;
       END $$`,
      // Once per statement, like the other update triggers (statement-triggers.ts): a batch of duplicates changes
      // none of these columns and finds nothing to add.
      `CREATE FUNCTION ${trigger}_updated() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${postgresApply(
           counts,
           `(SELECT o.attributes, o.customer, o.environment, o.status, o.severity, -1::bigint AS sign
           FROM ${PAIRS} WHERE ${POSTGRES_CHANGED}
           UNION ALL SELECT n.attributes, n.customer, n.environment, n.status, n.severity, 1::bigint
           FROM ${PAIRS} WHERE ${POSTGRES_CHANGED})`,
         )};
         RETURN NULL;
       END $$`,
      `CREATE TRIGGER ${trigger}_insert AFTER INSERT ON alerts REFERENCING NEW TABLE AS inserted_alerts
       FOR EACH STATEMENT EXECUTE FUNCTION ${trigger}_inserted()`,
      `CREATE TRIGGER ${trigger}_delete AFTER DELETE ON alerts REFERENCING OLD TABLE AS deleted_alerts
       FOR EACH STATEMENT EXECUTE FUNCTION ${trigger}_deleted()`,
      `CREATE TRIGGER ${trigger}_update AFTER UPDATE ON alerts
       REFERENCING OLD TABLE AS old_alerts NEW TABLE AS new_alerts
       FOR EACH STATEMENT EXECUTE FUNCTION ${trigger}_updated()`,
      // The backfill is the insert function's work over every stored alert.
      postgresApply(counts, `(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM alerts)`),
    ],
  };
}

export const POSTGRES_ATTRIBUTE_TALLY_MIGRATION: Migration = postgresMigration(TALLY, 18, 'attribute tally');
export const POSTGRES_ATTRIBUTE_LEFT_OUT_MIGRATION: Migration = postgresMigration(
  LEFT_OUT,
  22,
  'attribute values left out of the tally',
);

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
type AttributeTables = {
  alert_attribute_tally: {
    key: string;
    value: string;
    customer: string;
    environment: string;
    status: string;
    severity: string;
    n: number | string;
  };
};

const ATTRIBUTE_TALLY_FIELDS: ReadonlySet<string> = new Set(['status', 'severity', 'environment', 'customer']);

/** The one exact attribute filter of a query, when the tally holds what it compares, and the query's other filters. */
function oneAttribute(
  engine: EngineSql,
  query: AlertQuery,
): { key: string; value: string; rest: AlertQuery } | undefined {
  const attributes = query.filters.filter((f) => f.field.startsWith('attributes.'));
  const [filter] = attributes;
  if (attributes.length !== 1 || filter === undefined || filter.negate || filter.values.length !== 1) return undefined;
  const [value] = filter.values;
  const key = filter.field.slice('attributes.'.length);
  if (value === undefined || value.startsWith('~') || value.length > INDEXED_LENGTH) return undefined;
  // SQLite: what the side table holds too; PostgreSQL: text it can compare (no NUL, no lone surrogate).
  if (engine.name === 'sqlite' ? !sqliteIndexed(key, value) : notJsonb(key) || notJsonb(value)) return undefined;
  return { key, value, rest: { ...query, filters: query.filters.filter((f) => f !== filter) } };
}

/**
 * GET /alerts/count and the total of GET /alerts for one exact attribute filter, with filters on status, severity,
 * environment and customer only (and the caller's customers); undefined when the tally cannot answer exactly.
 */
export async function countFromAttributeTally(
  db: Kysely<Database>,
  engine: EngineSql,
  query: AlertQuery,
): Promise<AlertCounts | undefined> {
  const attribute = oneAttribute(engine, query);
  if (attribute === undefined) return undefined;
  const filters = tallyFilters(attribute.rest, ATTRIBUTE_TALLY_FIELDS, { allowToDate: true });
  if (filters === undefined) return undefined;
  const rows = await db
    .withTables<AttributeTables>()
    .selectFrom('alert_attribute_tally')
    .select(['status', 'severity', sql<number | string>`sum(n)`.as('total')])
    .where('key', '=', attribute.key)
    .where('value', '=', attribute.value)
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
            .select(['status', 'severity', 'environment', 'customer', engine.attributeText(attribute.key).as('v')])
            .where('last_receive_time', '>', toDate)
            .execute(),
    (alert) => alert.v === attribute.value && matchesFilters(filters, alert),
  );
}

/** Housekeeping: drops the rows that count nothing any more. */
export async function pruneAttributeTally(database: Kysely<Database>): Promise<void> {
  await database.withTables<AttributeTables>().deleteFrom('alert_attribute_tally').where('n', '=', 0).execute();
  await sql`delete from alert_attribute_left_out where n = 0`.execute(database);
}
