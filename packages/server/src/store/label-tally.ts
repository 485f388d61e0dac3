import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from './schema.js';
import { TALLY_FIELDS, tallyFilters, tallyWhere } from './tally.js';
import type { AlertQuery } from './types.js';

/**
 * Alerts per customer, environment and group, and per customer, environment and tag (one row per distinct tag of an
 * alert), kept by triggers like the other tallies (README.md#architecture): GET /alerts/groups and GET /alerts/tags
 * read a few hundred rows instead of every alert, and unpacking every alert's tag list. Only a change of an alert's
 * group, tags, environment or customer (or its creation or deletion) touches it, so duplicates and severity changes
 * cost nothing here. A missing customer is tallied as ''; rows whose count falls to zero stay, and readers skip them.
 */
const KEY = 'customer, environment, kind, label';

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
type LabelTables = {
  alert_label_tally: { customer: string; environment: string; kind: string; label: string; n: number | string };
};

const sqliteApply = (row: 'NEW' | 'OLD', sign: 1 | -1): string => {
  const c = `coalesce(${row}.customer, '')`;
  return `
    INSERT INTO alert_label_tally (${KEY}, n) VALUES (${c}, ${row}.environment, 'group', ${row}."group", ${sign})
      ON CONFLICT (${KEY}) DO UPDATE SET n = n + excluded.n;
    INSERT INTO alert_label_tally (${KEY}, n)
      SELECT DISTINCT ${c}, ${row}.environment, 'tag', t.value, ${sign}
      FROM json_each(CASE WHEN json_valid(${row}.tags) THEN ${row}.tags ELSE '[]' END) AS t WHERE t.type = 'text'
      ON CONFLICT (${KEY}) DO UPDATE SET n = n + excluded.n;`;
};

const SQLITE_CHANGED = `OLD.customer IS NOT NEW.customer OR OLD.environment <> NEW.environment
  OR OLD."group" <> NEW."group" OR OLD.tags <> NEW.tags`;

export const SQLITE_LABEL_TALLY_STATEMENTS: readonly string[] = [
  `CREATE TABLE alert_label_tally (
    customer TEXT NOT NULL, environment TEXT NOT NULL, kind TEXT NOT NULL, label TEXT NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (${KEY})
  ) WITHOUT ROWID`,
  `CREATE TRIGGER alerts_label_tally_insert AFTER INSERT ON alerts BEGIN ${sqliteApply('NEW', 1)} END`,
  `CREATE TRIGGER alerts_label_tally_delete AFTER DELETE ON alerts BEGIN ${sqliteApply('OLD', -1)} END`,
  `CREATE TRIGGER alerts_label_tally_update AFTER UPDATE OF customer, environment, "group", tags ON alerts
   WHEN ${SQLITE_CHANGED} BEGIN ${sqliteApply('OLD', -1)} ${sqliteApply('NEW', 1)} END`,
  `INSERT INTO alert_label_tally (${KEY}, n)
   SELECT coalesce(customer, ''), environment, 'group', "group", count(*) FROM alerts GROUP BY 1, 2, 3, 4`,
  `INSERT INTO alert_label_tally (${KEY}, n)
   SELECT customer, environment, 'tag', label, count(*) FROM (
     SELECT DISTINCT a.id, coalesce(a.customer, '') AS customer, a.environment, t.value AS label
     FROM alerts AS a, json_each(CASE WHEN json_valid(a.tags) THEN a.tags ELSE '[]' END) AS t WHERE t.type = 'text'
   ) GROUP BY 1, 2, 3, 4`,
];

/** Adds the signed rows of `source` (id, customer, environment, group, tags and sign) to the tally, in key order. */
const postgresApply = (source: string): string =>
  `INSERT INTO alert_label_tally AS t (${KEY}, n)
    SELECT customer, environment, kind, label, sum(sign) FROM (
      SELECT coalesce(r.customer, '') AS customer, r.environment, 'group' AS kind, r."group" AS label, r.sign
      FROM ${source} AS r
      UNION ALL
      SELECT DISTINCT ON (r.id, r.sign, l.label) coalesce(r.customer, ''), r.environment, 'tag', l.label, r.sign
      FROM ${source} AS r, unnest(r.tags) AS l(label)
    ) AS d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (${KEY}) DO UPDATE SET n = t.n + excluded.n`;

const POSTGRES_CHANGED = `OLD.customer IS DISTINCT FROM NEW.customer OR OLD.environment <> NEW.environment
  OR OLD."group" <> NEW."group" OR OLD.tags <> NEW.tags`;

const ROW_COLUMNS = 'id, customer, environment, "group", tags';

export const POSTGRES_LABEL_TALLY_STATEMENTS: readonly string[] = [
  `CREATE TABLE alert_label_tally (
    customer text NOT NULL, environment text NOT NULL, kind text NOT NULL, label text NOT NULL, n bigint NOT NULL,
    PRIMARY KEY (${KEY})
  )`,
  `CREATE FUNCTION alerts_label_tally_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${postgresApply(`(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM inserted_alerts)`)};
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION alerts_label_tally_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${postgresApply(`(SELECT ${ROW_COLUMNS}, -1::bigint AS sign FROM deleted_alerts)`)};
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION alerts_label_tally_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${postgresApply(`(SELECT OLD.id, OLD.customer, OLD.environment, OLD."group", OLD.tags, -1::bigint AS sign
       UNION ALL SELECT NEW.id, NEW.customer, NEW.environment, NEW."group", NEW.tags, 1::bigint)`)};
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER alerts_label_tally_insert AFTER INSERT ON alerts REFERENCING NEW TABLE AS inserted_alerts
   FOR EACH STATEMENT EXECUTE FUNCTION alerts_label_tally_inserted()`,
  `CREATE TRIGGER alerts_label_tally_delete AFTER DELETE ON alerts REFERENCING OLD TABLE AS deleted_alerts
   FOR EACH STATEMENT EXECUTE FUNCTION alerts_label_tally_deleted()`,
  `CREATE TRIGGER alerts_label_tally_update AFTER UPDATE ON alerts FOR EACH ROW WHEN (${POSTGRES_CHANGED})
   EXECUTE FUNCTION alerts_label_tally_updated()`,
  // The backfill is the insert function's work over every stored alert.
  postgresApply(`(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM alerts)`),
];

/**
 * GET /alerts/groups or GET /alerts/tags from the tally, when its filters are on tallied columns only; ordered by
 * environment and label in the database's collation, as the groups' answer is.
 */
export async function labelsFromTally(
  database: Kysely<Database>,
  query: AlertQuery,
  kind: 'group' | 'tag',
): Promise<{ environment: string; label: string; n: number }[] | undefined> {
  const filters = tallyFilters(query, TALLY_FIELDS.labels, { allowToDate: false });
  if (filters === undefined) return undefined;
  const rows = await database
    .withTables<LabelTables>()
    .selectFrom('alert_label_tally')
    .select(['environment', 'label', sql<number | string>`sum(n)`.as('total')])
    .where('kind', '=', kind)
    .where(tallyWhere(filters))
    .groupBy(['environment', 'label'])
    .having(sql<SqlBool>`sum(n) > 0`)
    .orderBy('environment')
    .orderBy('label')
    .execute();
  return rows.map((r) => ({ environment: r.environment, label: r.label, n: Number(r.total) }));
}

/** Housekeeping: drops the rows that count nothing any more. */
export async function pruneLabelTally(database: Kysely<Database>): Promise<void> {
  await database.withTables<LabelTables>().deleteFrom('alert_label_tally').where('n', '=', 0).execute();
}
