import type { Trend } from '@alerta/contract';
import type { Selectable } from 'kysely';
import type { EngineSql } from './engine.js';
import type { AlertsTable, HistoryTable } from './schema.js';
import { type AlertRecord, type HistoryRecord, UniqueViolation } from './types.js';

// An alert and its history entries as rows and back, shared by every part of the store that reads or writes them.

const TRENDS: readonly Trend[] = ['moreSevere', 'lessSevere', 'noChange'];

export function toAlert(engine: EngineSql, row: Selectable<AlertsTable>): AlertRecord {
  const trend = TRENDS.find((t) => t === row.trend_indication) ?? 'noChange';
  return {
    id: row.id,
    resource: row.resource,
    event: row.event,
    environment: row.environment,
    severity: row.severity,
    correlate: engine.decodeList(row.correlate),
    status: row.status,
    service: engine.decodeList(row.service),
    group: row.group,
    value: row.value,
    text: row.text,
    tags: engine.decodeList(row.tags),
    attributes: engine.decodeJson(row.attributes),
    origin: row.origin,
    type: row.type,
    createTime: engine.decodeDate(row.create_time),
    timeout: row.timeout,
    rawData: row.raw_data,
    customer: row.customer,
    duplicateCount: row.duplicate_count,
    repeat: row.repeat === true || row.repeat === 1,
    previousSeverity: row.previous_severity,
    trendIndication: trend,
    receiveTime: engine.decodeDate(row.receive_time),
    lastReceiveId: row.last_receive_id,
    lastReceiveTime: engine.decodeDate(row.last_receive_time),
    updateTime: row.update_time === null ? null : engine.decodeDate(row.update_time),
  };
}

export function toRow(engine: EngineSql, alert: AlertRecord) {
  return {
    id: alert.id,
    resource: alert.resource,
    event: alert.event,
    environment: alert.environment,
    severity: alert.severity,
    correlate: engine.encodeList(alert.correlate),
    status: alert.status,
    service: engine.encodeList(alert.service),
    group: alert.group,
    value: alert.value,
    text: alert.text,
    tags: engine.encodeList(alert.tags),
    attributes: engine.encodeJson(alert.attributes),
    origin: alert.origin,
    type: alert.type,
    create_time: alert.createTime,
    timeout: alert.timeout,
    raw_data: alert.rawData,
    customer: alert.customer,
    duplicate_count: alert.duplicateCount,
    repeat: engine.encodeBool(alert.repeat),
    previous_severity: alert.previousSeverity,
    trend_indication: alert.trendIndication,
    receive_time: alert.receiveTime,
    last_receive_id: alert.lastReceiveId,
    last_receive_time: alert.lastReceiveTime,
    update_time: alert.updateTime,
  };
}

/** The columns of a history row a record is made of. */
type HistoryColumns = Omit<Selectable<HistoryTable>, 'seq' | 'alert_id'>;

export function toHistory(engine: EngineSql, row: HistoryColumns): HistoryRecord {
  return {
    id: row.id,
    event: row.event,
    severity: row.severity,
    status: row.status,
    value: row.value,
    text: row.text,
    type: row.type,
    updateTime: engine.decodeDate(row.update_time),
    user: row.user,
    timeout: row.timeout,
  };
}

export const historyRow = (alertId: string, entry: HistoryRecord) => ({
  alert_id: alertId,
  id: entry.id,
  event: entry.event,
  severity: entry.severity,
  status: entry.status,
  value: entry.value,
  text: entry.text,
  type: entry.type,
  update_time: entry.updateTime,
  user: entry.user,
  timeout: entry.timeout,
});

/** Turns a driver's unique-constraint error into UniqueViolation, whatever the engine. */
export function rethrowUnique(error: unknown): never {
  const code = (error as { code?: unknown }).code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    throw new UniqueViolation(error instanceof Error ? error.message : 'unique constraint');
  }
  throw error;
}
