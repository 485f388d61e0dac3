import { DEFAULT_GROUP_SORT, isGroupByField, type GroupSort } from '@alerta/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../../api';
import { queryKeys } from '../../../api/queryKeys';
import type { AlertsFilterParams } from '../../../shared/alertsApi';
import { useLacksGroupedRoutes } from '../serverRoutes';
import { requestGrouped, type GroupedParams } from './groupedRequest';

/** Top groups listed at first; each "show more groups" adds as many. */
export const FIRST_GROUPS = 20;

/**
 * Groups answered this recently are not asked for again when the grouped view appears: the request the list screen
 * made while the view's code loaded (useGroupsPrefetch) serves it. Reloads on the timer and the live stream ask anyway.
 */
export const GROUPS_FRESH_MS = 5_000;

/** The request of the grouped view's first page of groups (GroupedResults asks the same). */
export function firstGroupsParams(
  filterParams: AlertsFilterParams,
  groupBy: readonly string[],
  groupSort: GroupSort | null,
): GroupedParams {
  return { ...filterParams, groupBy, groupSort: groupSort ?? DEFAULT_GROUP_SORT, pageSize: FIRST_GROUPS };
}

/**
 * Asks for the grouped view's first groups as soon as the list screen knows its grouping, while the view's own code and
 * the user's preferences are still loading (the groups do not depend on the preferences, unlike the flat list's page
 * size): they then overlap instead of waiting for each other (docs/console/alert-screens.md#grouped-view). The view's
 * query finds the answer, or the request under way, under the same key.
 */
export function useGroupsPrefetch(
  filterParams: AlertsFilterParams,
  groupBy: readonly string[],
  groupSort: GroupSort | null,
): void {
  const api = useApi();
  const queryClient = useQueryClient();
  const lacking = useLacksGroupedRoutes();
  const wanted = !lacking && groupBy.length > 0 && groupBy.every(isGroupByField);
  useEffect(() => {
    if (!wanted) return;
    const params = firstGroupsParams(filterParams, groupBy, groupSort);
    void queryClient.prefetchQuery({
      queryKey: queryKeys.alerts.groups(params),
      // The request goes at once; the code that reads its answer comes with the view's, a small part of it.
      queryFn: async ({ signal }) => {
        const [answer, { readGrouped }] = await Promise.all([
          requestGrouped(api, params, signal),
          import('./groupedApi'),
        ]);
        return readGrouped(answer);
      },
      staleTime: GROUPS_FRESH_MS,
    });
  }, [wanted, api, queryClient, filterParams, groupBy, groupSort]);
}
