import type { Alert } from '@alerta/contract';
import { ActionIcon, Alert as Callout, Title, VisuallyHidden } from '@mantine/core';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { lazyChunk } from '../../app/lazyChunk';
import { useConfig } from '../../config/ConfigContext';
import type { AlertsParams, EnvironmentCount } from '../../shared/alertsApi';
import { customActionsOf } from '../../shared/configLists';
import { FilterIcon, icon } from '../../shared/icons';
import { usePermission } from '../auth';
import { useLiveListRefresh, useLiveStore } from '../live';
import { queryKeys } from '../../api/queryKeys';
import { DEFAULT_ROWS_PER_PAGE, usePreferences } from '../preferences';
import { AlertsMenuButton } from './AlertsMenuButton';
import { AlertsTable, type AlertsTableProps } from './AlertsTable';
import { DEFAULT_VIEW, isFilterActive, type AlertsFilter, type AlertsGrouping } from './alertsView';
import { buildColumns, type AlertColumn } from './columns';
import { EnvironmentTabs } from './EnvironmentTabs';
import { CLEARED_FILTERS, type FilterChip } from './filterChips';
import { FilterChips } from './FilterChips';
import { GroupByButton } from './grouping/GroupByButton';
import { Pager, type PagerProps } from './Pager';
import { RefreshStatus } from './RefreshStatus';
import { sortParams } from './sortParams';
import { useAlertActions, type AlertCommand } from './useAlertActions';
import { DEFAULT_STATUS, useAlertsQuery } from './useAlertsQuery';
import { useAlertSound, useSoundSwitch } from './useAlertSound';
import { useAlertsView } from './useAlertsView';
import { useConfirmDelete } from './useConfirmDelete';
import { useCsvDownload } from './useCsvDownload';
import { useDensity } from './useDensity';
import { useDroppedAlertsNotice } from './useDroppedAlertsNotice';
import { useEnvironmentTabs } from './useEnvironmentTabs';
import { useEscapeClearsSelection } from './useEscapeClearsSelection';
import { useFilterParams } from './useFilterParams';
import { useFilterSheet } from './useFilterSheet';
import { usePageState } from './usePageState';
import { useRefreshPolicy } from './useRefreshPolicy';
import { useLacksGroupedRoutes } from './serverRoutes';
import { useGroupsPrefetch } from './grouping/useGroupsPrefetch';
import { loadGroupedResults } from './grouping/preloadGroupedView';
import { useTableLook } from './useTableLook';
import touch from '../../shared/touchTargets.module.css';
import classes from './AlertsScreen.module.css';

const FilterSheet = lazyChunk(() => import('./FilterSheet'));
// docs/console/alert-screens.md#indicator-panel: the indicator panel and its count queries load only when the panel is
// shown.
const IndicatorPanel = lazy(() => import('./IndicatorPanel'));
// docs/console/alert-screens.md#grouped-view: the grouped view and its queries load only when the list is grouped.
const GroupedResults = lazyChunk(loadGroupedResults);
// docs/console/alert-screens.md#facets: the facets panel and its counts load when it is first opened.
const FacetsPanel = lazyChunk(() => import('./facets/FacetsPanel'));

const NO_ALERTS: readonly Alert[] = [];

/** docs/console/plumbing.md#default-alarm-model: the status pick list in the model's order, or the built-in one. */
function statusChoices(model: Readonly<Record<string, string>> | undefined): string[] {
  if (model === undefined || Object.keys(model).length === 0) {
    return ['open', 'assign', 'ack', 'shelved', 'blackout', 'closed', 'expired', 'unknown'];
  }
  return Object.entries(model)
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([name]) => name);
}

/** The screen's name, for screen readers and the document outline. */
const ScreenHeading = memo(function ScreenHeading() {
  const { t } = useTranslation();
  return (
    <VisuallyHidden>
      <Title order={1}>{t('route.alerts')}</Title>
    </VisuallyHidden>
  );
});

