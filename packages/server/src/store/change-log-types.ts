/** The change log's entries and reader, as the live stream sees them (store/change-log.ts, docs/api/stream.md). */

export type ChangeKind = 'alert' | 'heartbeat' | 'blackout';

/** One entry of the change log. */
export interface ChangeEntry {
  seq: number;
  kind: ChangeKind;
  op: 'created' | 'changed' | 'deleted';
  id: string;
  customer: string | null;
  environment: string | null;
  severity: string | null;
  status: string | null;
  lastReceiveTime: string | null;
  updateTime: string | null;
  repeat: boolean;
}

/** Told when the log may have new entries, and (PostgreSQL) whether notifications are arriving at all. */
export interface ChangeWakeListener {
  wake(): void;
  /** false while the listening connection is down (read on a timer then); true once it listens again. */
  listening(up: boolean): void;
}

export interface ChangeLogRepository {
  /** Entries with a sequence number above `after`, in order, at most `limit`. */
  after(after: number, limit: number): Promise<ChangeEntry[]>;
  /** The highest sequence number of an entry stored more than `ageMs` ago by the database's clock, if any. */
  lastOlderThan(ageMs: number): Promise<number | undefined>;
  /** How many entries with a sequence number above `after` have committed. */
  countAfter(after: number): Promise<number>;
  /** The lowest and highest sequence numbers stored, if any. */
  bounds(): Promise<{ min: number; max: number } | undefined>;
  /** The highest sequence number handed out so far, committed or not (0 when none was). */
  allocated(): Promise<number>;
  /** Drops entries stored before `before` (ISO time); the number dropped. */
  prune(before: string): Promise<number>;
  /**
   * Starts listening for new entries: on SQLite the triggers' own calls, on PostgreSQL a connection of its own that
   * LISTENs and reconnects with backoff when it drops. Returns the function that stops.
   */
  listen(listener: ChangeWakeListener): () => Promise<void>;
}
