import { randomUUID } from 'node:crypto';
import type { BlackoutInput, BlackoutStatus, BlackoutUpdate } from '@alerta/contract';
import type { BlackoutRecord } from '../store/types.js';
import type { IncomingAlert } from './alert-plan.js';

type Scope = Pick<BlackoutRecord, 'resource' | 'event' | 'group' | 'service' | 'tags' | 'origin'>;

/**
 * docs/api/blackouts.md priority, informational only: 1 with an origin, then the first of resource-only 2, service 3,
 * event-only 4, group 5, resource+event 6, tags 7; an origin finally overrides everything with 8.
 */
export function blackoutPriority(b: Scope): number {
  let priority = b.origin !== null ? 1 : 0;
  if (b.resource !== null && b.event === null) priority = 2;
  else if (b.service.length > 0) priority = 3;
  else if (b.event !== null && b.resource === null) priority = 4;
  else if (b.group !== null) priority = 5;
  else if (b.resource !== null && b.event !== null) priority = 6;
  else if (b.tags.length > 0) priority = 7;
  if (b.origin !== null) priority = 8;
  return priority;
}

export function blackoutStatus(b: Pick<BlackoutRecord, 'startTime' | 'endTime'>, now: Date): BlackoutStatus {
  const t = now.getTime();
  if (Date.parse(b.startTime) > t) return 'pending';
  if (Date.parse(b.endTime) <= t) return 'expired';
  return 'active';
}

/**
 * Whole seconds from max(start, now) to end, never below 0 (README.md#where-we-differ-from-the-reference-server:
 * integer everywhere).
 */
export function blackoutRemaining(b: Pick<BlackoutRecord, 'startTime' | 'endTime'>, now: Date): number {
  const from = Math.max(Date.parse(b.startTime), now.getTime());
  return Math.max(0, Math.floor((Date.parse(b.endTime) - from) / 1000));
}

/** Every condition of docs/api/blackouts.md, ANDed; an unset blackout field matches anything. */
export function blackoutMatches(b: BlackoutRecord, alert: IncomingAlert, customerViews: boolean): boolean {
  const created = Date.parse(alert.createTime);
  if (!(Date.parse(b.startTime) <= created && created < Date.parse(b.endTime))) return false;
  if (b.environment !== alert.environment) return false;
  if (b.resource !== null && b.resource !== alert.resource) return false;
  if (!b.service.every((s) => alert.service.includes(s))) return false;
  if (b.event !== null && b.event !== alert.event) return false;
  if (b.group !== null && b.group !== alert.group) return false;
  if (!b.tags.every((t) => alert.tags.includes(t))) return false;
  if (b.origin !== null && b.origin !== alert.origin) return false;
  if (customerViews && b.customer !== null && b.customer !== alert.customer) return false;
  return true;
}

/**
 * Start defaults to now; an end time wins over a duration, which defaults to BLACKOUT_DURATION (docs/api/blackouts.md).
 */
export function newBlackout(
  input: BlackoutInput,
  who: { user: string | null; customer: string | null },
  defaultDuration: number,
  now: string,
): BlackoutRecord {
  const startTime = input.startTime ?? now;
  let endTime: string;
  let duration: number;
  if (input.endTime !== undefined) {
    endTime = input.endTime;
    duration = Math.max(0, Math.floor((Date.parse(endTime) - Date.parse(startTime)) / 1000));
  } else {
    // A duration of 0 means the default too, as in the reference (`duration or BLACKOUT_DURATION`, README "Senders").
    duration = input.duration === undefined || input.duration === 0 ? defaultDuration : input.duration;
    endTime = new Date(Date.parse(startTime) + duration * 1000).toISOString();
  }
  const scope: Scope = {
    resource: input.resource ?? null,
    event: input.event ?? null,
    group: input.group ?? null,
    service: [...new Set(input.service ?? [])],
    tags: [...new Set(input.tags ?? [])],
    origin: input.origin ?? null,
  };
  return {
    id: randomUUID(),
    priority: blackoutPriority(scope),
    environment: input.environment,
    ...scope,
    customer: who.customer,
    startTime,
    endTime,
    duration,
    user: who.user,
    createTime: now,
    text: input.text ?? '',
  };
}

/**
 * PUT /blackout/{id} (docs/api/blackouts.md#routes): the given fields replace the stored ones, the user becomes the
 * caller. A new duration is stored as given and does not move the end time; new start or end times recompute the
 * duration.
 */
export function updatedBlackout(
  stored: BlackoutRecord,
  changes: BlackoutUpdate,
  who: { user: string | null; customer: string | null | undefined },
): BlackoutRecord {
  const pick = <K extends keyof BlackoutUpdate>(key: K, fallback: BlackoutRecord[K & keyof BlackoutRecord]) =>
    changes[key] === undefined ? fallback : changes[key];
  const next: BlackoutRecord = {
    ...stored,
    environment: changes.environment ?? stored.environment,
    // A null list clears it, as the reference does (README "Senders").
    service: changes.service === undefined ? stored.service : [...new Set(changes.service ?? [])],
    tags: changes.tags === undefined ? stored.tags : [...new Set(changes.tags ?? [])],
    resource: pick('resource', stored.resource) ?? null,
    event: pick('event', stored.event) ?? null,
    group: pick('group', stored.group) ?? null,
    origin: pick('origin', stored.origin) ?? null,
    customer: who.customer === undefined ? stored.customer : who.customer,
    startTime: changes.startTime ?? stored.startTime,
    endTime: changes.endTime ?? stored.endTime,
    text: changes.text === undefined ? stored.text : (changes.text ?? ''),
    user: who.user,
  };
  if (changes.startTime !== undefined || changes.endTime !== undefined) {
    next.duration = Math.max(0, Math.floor((Date.parse(next.endTime) - Date.parse(next.startTime)) / 1000));
  }
  if (changes.duration !== undefined) next.duration = changes.duration;
  next.priority = blackoutPriority(next);
  return next;
}
