import { customActionsOf, severityColorsOf } from '../../shared/configLists';
import type { Alert } from '@alerta/contract';
import { ActionIcon, Alert as Callout, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { errorMessage } from '../../api/errorMessage';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import { lazyChunk } from '../../app/lazyChunk';
import { useConfig } from '../../config/ConfigContext';
import { usePermission } from '../auth';
import {
  DEFAULT_ROWS_PER_PAGE,
  DEFAULT_TEXT_WIDTH,
  DEFAULT_VALUE_WIDTH,
  tableFont,
  useDateFormat,
  usePreferences,
  useSavePreferences,
} from '../preferences';
import { fetchAlerts, type AlertsFilterParams, type AlertsParams } from '../../shared/alertsApi';
import { AlertsTable, type AlertsTableProps } from './AlertsTable';
import { useAlertsUi, useAlertsUiStore } from './AlertsUiContext';
import { DEFAULT_VIEW, isFilterActive, type AlertsFilter } from './alertsView';
import { buildColumns, type AlertColumn, type CellContext } from './columns';
import { EnvironmentTabs, tabEnvironments } from './EnvironmentTabs';
import { FilterIcon } from '../../shared/icons';
import { AlertsMenuButton } from './AlertsMenuButton';
import { useDensity } from './useDensity';
import { Pager, type PagerProps } from './Pager';
import { RefreshStatus, type PauseReason } from './RefreshStatus';
import { sortParams, withWatch } from './sortParams';
import { useAlertActions, type AlertCommand } from './useAlertActions';
import { DEFAULT_REFRESH_MS, DEFAULT_STATUS, useAlertsQuery, useEnvironmentCounts } from './useAlertsQuery';
import { useAlertsView } from './useAlertsView';
import { useConfirmDelete } from './useConfirmDelete';
import { useAlertSound } from './useAlertSound';
import { useDroppedAlertsNotice } from './useDroppedAlertsNotice';
import classes from './AlertsScreen.module.css';

const FilterSheet = lazyChunk(() => import('./FilterSheet'));
// docs/console/alert-screens.md#indicator-panel: the indicator panel and its count queries load only when the panel is
// shown.
const IndicatorPanel = lazy(() => import('./IndicatorPanel'));

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

interface AlertsResultsProps
  extends
    Omit<AlertsTableProps, 'alerts' | 'emptyText'>,
    Pick<PagerProps, 'page' | 'pageSize' | 'onPage' | 'onPageSize'> {
  params: AlertsParams;
  enabled: boolean;
  refreshMs: number | false;
  /** The search typed (`?q=`), for the empty text. */
  searched: string | null;
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
  ...table
}: AlertsResultsProps) {
  const { t } = useTranslation();
  const query = useAlertsQuery(params, enabled, refreshMs);
  useAlertSound(query, params);
  useDroppedAlertsNotice(query.data?.dropped);
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
  const { t } = useTranslation();
  const api = useApi();
  const notifications = useNotifications();
  const config = useConfig();
  const { prefs, settled } = usePreferences();
  const savePrefs = useSavePreferences();
  const allowed = usePermission();
  const store = useAlertsUiStore();
  const { view, q, update, setQuery } = useAlertsView();
  const watchOnly = useAlertsUi((s) => s.watchOnly);
  const selectedCount = useAlertsUi((s) => s.selected.size);
  const overlays = useAlertsUi((s) => s.overlays);
  const userPaused = useAlertsUi((s) => s.paused);
  const visibility = useDocumentVisibility();
  const actions = useAlertActions();
  const confirm = useConfirmDelete();
  const [filterOpen, setFilterOpen] = useState(false);
  const [filterLoaded, setFilterLoaded] = useState(false);
  const [pageSizeChoice, setPageSizeChoice] = useState<number | null>(null);
  const [density, chooseDensity] = useDensity();
  const formatDate = useDateFormat();

  const defaultStatus = config.filter.status ?? DEFAULT_STATUS;
  const columns = useMemo(
    () => buildColumns(config.columns ?? [], config.customer_views),
    [config.columns, config.customer_views],
  );
  const filterParams: AlertsFilterParams = useMemo(
    () => ({
      q: withWatch(q, actions.username, watchOnly),
      environment: view.environment,
      status: view.status ?? defaultStatus,
      customer: view.customer,
      service: view.service,
      group: view.group,
      text: view.text,
      dateRange: view.dateRange,
    }),
    [q, actions.username, watchOnly, view, defaultStatus],
  );
  // A different filter starts again at page 1.
  const filterKey = JSON.stringify(filterParams);
  const [pageState, setPageState] = useState({ key: filterKey, page: 1 });
  const page = pageState.key === filterKey ? pageState.page : 1;
  const pageSize = pageSizeChoice ?? prefs.rowsPerPage ?? DEFAULT_ROWS_PER_PAGE;
  const sortColumn = columns.find((c) => c.id === view.sortBy);
  const showHistory = prefs.showNotesIcon === true || columns.some((c) => c.id === 'note');
  // Memoised, like every prop below, so that a refresh re-renders this screen alone and not its unchanged parts.
  const params: AlertsParams = useMemo(
    () => ({
      ...filterParams,
      sortBy: sortParams(sortColumn, view.descending, config.sort_by),
      page,
      pageSize,
      showHistory,
    }),
    [filterParams, sortColumn, view.descending, config.sort_by, page, pageSize, showHistory],
  );

  // docs/console/behaviour.md#states-and-actions: refresh on the user's interval, else the config's; paused while the
  // user is busy or away.
  const intervalMs = prefs.refreshInterval ?? config.refresh_interval ?? DEFAULT_REFRESH_MS;
  const pauseReason: PauseReason = userPaused
    ? 'user'
    : selectedCount > 0
      ? 'selection'
      : overlays > 0
        ? 'dialog'
        : visibility === 'hidden'
          ? 'hidden'
          : null;
  const refreshMs = pauseReason === null ? intervalMs : false;
  // docs/console/behaviour.md#screens-and-routes: the CSV holds the page shown, with each alert's raw data, which the
  // list itself leaves out.
  const onDownload = useCallback(() => {
    // The CSV code is fetched with the page, only when someone downloads.
    Promise.all([fetchAlerts(api, params, undefined, true), import('./csvExport')]).then(
      ([page, csv]) => csv.downloadCsv(csv.csvFileName(params.environment), csv.alertsToCsv(page.alerts)),
      (error: unknown) => notifyError(notifications, error, t),
    );
  }, [api, params, notifications, t]);
  const counts = useEnvironmentCounts(filterParams, settled);

  const countMap = useMemo(
    () => new Map((counts.data ?? []).map((e) => [e.environment, e.count] as const)),
    [counts.data],
  );
  const environments = useMemo(
    () =>
      tabEnvironments(
        (counts.data ?? []).map((e) => e.environment),
        config.environments ?? [],
        prefs.showAllowedEnvs === true,
      ),
    [counts.data, config.environments, prefs.showAllowedEnvs],
  );

  const context: CellContext = useMemo(
    () => ({
      severityColors: severityColorsOf(config),
      formatDate,
      showNotesIcon: prefs.showNotesIcon === true,
      valueWidth: prefs.valueWidth ?? DEFAULT_VALUE_WIDTH,
      textWidth: prefs.textWidth ?? DEFAULT_TEXT_WIDTH,
    }),
    [config, prefs, formatDate],
  );
  // docs/console/account-screens.md#settings: the table in the user's font, else the config's.
  const { family, size, weight } = tableFont(prefs, config);
  const font = useMemo(() => ({ family, size, weight }), [family, size, weight]);

  const { run } = actions;
  const onCommand = useCallback((alert: Alert, command: AlertCommand) => void run([alert], command), [run]);
  const { ask } = confirm;
  const onDelete = useCallback((alert: Alert) => ask(() => void run([alert], { kind: 'delete' })), [ask, run]);
  const onSort = useCallback(
    (column: AlertColumn) =>
      update({ sortBy: column.id, descending: view.sortBy === column.id ? !view.descending : false }),
    [update, view.sortBy, view.descending],
  );

  // docs/console/behaviour.md#screens-and-routes keyboard: Escape clears the selection.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && store.getState().overlays === 0) store.clearSelection();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store]);
  // Leaving the screen drops the selection, so the top bar is not left in bulk mode.
  useEffect(() => () => store.clearSelection(), [store]);

  const filterActive = isFilterActive(view, defaultStatus);
  const changeFilter = (patch: Partial<AlertsFilter>) => update(patch);
  const onEnvironment = useCallback((environment: string | null) => update({ environment }), [update]);
  const onTogglePaused = useCallback(() => store.setPaused(!userPaused), [store, userPaused]);
  const onToggleFilter = useCallback(() => {
    setFilterLoaded(true);
    setFilterOpen((open) => !open);
  }, []);
  // Sound is off unless the user turned it on (isMute false); the menu turns it on or off for them.
  const soundOn = prefs.isMute === false;
  const onToggleSound = useMemo(
    () =>
      savePrefs === null
        ? undefined
        : () => {
            savePrefs({ isMute: soundOn }).catch((error: unknown) => notifyError(notifications, error, t));
          },
    [savePrefs, soundOn, notifications, t],
  );
  const onTogglePanel = useCallback(() => update({ showPanel: !view.showPanel }), [update, view.showPanel]);
  const onPage = useCallback(
    (next: number) => {
      setPageState({ key: filterKey, page: next });
      update({});
    },
    [filterKey, update],
  );
  const onPageSize = useCallback(
    (size: number) => {
      setPageSizeChoice(size);
      setPageState({ key: filterKey, page: 1 });
      update({});
    },
    [filterKey, update],
  );
  const hasIndicators = (config.indicators?.queries?.length ?? 0) > 0;

  return (
    <div className={classes.screen}>
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
          environments={environments}
          counts={countMap}
          active={view.environment}
          onChange={onEnvironment}
        />
        <RefreshStatus reason={pauseReason} intervalMs={intervalMs} onToggle={onTogglePaused} />
        <FilterButton active={filterActive} expanded={filterOpen} onClick={onToggleFilter} />
        <AlertsMenuButton
          density={density}
          onDensity={chooseDensity}
          panelShown={view.showPanel && hasIndicators}
          hasIndicators={hasIndicators}
          onTogglePanel={onTogglePanel}
          onDownload={onDownload}
          soundOn={soundOn}
          onToggleSound={onToggleSound}
        />
      </div>
      <AlertsResults
        params={params}
        enabled={settled}
        refreshMs={refreshMs}
        searched={q}
        page={page}
        pageSize={pageSize}
        onPage={onPage}
        onPageSize={onPageSize}
        columns={columns}
        context={context}
        font={font}
        compact={density === 'compact'}
        sortBy={view.sortBy}
        descending={view.descending}
        onSort={onSort}
        username={actions.username}
        canWrite={allowed('write:alerts')}
        canDelete={allowed('delete:alerts')}
        customActions={customActionsOf(config)}
        onCommand={onCommand}
        onDelete={onDelete}
      />
      {filterLoaded && (
        <Suspense fallback={null}>
          <FilterSheet
            opened={filterOpen}
            onClose={() => setFilterOpen(false)}
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
    </div>
  );
}
