import type { Migration } from './migrate.js';
import {
  POSTGRES_CONSOLE_READ_MIGRATION,
  SQLITE_CONSOLE_READ_MIGRATION,
  SQLITE_TOP_READ_MIGRATION,
  POSTGRES_TOP_READ_MIGRATION,
} from './console-read-migrations.js';
import {
  POSTGRES_ATTRIBUTE_LEFT_OUT_MIGRATION,
  POSTGRES_ATTRIBUTE_TALLY_MIGRATION,
  SQLITE_ATTRIBUTE_LEFT_OUT_MIGRATION,
  SQLITE_ATTRIBUTE_TALLY_MIGRATION,
} from './attribute-tally.js';
import { POSTGRES_FACET_TALLY_MIGRATION, SQLITE_FACET_TALLY_MIGRATION } from './facet-tally.js';
import { POSTGRES_GROUP_TALLY_MIGRATION, SQLITE_GROUP_TALLY_MIGRATION } from './group-tally.js';
import { POSTGRES_READ_PATH_MIGRATION, SQLITE_READ_PATH_MIGRATION } from './read-path-migrations.js';
import { POSTGRES_IDENTITY_MIGRATION, SQLITE_IDENTITY_MIGRATION } from './identity-migrations.js';
import {
  INDEX_CLEANUP_MIGRATION,
  POSTGRES_CORRELATING_MIGRATION,
  POSTGRES_SEARCH_MIGRATION,
  SQLITE_CORRELATING_MIGRATION,
  SQLITE_SEARCH_MIGRATION,
  SQLITE_TEXT_SCAN_MIGRATION,
} from './search-migrations.js';
import {
  POSTGRES_LOWER_TEXT_MIGRATION,
  POSTGRES_LOWER_TEXT_ONLY_MIGRATION,
  POSTGRES_SEARCH_TABLE_MIGRATION,
} from './search-table.js';
import { POSTGRES_STATEMENT_TRIGGERS_MIGRATION } from './statement-triggers.js';
import {
  POSTGRES_CHANGE_LOG_MIGRATION,
  SQLITE_CHANGE_LOG_MIGRATION,
  SQLITE_CHANGE_LOG_TRIGGERS_MIGRATION,
} from './change-log.js';
import { POSTGRES_TALLY_MIGRATION, SQLITE_TALLY_MIGRATION } from './tally-migrations.js';
import { POSTGRES_THROTTLE_MIGRATION, SQLITE_THROTTLE_MIGRATION } from './throttle-counts.js';

// One row per environment+resource+event+customer (docs/api/ingest.md#matching); COALESCE makes a NULL customer compare
// equal.
const IDENTITY_INDEX =
  "CREATE UNIQUE INDEX alerts_identity ON alerts (environment, resource, event, (COALESCE(customer, '')))";

// docs/api/heartbeats.md#status: one heartbeat per origin+customer (upsert key).
const HEARTBEAT_IDENTITY_INDEX =
  "CREATE UNIQUE INDEX heartbeats_identity ON heartbeats (origin, (COALESCE(customer, '')))";
// Blackout matching on ingest looks only at the alert's environment and windows not yet over (docs/api/blackouts.md).
const BLACKOUT_WINDOW_INDEX = 'CREATE INDEX blackouts_environment_end ON blackouts (environment, end_time)';

// SAML sign-ins already answered, so every process sharing the database refuses a response posted again; rows whose
// keeping time has passed are dropped by index.
const SAML_SIGN_INS = 'saml sign-ins';
const SAML_SIGN_INS_INDEX = 'CREATE INDEX saml_sign_ins_expires_at ON saml_sign_ins (expires_at)';

