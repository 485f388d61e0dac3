import type { AlertQuery, AlertRecord, HistoryRecord } from './records.js';

/** A note on an alert (docs/api/alerts.md Note object, without hrefs and links). */
export interface NoteRecord {
  id: string;
  alertId: string;
  text: string;
  user: string | null;
  attributes: Record<string, unknown>;
  type: string;
  createTime: string;
  updateTime: string | null;
  customer: string | null;
}

/** What an alert id prefix names (docs/api/conventions.md: updates and deletes match `id = x OR id LIKE 'x%'`). */
export type IdLookup = { kind: 'found'; id: string } | { kind: 'missing' } | { kind: 'ambiguous' };

/** One alert whose row stays locked until the surrounding transaction ends, so concurrent changes queue up. */
export interface LockedAlert {
  readonly alert: AlertRecord;
  /** Oldest first. */
  readonly history: readonly HistoryRecord[];
  /** Replaces the stored row and appends the entries, keeping only the newest `historyLimit` entries. */
  save(alert: AlertRecord, entries: readonly HistoryRecord[], historyLimit: number): Promise<void>;
  note(noteId: string): Promise<NoteRecord | undefined>;
  insertNote(note: NoteRecord): Promise<void>;
  updateNote(note: NoteRecord): Promise<void>;
  deleteNote(noteId: string): Promise<void>;
}

export type ChangeOutcome<T> = { found: true; value: T } | { found: false };

/** Changes to stored alerts outside ingest: operator actions, tags, attributes, notes, deletes. */
export interface AlertChangeRepository {
  /**
   * An exact id wins; otherwise the one alert whose id starts with the prefix. Only alerts of `customers`, if given.
   */
  resolveId(idPrefix: string, customers?: readonly string[]): Promise<IdLookup>;
  /** Runs `work` in one transaction with the alert locked; not found when the alert does not exist (any more). */
  change<T>(alertId: string, work: (locked: LockedAlert) => Promise<T>): Promise<ChangeOutcome<T>>;
  /** Ids of the alerts a query selects, for the bulk endpoints. */
  matchingIds(query: AlertQuery): Promise<string[]>;
  /** Deletes alerts (with their history and notes); returns the ids that existed. */
  delete(alertIds: readonly string[]): Promise<string[]>;
  /** The alert's notes, oldest first. */
  notes(alertId: string): Promise<NoteRecord[]>;
}

/** Alerts old enough to delete (docs/api/management.md#housekeeping steps 1 and 2). */
export interface StaleAlerts {
  statuses?: readonly string[];
  severities?: readonly string[];
  /** lastReceiveTime strictly before this moment. */
  receivedBefore: string;
}

/**
 * One housekeeping pass. On SQLite it runs inside a single transaction. On PostgreSQL each write is a short
 * transaction of its own (README.md#where-we-differ-from-the-reference-server): a pass that held every row it touched
 * until its end would take tally rows in an order no other writer shares, and deadlock with operators' actions and
 * ingest.
 */
export interface HousekeepingTransaction {
  deleteStale(which: StaleAlerts): Promise<string[]>;
  /** Alerts whose timeout (≠ 0) has run out since their last receipt, except those in `exceptStatus`. */
  timedOut(now: string, exceptStatus: string): Promise<string[]>;
  withStatus(status: string): Promise<string[]>;
  /** Runs `work` with the alert locked; not found when it no longer exists. */
  change<T>(alertId: string, work: (locked: LockedAlert) => Promise<T>): Promise<ChangeOutcome<T>>;
  /** Drops tally rows that count nothing any more (migration 5), so they do not pile up as keys come and go. */
  pruneTallies(): Promise<void>;
  /** Drops SAML sign-in claims kept until before `now`: their sign-ins have expired, so none can be answered again. */
  dropSamlSignIns(now: string): Promise<void>;
  /** Drops change-log entries stored before `before` (docs/api/stream.md#across-processes, STREAM_HISTORY). */
  dropChanges(before: string): Promise<void>;
}

export type PassOutcome<T> = { ran: true; value: T } | { ran: false };

export interface HousekeepingRepository {
  /**
   * Runs a pass. On PostgreSQL a transaction-level advisory lock, held by a transaction that does nothing else while
   * the pass writes through short transactions of their own, keeps passes of several processes apart: with `wait` false the call gives up (returns `skipped`) when another pass holds the lock, with `wait`
   * true it waits for it.
   */
  run<T>(work: (tx: HousekeepingTransaction) => Promise<T>, options: { wait: boolean }): Promise<PassOutcome<T>>;
}
