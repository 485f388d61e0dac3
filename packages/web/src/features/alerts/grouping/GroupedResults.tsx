import { DEFAULT_GROUP_SORT, isGroupByField, type Alert, type GroupSort } from '@alerta/contract';
import { Alert as Callout } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api';
import { errorMessage } from '../../../api/errorMessage';
import { queryKeys } from '../../../api/queryKeys';
import { useConfig } from '../../../config/ConfigContext';
import type { AlertsFilterParams, AlertsParams } from '../../../shared/alertsApi';
import { useLiveListRefresh } from '../../live';
import { Pager, type PagerProps } from '../Pager';
import { useAlertsQuery } from '../useAlertsQuery';
import { useAlertSound } from '../useAlertSound';
import { useDroppedAlertsNotice } from '../useDroppedAlertsNotice';
import { useRefreshTimer } from '../useRefreshTimer';
import { groupPage, severityRank, type ShownGroup } from './clientGroups';
import { noteGroupedRoutesMissing, useLacksGroupedRoutes } from '../serverRoutes';
import { fetchGrouped } from './groupedApi';
import { FIRST_GROUPS, firstGroupsParams, GROUPS_FRESH_MS } from './useGroupsPrefetch';
import { GroupedContext, useGrouped, type GroupedContextValue, type GroupTableProps } from './GroupedContext';
import { GroupsView } from './GroupsView';
import { withMessages } from '../../../i18n/areas';
import { alertsMessages } from '../messages';

const NO_ALERTS: readonly Alert[] = [];
const NO_GROUPS: readonly ShownGroup[] = [];
const NO_FLAGS: readonly boolean[] = [];

export interface GroupedResultsProps extends Pick<PagerProps, 'page' | 'pageSize' | 'onPage' | 'onPageSize'> {
  table: GroupTableProps;
  filterParams: AlertsFilterParams;
  /** The flat list's request (filter, order, page): the page grouped in the browser, and each group's alerts' order. */
  params: AlertsParams;
  groupBy: readonly string[];
  groupSort: GroupSort | null;
  enabled: boolean;
  refreshMs: number | false;
  /** The search typed (`?q=`), for the empty text and the groups' "show only this group". */
  searched: string | null;
  onSearch: (q: string | null) => void;
}

/**
 * The grouped view (docs/console/alert-screens.md#grouped-view), in place of the flat table while the list is
 * grouped: the groups GET /alerts/grouped counts, or, on a server without that route (a stock Alerta answers 404,
 * found once), the loaded page grouped in the browser under a notice saying so. Loaded only when the list is grouped.
 */
function GroupedResults({
  table,
  filterParams,
  params,
  groupBy,
  groupSort,
  enabled,
  refreshMs,
  searched,
  onSearch,
  ...pager
}: GroupedResultsProps) {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const missing = useLacksGroupedRoutes();
  const onMissing = useCallback(() => noteGroupedRoutesMissing(api), [api]);
  const rank = useMemo(() => severityRank(config), [config]);
  const sort = groupSort ?? DEFAULT_GROUP_SORT;
  const context: GroupedContextValue = useMemo(
    () => ({
      table,
      listParams: params,
      filterParams,
      groupBy,
      groupSort: sort,
      rank,
      enabled,
      search: searched,
      onSearch,
    }),
    [table, params, filterParams, groupBy, sort, rank, enabled, searched, onSearch],
  );
  const invalid = groupBy.find((field) => !isGroupByField(field));
  if (invalid !== undefined) {
    return <Callout color="red">{t('alerts.grouping.invalidField', { field: invalid })}</Callout>;
  }
  const emptyText = searched !== null ? t('alerts.noResults', { q: searched }) : t('alerts.noData');
  return (
    <GroupedContext value={context}>
      {missing ? (
        <PageGroups params={params} refreshMs={refreshMs} emptyText={emptyText} {...pager} />
      ) : (
        // Another grouping starts again: the first groups, none open.
        <ServerGroups
          key={`${groupBy.join('\n')}\n${sort}`}
          refreshMs={refreshMs}
          emptyText={emptyText}
          onMissing={onMissing}
        />
      )}
    </GroupedContext>
  );
}

