import type { Migration } from './migrate.js';

/**
 * Migration 16 (PostgreSQL) and 13 (SQLite): indexes for the console's reads that still scanned the alerts or the
 * history at 100,000 alerts.
 *
 * The flapping and standing reports (docs/api/alerts.md) rank only the alerts with a severity history entry. A partial
 * index holds the ids of those entries alone, so finding those alerts reads a few thousand index entries instead of
 * the whole history; only severity changes write to it.
 *
 * PostgreSQL also gets the (group, status, severity) index SQLite has had since its migration 12: the count of the
 * console's group filter reads the index alone instead of every open alert.
 */
const NAME = 'severity history index, group index';

const SEVERITY_HISTORY_INDEX = "CREATE INDEX history_severity_changes ON history (alert_id) WHERE type = 'severity'";

export const POSTGRES_CONSOLE_READ_MIGRATION: Migration = {
  version: 16,
  name: NAME,
  statements: [SEVERITY_HISTORY_INDEX, 'CREATE INDEX alerts_group_status ON alerts ("group", status, severity)'],
};

export const SQLITE_CONSOLE_READ_MIGRATION: Migration = {
  version: 13,
  name: NAME,
  statements: [SEVERITY_HISTORY_INDEX],
};

/**
 * Migration 17 (PostgreSQL) and 14 (SQLite): two more indexes for the console's reads.
 *
 * The top-10 report by event reads the services of its ten events from the (event, service) tally, whose key starts
 * with the customer: without an index by event it read all the tally's rows (50,000 at 100,000 alerts) for the 2,500
 * of those ten (aggregates.ts, `top`). Tally rows change only their counts, which the index does not hold.
 *
 * SQLite also gets a narrow (id, status, severity) index: the count of an attribute value many alerts share
 * (`attributes.region=eu-west-1`) looks up each id the attribute side table gives in it, reading neither the alerts'
 * rows nor every open alert (alerts.ts, `count`).
 */
const TOP_READS = 'top-10 services index, id and status index';

const EVENT_SERVICE_TALLY_INDEX = 'CREATE INDEX alert_event_service_tally_event ON alert_event_service_tally (event)';

export const POSTGRES_TOP_READ_MIGRATION: Migration = {
  version: 17,
  name: TOP_READS,
  statements: [EVENT_SERVICE_TALLY_INDEX],
};

export const SQLITE_TOP_READ_MIGRATION: Migration = {
  version: 14,
  name: TOP_READS,
  statements: [EVENT_SERVICE_TALLY_INDEX, 'CREATE INDEX alerts_id_status_severity ON alerts (id, status, severity)'],
};