// The versioned schema changes, one list per engine.
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'alerts, history and users',
    statements: [
      `CREATE TABLE alerts (
        id text PRIMARY KEY,
        resource text NOT NULL,
        event text NOT NULL,
        environment text NOT NULL,
        severity text NOT NULL,
        correlate text[] NOT NULL DEFAULT '{}',
        status text NOT NULL,
        service text[] NOT NULL DEFAULT '{}',
        "group" text NOT NULL,
        value text,
        text text NOT NULL DEFAULT '',
        tags text[] NOT NULL DEFAULT '{}',
        attributes jsonb NOT NULL DEFAULT '{}',
        origin text NOT NULL,
        type text NOT NULL,
        create_time timestamptz NOT NULL,
        timeout integer NOT NULL,
        raw_data text,
        customer text,
        duplicate_count integer NOT NULL DEFAULT 0,
        repeat boolean NOT NULL DEFAULT false,
        previous_severity text NOT NULL,
        trend_indication text NOT NULL,
        receive_time timestamptz NOT NULL,
        last_receive_id text NOT NULL,
        last_receive_time timestamptz NOT NULL,
        update_time timestamptz
      )`,
      IDENTITY_INDEX,
      'CREATE INDEX alerts_environment_resource ON alerts (environment, resource)',
      'CREATE INDEX alerts_last_receive_time ON alerts (last_receive_time)',
      'CREATE INDEX alerts_last_receive_id ON alerts (last_receive_id)',
      'CREATE INDEX alerts_status_severity ON alerts (status, severity)',
      `CREATE TABLE history (
        seq bigserial PRIMARY KEY,
        alert_id text NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
        id text NOT NULL,
        event text NOT NULL,
        severity text,
        status text,
        value text,
        text text,
        type text NOT NULL,
        update_time timestamptz NOT NULL,
        "user" text,
        timeout integer
      )`,
      'CREATE INDEX history_alert_time ON history (alert_id, update_time)',
      `CREATE TABLE users (
        id text PRIMARY KEY,
        name text NOT NULL,
        login text NOT NULL,
        email text,
        password text NOT NULL,
        status text NOT NULL DEFAULT 'active',
        roles text[] NOT NULL DEFAULT '{}',
        attributes jsonb NOT NULL DEFAULT '{}',
        create_time timestamptz NOT NULL,
        last_login timestamptz,
        text text NOT NULL DEFAULT '',
        update_time timestamptz,
        email_verified boolean NOT NULL DEFAULT false,
        hash text
      )`,
      'CREATE UNIQUE INDEX users_login ON users (lower(login))',
      'CREATE UNIQUE INDEX users_email ON users (lower(email))',
    ],
  },
  {
    version: 2,
    name: 'notes',
    statements: [
      `CREATE TABLE notes (
        id text PRIMARY KEY,
        alert_id text NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
        text text NOT NULL,
        "user" text,
        attributes jsonb NOT NULL DEFAULT '{}',
        type text NOT NULL,
        create_time timestamptz NOT NULL,
        update_time timestamptz,
        customer text
      )`,
      'CREATE INDEX notes_alert_time ON notes (alert_id, create_time)',
      // Housekeeping looks up the latest ack or shelve entry of an alert.
      'CREATE INDEX history_alert_type ON history (alert_id, type, update_time)',
    ],
  },
  {
    version: 3,
    name: 'heartbeats and blackouts',
    statements: [
      `CREATE TABLE heartbeats (
        id text PRIMARY KEY,
        origin text NOT NULL,
        tags text[] NOT NULL DEFAULT '{}',
        attributes jsonb NOT NULL DEFAULT '{}',
        type text NOT NULL,
        create_time timestamptz NOT NULL,
        timeout integer NOT NULL,
        receive_time timestamptz NOT NULL,
        latency integer NOT NULL,
        expire_time timestamptz NOT NULL,
        customer text
      )`,
      HEARTBEAT_IDENTITY_INDEX,
      `CREATE TABLE blackouts (
        id text PRIMARY KEY,
        priority integer NOT NULL,
        environment text NOT NULL,
        service text[] NOT NULL DEFAULT '{}',
        resource text,
        event text,
        "group" text,
        tags text[] NOT NULL DEFAULT '{}',
        origin text,
        customer text,
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        duration integer NOT NULL,
        "user" text,
        create_time timestamptz NOT NULL,
        text text NOT NULL DEFAULT ''
      )`,
      BLACKOUT_WINDOW_INDEX,
    ],
  },
  POSTGRES_SEARCH_MIGRATION,
  POSTGRES_TALLY_MIGRATION,
  POSTGRES_IDENTITY_MIGRATION,
  POSTGRES_SEARCH_TABLE_MIGRATION,
  INDEX_CLEANUP_MIGRATION,
  POSTGRES_CORRELATING_MIGRATION,
  POSTGRES_LOWER_TEXT_MIGRATION,
  POSTGRES_LOWER_TEXT_ONLY_MIGRATION,
  {
    version: 12,
    name: SAML_SIGN_INS,
    statements: [
      'CREATE TABLE saml_sign_ins (id text PRIMARY KEY, expires_at timestamptz NOT NULL)',
      SAML_SIGN_INS_INDEX,
    ],
  },
  POSTGRES_THROTTLE_MIGRATION,
  POSTGRES_READ_PATH_MIGRATION,
  POSTGRES_STATEMENT_TRIGGERS_MIGRATION,
  POSTGRES_CONSOLE_READ_MIGRATION,
  POSTGRES_TOP_READ_MIGRATION,
  POSTGRES_ATTRIBUTE_TALLY_MIGRATION,
  POSTGRES_CHANGE_LOG_MIGRATION,
  POSTGRES_FACET_TALLY_MIGRATION,
  POSTGRES_GROUP_TALLY_MIGRATION,
  POSTGRES_ATTRIBUTE_LEFT_OUT_MIGRATION,
];