/** Opens the filter sheet; red with a dot while a filter differs from the default. */
const FilterButton = memo(function FilterButton({
  active,
  expanded,
  onClick,
}: {
  active: boolean;
  expanded: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant={active ? 'light' : 'subtle'}
      color={active ? 'red' : 'gray'}
      size="lg"
      aria-label={active ? t('alerts.filtersActive') : t('alerts.filters')}
      title={active ? t('alerts.filtersActive') : t('alerts.filters')}
      aria-expanded={expanded}
      style={{ position: 'relative' }}
      onClick={onClick}
    >
      <FilterIcon />
      {active && (
        <span
          aria-hidden
          style={{
            position: 'absolute',
            top: 4,
            right: 4,
            width: 8,
            height: 8,
            borderRadius: '50%',
            background: 'var(--mantine-color-red-filled)',
          }}
        />
      )}
    </ActionIcon>
  );
});

/** A list with a bar beside it: the facets panel. */
const facetsIcon = icon(
  <>
    <path d="M3 5h12M3 12h12M3 19h12" />
    <path d="M19 4v16" />
  </>,
);

/** Opens or closes the facets panel (docs/console/alert-screens.md#facets); pressed while it is open. */
const FacetsButton = memo(function FacetsButton({ shown, onClick }: { shown: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant={shown ? 'light' : 'subtle'}
      color={shown ? 'blue' : 'gray'}
      size="lg"
      aria-label={t('alerts.facets.button')}
      title={t('alerts.facets.button')}
      aria-pressed={shown}
      onClick={onClick}
    >
      {facetsIcon}
    </ActionIcon>
  );
});

interface AlertsResultsProps
  extends
    Omit<AlertsTableProps, 'alerts' | 'emptyText'>,
    Pick<PagerProps, 'page' | 'pageSize' | 'onPage' | 'onPageSize'> {
  params: AlertsParams;
  enabled: boolean;
  refreshMs: number | false;
  /** The search typed (`?q=`), for the empty text. */
  searched: string | null;
  /** Hands on the environment counts the answer brought (`params.withEnvironments`), whenever they change. */
  onEnvironments: (environments: readonly EnvironmentCount[]) => void;
}

/**
 * The list query and what shows its answer: the table, the pager, a load error, the sound and the dropped-alerts
 * notice. Its own component so that an answer with changes renders this part of the screen, not the filters and menus
 * above.
 */
const AlertsResults = memo(function AlertsResults({
  params,
  enabled,
  refreshMs,
  searched,
  page,
  pageSize,
  onPage,
  onPageSize,
  onEnvironments,
  ...table
}: AlertsResultsProps) {
  const { t } = useTranslation();
  const query = useAlertsQuery(params, enabled, refreshMs);
  const listKey = useMemo(() => queryKeys.alerts.list(params), [params]);
  useLiveListRefresh(listKey, !enabled || refreshMs === false);
  useAlertSound(query, params);
  useDroppedAlertsNotice(query.data?.dropped);
  // Kept as the same object while equal (shareAlerts), so the tabs above are drawn again only when a count changes.
  const environments = query.data?.environments;
  useEffect(() => {
    if (environments !== undefined) onEnvironments(environments);
  }, [environments, onEnvironments]);
  const emptyText = query.isPending
    ? t('alerts.loading')
    : searched !== null
      ? t('alerts.noResults', { q: searched })
      : t('alerts.noData');
  return (
    <>
      {query.isError && (
        <Callout color="red" title={t('alerts.loadFailed')}>
          {errorMessage(query.error, t)}
        </Callout>
      )}
      <AlertsTable {...table} alerts={query.data?.alerts ?? NO_ALERTS} emptyText={emptyText} />
      <Pager page={page} pageSize={pageSize} total={query.data?.total ?? 0} onPage={onPage} onPageSize={onPageSize} />
    </>
  );
});

