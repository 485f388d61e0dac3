import type { AlertChange } from '@alerta/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi, type ApiClient } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { severityLabel } from '../../i18n/enumLabels';
import { isOpen } from '../../shared/alertStatus';
import { alertsResponseSchema, filterQuery, type AlertsFilterParams } from '../../shared/alertsApi';
import { DEFAULT_NOTIFY_SEVERITIES, usePreferences } from '../preferences';
import type { LiveStore } from './liveStore';

/** docs/console/plumbing.md#server-config: the list's statuses when the config names none. */
const DEFAULT_STATUS = ['open', 'ack'];

/** docs/console/behaviour.md#desktop-notifications: at most this many alerts are looked up (and notified) per batch. */
export const MAX_NOTIFIED_PER_BATCH = 20;

/** The browser's Notification API, when it has one. */
export function notificationApi(): typeof Notification | undefined {
  return typeof Notification === 'undefined' ? undefined : Notification;
}

/** The new alerts a batch may notify of: created (not a repeat), open, of a chosen severity; each id once. */
export function notifiable(changes: readonly AlertChange[], severities: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const change of changes) {
    if (
      change.op === 'created' &&
      change.repeat !== true &&
      isOpen(change.status) &&
      severities.includes(change.severity)
    )
      ids.add(change.id);
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
 * console is muted (`isMute` set), nor without the browser's permission. A click brings the tab forward on the alert.
 */
export function useDesktopNotifications(store: LiveStore): void {
  const api = useApi();
  const config = useConfig();
  const translation = useTranslation();
  const navigate = useNavigate();
  const { prefs } = usePreferences();
  const on = prefs.notify === true && prefs.isMute !== true;
  const severities = prefs.notifySeverities ?? DEFAULT_NOTIFY_SEVERITIES;
  const defaultStatus = config.filter.status ?? DEFAULT_STATUS;
  const current = useRef({ on, severities, defaultStatus, t: translation.t, navigate });
  useEffect(() => {
    current.current = { on, severities, defaultStatus, t: translation.t, navigate };
  }, [on, severities, defaultStatus, translation.t, navigate]);

  useEffect(
    () =>
      store.onBatch((batch) => {
        const settings = current.current;
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
            const { t, navigate: go } = current.current;
            if (!current.current.on) return;
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
                void go(`/alert/${encodeURIComponent(alert.id)}`);
                notification.close();
              };
            }
          },
          // A failed look-up is not worth a message: the list shows the alert anyway.
          () => undefined,
        );
      }),
    [store, api],
  );
}
