import { type AlarmModel, HISTORY_ACTION_TYPES, transition, trendIndication } from '@alerta/contract';
import { ApiError, badRequest } from '../errors.js';
import type { AlertRecord, HistoryRecord } from '../store/types.js';

/** The settings operator actions read (docs/api/ingest.md#timeouts). */
export interface ChangeSettings {
  model: AlarmModel;
  ackTimeout: number;
  shelveTimeout: number;
  historyLimit: number;
}

/** An alert as it is now, with its history oldest first. */
export interface CurrentAlert {
  alert: AlertRecord;
  history: readonly HistoryRecord[];
}

/** The new row and the history entry that records the change. */
export interface AlertChange {
  alert: AlertRecord;
  entry: HistoryRecord;
}

export interface Actor {
  user: string | null;
  now: string;
}

/** Spec README: PUT /status only accepts the statuses of the active alarm model. */
export function checkStatus(model: AlarmModel, status: string): void {
  if (!Object.hasOwn(model.status, status)) {
    const valid = Object.keys(model.status).join(', ');
    throw badRequest(`Status (${status}) is not valid; valid statuses are: ${valid}`, [valid]);
  }
}

/**
 * PUT /alert/{id}/status: sets the status as given, history `status`. A timeout given with it becomes the alert's
 * timeout; without one the alert keeps its timeout (the reference stores NULL and then never expires it,
 * docs/api/ingest.md#timeouts).
 */
export function planStatusChange(
  model: AlarmModel,
  current: CurrentAlert,
  change: { status: string; text: string; timeout: number | null | undefined },
  actor: Actor,
): AlertChange {
  checkStatus(model, change.status);
  const { alert } = current;
  const timeout = change.timeout ?? alert.timeout;
  return {
    alert: { ...alert, status: change.status, timeout, updateTime: actor.now },
    entry: {
      id: alert.id,
      event: alert.event,
      severity: alert.severity,
      status: change.status,
      value: alert.value,
      text: change.text,
      type: 'status',
      updateTime: actor.now,
      user: actor.user,
      timeout,
    },
  };
}

/** Which history entry started the state an action leaves (docs/api/ingest.md#timeouts: "the entry before the ack"). */
function startedBy(action: string, status: string): string | undefined {
  if (action === 'unack') return 'ack';
  if (action === 'unshelve') return 'shelve';
  if (action === 'timeout') return status === 'shelved' ? 'shelve' : 'ack';
  return undefined;
}

/**
 * The history entry before the one that started the current state: before the latest `ack` for unack, before the
 * latest `shelve` for unshelve, else the second most recent entry. Its status is the "previous status" of
 * docs/api/alarm-models.md. When HISTORY_LIMIT has pushed the starting entry out, none is found and the model's default
 * (`open`) applies (docs/api/alarm-models.md#the-alerta-model, README "Where we differ"): the entries left all date
 * from after the ack or shelve, so their status says nothing about the one before it.
 */
function entryBefore(history: readonly HistoryRecord[], action: string, status: string): HistoryRecord | undefined {
  const newestFirst = [...history].reverse();
  const starter = startedBy(action, status);
  if (starter === undefined) return newestFirst[1];
  const index = newestFirst.findIndex((entry) => entry.type === starter);
  return index >= 0 ? newestFirst[index + 1] : undefined;
}

/** docs/api/ingest.md#timeouts: the timeout recorded with an action. */
function actionTimeout(
  settings: ChangeSettings,
  action: string,
  given: number | null | undefined,
  alert: AlertRecord,
  before: HistoryRecord | undefined,
): number {
  if (given !== undefined && given !== null) return given;
  if (action === 'ack') return settings.ackTimeout;
  if (action === 'unack') return before?.timeout ?? settings.ackTimeout;
  if (action === 'shelve' || action === 'unshelve') return settings.shelveTimeout;
  return alert.timeout;
}

/**
 * PUT /alert/{id}/action (docs/api/alarm-models.md `from_action`): the alarm model decides the new severity and status,
 * an invalid transition is a 409 with the model's message. A custom action changes nothing but is recorded (history
 * `action`).
 */
export function planAction(
  settings: ChangeSettings,
  current: CurrentAlert,
  request: { action: string; text: string | undefined; timeout: number | null | undefined },
  actor: Actor,
): AlertChange {
  const { model } = settings;
  const { alert } = current;
  const { action } = request;
  const before = entryBefore(current.history, action, alert.status);
  const result = transition(model, {
    severity: alert.severity,
    previousSeverity: alert.previousSeverity,
    currentStatus: alert.status,
    previousStatus: before?.status ?? model.defaults.status,
    action,
  });
  if (!result.ok) throw new ApiError(409, result.conflict);
  const severityChanged = result.severity !== alert.severity;
  const timeout = actionTimeout(settings, action, request.timeout, alert, before);
  return {
    alert: {
      ...alert,
      severity: result.severity,
      status: result.status,
      // docs/api/alarm-models.md#the-alerta-model, from_action: the severity an action replaces becomes the previous
      // severity.
      previousSeverity: severityChanged ? alert.severity : alert.previousSeverity,
      trendIndication: severityChanged
        ? trendIndication(model, alert.severity, result.severity)
        : alert.trendIndication,
      updateTime: actor.now,
    },
    entry: {
      id: alert.id,
      event: alert.event,
      severity: result.severity,
      status: result.status,
      value: alert.value,
      text: request.text ?? `${action} operator action`,
      type: HISTORY_ACTION_TYPES.includes(action) ? action : 'action',
      updateTime: actor.now,
      user: actor.user,
      timeout,
    },
  };
}

/** PUT /alert/{id}/tag: set union, in the order first seen. */
export function addTags(alert: AlertRecord, tags: readonly string[]): AlertRecord {
  return { ...alert, tags: [...new Set([...alert.tags, ...tags])] };
}

/** PUT /alert/{id}/untag. */
export function removeTags(alert: AlertRecord, tags: readonly string[]): AlertRecord {
  const gone = new Set(tags);
  return { ...alert, tags: alert.tags.filter((tag) => !gone.has(tag)) };
}

/** docs/api/alerts.md: attributes merge; a null value deletes the key. */
export function mergeAttributes(
  attributes: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...attributes };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
