import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api';

/**
 * Auto-refresh (docs/console/behaviour.md#states-and-actions) of the query under `queryKey`: once a load of it has
 * finished, `refresh` runs `refreshMs` later; `false` pauses it. A different key is a different query, so its first
 * load restarts the timer. After a long pause the next load comes at once. A failed load schedules the next as well
 * while the failure may pass (no answer, a server error), but not after a request the server refused (a 4xx such as a
 * bad query), which would only fail again until the filter changes or Refresh is pressed.
 *
 * The schedule follows the query in the cache rather than the render: reading the load times in the render would
 * re-render the whole screen after every refresh, even one that changed nothing. `refresh` should keep its identity.
 */
export function useRefreshTimer(
  queryKey: QueryKey,
  enabled: boolean,
  refreshMs: number | false,
  refresh: () => void,
): void {
  const queryClient = useQueryClient();
  const queryHash = hashKey(queryKey);
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
      timer = setTimeout(refresh, Math.max(0, loadedAt + refreshMs - Date.now()));
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
  }, [enabled, refreshMs, queryHash, refresh, queryClient]);
}
