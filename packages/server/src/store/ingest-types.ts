import type { AlertRecord, BlackoutRecord, HistoryRecord, IngestKey } from './records.js';

/** A history entry as stored, with its insertion order (`seq`), which breaks ties between equal update times. */
export interface StoredHistoryEntry {
  seq: number | string;
  entry: HistoryRecord;
}

/**
 * A stored alert an incoming alert of a batch may match (docs/api/ingest.md#matching), with its whole history oldest
 * first.
 */
export interface IngestCandidate {
  alert: AlertRecord;
  history: StoredHistoryEntry[];
}

/** What one ingest batch writes; each alert appears once, with its state after the batch's last alert. */
export interface IngestBatchWrite {
  inserts: AlertRecord[];
  /** Stored alerts that changed: as read, and as they are to be written. */
  updates: { stored: AlertRecord; alert: AlertRecord }[];
  /** New history entries, in the order the batch's alerts made them. */
  history: { alertId: string; entry: HistoryRecord }[];
  /** Stored history entries pushed out by HISTORY_LIMIT (docs/api/ingest.md#history). */
  dropped: (number | string)[];
}

/**
 * The blackouts a batch's blackout step needs (docs/api/blackouts.md): those of these environments overlapping these
 * times.
 */
export interface BlackoutWindow {
  environments: readonly string[];
  /** The earliest and latest creation time of the alerts screened. */
  from: string;
  to: string;
}

/** What a batch reads before it is planned. */
export interface IngestBatchRead {
  candidates: IngestCandidate[];
  blackouts: BlackoutRecord[];
}

/** Operations of one transaction that stores a whole batch of incoming alerts. */
export interface IngestBatchTransaction {
  /**
   * Stored alerts that any of the keys could match or correlate with, ordered by id (on PostgreSQL they stay locked
   * until the transaction ends), and the blackouts of the window, none without one.
   */
  read(keys: readonly IngestKey[], window: BlackoutWindow | undefined): Promise<IngestBatchRead>;
  write(changes: IngestBatchWrite): Promise<void>;
}
