import { randomUUID } from 'node:crypto';
import type { HeartbeatInput, HeartbeatStatus } from '@alerta/contract';
import type { HeartbeatRecord } from '../store/types.js';
import type { IncomingAlert } from './alert-plan.js';

export interface HeartbeatTiming {
  /** Milliseconds from createTime to receiveTime. */
  latency: number;
  /** Whole seconds since receiveTime. */
  since: number;
  status: HeartbeatStatus;
}

/** docs/api/heartbeats.md#status: expired if since > timeout; else slow if latency > maxLatency; else ok. */
export function heartbeatStatus(heartbeat: HeartbeatRecord, now: Date, maxLatency: number): HeartbeatTiming {
  const received = Date.parse(heartbeat.receiveTime);
  const latency = received - Date.parse(heartbeat.createTime);
  const since = Math.max(0, Math.floor((now.getTime() - received) / 1000));
  let status: HeartbeatStatus = 'ok';
  if (since > heartbeat.timeout) status = 'expired';
  else if (latency > maxLatency) status = 'slow';
  return { latency, since, status };
}

export interface HeartbeatDefaults {
  origin: string;
  timeout: number;
}

/** POST /heartbeat body → the record to upsert; `type` is always Heartbeat (docs/api/heartbeats.md#routes). */
export function heartbeatFromInput(
  input: HeartbeatInput,
  customer: string | null,
  defaults: HeartbeatDefaults,
  now: string,
): HeartbeatRecord {
  return {
    id: randomUUID(),
    origin: input.origin ?? defaults.origin,
    tags: [...new Set(input.tags ?? [])],
    attributes: input.attributes ?? {},
    type: 'Heartbeat',
    createTime: input.createTime ?? now,
    timeout: input.timeout ?? defaults.timeout,
    receiveTime: now,
    customer,
  };
}

/** docs/api/heartbeats.md#status: an alert whose event is in HEARTBEAT_EVENTS becomes a heartbeat of its origin. */
export function heartbeatFromAlert(alert: IncomingAlert, now: string): HeartbeatRecord {
  return {
    id: randomUUID(),
    origin: alert.origin,
    tags: alert.tags,
    attributes: {
      environment: alert.environment,
      severity: alert.severity,
      service: alert.service,
      group: alert.group,
    },
    type: 'Heartbeat',
    createTime: now,
    timeout: alert.timeout,
    receiveTime: now,
    customer: alert.customer,
  };
}
