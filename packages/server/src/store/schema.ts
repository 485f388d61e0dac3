import type { ColumnType, Generated } from 'kysely';

/**
 * Table types shared by both engines. Lists, JSON, booleans and dates come back in engine-specific forms
 * (text[] / jsonb / boolean / timestamptz on PostgreSQL, JSON text / integers / ISO text on SQLite), so those columns
 * are typed loosely here and decoded by the engine's codec.
 */
type Encoded = ColumnType<unknown, unknown, unknown>;
type DateColumn = ColumnType<Date | string, string, string>;
type NullableDateColumn = ColumnType<Date | string | null, string | null, string | null>;
type BoolColumn = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface AlertsTable {
  id: string;
  resource: string;
  event: string;
  environment: string;
  severity: string;
  correlate: Encoded;
  status: string;
  service: Encoded;
  group: string;
  value: string | null;
  text: string;
  tags: Encoded;
  attributes: Encoded;
  origin: string;
  type: string;
  create_time: DateColumn;
  timeout: number;
  raw_data: string | null;
  customer: string | null;
  duplicate_count: number;
  repeat: BoolColumn;
  previous_severity: string;
  trend_indication: string;
  receive_time: DateColumn;
  last_receive_id: string;
  last_receive_time: DateColumn;
  update_time: NullableDateColumn;
}

export interface HistoryTable {
  seq: Generated<number | string>;
  alert_id: string;
  id: string;
  event: string;
  severity: string | null;
  status: string | null;
  value: string | null;
  text: string | null;
  type: string;
  update_time: DateColumn;
  user: string | null;
  timeout: number | null;
}

export interface UsersTable {
  id: string;
  name: string;
  login: string;
  email: string | null;
  password: string;
  status: string;
  roles: Encoded;
  attributes: Encoded;
  create_time: DateColumn;
  last_login: NullableDateColumn;
  text: string;
  update_time: NullableDateColumn;
  email_verified: BoolColumn;
  hash: string | null;
}

export interface NotesTable {
  id: string;
  alert_id: string;
  text: string;
  user: string | null;
  attributes: Encoded;
  type: string;
  create_time: DateColumn;
  update_time: NullableDateColumn;
  customer: string | null;
}

export interface MigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

export interface HeartbeatsTable {
  id: string;
  origin: string;
  tags: Encoded;
  attributes: Encoded;
  type: string;
  create_time: DateColumn;
  timeout: number;
  receive_time: DateColumn;
  /** Milliseconds from create_time to receive_time. */
  latency: number;
  /** The moment the heartbeat counts as expired (docs/api/heartbeats.md#status), kept so list filters stay in SQL. */
  expire_time: DateColumn;
  customer: string | null;
}

export interface BlackoutsTable {
  id: string;
  priority: number;
  environment: string;
  service: Encoded;
  resource: string | null;
  event: string | null;
  group: string | null;
  tags: Encoded;
  origin: string | null;
  customer: string | null;
  start_time: DateColumn;
  end_time: DateColumn;
  duration: number;
  user: string | null;
  create_time: DateColumn;
  text: string;
}

/** A SAML sign-in already answered (migration 12 on PostgreSQL, 10 on SQLite), keyed by its AuthnRequest ID. */
export interface SamlSignInsTable {
  id: string;
  /** When the row may go: after the sign-in itself has expired, with room for clocks that differ between processes. */
  expires_at: DateColumn;
}

/** A count behind the sign-in limits (migration 13 on PostgreSQL, 11 on SQLite), keyed by a digest. */
export interface ThrottleCountsTable {
  id: string;
  count: number;
  last_at: DateColumn;
  expires_at: DateColumn;
}

type Count = ColumnType<number | string, number, number>;

/** Running totals of the alerts (migration 5, kept by triggers); `customer` is '' for alerts without one. */
export interface AlertTallyTable {
  customer: string;
  environment: string;
  event: string;
  status: string;
  severity: string;
  n: Count;
  duplicates: Count;
}

export interface AlertServiceTallyTable {
  customer: string;
  environment: string;
  service: string;
  status: string;
  severity: string;
  n: Count;
}

export interface AlertEventServiceTallyTable {
  customer: string;
  event: string;
  environment: string;
  service: string;
  status: string;
  n: Count;
}

/** The change log the live stream reads (store/change-log.ts). */
export interface ChangeLogTable {
  seq: Generated<number | string>;
  kind: string;
  op: string;
  object_id: string;
  customer: string | null;
  environment: string | null;
  severity: string | null;
  status: string | null;
  last_receive_time: NullableDateColumn;
  update_time: NullableDateColumn;
  repeat: BoolColumn;
  at: DateColumn;
}

export interface Database {
  alerts: AlertsTable;
  change_log: ChangeLogTable;
  alert_tally: AlertTallyTable;
  alert_service_tally: AlertServiceTallyTable;
  alert_event_service_tally: AlertEventServiceTallyTable;
  history: HistoryTable;
  notes: NotesTable;
  users: UsersTable;
  migrations: MigrationsTable;
  heartbeats: HeartbeatsTable;
  blackouts: BlackoutsTable;
  saml_sign_ins: SamlSignInsTable;
  throttle_counts: ThrottleCountsTable;
}
