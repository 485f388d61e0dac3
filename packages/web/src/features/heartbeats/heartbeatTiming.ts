import { pad } from '../../shared/format';
import type { HeartbeatRow } from './heartbeatsApi';

/** Milliseconds of an ISO date, or null when it is missing or unreadable. */
function timeOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * How late the heartbeat arrived, in milliseconds: the server's own `latency` when it sends one
 * (docs/api/heartbeats.md#status), else receive time minus create time (docs/console/admin-screens.md#heartbeats). Null
 * when neither can be had.
 */
export function latencyOf(heartbeat: HeartbeatRow): number | null {
  if (heartbeat.latency !== null) return heartbeat.latency;
  const created = timeOf(heartbeat.createTime);
  const received = timeOf(heartbeat.receiveTime);
  return created === null || received === null ? null : received - created;
}

/**
 * Whole seconds left before the heartbeat expires, 0 once it has. Counted from the receive time, as the server's
 * expiry is (docs/api/heartbeats.md#status: expired once the seconds since receipt exceed the timeout), so the
 * countdown reaches zero when the status turns Expired. Null without a timeout or a receive time.
 */
export function secondsLeft(heartbeat: HeartbeatRow, nowMs: number): number | null {
  const received = timeOf(heartbeat.receiveTime);
  if (received === null || heartbeat.timeout === null) return null;
  return Math.max(0, Math.floor((received + heartbeat.timeout * 1000 - nowMs) / 1000));
}

/**
 * Seconds as `h:mm:ss`, the hours unbounded (docs/console/plumbing.md#formatting-and-theme hhmmss): 90061 → "25:01:01".
 */
export function formatHms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
