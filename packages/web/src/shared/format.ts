import type { Alert } from '@alerta/contract';

/** docs/console/behaviour.md#constants: ids are shown by their first 8 characters. */
export const shortId = (id: string) => id.slice(0, 8);

/** A number of two digits or more: 7 → "07". */
export const pad = (n: number) => String(n).padStart(2, '0');

/** Whole days of a duration and the `hh:mm:ss` left over. Negative durations count as zero. */
export function splitDuration(totalSeconds: number): { days: number; clock: string } {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86400);
  return { days, clock: `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` };
}

/**
 * docs/console/behaviour.md#screens-and-routes: a duration as `days hh:mm:ss`, or `hh:mm:ss` under a day. Negative
 * durations show as zero.
 */
export function formatDuration(totalSeconds: number): string {
  const { days, clock } = splitDuration(totalSeconds);
  return days > 0 ? `${days} ${clock}` : clock;
}

/** "exceptionAlert" → "Exception Alert": camel-case names read as words. */
export function splitCaps(value: string): string {
  const spaced = value.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return spaced.replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * docs/console/behaviour.md#states-and-actions: seconds left before the alert times out, counted from its last status
 * change when acked or shelved and from its last receive time otherwise; 0 once past.
 */
export function timeoutLeft(alert: Alert, nowMs: number, heldStatus: boolean): number {
  const from = heldStatus && alert.updateTime !== null ? alert.updateTime : alert.lastReceiveTime;
  const end = Date.parse(from) + alert.timeout * 1000;
  return Number.isFinite(end) ? Math.max(0, Math.floor((end - nowMs) / 1000)) : 0;
}

/** The text of the most recent note in the alert's history (the list asks for history when the note icon is on). */
export function lastNote(alert: Alert): string | undefined {
  let latest: { text: string; time: string } | undefined;
  for (const entry of alert.history) {
    if (entry.type !== 'note' || entry.text === null) continue;
    if (latest === undefined || entry.updateTime >= latest.time) latest = { text: entry.text, time: entry.updateTime };
  }
  return latest?.text;
}

/** An attribute value as plain text: strings as they are, anything else as JSON. */
export function attributeText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Only http and https addresses become links; anything else (javascript:, data: …) stays text. */
export function safeHttpUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
