import type { Migration } from './migrate.js';

/**
 * Migration 5: running totals of the stored alerts, kept by triggers inside the same transactions that change the
 * alerts, so they are always exact. The console's most frequent calls (counts, environments, services, top 10 by
 * event) read a few hundred tally rows instead of counting every alert.
 *
 * - alert_tally: alerts and their duplicate counts per customer, environment, event, status and severity.
 * - alert_service_tally: alerts per customer, environment, service (one row per distinct service of an alert),
 *   status and severity.
 * - alert_event_service_tally: the same by event instead of severity, for the services of each top-10 row.
 *
 * A missing customer is tallied as ''. Rows whose count falls to zero stay until housekeeping prunes them; readers
 * ignore them.
 */
const NAME = 'alert tallies kept by triggers';

const KEYS = {
  tally: 'customer, environment, event, status, severity',
  service: 'customer, environment, service, status, severity',
  eventService: 'customer, event, environment, service, status',
};

// ---------------------------------------------------------------------------------------------------------------
// SQLite: row triggers. An update that changes none of the tallied columns (most duplicates) only moves the
// duplicate total.

const sqliteTables = [
  `CREATE TABLE alert_tally (
    customer TEXT NOT NULL, environment TEXT NOT NULL, event TEXT NOT NULL, status TEXT NOT NULL,
    severity TEXT NOT NULL, n INTEGER NOT NULL, duplicates INTEGER NOT NULL,
    PRIMARY KEY (${KEYS.tally})
  ) WITHOUT ROWID`,
  `CREATE TABLE alert_service_tally (
    customer TEXT NOT NULL, environment TEXT NOT NULL, service TEXT NOT NULL, status TEXT NOT NULL,
    severity TEXT NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (${KEYS.service})
  ) WITHOUT ROWID`,
  `CREATE TABLE alert_event_service_tally (
    customer TEXT NOT NULL, event TEXT NOT NULL, environment TEXT NOT NULL, service TEXT NOT NULL,
    status TEXT NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (${KEYS.eventService})
  ) WITHOUT ROWID`,
];

/** Statements that add (sign 1) or remove (sign -1) one alert row, `ROW` being NEW or OLD. */
function sqliteApply(row: 'NEW' | 'OLD', sign: 1 | -1): string {
  const c = `coalesce(${row}.customer, '')`;
  const n = String(sign);
  const dup = sign === 1 ? `${row}.duplicate_count` : `-${row}.duplicate_count`;
  return `
    INSERT INTO alert_tally (${KEYS.tally}, n, duplicates)
      VALUES (${c}, ${row}.environment, ${row}.event, ${row}.status, ${row}.severity, ${n}, ${dup})
      ON CONFLICT (${KEYS.tally}) DO UPDATE SET n = n + excluded.n, duplicates = duplicates + excluded.duplicates;
    INSERT INTO alert_service_tally (${KEYS.service}, n)
      SELECT DISTINCT ${c}, ${row}.environment, s.value, ${row}.status, ${row}.severity, ${n}
      FROM json_each(${row}.service) AS s WHERE s.type = 'text'
      ON CONFLICT (${KEYS.service}) DO UPDATE SET n = n + excluded.n;
    INSERT INTO alert_event_service_tally (${KEYS.eventService}, n)
      SELECT DISTINCT ${c}, ${row}.event, ${row}.environment, s.value, ${row}.status, ${n}
      FROM json_each(${row}.service) AS s WHERE s.type = 'text'
      ON CONFLICT (${KEYS.eventService}) DO UPDATE SET n = n + excluded.n;`;
}

const SQLITE_KEY_CHANGED = `OLD.customer IS NOT NEW.customer OR OLD.environment <> NEW.environment
  OR OLD.event <> NEW.event OR OLD.status <> NEW.status OR OLD.severity <> NEW.severity
  OR OLD.service <> NEW.service`;

