import type { AlertChange, StreamEvent } from '@alerta/contract';
import type { AlertsFilterParams } from '../../shared/alertsApi';

/**
 * How this tab hears of changes (docs/console/behaviour.md#live-updates): `off` without a stream in GET /config (the
 * console polls as it always did), else the stream's state.
 */
export type LiveState = 'off' | 'connecting' | 'live' | 'down';

/** The changes heard since the last batch, merged. */
export interface ChangeBatch {
  /** Something about alerts changed: the list, its counts and the indicator tiles are to be read again. */
  alerts: boolean;
  /** The alerts that changed, for the detail screens showing them. */
  alertIds: ReadonlySet<string>;
  /** The stream left some alert changes unnamed (a burst): every alert shown is read again. */
  alertsUnnamed: boolean;
  /** Alert changes as they came, for the desktop notifications. */
  alertChanges: readonly AlertChange[];
  heartbeats: boolean;
  blackouts: boolean;
  /** The stream may have missed changes: everything shown is read again. */
  resync: boolean;
}

/** docs/console/behaviour.md#live-updates: changes are handed on at most 4 times a second, in batches. */
export const BATCH_SPACING_MS = 250;
/** How long the first change waits for others arriving with it. */
export const BATCH_GATHER_MS = 50;

function emptyBatch(): ChangeBatch & { alertIds: Set<string>; alertChanges: AlertChange[] } {
  return {
    alerts: false,
    alertIds: new Set(),
    alertsUnnamed: false,
    alertChanges: [],
    heartbeats: false,
    blackouts: false,
    resync: false,
  };
}

/**
 * The console's side of the live stream within one tab: its state (for the indicator and the refresh policy), the
 * changes it heard gathered into batches, whether this tab is the one running the stream, and the alert list's
 * current filter (what desktop notifications match).
 */
export class LiveStore {
  private state: LiveState = 'off';
  private leading = false;
  private filter: AlertsFilterParams | null = null;
  private readonly stateListeners = new Set<() => void>();
  private readonly batchListeners = new Set<(batch: ChangeBatch) => void>();
  private pending: ReturnType<typeof emptyBatch> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastBatchAt = -Infinity;

  getState = (): LiveState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  setState(state: LiveState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener();
  }

  /** True in the one tab that runs the stream. */
  isLeading(): boolean {
    return this.leading;
  }

  setLeading(leading: boolean): void {
    this.leading = leading;
  }

  /** The alert list's filter as last shown in this tab; null before the list was shown. */
  getFilter(): AlertsFilterParams | null {
    return this.filter;
  }

  setFilter(filter: AlertsFilterParams): void {
    this.filter = filter;
  }

  /** Calls `listener` with every batch of changes. */
  onBatch(listener: (batch: ChangeBatch) => void): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }

  /** One event from the stream: merged into the next batch. */
  receive(event: StreamEvent): void {
    if (event.event === 'hello') return;
    const batch = (this.pending ??= emptyBatch());
    switch (event.event) {
      case 'alerts':
        if (event.data.changes.length === 0 && (event.data.omitted ?? 0) === 0) return;
        batch.alerts = true;
        batch.alertsUnnamed ||= (event.data.omitted ?? 0) > 0;
        for (const change of event.data.changes) {
          batch.alertIds.add(change.id);
          batch.alertChanges.push(change);
        }
        break;
      case 'heartbeats':
        batch.heartbeats ||= event.data.changes.length > 0;
        break;
      case 'blackouts':
        batch.blackouts ||= event.data.changes.length > 0;
        break;
      case 'resync':
        batch.resync = true;
        batch.alerts = true;
        batch.heartbeats = true;
        batch.blackouts = true;
        break;
    }
    if (this.timer === undefined) {
      const wait = Math.max(BATCH_GATHER_MS, this.lastBatchAt + BATCH_SPACING_MS - Date.now());
      this.timer = setTimeout(() => this.flush(), wait);
    }
  }

  private flush(): void {
    this.timer = undefined;
    const batch = this.pending;
    this.pending = null;
    if (batch === null) return;
    this.lastBatchAt = Date.now();
    for (const listener of [...this.batchListeners]) listener(batch);
  }

  /** Forgets what is pending (the tab stops listening). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = null;
    this.setState('off');
    this.leading = false;
  }
}
