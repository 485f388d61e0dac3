import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAbortError, useApi } from '../../api';
import { useNotifications } from '../../app/notifications/Snackbar';
import { fetchAlerts, fetchEnvironmentCounts, type AlertsFilterParams, type AlertsParams } from './alertsApi';

export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** screens.md §16.2: the list shows open and acknowledged alerts unless configured otherwise. */
export const DEFAULT_STATUS = ['open', 'ack'];

/** console.md §9: 5000 ms unless the user or the config says otherwise. */
export const DEFAULT_REFRESH_MS = 5000;

let searchesStarted = 0;

/**
 * The alert list query: the server filters, sorts and pages; the console asks for one page. A search still running
 * when a newer one starts is cancelled (its abort signal is consumed), and the user is told.
 */
export function useAlertsQuery(params: AlertsParams, enabled: boolean, refreshMs: number | false) {
  const api = useApi();
  const { t } = useTranslation();
  const notifications = useNotifications();
  const cancelledMessage = t('alerts.searchCancelled');
  return useQuery({
    queryKey: [...ALERTS_QUERY_KEY, 'list', params],
    queryFn: async ({ signal }) => {
      const mine = ++searchesStarted;
      try {
        return await fetchAlerts(api, params, signal);
      } catch (error) {
        // console.md §8: a search cut short by a newer one is reported, one left behind by leaving the screen is not.
        if (isAbortError(error) && searchesStarted > mine) notifications.push(cancelledMessage, 'info');
        throw error;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}

/** Per-environment counts for the tabs, refreshed with the list. */
export function useEnvironmentCounts(params: AlertsFilterParams, enabled: boolean, refreshMs: number | false) {
  const api = useApi();
  return useQuery({
    queryKey: [...ALERTS_QUERY_KEY, 'environments', { ...params, environment: null }],
    queryFn: ({ signal }) => fetchEnvironmentCounts(api, params, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}