const sqliteTriggers = [
  `CREATE TRIGGER alerts_tally_insert AFTER INSERT ON alerts BEGIN ${sqliteApply('NEW', 1)} END`,
  `CREATE TRIGGER alerts_tally_delete AFTER DELETE ON alerts BEGIN ${sqliteApply('OLD', -1)} END`,
  `CREATE TRIGGER alerts_tally_update AFTER UPDATE ON alerts WHEN ${SQLITE_KEY_CHANGED}
   BEGIN ${sqliteApply('OLD', -1)} ${sqliteApply('NEW', 1)} END`,
  `CREATE TRIGGER alerts_tally_duplicates AFTER UPDATE OF duplicate_count ON alerts
   WHEN OLD.duplicate_count <> NEW.duplicate_count AND NOT (${SQLITE_KEY_CHANGED})
   BEGIN
     UPDATE alert_tally SET duplicates = duplicates + NEW.duplicate_count - OLD.duplicate_count
     WHERE customer = coalesce(NEW.customer, '') AND environment = NEW.environment AND event = NEW.event
       AND status = NEW.status AND severity = NEW.severity;
   END`,
];

const sqliteBackfill = [
  `INSERT INTO alert_tally (${KEYS.tally}, n, duplicates)
   SELECT coalesce(customer, ''), environment, event, status, severity, count(*), sum(duplicate_count)
   FROM alerts GROUP BY 1, 2, 3, 4, 5`,
  `INSERT INTO alert_service_tally (${KEYS.service}, n)
   SELECT customer, environment, service, status, severity, count(*) FROM (
     SELECT DISTINCT a.id, coalesce(a.customer, '') AS customer, a.environment, s.value AS service, a.status,
       a.severity
     FROM alerts AS a, json_each(a.service) AS s WHERE s.type = 'text'
   ) GROUP BY 1, 2, 3, 4, 5`,
  `INSERT INTO alert_event_service_tally (${KEYS.eventService}, n)
   SELECT customer, event, environment, service, status, count(*) FROM (
     SELECT DISTINCT a.id, coalesce(a.customer, '') AS customer, a.event, a.environment, s.value AS service,
       a.status
     FROM alerts AS a, json_each(a.service) AS s WHERE s.type = 'text'
   ) GROUP BY 1, 2, 3, 4, 5`,
];

export const SQLITE_TALLY_MIGRATION: Migration = {
  version: 5,
  name: NAME,
  statements: [...sqliteTables, ...sqliteTriggers, ...sqliteBackfill],
};

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: inserts and deletes are tallied once per statement from the transition table, so a batch of new
// alerts costs one upsert per tally; updates use row triggers whose WHEN clause skips the function entirely when no
// tallied column changed. Upserts go in key order so concurrent writers lock tally rows in the same order.

const postgresTables = [
  `CREATE TABLE alert_tally (
    customer text NOT NULL, environment text NOT NULL, event text NOT NULL, status text NOT NULL,
    severity text NOT NULL, n bigint NOT NULL, duplicates bigint NOT NULL,
    PRIMARY KEY (${KEYS.tally})
  )`,
  `CREATE TABLE alert_service_tally (
    customer text NOT NULL, environment text NOT NULL, service text NOT NULL, status text NOT NULL,
    severity text NOT NULL, n bigint NOT NULL,
    PRIMARY KEY (${KEYS.service})
  )`,
  `CREATE TABLE alert_event_service_tally (
    customer text NOT NULL, event text NOT NULL, environment text NOT NULL, service text NOT NULL,
    status text NOT NULL, n bigint NOT NULL,
    PRIMARY KEY (${KEYS.eventService})
  )`,
];

