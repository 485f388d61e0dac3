import { type AlarmModel, type AlertInput, transition, trendIndication } from '@alerta/contract';
import type { AlertRecord, HistoryRecord, IngestMatch } from '../store/types.js';

/**
 * An incoming alert with every default applied (docs/api/alerts.md): the stored fields it sets, and the status asked
 * for.
 */
export type IncomingAlert = Pick<
  AlertRecord,
  | 'id'
  | 'resource'
  | 'event'
  | 'environment'
  | 'severity'
  | 'correlate'
  | 'service'
  | 'group'
  | 'value'
  | 'text'
  | 'tags'
  | 'attributes'
  | 'origin'
  | 'type'
  | 'createTime'
  | 'timeout'
  | 'rawData'
  | 'customer'
> & { status: string | undefined };

export interface IngestDefaults {
  model: AlarmModel;
  alertTimeout: number;
  origin: string;
}

/**
 * docs/api/alerts.md defaults; `value` numbers become strings; the correlate list gets its own event
 * (docs/api/ingest.md#matching).
 */
export function applyDefaults(input: AlertInput, defaults: IngestDefaults, id: string, now: string): IncomingAlert {
  const correlate = [...new Set(input.correlate ?? [])];
  if (correlate.length > 0 && !correlate.includes(input.event)) correlate.push(input.event);
  return {
    id,
    resource: input.resource,
    event: input.event,
    environment: input.environment ?? '',
    severity: input.severity ?? defaults.model.defaults.normal_severity,
    correlate,
    status: input.status,
    service: input.service ?? [],
    group: input.group ?? 'Misc',
    value: input.value === undefined || input.value === null ? null : String(input.value),
    text: input.text ?? '',
    tags: [...new Set(input.tags ?? [])],
    attributes: input.attributes ?? {},
    origin: input.origin ?? defaults.origin,
    type: input.type ?? 'exceptionAlert',
    createTime: input.createTime ?? now,
    timeout: input.timeout ?? defaults.alertTimeout,
    rawData: input.rawData ?? null,
    customer: input.customer ?? null,
  };
}

export interface Plan {
  alert: AlertRecord;
  history: HistoryRecord | undefined;
}

function statusAfter(
  model: AlarmModel,
  incoming: IncomingAlert,
  previousSeverity: string,
  recentStatuses: readonly string[],
): string {
  const result = transition(model, {
    severity: incoming.severity,
    previousSeverity,
    currentStatus: recentStatuses[0] ?? model.defaults.status,
    previousStatus: recentStatuses[1] ?? model.defaults.status,
    incomingStatus: incoming.status,
  });
  // docs/api/ingest.md#transition-inputs: only the status is used on ingest; a conflict cannot happen without an
  // action.
  return result.ok ? result.status : (recentStatuses[0] ?? model.defaults.status);
}

function entry(incoming: IncomingAlert, type: string, status: string, user: string | null): HistoryRecord {
  return {
    id: incoming.id,
    event: incoming.event,
    severity: incoming.severity,
    status,
    value: incoming.value,
    text: incoming.text,
    type,
    updateTime: incoming.createTime,
    user,
    timeout: incoming.timeout,
  };
}

/** docs/api/ingest.md#field-changes "new" column and docs/api/ingest.md#history `new` entry. */
export function planNew(
  model: AlarmModel,
  incoming: IncomingAlert,
  now: string,
  user: string | null,
): Plan & { history: HistoryRecord } {
  const previousSeverity = model.defaults.previous_severity;
  const status = statusAfter(model, incoming, previousSeverity, []);
  return {
    alert: {
      id: incoming.id,
      resource: incoming.resource,
      event: incoming.event,
      environment: incoming.environment,
      severity: incoming.severity,
      correlate: incoming.correlate,
      status,
      service: incoming.service,
      group: incoming.group,
      value: incoming.value,
      text: incoming.text,
      tags: incoming.tags,
      attributes: incoming.attributes,
      origin: incoming.origin,
      type: incoming.type,
      createTime: incoming.createTime,
      timeout: incoming.timeout,
      rawData: incoming.rawData,
      customer: incoming.customer,
      duplicateCount: 0,
      repeat: false,
      previousSeverity,
      trendIndication: trendIndication(model, previousSeverity, incoming.severity),
      receiveTime: now,
      lastReceiveId: incoming.id,
      lastReceiveTime: now,
      updateTime: now,
    },
    history: entry(incoming, 'new', status, user),
  };
}

const mergeTags = (stored: readonly string[], incoming: readonly string[]): string[] => [
  ...new Set([...stored, ...incoming]),
];

/** docs/api/ingest.md#field-changes "duplicate" column and docs/api/ingest.md#history `status`/`value` entries. */
export function planDuplicate(
  model: AlarmModel,
  match: IngestMatch,
  incoming: IncomingAlert,
  now: string,
  user: string | null,
  historyOnValueChange = true,
): Plan {
  const stored = match.alert;
  // docs/api/ingest.md#transition-inputs: for duplicates the previous severity is not passed, so the model's default
  // applies.
  const status = statusAfter(model, incoming, model.defaults.previous_severity, match.recentStatuses);
  const changed = status !== stored.status;
  let history: HistoryRecord | undefined;
  if (changed) history = entry(incoming, 'status', status, user);
  else if (historyOnValueChange && incoming.value !== match.lastHistoryValue) {
    history = entry(incoming, 'value', status, user);
  }
  return {
    alert: {
      ...stored,
      status,
      service: incoming.service,
      value: incoming.value,
      text: incoming.text,
      timeout: incoming.timeout,
      rawData: incoming.rawData,
      tags: mergeTags(stored.tags, incoming.tags),
      attributes: { ...stored.attributes, ...incoming.attributes },
      lastReceiveId: incoming.id,
      lastReceiveTime: now,
      duplicateCount: stored.duplicateCount + 1,
      repeat: true,
      updateTime: changed ? now : stored.updateTime,
    },
    history,
  };
}

/**
 * docs/api/ingest.md#field-changes "correlate" column and docs/api/ingest.md#history `severity` entry (always written).
 */
export function planCorrelate(
  model: AlarmModel,
  match: IngestMatch,
  incoming: IncomingAlert,
  now: string,
  user: string | null,
): Plan {
  const stored = match.alert;
  const previousSeverity = stored.severity;
  const status = statusAfter(model, incoming, previousSeverity, match.recentStatuses);
  return {
    alert: {
      ...stored,
      event: incoming.event,
      severity: incoming.severity,
      status,
      service: incoming.service,
      value: incoming.value,
      text: incoming.text,
      timeout: incoming.timeout,
      rawData: incoming.rawData,
      tags: mergeTags(stored.tags, incoming.tags),
      attributes: { ...stored.attributes, ...incoming.attributes },
      createTime: incoming.createTime,
      receiveTime: now,
      lastReceiveId: incoming.id,
      lastReceiveTime: now,
      duplicateCount: 0,
      repeat: false,
      previousSeverity,
      trendIndication: trendIndication(model, previousSeverity, incoming.severity),
      updateTime: status !== stored.status ? now : stored.updateTime,
    },
    history: entry(incoming, 'severity', status, user),
  };
}
