import type { AlarmModel } from '@alerta/contract';
import type { BlackoutRepository, HeartbeatRepository } from '../store/types.js';
import type { IncomingAlert } from './alert-plan.js';
import { blackoutMatches } from './blackout.js';
import { heartbeatFromAlert } from './heartbeat.js';

export interface PreReceiveSettings {
  model: AlarmModel;
  heartbeatEvents: readonly string[];
  notificationBlackout: boolean;
  blackoutAccept: readonly string[];
  customerViews: boolean;
}

/** What the heartbeat and blackout steps of api.md §2 decided for an alert that passed the reject policy. */
export type PreReceiveOutcome =
  { kind: 'heartbeat' | 'suppressed'; id: string; message: string } | { kind: 'continue'; status: string | undefined };

export interface PreReceiveStores {
  heartbeats: HeartbeatRepository;
  blackouts: BlackoutRepository;
}

/** The status the blackout step gives an alert in each model (api.md §3.2: OOSRV under ISA 18.2). */
const blackoutStatusOf = (model: AlarmModel): string =>
  Object.hasOwn(model.status, 'blackout') ? 'blackout' : 'OOSRV';

/**
 * The `heartbeat` and `blackout` pre-receive steps (api.md §2, §4, §5): heartbeat events become heartbeats; an alert
 * created inside a matching blackout is suppressed, or with NOTIFICATION_BLACKOUT kept with the blackout status.
 */
export async function preReceive(
  stores: PreReceiveStores,
  settings: PreReceiveSettings,
  incoming: IncomingAlert,
  now: string,
): Promise<PreReceiveOutcome> {
  if (settings.heartbeatEvents.includes(incoming.event)) {
    const stored = await stores.heartbeats.upsert(heartbeatFromAlert(incoming, now));
    return { kind: 'heartbeat', id: stored.id, message: 'Alert converted to Heartbeat' };
  }
  // BLACKOUT_ACCEPT only matters when blacked-out alerts are dropped (reference `Alert.is_blackout`).
  if (!settings.notificationBlackout && settings.blackoutAccept.includes(incoming.severity)) {
    return { kind: 'continue', status: incoming.status };
  }
  const candidates = await stores.blackouts.coveringTime(incoming.environment, incoming.createTime);
  if (!candidates.some((b) => blackoutMatches(b, incoming, settings.customerViews))) {
    return { kind: 'continue', status: incoming.status };
  }
  if (!settings.notificationBlackout) {
    return { kind: 'suppressed', id: incoming.id, message: 'Suppressed alert during blackout period' };
  }
  return { kind: 'continue', status: blackoutStatusOf(settings.model) };
}
