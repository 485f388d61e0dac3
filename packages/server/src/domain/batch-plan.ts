import type { AlarmModel } from '@alerta/contract';
import type { IngestBatchWrite, IngestCandidate } from '../store/ingest-types.js';
import type { AlertRecord, HistoryRecord, IngestMatch } from '../store/types.js';
import { planCorrelate, planDuplicate, planNew } from './alert-plan.js';
import type { IngestResult, ReceivedAlert } from './ingest.js';

export interface BatchPlanSettings {
  model: AlarmModel;
  historyLimit: number;
  historyOnValueChange: boolean;
}

interface TrackedEntry {
  entry: HistoryRecord;
  /** The stored entry's seq; undefined for an entry made by this batch. */
  seq: number | string | undefined;
  /** The order in which this batch made the entry. */
  made: number;
}

/** One alert as it stands after the batch's alerts planned so far. */
interface TrackedAlert {
  alert: AlertRecord;
  /** Oldest first, in the order the history query sorts (update time, then seq). */
  history: TrackedEntry[];
  /** The alert as read from the database; undefined for an alert this batch creates. */
  stored: AlertRecord | undefined;
  changed: boolean;
}

export interface PlannedBatch {
  /** One per alert of the batch, in order: what that request answers. */
  results: IngestResult[];
  write: IngestBatchWrite;
}

/** docs/api/ingest.md#matching: matching is scoped by environment, resource and customer (equal, or both null). */
const scopeOf = (alert: Pick<AlertRecord, 'environment' | 'resource' | 'customer'>): string =>
  JSON.stringify([alert.environment, alert.resource, alert.customer ?? '']);

/** Inserts after every entry not newer, as a later seq sorts after equal update times. */
function append(history: TrackedEntry[], added: TrackedEntry): void {
  let at = history.length;
  while (at > 0 && (history[at - 1]?.entry.updateTime ?? '') > added.entry.updateTime) at -= 1;
  history.splice(at, 0, added);
}

/**
 * What findMatch reads: the matched alert and the two newest history entries (docs/api/ingest.md#transition-inputs).
 */
function matchOf(kind: IngestMatch['kind'], tracked: TrackedAlert): IngestMatch {
  const newest = tracked.history.at(-1)?.entry;
  const second = tracked.history.at(-2)?.entry;
  const recent = [newest, second].filter((entry) => entry !== undefined);
  return {
    kind,
    alert: tracked.alert,
    recentStatuses: recent.map((entry) => entry.status).filter((status) => status !== null),
    lastHistoryValue: newest?.value ?? null,
  };
}

/**
 * Plans a batch of incoming alerts against the stored alerts they may match, in order, exactly as if each had been
 * stored on its own before the next arrived: a later alert sees what earlier ones did, and each result holds the alert
 * and history as they were right after that alert. The write covers every alert once, in its final state, and
 * leaves out entries that HISTORY_LIMIT would have trimmed before the batch ends (docs/api/ingest.md#history).
 */
export function planBatch(
  settings: BatchPlanSettings,
  candidates: readonly IngestCandidate[],
  batch: readonly ReceivedAlert[],
): PlannedBatch {
  const tracked: TrackedAlert[] = [];
  const inScope = new Map<string, TrackedAlert[]>();
  const track = (alert: TrackedAlert) => {
    tracked.push(alert);
    const key = scopeOf(alert.alert);
    const list = inScope.get(key);
    if (list === undefined) inScope.set(key, [alert]);
    else list.push(alert);
  };
  for (const candidate of candidates) {
    const history = candidate.history.map(({ seq, entry }) => ({ entry, seq, made: -1 }));
    track({ alert: candidate.alert, history, stored: candidate.alert, changed: false });
  }

  const dropped: (number | string)[] = [];
  let made = 0;
  const results = batch.map(({ incoming, now, user }): IngestResult => {
    const scope = inScope.get(scopeOf(incoming)) ?? [];
    const sameEvent = scope.find((t) => t.alert.event === incoming.event);
    const found = sameEvent ?? scope.find((t) => t.alert.correlate.includes(incoming.event));
    if (found === undefined) {
      const created = planNew(settings.model, incoming, now, user);
      track({
        alert: created.alert,
        history: [{ entry: created.history, seq: undefined, made: made++ }],
        stored: undefined,
        changed: true,
      });
      return { kind: 'new', stored: { alert: created.alert, history: [created.history] } };
    }
    const kind = sameEvent !== undefined && sameEvent.alert.severity === incoming.severity ? 'duplicate' : 'correlate';
    const match = matchOf(kind, found);
    const plan =
      kind === 'duplicate'
        ? planDuplicate(settings.model, match, incoming, now, user, settings.historyOnValueChange)
        : planCorrelate(settings.model, match, incoming, now, user);
    found.alert = plan.alert;
    found.changed = true;
    // Like saveAlert: the limit is applied when an entry is added.
    if (plan.history !== undefined) {
      append(found.history, { entry: plan.history, seq: undefined, made: made++ });
      while (found.history.length > settings.historyLimit) {
        const oldest = found.history.shift();
        if (oldest?.seq !== undefined) dropped.push(oldest.seq);
      }
    }
    return { kind, stored: { alert: plan.alert, history: found.history.map((t) => t.entry) } };
  });

  const history = tracked
    .flatMap((t) => t.history.filter((h) => h.seq === undefined).map((h) => ({ alertId: t.alert.id, ...h })))
    .sort((a, b) => a.made - b.made)
    .map(({ alertId, entry }) => ({ alertId, entry }));
  // A fixed order for new rows, so two processes inserting the same alerts wait on each other instead of deadlocking.
  const inserts = tracked
    .filter((t) => t.stored === undefined)
    .map((t) => t.alert)
    .sort((a, b) => compareText(identityOf(a), identityOf(b)));
  const updates = tracked.flatMap((t) =>
    t.stored !== undefined && t.changed ? [{ stored: t.stored, alert: t.alert }] : [],
  );
  return { results, write: { inserts, updates, history, dropped } };
}

const identityOf = (alert: AlertRecord): string =>
  JSON.stringify([alert.environment, alert.resource, alert.event, alert.customer ?? '']);

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
