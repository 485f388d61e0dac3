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
 * A table of attribute counts: the tally itself (per key and value), and, from migration 22 (PostgreSQL) and 20
 * (SQLite), the count per key of the values the tally leaves out (numbers and booleans on SQLite, longer values on
 * both), by which GET /alerts/grouped knows when the tally holds every value of a key (attribute-groups.ts). The same
 * triggers keep both: migrations 20 and 22 redefine the tally's, so that a write costs the alert one trigger run, as
 * before, and a duplicate still nothing but the check that the columns read are unchanged.
 */
interface AttributeCounts {
  /** The table. */
  table: string;
  /** Whether the value is a key column. */
  byValue: boolean;
  /** SQLite: the entries `j` of the attributes `source` counted. */
  sqliteEntries: (source: string) => string;
  /** PostgreSQL: which of jsonb_each_text's entries `a` are counted. */
  postgresEntries: string;
}

const TALLY: AttributeCounts = {
  table: 'alert_attribute_tally',
  byValue: true,
  sqliteEntries: indexedEntries,
  postgresEntries: `a.value IS NOT NULL AND length(a.value) <= ${String(INDEXED_LENGTH)}`,
};

const LEFT_OUT: AttributeCounts = {
  table: 'alert_attribute_left_out',
  byValue: false,
  sqliteEntries: leftOutEntries,
  postgresEntries: `a.value IS NOT NULL AND length(a.value) > ${String(INDEXED_LENGTH)}`,
};

const keyOf = (counts: AttributeCounts): string =>
  `key, ${counts.byValue ? 'value, ' : ''}customer, environment, status, severity`;

const groupedByKey = (counts: AttributeCounts): string => (counts.byValue ? '1, 2, 3, 4, 5, 6' : '1, 2, 3, 4, 5');

/** The table, its columns typed as each engine spells them. */
function createTable(counts: AttributeCounts, types: { text: string; count: string }): string {
  const columns = ['key', ...(counts.byValue ? ['value'] : []), 'customer', 'environment', 'status', 'severity'];
  return `CREATE TABLE ${counts.table} (
    ${columns.map((column) => `${column} ${types.text} NOT NULL`).join(', ')}, n ${types.count} NOT NULL,
    PRIMARY KEY (${keyOf(counts)})
  )`;
}

const sqliteApply = (counts: AttributeCounts, row: 'NEW' | 'OLD', sign: 1 | -1): string =>
  `INSERT INTO ${counts.table} (${keyOf(counts)}, n)
    SELECT j.key, ${counts.byValue ? 'j.value, ' : ''}coalesce(${row}.customer, ''), ${row}.environment, ${row}.status,
      ${row}.severity, ${String(sign)}
    FROM ${counts.sqliteEntries(`${row}.attributes`)}
    ON CONFLICT (${keyOf(counts)}) DO UPDATE SET n = n + excluded.n;`;

const SQLITE_CHANGED = `OLD.customer IS NOT NEW.customer OR OLD.environment <> NEW.environment
  OR OLD.status <> NEW.status OR OLD.severity <> NEW.severity OR OLD.attributes IS NOT NEW.attributes`;

/** SQLite: the triggers that keep `kept`, each table in turn. */
function sqliteTriggers(kept: readonly AttributeCounts[]): string[] {
  const apply = (row: 'NEW' | 'OLD', sign: 1 | -1) => kept.map((counts) => sqliteApply(counts, row, sign)).join(' ');
  return [
    `CREATE TRIGGER alerts_attribute_tally_insert AFTER INSERT ON alerts BEGIN ${apply('NEW', 1)} END`,
    `CREATE TRIGGER alerts_attribute_tally_delete AFTER DELETE ON alerts BEGIN ${apply('OLD', -1)} END`,
    `CREATE TRIGGER alerts_attribute_tally_update
      AFTER UPDATE OF customer, environment, status, severity, attributes ON alerts WHEN ${SQLITE_CHANGED}
      BEGIN ${apply('OLD', -1)} ${apply('NEW', 1)} END`,
  ];
}

/** SQLite: the table, filled from the stored alerts. */
const sqliteTable = (counts: AttributeCounts): string[] => [
  `${createTable(counts, { text: 'TEXT', count: 'INTEGER' })} WITHOUT ROWID`,
  `INSERT INTO ${counts.table} (${keyOf(counts)}, n)
    SELECT j.key, ${counts.byValue ? 'j.value, ' : ''}coalesce(a.customer, ''), a.environment, a.status, a.severity,
      count(*)
    FROM alerts AS a, ${counts.sqliteEntries('a.attributes')}
    GROUP BY ${groupedByKey(counts)}`,
];

export const SQLITE_ATTRIBUTE_TALLY_MIGRATION: Migration = {
  version: 15,
  name: 'attribute tally',
  statements: [...sqliteTable(TALLY), ...sqliteTriggers([TALLY])],
};

