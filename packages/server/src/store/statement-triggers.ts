import type { Migration } from './migrate.js';
import { body, postgresApply } from './tally-migrations.js';

/**
 * PostgreSQL migration 15: the triggers that follow updates of alerts run once per statement instead of once per row.
 * An ingest batch rewrites its alerts with one UPDATE (store/ingest-batch.ts), and per-row triggers ran a function
 * for every duplicate (the tally's duplicate total) and for every severity change (the tallies and the text search
 * copy), each with its own statements; now one call takes all the batch's rows from the transition tables, set-based.
 * The tallies and the copy stay exactly as before (test/tally.test.ts compares them with counting the alerts).
 */
const NAME = 'alert update triggers once per statement';

const CHANGED = `o.customer IS DISTINCT FROM n.customer OR o.environment <> n.environment OR o.event <> n.event
  OR o.status <> n.status OR o.severity <> n.severity OR o.service <> n.service`;

const PAIRS = 'old_alerts AS o JOIN new_alerts AS n ON n.id = o.id';

const KEYS = 'customer, environment, event, status, severity';

const SEARCH_CHANGED = `o.status <> n.status OR o.severity <> n.severity OR o.environment <> n.environment
  OR o.customer IS DISTINCT FROM n.customer OR o.text <> n.text`;

export const POSTGRES_STATEMENT_TRIGGERS_MIGRATION: Migration = {
  version: 15,
  name: NAME,
  statements: [
    'DROP TRIGGER alerts_tally_update ON alerts',
    'DROP TRIGGER alerts_tally_duplicates ON alerts',
    'DROP TRIGGER alerts_search_update ON alerts',
    'DROP FUNCTION alerts_tally_updated()',
    'DROP FUNCTION alerts_tally_duplicates()',
    'DROP FUNCTION alerts_search_updated()',
    `CREATE FUNCTION alerts_tally_updated_rows() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${body(
         postgresApply(`(SELECT o.id, o.customer, o.environment, o.event, o.status, o.severity, o.service,
           o.duplicate_count, -1::bigint AS sign FROM ${PAIRS} WHERE ${CHANGED}
         UNION ALL SELECT n.id, n.customer, n.environment, n.event, n.status, n.severity, n.service,
           n.duplicate_count, 1::bigint FROM ${PAIRS} WHERE ${CHANGED})`),
       )}
       INSERT INTO alert_tally AS t (${KEYS}, n, duplicates)
         SELECT coalesce(n.customer, ''), n.environment, n.event, n.status, n.severity, 0,
           sum(n.duplicate_count - o.duplicate_count)
         FROM ${PAIRS} WHERE o.duplicate_count <> n.duplicate_count AND NOT (${CHANGED})
         GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
         ON CONFLICT (${KEYS}) DO UPDATE SET duplicates = t.duplicates + excluded.duplicates;
       UPDATE alert_search AS s SET status = n.status, severity = n.severity, environment = n.environment,
           customer = n.customer, text_lower = lower(n.text)
         FROM ${PAIRS} WHERE s.id = n.id AND (${SEARCH_CHANGED});
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER alerts_update_rows AFTER UPDATE ON alerts
     REFERENCING OLD TABLE AS old_alerts NEW TABLE AS new_alerts
     FOR EACH STATEMENT EXECUTE FUNCTION alerts_tally_updated_rows()`,
  ],
};
