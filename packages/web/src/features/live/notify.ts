import type { AlertChange } from '@alerta/contract';
import type { TFunction } from 'i18next';
import type { ApiClient } from '../../api';
import { severityLabel } from '../../i18n/enumLabels';
import { isOpen } from '../../shared/alertStatus';
import { alertsResponseSchema, filterQuery, type AlertsFilterParams } from '../../shared/alertsApi';
import type { LiveStore } from './liveStore';
import { notificationApi } from './notificationApi';

/** docs/console/behaviour.md#desktop-notifications: at most this many alerts are looked up (and notified) per batch. */
export const MAX_NOTIFIED_PER_BATCH = 20;

/** What the notifications follow, read afresh for every batch (the user's preferences, language, router). */
export interface NotifySettings {
  /** Notifications on and the console not muted. */
  on: boolean;
  severities: readonly string[];
  /** The list's default statuses, for the filter before the list was shown. */
  defaultStatus: readonly string[];
  t: TFunction;
  navigate: (path: string) => void;
}

/** The new alerts a batch may notify of: created (not a repeat), open, of a chosen severity; each id once. */
export function notifiable(changes: readonly AlertChange[], severities: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const change of changes) {
    if (change.op !== 'created' || change.repeat === true) continue;
    if (isOpen(change.status) && severities.includes(change.severity)) ids.add(change.id);
  }
  return [...ids].slice(0, MAX_NOTIFIED_PER_BATCH);
}

/** Which of `ids` the alert list's filter finds, asked of the server (GET /alerts with the filter and the ids). */
async function matching(api: ApiClient, filter: AlertsFilterParams, ids: readonly string[]) {
  const answer = await api.request('/alerts', {
    query: { ...filterQuery(filter, Date.now()), id: ids, page: 1, 'page-size': ids.length },
    schema: alertsResponseSchema,
  });
  // The id filter takes prefixes: only the alerts named.
  return answer.alerts.filter((alert) => ids.includes(alert.id));
}

/**
 * docs/console/behaviour.md#desktop-notifications: in the one tab running the stream, a desktop notification for each
 * new alert that is open, of a severity the user chose, and found by the alert list's current filter; never while the
 * console is muted, nor without the browser's permission. A click brings the tab forward on the alert. Returns what
 * stops it.
 */
export function startNotifications(store: LiveStore, api: ApiClient, settingsNow: () => NotifySettings): () => void {
  return store.onBatch((batch) => {
    const settings = settingsNow();
    const Api = notificationApi();
    if (!settings.on || !store.isLeading() || Api === undefined || Api.permission !== 'granted') return;
    const ids = notifiable(batch.alertChanges, settings.severities);
    if (ids.length === 0) return;
    const filter: AlertsFilterParams = store.getFilter() ?? {
      q: null,
      environment: null,
      status: settings.defaultStatus,
      customer: [],
      service: [],
      group: [],
      text: null,
      dateRange: [null, null],
    };
    matching(api, filter, ids).then(
      (alerts) => {
        const { on, t, navigate } = settingsNow();
        if (!on) return;
        for (const alert of alerts) {
          const notification = new Api(
            t('live.notificationTitle', {
              severity: severityLabel(t, alert.severity),
              resource: alert.resource,
              event: alert.event,
            }),
            { body: alert.text, tag: alert.id },
          );
          notification.onclick = () => {
            window.focus();
            navigate(`/alert/${encodeURIComponent(alert.id)}`);
            notification.close();
          };
        }
      },
      // A failed look-up is not worth a message: the list shows the alert anyway.
      () => undefined,
    );
  });
}
