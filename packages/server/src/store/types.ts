import type { ChangeLogRepository } from './change-log-types.js';
import type {
  AlertQuery,
  AlertRecord,
  BlackoutRecord,
  HistoryRecord,
  IngestKey,
  MonitorQuery,
  UserRecord,
} from './records.js';
import type { AlertChangeRepository, HousekeepingRepository } from './change-types.js';
import type { IngestBatchTransaction } from './ingest-types.js';
import type { AlarmModelName } from './severity-order.js';
import type {
  ApiKeyRepository,
  CustomerRecord,
  GroupRepository,
  MatchRepository,
  PermissionRecord,
  SamlSignInRepository,
  UserAdministration,
} from './identity-types.js';
import type { ThrottleCountRepository } from './throttle-types.js';

export type {
  AlertQuery,
  AlertRecord,
  BlackoutRecord,
  FieldFilter,
  HistoryRecord,
  IngestKey,
  MonitorQuery,
  SortKey,
  UserRecord,
} from './records.js';

export interface AlertWithHistory {
  alert: AlertRecord;
  /** Oldest first. */
  history: HistoryRecord[];
}

/** The match found for an incoming alert (docs/api/ingest.md#matching). */
export interface IngestMatch {
  kind: 'duplicate' | 'correlate';
  alert: AlertRecord;
  /** Statuses of the most recent history entries, newest first (docs/api/ingest.md#transition-inputs). */
  recentStatuses: string[];
  /** Value of the most recent history entry (docs/api/ingest.md#history, value-change entries). */
  lastHistoryValue: string | null;
}

/** Operations that run inside one ingest transaction. */
export interface IngestTransaction {
  findMatch(key: IngestKey): Promise<IngestMatch | undefined>;
  insert(alert: AlertRecord, history: HistoryRecord): Promise<void>;
  /** Replaces the stored row and appends the entry, keeping only the newest `historyLimit` entries. */
  update(alert: AlertRecord, history: HistoryRecord | undefined, historyLimit: number): Promise<void>;
  /** The alert's history, oldest first. */
  history(alertId: string): Promise<HistoryRecord[]>;
}

export interface AlertCounts {
  total: number;
  statusCounts: Record<string, number>;
  severityCounts: Record<string, number>;
}