export const SQLITE_ATTRIBUTE_LEFT_OUT_MIGRATION: Migration = {
  version: 20,
  name: 'attribute values left out of the tally',
  statements: [
    ...sqliteTable(LEFT_OUT),
    ...['insert', 'delete', 'update'].map((event) => `DROP TRIGGER alerts_attribute_tally_${event}`),
    ...sqliteTriggers([TALLY, LEFT_OUT]),
  ],
};

/**
 * Adds the signed rows of `source` (a relation with attributes, customer, environment, status, severity and sign) to
 * the table, in key order so that concurrent writers lock its rows in the same order.
 */
function postgresApply(counts: AttributeCounts, source: string): string {
  return `INSERT INTO ${counts.table} AS t (${keyOf(counts)}, n)
    SELECT a.key, ${counts.byValue ? 'a.value, ' : ''}coalesce(r.customer, ''), r.environment, r.status, r.severity,
      sum(r.sign)
    FROM ${source} AS r,
      jsonb_each_text(CASE WHEN jsonb_typeof(r.attributes) = 'object' THEN r.attributes ELSE '{}' END) AS a
    WHERE ${counts.postgresEntries}
    GROUP BY ${groupedByKey(counts)} ORDER BY ${groupedByKey(counts)}
    ON CONFLICT (${keyOf(counts)}) DO UPDATE SET n = t.n + excluded.n`;
}

const ROW_COLUMNS = 'attributes, customer, environment, status, severity';

const PAIRS = 'old_alerts AS o JOIN new_alerts AS n ON n.id = o.id';

const POSTGRES_CHANGED = `o.customer IS DISTINCT FROM n.customer OR o.environment <> n.environment
  OR o.status <> n.status OR o.severity <> n.severity OR o.attributes <> n.attributes`;

/** PostgreSQL: the trigger functions that keep `kept`, each table in turn; `create` is CREATE or CREATE OR REPLACE. */
function postgresFunctions(kept: readonly AttributeCounts[], create: string): string[] {
  const apply = (source: string) => kept.map((counts) => `${postgresApply(counts, source)};`).join('\n');
  const body = (source: string) => `RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${apply(source)}
       RETURN NULL;
     END $$`;
  return [
    `${create} FUNCTION alerts_attribute_tally_inserted() ${body(
      `(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM inserted_alerts)`,
    )}`,
    `${create} FUNCTION alerts_attribute_tally_deleted() ${body(
      `(SELECT ${ROW_COLUMNS}, -1::bigint AS sign FROM deleted_alerts)`,
    )}`,
    // Once per statement, like the other update triggers (statement-triggers.ts): a batch of duplicates changes none
    // of these columns and finds nothing to add.
    `${create} FUNCTION alerts_attribute_tally_updated() ${body(
      `(SELECT o.attributes, o.customer, o.environment, o.status, o.severity, -1::bigint AS sign
        FROM ${PAIRS} WHERE ${POSTGRES_CHANGED}
        UNION ALL SELECT n.attributes, n.customer, n.environment, n.status, n.severity, 1::bigint
        FROM ${PAIRS} WHERE ${POSTGRES_CHANGED})`,
    )}`,
  ];
}

/** PostgreSQL: the table, filled from the stored alerts by the insert functions' work over every one. */
const postgresTable = (counts: AttributeCounts): string[] => [
  createTable(counts, { text: 'text', count: 'bigint' }),
  postgresApply(counts, `(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM alerts)`),
];

export const POSTGRES_ATTRIBUTE_TALLY_MIGRATION: Migration = {
  version: 18,
  name: 'attribute tally',
  statements: [
    ...postgresTable(TALLY),
    ...postgresFunctions([TALLY], 'CREATE'),
    `CREATE TRIGGER alerts_attribute_tally_insert AFTER INSERT ON alerts REFERENCING NEW TABLE AS inserted_alerts
     FOR EACH STATEMENT EXECUTE FUNCTION alerts_attribute_tally_inserted()`,
    `CREATE TRIGGER alerts_attribute_tally_delete AFTER DELETE ON alerts REFERENCING OLD TABLE AS deleted_alerts
     FOR EACH STATEMENT EXECUTE FUNCTION alerts_attribute_tally_deleted()`,
    `CREATE TRIGGER alerts_attribute_tally_update AFTER UPDATE ON alerts
     REFERENCING OLD TABLE AS old_alerts NEW TABLE AS new_alerts
     FOR EACH STATEMENT EXECUTE FUNCTION alerts_attribute_tally_updated()`,
  ],
};

export const POSTGRES_ATTRIBUTE_LEFT_OUT_MIGRATION: Migration = {
  version: 22,
  name: 'attribute values left out of the tally',
  statements: [...postgresTable(LEFT_OUT), ...postgresFunctions([TALLY, LEFT_OUT], 'CREATE OR REPLACE')],
};

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