/** /alerts: the live alert list (docs/console/behaviour.md#screens-and-routes "Alerts screen"). */
export function AlertsScreen() {
  const config = useConfig();
  const { prefs, settled } = usePreferences();
  const allowed = usePermission();
  const { view, q, update, setQuery } = useAlertsView();
  const actions = useAlertActions();
  const confirm = useConfirmDelete();
  const filterSheet = useFilterSheet();
  const [density, chooseDensity] = useDensity();

  const defaultStatus = config.filter.status ?? DEFAULT_STATUS;
  const columns = useMemo(
    () => buildColumns(config.columns ?? [], config.customer_views),
    [config.columns, config.customer_views],
  );
  const filterParams = useFilterParams(view, q, actions.username, defaultStatus);
  // docs/console/behaviour.md#desktop-notifications: new alerts notify when this filter finds them.
  const liveStore = useLiveStore();
  useEffect(() => liveStore.setFilter(filterParams), [liveStore, filterParams]);
  // Noting a page or page size in the address keeps the view's other fields as they are.
  const touchView = useCallback(() => update({}), [update]);
  const { page, pageSize, onPage, onPageSize } = usePageState(
    JSON.stringify(filterParams),
    prefs.rowsPerPage ?? DEFAULT_ROWS_PER_PAGE,
    touchView,
  );
  const sortColumn = columns.find((c) => c.id === view.sortBy);
  const showHistory = prefs.showNotesIcon === true || columns.some((c) => c.id === 'note');
  // docs/api/alerts.md#the-answer: the flat list brings the tabs' counts with its page where the server offers that;
  // the grouped view and a stock Alerta ask GET /environments for them.
  const withEnvironments = config.list_environments === true && view.groupBy.length === 0;
  const [listEnvironments, setListEnvironments] = useState<readonly EnvironmentCount[]>();
  // Memoised, like every prop below, so that a refresh re-renders this screen alone and not its unchanged parts.
  const params: AlertsParams = useMemo(
    () => ({
      ...filterParams,
      sortBy: sortParams(sortColumn, view.descending, config.sort_by),
      page,
      pageSize,
      showHistory,
      withEnvironments,
    }),
    [filterParams, sortColumn, view.descending, config.sort_by, page, pageSize, showHistory, withEnvironments],
  );

  const { intervalMs, live, pauseReason, refreshMs, togglePaused } = useRefreshPolicy(
    prefs.refreshInterval,
    config.refresh_interval,
  );
  const csv = useCsvDownload(params);
  const tabs = useEnvironmentTabs(
    filterParams,
    settled,
    config.environments,
    prefs.showAllowedEnvs === true,
    withEnvironments ? listEnvironments : null,
  );
  const { context, font } = useTableLook(config, prefs);
  const { soundOn, onToggleSound } = useSoundSwitch();
  useEscapeClearsSelection();

  const { run } = actions;
  const onCommand = useCallback((alert: Alert, command: AlertCommand) => void run([alert], command), [run]);
  const { ask } = confirm;
  const onDelete = useCallback((alert: Alert) => ask(() => void run([alert], { kind: 'delete' })), [ask, run]);
  const onSort = useCallback(
    (column: AlertColumn) =>
      update({ sortBy: column.id, descending: view.sortBy === column.id ? !view.descending : false }),
    [update, view.sortBy, view.descending],
  );

  const canWrite = allowed('write:alerts');
  const canDelete = allowed('delete:alerts');
  const customActions = customActionsOf(config);
  const compact = density === 'compact';
  const { username } = actions;
  // What every alert table on the screen takes besides its alerts: the flat list's, or each open group's.
  const table = useMemo(
    () => ({
      columns,
      context,
      font,
      compact,
      sortBy: view.sortBy,
      descending: view.descending,
      onSort,
      username,
      canWrite,
      canDelete,
      customActions,
      onCommand,
      onDelete,
    }),
    [
      columns,
      context,
      font,
      compact,
      view.sortBy,
      view.descending,
      onSort,
      username,
      canWrite,
      canDelete,
      customActions,
      onCommand,
      onDelete,
    ],
  );

  // docs/console/alert-screens.md#grouped-view: the grouping, kept while the address names the same one.
  const groupByKey = view.groupBy.join('\n');
  const groupBy = useMemo(() => (groupByKey === '' ? [] : groupByKey.split('\n')), [groupByKey]);
  const grouping: AlertsGrouping = useMemo(() => ({ groupBy, groupSort: view.groupSort }), [groupBy, view.groupSort]);
  useGroupsPrefetch(filterParams, groupBy, view.groupSort);
  const onGrouping = useCallback(
    (next: AlertsGrouping) => update({ groupBy: next.groupBy, groupSort: next.groupSort }),
    [update],
  );

  const filterActive = isFilterActive(view, defaultStatus);
  const changeFilter = (patch: Partial<AlertsFilter>) => update(patch);
  const onEnvironment = useCallback((environment: string | null) => update({ environment }), [update]);
  const onTogglePanel = useCallback(() => update({ showPanel: !view.showPanel }), [update, view.showPanel]);
  const hasIndicators = (config.indicators?.queries?.length ?? 0) > 0;
  const onRemoveChip = useCallback(
    ({ remove }: FilterChip) =>
      'clearSearch' in remove ? setQuery(null) : 'search' in remove ? setQuery(remove.search) : update(remove.patch),
    [setQuery, update],
  );
  // docs/console/alert-screens.md#facets: hidden, button and all, on a server without GET /alerts/facets.
  const lacksFacets = useLacksGroupedRoutes();
  const facetsShown = view.showFacets && !lacksFacets;
  const onToggleFacets = useCallback(() => update({ showFacets: !view.showFacets }), [update, view.showFacets]);
  const onCloseFacets = useCallback(() => update({ showFacets: false }), [update]);
  const onSearch = useCallback((next: string | null) => setQuery(next), [setQuery]);
  const onClearChips = useCallback(() => setQuery(null, CLEARED_FILTERS), [setQuery]);

  return (
    <div className={`${classes.screen} ${touch.touch}`}>
      <ScreenHeading />
      {view.showPanel && hasIndicators && (
        <Suspense fallback={null}>
          <IndicatorPanel
            config={config}
            colors={context.severityColors}
            enabled={settled}
            refreshMs={refreshMs}
            onApply={setQuery}
          />
        </Suspense>
      )}
      <div className={classes.toolbar}>
        <EnvironmentTabs
          className={classes.tabs}
          environments={tabs.environments}
          counts={tabs.counts}
          active={view.environment}
          onChange={onEnvironment}
        />
        <RefreshStatus reason={pauseReason} intervalMs={intervalMs} live={live} onToggle={togglePaused} />
        <FilterButton active={filterActive} expanded={filterSheet.opened} onClick={filterSheet.toggle} />
        {!lacksFacets && <FacetsButton shown={facetsShown} onClick={onToggleFacets} />}
        <GroupByButton grouping={grouping} onChange={onGrouping} />
        <AlertsMenuButton
          density={density}
          onDensity={chooseDensity}
          panelShown={view.showPanel && hasIndicators}
          hasIndicators={hasIndicators}
          onTogglePanel={onTogglePanel}
          onDownload={csv.start}
          soundOn={soundOn}
          onToggleSound={onToggleSound}
        />
      </div>
      <FilterChips view={view} q={q} defaultStatus={defaultStatus} onRemove={onRemoveChip} onClearAll={onClearChips} />
      <div className={classes.body}>
        <div className={classes.results}>
          {groupBy.length > 0 ? (
            <Suspense fallback={<p className={classes.waiting}>{context.t('alerts.loading')}</p>}>
              <GroupedResults
                table={table}
                filterParams={filterParams}
                params={params}
                groupBy={groupBy}
                groupSort={view.groupSort}
                enabled={settled}
                refreshMs={refreshMs}
                searched={q}
                onSearch={onSearch}
                page={page}
                pageSize={pageSize}
                onPage={onPage}
                onPageSize={onPageSize}
              />
            </Suspense>
          ) : (
            <AlertsResults
              {...table}
              params={params}
              enabled={settled}
              refreshMs={refreshMs}
              searched={q}
              page={page}
              pageSize={pageSize}
              onPage={onPage}
              onPageSize={onPageSize}
              onEnvironments={setListEnvironments}
            />
          )}
        </div>
        {facetsShown && (
          <Suspense fallback={null}>
            <FacetsPanel
              filterParams={filterParams}
              q={q}
              enabled={settled}
              onSearch={onSearch}
              onClose={onCloseFacets}
            />
          </Suspense>
        )}
      </div>
      {filterSheet.loaded && (
        <Suspense fallback={null}>
          <FilterSheet
            opened={filterSheet.opened}
            onClose={filterSheet.close}
            filter={view}
            defaultStatus={defaultStatus}
            statusChoices={statusChoices(config.alarm_model?.status)}
            customerViews={config.customer_views}
            onChange={changeFilter}
            onReset={() =>
              update({
                environment: view.environment,
                text: DEFAULT_VIEW.text,
                status: DEFAULT_VIEW.status,
                customer: [],
                service: [],
                group: [],
                dateRange: DEFAULT_VIEW.dateRange,
              })
            }
          />
        </Suspense>
      )}
      {confirm.dialog}
      {csv.dialog}
    </div>
  );
}
