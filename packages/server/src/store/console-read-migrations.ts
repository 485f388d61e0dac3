import type { Migration } from './migrations.js';

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