/**
 * The groups from GET /alerts/grouped, a larger first page at each "show more groups". They reload as the flat list
 * would (its timer and pause rules, the live stream), and with them whatever open groups show.
 */
function ServerGroups({
  refreshMs,
  emptyText,
  onMissing,
}: {
  refreshMs: number | false;
  emptyText: string;
  onMissing: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { filterParams, groupBy, groupSort, enabled } = useGrouped();
  const [size, setSize] = useState(FIRST_GROUPS);
  // The list screen's early request (useGroupsPrefetch) asks the first page under this same key.
  const params = useMemo(
    () => ({ ...firstGroupsParams(filterParams, groupBy, groupSort), pageSize: size }),
    [filterParams, groupBy, groupSort, size],
  );
  const queryKey = useMemo(() => queryKeys.alerts.groups(params), [params]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchGrouped(api, params, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: GROUPS_FRESH_MS,
  });
  const { data } = query;
  const missing = data === null;
  useEffect(() => {
    if (missing) onMissing();
  }, [missing, onMissing]);

  const { refetch } = query;
  const refresh = useCallback(() => {
    // As the flat list's refresh: a load under way is joined, not cut short.
    void refetch({ cancelRefetch: false });
    for (const key of [queryKeys.alerts.groupParts, queryKeys.alerts.environments, queryKeys.alerts.facetsAll]) {
      void queryClient.refetchQueries({ queryKey: key, type: 'active' }, { cancelRefetch: false });
    }
  }, [refetch, queryClient]);
  useRefreshTimer(queryKey, enabled && !missing, refreshMs, refresh);
  useLiveListRefresh(queryKey, !enabled || refreshMs === false);
  const onMore = useCallback(() => setSize((shown) => shown + FIRST_GROUPS), []);

  if (data === null) return null;
  const hasMore = data !== undefined && data.groups.length < data.total;
  return (
    <>
      {query.isError && (
        <Callout color="red" title={t('alerts.grouping.loadFailed')}>
          {errorMessage(query.error, t)}
        </Callout>
      )}
      <GroupsView
        groups={data?.groups ?? NO_GROUPS}
        multiValued={data?.multiValued ?? NO_FLAGS}
        total={data?.total ?? 0}
        onMore={hasMore ? onMore : undefined}
        loadingMore={hasMore && query.isPlaceholderData}
        emptyText={query.isPending ? t('alerts.loading') : emptyText}
      />
    </>
  );
}

/**
 * A stock Alerta server has no GET /alerts/grouped: the page of the flat list (its query, timer, live reloads, pager
 * and sound) is grouped in the browser, and a notice says the groups cover that page only.
 */
function PageGroups({
  params,
  refreshMs,
  emptyText,
  page,
  pageSize,
  onPage,
  onPageSize,
}: Pick<PagerProps, 'page' | 'pageSize' | 'onPage' | 'onPageSize'> & {
  params: AlertsParams;
  refreshMs: number | false;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const { groupBy, groupSort, rank, enabled } = useGrouped();
  const query = useAlertsQuery(params, enabled, refreshMs);
  const listKey = useMemo(() => queryKeys.alerts.list(params), [params]);
  useLiveListRefresh(listKey, !enabled || refreshMs === false);
  useAlertSound(query, params);
  useDroppedAlertsNotice(query.data?.dropped);
  const alerts = query.data?.alerts ?? NO_ALERTS;
  const grouped = useMemo(() => groupPage(alerts, groupBy, groupSort, rank), [alerts, groupBy, groupSort, rank]);
  return (
    <>
      <Callout color="blue">{t('alerts.grouping.pageOnly')}</Callout>
      {query.isError && (
        <Callout color="red" title={t('alerts.loadFailed')}>
          {errorMessage(query.error, t)}
        </Callout>
      )}
      <GroupsView
        groups={grouped.groups}
        multiValued={grouped.multiValued}
        total={grouped.groups.length}
        emptyText={query.isPending ? t('alerts.loading') : emptyText}
      />
      <Pager page={page} pageSize={pageSize} total={query.data?.total ?? 0} onPage={onPage} onPageSize={onPageSize} />
    </>
  );
}

/** With its texts, which load with it (docs/console/alert-screens.md). */
export default withMessages([alertsMessages], GroupedResults);
