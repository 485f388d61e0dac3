import { hashKey, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError, useApi } from '../../api';
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

/** docs/console/plumbing.md#server-config: the list shows open and acknowledged alerts unless configured otherwise. */
export const DEFAULT_STATUS = ['open', 'ack'];

/** docs/console/behaviour.md#constants: 5000 ms unless the user or the config says otherwise. */
export const DEFAULT_REFRESH_MS = 5000;

let searchesStarted = 0;

/**
 * The alert list query: the server filters, sorts and pages; the console asks for one page. A search still running
 * when a newer one starts is cancelled (its abort signal is consumed), and the user is told.
 *
 * Auto-refresh (docs/console/behaviour.md#states-and-actions): once a load has finished, the next one (list and
 * environment counts) is scheduled `refreshMs` later; `false` pauses it. A different filter is a different query, so
 * its first load restarts the timer. After a long pause the next load comes at once. A failed load schedules the next
 * as well while the failure may pass (no answer, a server error: "retrying…"), but not after a request the server
 * refused (a 4xx such as a bad query), which would only fail again until the filter changes or Refresh is pressed.
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

  // The schedule follows the query in the cache rather than the render: reading the load times here would re-render
  // the whole screen after every refresh, even one that changed nothing.
  const queryHash = hashKey(queryKey);
  const { refetch } = query;
  useEffect(() => {
    if (!enabled || refreshMs === false) return;
    const cache = queryClient.getQueryCache();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const state = cache.get(queryHash)?.state;
      const loadedAt = state === undefined ? 0 : Math.max(state.dataUpdatedAt, state.errorUpdatedAt);
      const refused = state?.status === 'error' && state.error instanceof ApiError && state.error.status < 500;
      if (loadedAt === 0 || refused) return;
      timer = setTimeout(
        () => {
          // Not cancelRefetch: a load already under way (Refresh pressed just now) is joined, not cut short.
          void refetch({ cancelRefetch: false });
          void queryClient.refetchQueries(
            { queryKey: queryKeys.alerts.environments, type: 'active' },
            { cancelRefetch: false },
          );
        },
        Math.max(0, loadedAt + refreshMs - Date.now()),
      );
    };
    schedule();
    const unsubscribe = cache.subscribe((event) => {
      if (event.query.queryHash !== queryHash || event.type !== 'updated') return;
      if (event.action.type === 'success' || event.action.type === 'error') schedule();
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [enabled, refreshMs, queryHash, refetch, queryClient]);

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