/** Adds the signed rows of `source` (a relation with the alert columns plus `sign`) to the three tallies. */
export function postgresApply(source: string): string[] {
  return [
    `INSERT INTO alert_tally AS t (${KEYS.tally}, n, duplicates)
      SELECT coalesce(customer, ''), environment, event, status, severity, sum(sign), sum(sign * duplicate_count)
      FROM ${source} AS r GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (${KEYS.tally}) DO UPDATE SET n = t.n + excluded.n, duplicates = t.duplicates + excluded.duplicates`,
    `INSERT INTO alert_service_tally AS t (${KEYS.service}, n)
      SELECT customer, environment, service, status, severity, sum(sign) FROM (
        SELECT DISTINCT r.id, r.sign, coalesce(r.customer, '') AS customer, r.environment, s.service, r.status,
          r.severity
        FROM ${source} AS r, unnest(r.service) AS s(service)
      ) AS d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (${KEYS.service}) DO UPDATE SET n = t.n + excluded.n`,
    `INSERT INTO alert_event_service_tally AS t (${KEYS.eventService}, n)
      SELECT customer, event, environment, service, status, sum(sign) FROM (
        SELECT DISTINCT r.id, r.sign, coalesce(r.customer, '') AS customer, r.event, r.environment, s.service,
          r.status
        FROM ${source} AS r, unnest(r.service) AS s(service)
      ) AS d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (${KEYS.eventService}) DO UPDATE SET n = t.n + excluded.n`,
  ];
}

export const body = (statements: readonly string[]): string => statements.map((s) => `${s};`).join('\n');

const POSTGRES_KEY_CHANGED = `OLD.customer IS DISTINCT FROM NEW.customer OR OLD.environment <> NEW.environment
  OR OLD.event <> NEW.event OR OLD.status <> NEW.status OR OLD.severity <> NEW.severity
  OR OLD.service <> NEW.service`;

const ROW_COLUMNS = 'id, customer, environment, event, status, severity, service, duplicate_count';

const postgresFunctions = [
  `CREATE FUNCTION alerts_tally_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${body(postgresApply(`(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM inserted_alerts)`))}
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION alerts_tally_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${body(postgresApply(`(SELECT ${ROW_COLUMNS}, -1::bigint AS sign FROM deleted_alerts)`))}
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION alerts_tally_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${body(
       postgresApply(`(SELECT OLD.id, OLD.customer, OLD.environment, OLD.event, OLD.status, OLD.severity, OLD.service,
       OLD.duplicate_count, -1::bigint AS sign
       UNION ALL SELECT NEW.id, NEW.customer, NEW.environment, NEW.event, NEW.status, NEW.severity, NEW.service,
       NEW.duplicate_count, 1::bigint)`),
     )}
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION alerts_tally_duplicates() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE alert_tally SET duplicates = duplicates + NEW.duplicate_count - OLD.duplicate_count
     WHERE customer = coalesce(NEW.customer, '') AND environment = NEW.environment AND event = NEW.event
       AND status = NEW.status AND severity = NEW.severity;
     RETURN NULL;
   END $$`,
];

const postgresTriggers = [
  `CREATE TRIGGER alerts_tally_insert AFTER INSERT ON alerts REFERENCING NEW TABLE AS inserted_alerts
   FOR EACH STATEMENT EXECUTE FUNCTION alerts_tally_inserted()`,
  `CREATE TRIGGER alerts_tally_delete AFTER DELETE ON alerts REFERENCING OLD TABLE AS deleted_alerts
   FOR EACH STATEMENT EXECUTE FUNCTION alerts_tally_deleted()`,
  `CREATE TRIGGER alerts_tally_update AFTER UPDATE ON alerts FOR EACH ROW WHEN (${POSTGRES_KEY_CHANGED})
   EXECUTE FUNCTION alerts_tally_updated()`,
  `CREATE TRIGGER alerts_tally_duplicates AFTER UPDATE ON alerts FOR EACH ROW
   WHEN (OLD.duplicate_count <> NEW.duplicate_count AND NOT (${POSTGRES_KEY_CHANGED}))
   EXECUTE FUNCTION alerts_tally_duplicates()`,
];

export const POSTGRES_TALLY_MIGRATION: Migration = {
  version: 5,
  name: NAME,
  statements: [
    ...postgresTables,
    ...postgresFunctions,
    ...postgresTriggers,
    // The backfill is the insert function's work over every stored alert.
    ...postgresApply(`(SELECT ${ROW_COLUMNS}, 1::bigint AS sign FROM alerts)`),
  ],
};
