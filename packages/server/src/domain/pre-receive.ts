import type { AlarmModel } from '@alerta/contract';
import type { BlackoutRecord, BlackoutRepository, HeartbeatRepository } from '../store/types.js';
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

/** What the heartbeat and blackout steps of docs/api/ingest.md decided for an alert that passed the reject policy. */
export type PreReceiveOutcome = Diverted | { kind: 'continue'; status: string | undefined };

type Diverted = { kind: 'heartbeat' | 'suppressed'; id: string; message: string };

export interface PreReceiveStores {
  heartbeats: HeartbeatRepository;
  blackouts: BlackoutRepository;
}

/**
 * The status the blackout step gives an alert in each model (docs/api/alarm-models.md#the-isa-182-model: OOSRV under
 * ISA 18.2).
 */
const blackoutStatusOf = (model: AlarmModel): string =>
  Object.hasOwn(model.status, 'blackout') ? 'blackout' : 'OOSRV';

/**
 * The `heartbeat` step (docs/api/heartbeats.md#status): a heartbeat event is stored as a heartbeat instead of an alert.
 */
export async function heartbeatStep(
  stores: Pick<PreReceiveStores, 'heartbeats'>,
  settings: PreReceiveSettings,
  incoming: IncomingAlert,
  now: string,
): Promise<Diverted | undefined> {
  if (!settings.heartbeatEvents.includes(incoming.event)) return undefined;
  const stored = await stores.heartbeats.upsert(heartbeatFromAlert(incoming, now));
  return { kind: 'heartbeat', id: stored.id, message: 'Alert converted to Heartbeat' };
}

/** Whether the blackout step needs the stored blackouts at all for this alert. */
export const blackoutApplies = (settings: PreReceiveSettings, incoming: IncomingAlert): boolean =>
  // BLACKOUT_ACCEPT only matters when blacked-out alerts are dropped (reference `Alert.is_blackout`).
  settings.notificationBlackout || !settings.blackoutAccept.includes(incoming.severity);

/**
 * The `blackout` step (docs/api/blackouts.md) given blackouts that include every one covering the alert: an alert
 * created inside a matching blackout is suppressed, or with NOTIFICATION_BLACKOUT kept with the blackout status.
 */
export function blackoutStep(
  settings: PreReceiveSettings,
  incoming: IncomingAlert,
  blackouts: readonly BlackoutRecord[],
): PreReceiveOutcome {
  if (!blackoutApplies(settings, incoming)) return { kind: 'continue', status: incoming.status };
  if (!blackouts.some((b) => blackoutMatches(b, incoming, settings.customerViews))) {
    return { kind: 'continue', status: incoming.status };
  }
  if (!settings.notificationBlackout) {
    return { kind: 'suppressed', id: incoming.id, message: 'Suppressed alert during blackout period' };
  }
  return { kind: 'continue', status: blackoutStatusOf(settings.model) };
}

/** The `heartbeat` and `blackout` pre-receive steps (docs/api/ingest.md) for one alert. */
export async function preReceive(
  stores: PreReceiveStores,
  settings: PreReceiveSettings,
  incoming: IncomingAlert,
  now: string,
): Promise<PreReceiveOutcome> {
  const heartbeat = await heartbeatStep(stores, settings, incoming, now);
  if (heartbeat !== undefined) return heartbeat;
  const candidates = blackoutApplies(settings, incoming)
    ? await stores.blackouts.coveringTime(incoming.environment, incoming.createTime)
    : [];
  return blackoutStep(settings, incoming, candidates);
}
