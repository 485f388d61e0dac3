import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError, useApi } from '../../api';
import { useNotifications } from '../../app/notifications/Snackbar';
import { shareAlerts } from './shareAlerts';
import {
  fetchEnvironmentCounts,
  refetchAlerts,
  type AlertsPage,
  type AlertsFilterParams,
  type AlertsParams,
} from '../../shared/alertsApi';
import { queryKeys } from '../../api/queryKeys';
import { useRefreshTimer } from './useRefreshTimer';

/** docs/console/plumbing.md#server-config: the list shows open and acknowledged alerts unless configured otherwise. */
export const DEFAULT_STATUS = ['open', 'ack'];

/** docs/console/behaviour.md#constants: 5000 ms unless the user or the config says otherwise. */
export const DEFAULT_REFRESH_MS = 5000;

let searchesStarted = 0;

/**
 * The alert list query: the server filters, sorts and pages; the console asks for one page. A search still running
 * when a newer one starts is cancelled (its abort signal is consumed), and the user is told.
 *
 * Auto-refresh (docs/console/behaviour.md#states-and-actions): once a load has finished, the next one (list,
 * environment counts and the facets panel's counts) is scheduled `refreshMs` later; `false` pauses it. A failed load schedules the next as well
 * while the failure may pass ("retrying…"), but not after a request the server refused (see {@link useRefreshTimer}).
 */
export function useAlertsQuery(params: AlertsParams, enabled: boolean, refreshMs: number | false) {
  const api = useApi();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const cancelledMessage = t('alerts.searchCancelled');
  const queryKey = queryKeys.alerts.list(params);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal, queryKey: key }) => {
      const mine = ++searchesStarted;
      try {
        // The page held for this very search, whose entity tag lets the server answer "unchanged".
        return await refetchAlerts(api, params, signal, queryClient.getQueryData<AlertsPage>(key));
      } catch (error) {
        // docs/console/behaviour.md#errors: a search cut short by a newer one is reported, one left behind by leaving
        // the screen is not.
        if (isAbortError(error) && searchesStarted > mine) notifications.push(cancelledMessage, 'info');
        throw error;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
    structuralSharing: shareAlerts,
  });

  const { refetch } = query;
  const refresh = useCallback(() => {
    // Not cancelRefetch: a load already under way (Refresh pressed just now) is joined, not cut short.
    void refetch({ cancelRefetch: false });
    for (const key of [queryKeys.alerts.environments, queryKeys.alerts.facetsAll]) {
      void queryClient.refetchQueries({ queryKey: key, type: 'active' }, { cancelRefetch: false });
    }
  }, [refetch, queryClient]);
  useRefreshTimer(queryKey, enabled, refreshMs, refresh);

  return query;
}

/** Per-environment counts for the tabs, reloaded with the list (see {@link useAlertsQuery}). */
export function useEnvironmentCounts(params: AlertsFilterParams, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.alerts.environmentCounts({ ...params, environment: null }),
    queryFn: ({ signal }) => fetchEnvironmentCounts(api, params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
