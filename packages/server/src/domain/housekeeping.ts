import type { AlarmModel } from '@alerta/contract';
import type { HousekeepingTransaction, LockedAlert } from '../store/change-types.js';
import type { HistoryRecord } from '../store/types.js';
import { type ChangeSettings, planAction } from './alert-changes.js';

/** What a pass reads: the thresholds of docs/api/management.md#housekeeping in seconds, and the action settings. */
export interface HousekeepingSettings extends ChangeSettings {
  deleteExpiredAfter: number;
  deleteInfoAfter: number;
  /** STREAM_HISTORY: seconds the change log keeps its entries (docs/api/stream.md); unset keeps them. */
  streamHistory?: number;
}

export interface HousekeepingReport {
  expired: string[];
  unshelve: string[];
  unack: string[];
}

/**
 * The statuses and actions a pass uses under each alarm model. ALERTA has `expired` and returns shelved or acked
 * alerts with its `timeout` action; ISA 18.2 has neither, so its alerts never expire and return with unshelve and
 * unack.
 */
function modelTerms(model: AlarmModel) {
  const alerta = model.actions.includes('timeout');
  return {
    expired: Object.hasOwn(model.status, 'expired') && model.actions.includes('expired') ? 'expired' : undefined,
    closed: Object.keys(model.status).filter((s) => s === 'closed' || s === 'expired'),
    shelved: alerta ? 'shelved' : 'SHLVD',
    acked: alerta ? 'ack' : 'ACKED',
    unshelveAction: alerta ? 'timeout' : 'unshelve',
    unackAction: alerta ? 'timeout' : 'unack',
  };
}

const secondsBefore = (now: Date, seconds: number): string => new Date(now.getTime() - seconds * 1000).toISOString();

/**
 * docs/api/management.md#housekeeping steps 4 and 5: the latest entry of the type, when its timeout (≠ 0) has run out.
 */
export function timeoutElapsed(history: readonly HistoryRecord[], type: string, now: Date): boolean {
  const latest = history.findLast((entry) => entry.type === type);
  if (latest === undefined || latest.timeout === null || latest.timeout === 0) return false;
  return Date.parse(latest.updateTime) + latest.timeout * 1000 < now.getTime();
}

async function act(
  locked: LockedAlert,
  settings: HousekeepingSettings,
  action: string,
  text: string,
  now: Date,
): Promise<void> {
  const change = planAction(
    settings,
    locked,
    { action, text, timeout: undefined },
    { user: null, now: now.toISOString() },
  );
  await locked.save(change.alert, [change.entry], settings.historyLimit);
}

/**
 * One housekeeping pass (docs/api/management.md#housekeeping), through the store's pass: delete old closed, expired
 * and informational alerts, expire timed-out alerts, then return shelved and acked alerts whose timeout has run out.
 * Each alert is re-checked under its row lock, so a change that raced the candidate query is respected. Empty tally
 * rows and spent SAML sign-in claims go last.
 */
export async function housekeep(
  tx: HousekeepingTransaction,
  settings: HousekeepingSettings,
  now: Date,
): Promise<HousekeepingReport> {
  const terms = modelTerms(settings.model);
  await tx.deleteStale({ statuses: terms.closed, receivedBefore: secondsBefore(now, settings.deleteExpiredAfter) });
  await tx.deleteStale({
    severities: ['informational'],
    receivedBefore: secondsBefore(now, settings.deleteInfoAfter),
  });

  const report: HousekeepingReport = { expired: [], unshelve: [], unack: [] };
  if (terms.expired !== undefined) {
    const expired = terms.expired;
    for (const id of await tx.timedOut(now.toISOString(), expired)) {
      const outcome = await tx.change(id, async (locked) => {
        if (locked.alert.status === expired) return false;
        await act(locked, settings, 'expired', 'expired after timeout', now);
        return true;
      });
      if (outcome.found && outcome.value) report.expired.push(id);
    }
  }
  const returns = [
    { status: terms.shelved, entry: 'shelve', action: terms.unshelveAction, list: report.unshelve },
    { status: terms.acked, entry: 'ack', action: terms.unackAction, list: report.unack },
  ];
  for (const { status, entry, action, list } of returns) {
    for (const id of await tx.withStatus(status)) {
      const outcome = await tx.change(id, async (locked) => {
        if (locked.alert.status !== status || !timeoutElapsed(locked.history, entry, now)) return false;
        await act(locked, settings, action, `${entry} timed out`, now);
        return true;
      });
      if (outcome.found && outcome.value) list.push(id);
    }
  }
  await tx.pruneTallies();
  await tx.dropSamlSignIns(now.toISOString());
  if (settings.streamHistory !== undefined) {
    await tx.dropChanges(new Date(now.getTime() - settings.streamHistory * 1000).toISOString());
  }
  return report;
}