// SQLite keeps dates as ISO-8601 text (sortable as written), lists and objects as JSON text, booleans as 0/1.
export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'alerts, history and users',
    statements: [
      `CREATE TABLE alerts (
        id TEXT PRIMARY KEY,
        resource TEXT NOT NULL,
        event TEXT NOT NULL,
        environment TEXT NOT NULL,
        severity TEXT NOT NULL,
        correlate TEXT NOT NULL DEFAULT '[]',
        status TEXT NOT NULL,
        service TEXT NOT NULL DEFAULT '[]',
        "group" TEXT NOT NULL,
        value TEXT,
        text TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '[]',
        attributes TEXT NOT NULL DEFAULT '{}',
        origin TEXT NOT NULL,
        type TEXT NOT NULL,
        create_time TEXT NOT NULL,
        timeout INTEGER NOT NULL,
        raw_data TEXT,
        customer TEXT,
        duplicate_count INTEGER NOT NULL DEFAULT 0,
        repeat INTEGER NOT NULL DEFAULT 0,
        previous_severity TEXT NOT NULL,
        trend_indication TEXT NOT NULL,
        receive_time TEXT NOT NULL,
        last_receive_id TEXT NOT NULL,
        last_receive_time TEXT NOT NULL,
        update_time TEXT
      )`,
      IDENTITY_INDEX,
      'CREATE INDEX alerts_environment_resource ON alerts (environment, resource)',
      'CREATE INDEX alerts_last_receive_time ON alerts (last_receive_time)',
      'CREATE INDEX alerts_last_receive_id ON alerts (last_receive_id)',
      'CREATE INDEX alerts_status_severity ON alerts (status, severity)',
      `CREATE TABLE history (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        alert_id TEXT NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        event TEXT NOT NULL,
        severity TEXT,
        status TEXT,
        value TEXT,
        text TEXT,
        type TEXT NOT NULL,
        update_time TEXT NOT NULL,
        "user" TEXT,
        timeout INTEGER
      )`,
      'CREATE INDEX history_alert_time ON history (alert_id, update_time)',
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        login TEXT NOT NULL,
        email TEXT,
        password TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active',
        roles TEXT NOT NULL DEFAULT '[]',
        attributes TEXT NOT NULL DEFAULT '{}',
        create_time TEXT NOT NULL,
        last_login TEXT,
        text TEXT NOT NULL DEFAULT '',
        update_time TEXT,
        email_verified INTEGER NOT NULL DEFAULT 0,
        hash TEXT
      )`,
      'CREATE UNIQUE INDEX users_login ON users (lower(login))',
      'CREATE UNIQUE INDEX users_email ON users (lower(email))',
    ],
  },
  {
    version: 2,
    name: 'notes',
    statements: [
      `CREATE TABLE notes (
        id TEXT PRIMARY KEY,
        alert_id TEXT NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
        text TEXT NOT NULL,
        "user" TEXT,
        attributes TEXT NOT NULL DEFAULT '{}',
        type TEXT NOT NULL,
        create_time TEXT NOT NULL,
        update_time TEXT,
        customer TEXT
      )`,
      'CREATE INDEX notes_alert_time ON notes (alert_id, create_time)',
      // Housekeeping looks up the latest ack or shelve entry of an alert.
      'CREATE INDEX history_alert_type ON history (alert_id, type, update_time)',
    ],
  },
  {
    version: 3,
    name: 'heartbeats and blackouts',
    statements: [
      `CREATE TABLE heartbeats (
        id TEXT PRIMARY KEY,
        origin TEXT NOT NULL,
        tags TEXT NOT NULL DEFAULT '[]',
        attributes TEXT NOT NULL DEFAULT '{}',
        type TEXT NOT NULL,
        create_time TEXT NOT NULL,
        timeout INTEGER NOT NULL,
        receive_time TEXT NOT NULL,
        latency INTEGER NOT NULL,
        expire_time TEXT NOT NULL,
        customer TEXT
      )`,
      HEARTBEAT_IDENTITY_INDEX,
      `CREATE TABLE blackouts (
        id TEXT PRIMARY KEY,
        priority INTEGER NOT NULL,
        environment TEXT NOT NULL,
        service TEXT NOT NULL DEFAULT '[]',
        resource TEXT,
        event TEXT,
        "group" TEXT,
        tags TEXT NOT NULL DEFAULT '[]',
        origin TEXT,
        customer TEXT,
        start_time TEXT NOT NULL,
        end_time TEXT NOT NULL,
        duration INTEGER NOT NULL,
        "user" TEXT,
        create_time TEXT NOT NULL,
        text TEXT NOT NULL DEFAULT ''
      )`,
      BLACKOUT_WINDOW_INDEX,
    ],
  },
  SQLITE_SEARCH_MIGRATION,
  SQLITE_TALLY_MIGRATION,
  SQLITE_IDENTITY_MIGRATION,
  SQLITE_TEXT_SCAN_MIGRATION,
  INDEX_CLEANUP_MIGRATION,
  SQLITE_CORRELATING_MIGRATION,
  {
    version: 10,
    name: SAML_SIGN_INS,
    statements: ['CREATE TABLE saml_sign_ins (id TEXT PRIMARY KEY, expires_at TEXT NOT NULL)', SAML_SIGN_INS_INDEX],
  },
  SQLITE_THROTTLE_MIGRATION,
  SQLITE_READ_PATH_MIGRATION,
  SQLITE_CONSOLE_READ_MIGRATION,
  SQLITE_TOP_READ_MIGRATION,
  SQLITE_ATTRIBUTE_TALLY_MIGRATION,
  SQLITE_CHANGE_LOG_MIGRATION,
  SQLITE_CHANGE_LOG_TRIGGERS_MIGRATION,
  SQLITE_FACET_TALLY_MIGRATION,
  SQLITE_GROUP_TALLY_MIGRATION,
  SQLITE_ATTRIBUTE_LEFT_OUT_MIGRATION,
];
