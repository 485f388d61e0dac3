import type { Alert, History } from '@alerta/contract';
import { z } from 'zod/mini';

/**
 * Reading alerts as other Alerta servers send them (a stock Alerta 9, a Mongo backend, a plugin that wrote odd values).
 * One alert with an unexpected value must not blank the whole list, so each field is read on its own: what can be
 * turned into the expected type safely is (a number `value` becomes text, `timeout: null` becomes 0, an object
 * `rawData` becomes JSON text, an unknown trend becomes `noChange`), extra fields are left out, and only an alert
 * without an id (nothing can be done with it) is dropped.
 */

type Fields = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Text, or `fallback` when there is none; numbers and booleans are written out. */
function text(value: unknown, fallback = ''): string {
  return isScalar(value) ? String(value) : fallback;
}

/** Text or null; anything structured is kept as its JSON. */
function textOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function textList(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter(isScalar).map(String);
}

function integer(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : fallback;
}

function readHistory(entry: unknown): History | null {
  if (!isObject(entry)) return null;
  return {
    id: text(entry.id),
    href: text(entry.href),
    event: text(entry.event),
    severity: textOrNull(entry.severity),
    status: textOrNull(entry.status),
    value: textOrNull(entry.value),
    text: textOrNull(entry.text),
    type: text(entry.type, 'unknown'),
    updateTime: text(entry.updateTime),
    user: textOrNull(entry.user),
    timeout: entry.timeout === null || entry.timeout === undefined ? null : integer(entry.timeout, 0),
  };
}

const TRENDS: readonly string[] = ['moreSevere', 'lessSevere', 'noChange'] satisfies Alert['trendIndication'][];

/** One alert as the console shows it, or null when it has no id. */
export function readAlert(raw: unknown): Alert | null {
  if (!isObject(raw)) return null;
  const id = text(raw.id);
  if (id === '') return null;
  const receiveTime = text(raw.receiveTime, text(raw.lastReceiveTime, text(raw.createTime)));
  const lastReceiveTime = text(raw.lastReceiveTime, receiveTime);
  const trend = text(raw.trendIndication);
  return {
    id,
    href: text(raw.href),
    resource: text(raw.resource),
    event: text(raw.event),
    environment: text(raw.environment),
    severity: text(raw.severity, 'unknown'),
    correlate: textList(raw.correlate),
    status: text(raw.status, 'unknown'),
    service: textList(raw.service),
    group: text(raw.group),
    value: textOrNull(raw.value),
    text: text(raw.text),
    tags: textList(raw.tags),
    attributes: isObject(raw.attributes) ? { ...raw.attributes } : {},
    origin: text(raw.origin),
    type: text(raw.type),
    createTime: text(raw.createTime, receiveTime),
    timeout: integer(raw.timeout, 0),
    rawData: textOrNull(raw.rawData),
    customer: typeof raw.customer === 'string' ? raw.customer : null,
    duplicateCount: integer(raw.duplicateCount, 0),
    repeat: raw.repeat === true || raw.repeat === 'true',
    previousSeverity: text(raw.previousSeverity),
    trendIndication: TRENDS.includes(trend) ? (trend as Alert['trendIndication']) : 'noChange',
    receiveTime,
    lastReceiveId: text(raw.lastReceiveId, id),
    lastReceiveTime,
    updateTime: textOrNull(raw.updateTime),
    history: Array.isArray(raw.history) ? raw.history.map(readHistory).filter((h) => h !== null) : [],
  };
}

/** The alerts of a list answer that can be shown, and how many could not. */
export function readAlertList(raw: readonly unknown[]): { alerts: Alert[]; dropped: number } {
  const alerts = raw.map(readAlert).filter((alert) => alert !== null);
  return { alerts, dropped: raw.length - alerts.length };
}

/** A single alert (GET /alert/{id}), read the same forgiving way; only an alert without an id fails. */
export const lenientAlertSchema = z.pipe(
  z.unknown(),
  z.transform((raw, ctx): Alert => {
    const alert = readAlert(raw);
    if (alert !== null) return alert;
    ctx.issues.push({ code: 'custom', message: 'not an alert', input: raw });
    return z.NEVER;
  }),
);