export interface AlertRepository {
  /** Runs `work` in one transaction; a unique-index race surfaces as UniqueViolation so the caller can retry. */
  ingest<T>(work: (tx: IngestTransaction) => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction; any error rolls back everything it wrote. */
  ingestBatch<T>(work: (tx: IngestBatchTransaction) => Promise<T>): Promise<T>;
  /** `customers` as in AlertQuery: another customer's alert is not found. */
  get(idPrefix: string, customers?: readonly string[]): Promise<AlertWithHistory | undefined>;
  /** One page of matching alerts; history only when asked for. */
  /** `expected` is how many alerts match, when the caller has counted them already; it only guides the plan. */
  list(
    query: AlertQuery,
    page: { offset: number; limit: number; withHistory: boolean; expected?: number },
  ): Promise<AlertWithHistory[]>;
  /**
   * The ids of every matching alert, in the query's order (a CSV export's list, read once); `expected` as for `list`.
   */
  orderedIds(query: AlertQuery, expected?: number): Promise<string[]>;
  /**
   * The alerts of these whole ids, in the order given, without history; an id no longer there, or of a customer not
   * in `customers` (as in AlertQuery), is left out.
   */
  byIds(ids: readonly string[], customers?: readonly string[]): Promise<AlertRecord[]>;
  count(query: AlertQuery): Promise<AlertCounts>;
  /** The counts of `count` and the page of `list` together, as GET /alerts answers them. */
  countAndList(
    query: AlertQuery,
    page: { offset: number; limit: number; withHistory: boolean },
  ): Promise<{ counts: AlertCounts; alerts: AlertWithHistory[] }>;
}

/** A history entry with the fields of its alert (docs/api/alerts.md GET /alerts/history, RichHistory). */
export interface RichHistoryRecord extends HistoryRecord {
  resource: string;
  environment: string;
  service: string[];
  group: string;
  tags: string[];
  attributes: Record<string, unknown>;
  origin: string;
  customer: string | null;
}

/** One row of a top-N list (docs/api/alerts.md GET /alerts/top10/*); every alert counts once. */
export interface TopGroup {
  value: string;
  count: number;
  duplicateCount: number;
  environments: string[];
  services: string[];
  resources: { id: string; resource: string }[];
}

export type TopKind = 'count' | 'flapping' | 'standing';

export interface CountsBy<K extends string> {
  key: Record<K, string>;
  counts: AlertCounts;
}

export type GroupSort = 'severity' | 'count' | 'name';

/** What GET /alerts/grouped asks of the store (docs/api/alerts.md#get-alertsgrouped). */
export interface GroupedOptions {
  /** One or two fields that `groupSource` (fields.ts) reads: the top level, then the sub-groups. */
  groupBy: readonly string[];
  sort: GroupSort;
  /** Severity name → rank, lower is more severe; a severity not named ranks after every one that is. */
  severityRank: Readonly<Record<string, number>>;
  /** The page of top groups; with `parent`, the page of that group's sub-groups. */
  offset: number;
  limit: number;
  /** How many sub-groups each top group of the page carries (two levels, without `parent`). */
  subLimit: number;
  /** Two levels: only this top group, its key or null for the group of alerts without a value. */
  parent?: { key: string | null };
}

/** One group: its alerts counted by severity and status; `key` null for the alerts without a value. */
export interface AlertGroupCounts {
  key: string | null;
  count: number;
  severityCounts: Record<string, number>;
  statusCounts: Record<string, number>;
  worstSeverity: string;
  lastReceiveTime: string;
}

export interface AlertGroup extends AlertGroupCounts {
  /** Two levels: the page of sub-groups, and how many there are in all. */
  subgroups?: AlertGroupCounts[];
  subgroupTotal?: number;
}

export interface GroupedAlerts {
  /** How many top groups there are (with `parent`, 1 or 0). */
  total: number;
  groups: AlertGroup[];
}

/** The values of one field among the matching alerts (docs/api/alerts.md#get-alertsfacets). */
export interface AlertFacet {
  /** The most common values, by count then value. */
  values: { value: string; count: number }[];
  /** How many more distinct values there are. */
  more: number;
  /** How many alerts have no value. */
  none: number;
}

/** Aggregates over the alerts a query matches (docs/api/alerts.md, the aggregate endpoints). */
export interface AlertAggregates {
  /** History entries of the matching alerts, newest first. */
  history(query: AlertQuery, page: { offset: number; limit: number }): Promise<RichHistoryRecord[]>;
  /** `groupBy` is an API field name from `TOP_GROUP_FIELDS`. */
  top(query: AlertQuery, options: { kind: TopKind; groupBy: string; limit: number }): Promise<TopGroup[]>;
  /** Every environment that has alerts, with the counts of those the query matches. */
  environments(query: AlertQuery): Promise<CountsBy<'environment'>[]>;
  /** Every (environment, service) pair, with the counts of the alerts the query matches. */
  services(query: AlertQuery): Promise<CountsBy<'environment' | 'service'>[]>;
  groups(query: AlertQuery): Promise<{ environment: string; group: string; count: number }[]>;
  tags(query: AlertQuery): Promise<{ environment: string; tag: string; count: number }[]>;
  /** The matching alerts counted in groups by one or two fields, a page of groups at a time. */
  grouped(query: AlertQuery, options: GroupedOptions): Promise<GroupedAlerts>;
  /** How many matching alerts there are, and the most common values of each field (GROUP_FIELDS). */
  facets(
    query: AlertQuery,
    options: { fields: readonly string[]; limit: number },
  ): Promise<{ total: number; facets: Record<string, AlertFacet> }>;
}

export interface UserRepository extends UserAdministration {
  count(): Promise<number>;
  create(user: UserRecord): Promise<void>;
  /** Case-insensitive match on login or email. */
  findByLoginOrEmail(name: string): Promise<UserRecord | undefined>;
  recordLogin(id: string, when: string): Promise<void>;
  /** Remembers the digest of the one mail token (confirm or reset) that may be used next; null forgets it. */
  setEmailToken(id: string, digest: string | null): Promise<void>;
  /**
   * Uses the mail token once: applies the changes only while the stored digest still matches, and forgets it.
   * False when it did not match (used, replaced or never issued).
   */
  consumeEmailToken(id: string, digest: string, changes: EmailTokenChanges): Promise<boolean>;
  /**
   * Calls the listener with the id of every user this repository creates, changes or deletes, so what is remembered
   * about that user elsewhere in the process can be dropped. Returns the function that stops the calls.
   */
  onChange(listener: (id: string) => void): () => void;
}

export interface EmailTokenChanges {
  password?: string;
  emailVerified?: boolean;
  updateTime: string;
}

export interface Store {
  readonly engine: 'sqlite' | 'postgres';
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Keeps the indexes the alarm model's sorting reads and drops those of other models; call after migrate(). */
  useAlarmModel(model: AlarmModelName): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly alerts: AlertRepository;
  readonly aggregates: AlertAggregates;
  readonly users: UserRepository;
  readonly alertChanges: AlertChangeRepository;
  readonly housekeeping: HousekeepingRepository;
  readonly heartbeats: HeartbeatRepository;
  readonly blackouts: BlackoutRepository;
  readonly keys: ApiKeyRepository;
  readonly groups: GroupRepository;
  readonly perms: MatchRepository<PermissionRecord>;
  readonly customers: MatchRepository<CustomerRecord>;
  readonly samlSignIns: SamlSignInRepository;
  /** The counts behind the sign-in limits (README.md#sign-in-limits). */
  readonly throttleCounts: ThrottleCountRepository;
  /** What changed, for the live stream (docs/api/stream.md#across-processes). */
  readonly changeLog: ChangeLogRepository;
}

/** Raised when a unique index rejects a write (for example two senders creating the same alert at once). */
export class UniqueViolation extends Error {
  override name = 'UniqueViolation';
}

/** A heartbeat as stored (docs/api/heartbeats.md#status), without the values computed on read. */
export interface HeartbeatRecord {
  id: string;
  origin: string;
  tags: string[];
  attributes: Record<string, unknown>;
  type: string;
  createTime: string;
  timeout: number;
  receiveTime: string;
  customer: string | null;
}

export interface HeartbeatRepository {
  /** Inserts, or replaces the heartbeat of the same origin and customer keeping its id; returns what is stored. */
  upsert(heartbeat: HeartbeatRecord): Promise<HeartbeatRecord>;
  get(idPrefix: string): Promise<HeartbeatRecord | undefined>;
  list(query: MonitorQuery, maxLatency: number, page: { offset: number; limit: number }): Promise<HeartbeatRecord[]>;
  count(query: MonitorQuery, maxLatency: number): Promise<number>;
  delete(idPrefix: string): Promise<boolean>;
  /** The origin of one heartbeat last received more than `factor` × its timeout before `now`, if any. */
  findStale(now: string, factor: number): Promise<string | undefined>;
}

export interface BlackoutRepository {
  create(blackout: BlackoutRecord): Promise<void>;
  get(idPrefix: string): Promise<BlackoutRecord | undefined>;
  update(blackout: BlackoutRecord): Promise<void>;
  delete(idPrefix: string): Promise<boolean>;
  list(query: MonitorQuery, page: { offset: number; limit: number }): Promise<BlackoutRecord[]>;
  count(query: MonitorQuery): Promise<number>;
  /** Blackouts of the environment whose window contains `at` (start ≤ at < end). */
  coveringTime(environment: string, at: string): Promise<BlackoutRecord[]>;
  /** Blackouts of any of the environments whose window overlaps from … to (start ≤ to and end > from). */
  overlapping(environments: readonly string[], from: string, to: string): Promise<BlackoutRecord[]>;
}
