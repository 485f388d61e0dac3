import type { Migration } from './migrate.js';
import { SEVERITY_ORDER_INDEXES } from './severity-order.js';

const NAME = 'indexes for the alert list, counts and aggregates';

/** Indexes both engines share (migration 4). */
const COMMON = [
  // The console's first page: severity code, then newest first (docs/api/alerts.md sort-by).
  ...SEVERITY_ORDER_INDEXES,
  // Counts by status and severity, limited by lastReceiveTime (to-date), read from the index alone; it replaces the
  // narrower (status, severity) index.
  'CREATE INDEX alerts_status_severity_time ON alerts (status, severity, last_receive_time)',
  'DROP INDEX alerts_status_severity',
  // /environments and /services count from the index alone; the last lists every (environment, service list).
  'CREATE INDEX alerts_status_environment ON alerts (status, environment, severity)',
  'CREATE INDEX alerts_status_environment_service ON alerts (status, environment, service, severity)',
  'CREATE INDEX alerts_environment_service ON alerts (environment, service)',
  // Top-N by event: the ranking and each row's environments and services from the index alone, then the newest
  // alerts of each group.
  'CREATE INDEX alerts_event_status ON alerts (event, status, environment, service, duplicate_count)',
  'CREATE INDEX alerts_event_time ON alerts (event, last_receive_time)',
  // GET /alerts/history: newest entries first.
  'CREATE INDEX history_time ON history (update_time, seq)',
];

export const POSTGRES_SEARCH_MIGRATION: Migration = {
  version: 4,
  name: NAME,
  statements: [
    ...COMMON,
    // Id prefix lookups (docs/api/conventions.md) with LIKE 'x%' whatever the database collation.
    'CREATE INDEX alerts_id_prefix ON alerts (id text_pattern_ops)',
    'CREATE INDEX alerts_last_receive_id_prefix ON alerts (last_receive_id text_pattern_ops)',
    // q= words search `text` with ILIKE '%word%'; a trigram index serves that. pg_trgm ships with PostgreSQL but
    // creating it may need privileges this server lacks: then the search scans the table, and nothing else changes.
    `DO $$
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX alerts_text_trigram ON alerts USING gin (text gin_trgm_ops);
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'text search without a trigram index: %', SQLERRM;
    END
    $$`,
  ],
};

export const SQLITE_SEARCH_MIGRATION: Migration = { version: 4, name: NAME, statements: COMMON };

/**
 * Migration 7 (SQLite): a `q=` word searches `text` by substring in every alert its other filters allow. This index
 * holds exactly what such a count reads (status, severity, environment, customer and the text, in the count's grouping
 * order), so SQLite scans the index instead of reading whole alert rows: about 15 times faster at 100,000 alerts.
 * PostgreSQL answers the same search from its trigram index (migration 4).
 */
export const SQLITE_TEXT_SCAN_MIGRATION: Migration = {
  version: 7,
  name: 'index for counting text searches',
  statements: ['CREATE INDEX alerts_text_scan ON alerts (status, severity, environment, customer, text)'],
};

/**
 * Migration 8: indexes the tallies (migration 5) made redundant. Every index on a column a duplicate changes
 * (receive time, last receive id, duplicate count) costs a write per duplicate, and on PostgreSQL every index costs
 * one per rewritten row. What each served is now answered elsewhere:
 * - services and environments per status: the tallies;
 * - top 10 ranking by event: the alert tally;
 * - counts by status and severity: the tallies, else `alerts_text_scan` (SQLite) or `alerts_status_environment`;
 * - matching by environment and resource on ingest: the identity index, which starts with those two columns;
 * - `last_receive_id`: SQLite's case-insensitive LIKE never used it for prefixes, PostgreSQL keeps its prefix index.
 */
const REDUNDANT_INDEXES = [
  'alerts_status_environment_service',
  'alerts_environment_service',
  'alerts_event_status',
  'alerts_environment_resource',
  'alerts_last_receive_id',
  'alerts_status_severity_time',
];

export const INDEX_CLEANUP_MIGRATION: Migration = {
  version: 8,
  name: 'drop indexes the tallies made redundant',
  statements: REDUNDANT_INDEXES.map((name) => `DROP INDEX IF EXISTS ${name}`),
};

/**
 * Migration 9: the alerts that list events to correlate with, by environment and resource. On ingest an alert matches
 * a stored one by its identity (the unique index) or by its event in the stored correlate list; without this index
 * the second question read every alert of the resource and unpacked each list. Most alerts list none, so it is small.
 */
export const SQLITE_CORRELATING_MIGRATION: Migration = {
  version: 9,
  name: 'index of the alerts that correlate',
  statements: [`CREATE INDEX alerts_correlating ON alerts (environment, resource) WHERE correlate <> '[]'`],
};

export const POSTGRES_CORRELATING_MIGRATION: Migration = {
  version: 9,
  name: 'index of the alerts that correlate',
  statements: [`CREATE INDEX alerts_correlating ON alerts (environment, resource) WHERE correlate <> '{}'`],
};
