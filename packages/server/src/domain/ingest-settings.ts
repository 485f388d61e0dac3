import type { AlarmModel } from '@alerta/contract';
import type { Settings } from '../settings.js';
import type { IngestSettings } from './ingest.js';

/** The settings the ingest pipeline reads (docs/api/ingest.md), taken from the server's settings once. */
export function ingestSettingsOf(settings: Settings, model: AlarmModel, origin: string): IngestSettings {
  return {
    model,
    alertTimeout: settings.ALERT_TIMEOUT,
    historyLimit: settings.HISTORY_LIMIT,
    historyOnValueChange: settings.HISTORY_ON_VALUE_CHANGE,
    allowedEnvironments: settings.ALLOWED_ENVIRONMENTS,
    requireService: settings.REQUIRE_SERVICE,
    originBlacklist: settings.ORIGIN_BLACKLIST,
    origin,
    heartbeatEvents: settings.HEARTBEAT_EVENTS,
    notificationBlackout: settings.NOTIFICATION_BLACKOUT,
    blackoutAccept: settings.BLACKOUT_ACCEPT,
    customerViews: settings.CUSTOMER_VIEWS,
  };
}
