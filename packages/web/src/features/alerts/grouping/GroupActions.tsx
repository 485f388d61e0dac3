import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import type { Alert } from '@alerta/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api';
import { queryKeys } from '../../../api/queryKeys';
import { useNotifications } from '../../../app/notifications/Snackbar';
import { notifyError } from '../../../app/notifications/snackbarText';
import { fetchAlerts } from '../../../shared/alertsApi';
import { allowedActions, type StatusAction } from '../../../shared/alertStatus';
import { FilterIcon, icon, MoreIcon } from '../../../shared/icons';
import { msg, type MessageKey } from '../../../i18n';
import { usePermission } from '../../auth';
import { BlackoutForGroupDialog, type GroupKeys } from '../../blackouts';
import { usePreferences } from '../../preferences';
import { usePauseWhileOpen, useAlertsUiStore } from '../AlertsUiContext';
import { ACTION_ICONS } from '../RowActions';
import { narrowSearch } from '../valueFilters';
import { useLacksGroupedRoutes } from '../serverRoutes';
import { actionTimeout, useAlertActions } from '../useAlertActions';
import type { ShownGroup } from './clientGroups';
import { bulkAction, withGroupQuery } from './groupedApi';
import { useGrouped, type GroupPlace } from './GroupedContext';
import classes from './Grouped.module.css';

/** The most alerts a group action takes at once (docs/console/alert-screens.md#group-actions). */
const GROUP_ACTION_LIMIT = 1000;

type GroupCommand = Extract<StatusAction, 'ack' | 'shelve' | 'close'>;

const GROUP_COMMANDS: Readonly<Record<GroupCommand, MessageKey>> = {
  ack: msg('alerts.groupActions.ack'),
  shelve: msg('alerts.groupActions.shelve'),
  close: msg('alerts.groupActions.close'),
};

const selectIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M8 12l3 3 5-6" />
  </>,
);
const blackoutIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);

/**
 * A group's menu at the end of its header (docs/console/alert-screens.md#group-actions): show only the group, select
 * its alerts (the bulk bar then acts on them), acknowledge, shelve or close them all (with Undo), and a new blackout
 * prefilled from the group's key. On a server that groups, acknowledge, shelve and close all are one bulk request with
 * the group's query; otherwise, and to select, the group's alerts are read when needed (GET /alerts with the group's
 * query, up to {@link GROUP_ACTION_LIMIT}, or the loaded page's) and each is sent its own request, as the bulk bar does.
 */
export const GroupActions = memo(function GroupActions({ group, place }: { group: ShownGroup; place: GroupPlace }) {
  const { t } = useTranslation();
  const api = useApi();
  const notifications = useNotifications();
  const allowed = usePermission();
  const store = useAlertsUiStore();
  const queryClient = useQueryClient();
  const { prefs } = usePreferences();
  const { run, offerUndo } = useAlertActions();
  const lacksRoutes = useLacksGroupedRoutes();
  const { listParams, filterParams, search, onSearch } = useGrouped();
  const [open, setOpen] = useState(false);
  const [blackout, setBlackout] = useState<GroupKeys | null>(null);
  usePauseWhileOpen(open || blackout !== null);
  const canWrite = allowed('write:alerts');

  /** The group's alerts, or null when they could not be read (the failure is reported). */
  const alertsOfGroup = async (): Promise<readonly Alert[] | null> => {
    if (group.alerts !== undefined) return group.alerts;
    try {
      const answer = await fetchAlerts(api, {
        ...listParams,
        q: withGroupQuery(listParams.q, group.q ?? ''),
        page: 1,
        pageSize: GROUP_ACTION_LIMIT,
        showHistory: false,
      });
      if (answer.total > answer.alerts.length) {
        notifications.push(
          t('alerts.groupActions.capped', { count: answer.alerts.length, total: answer.total }),
          'warning',
        );
      }
      return answer.alerts;
    } catch (error) {
      notifyError(notifications, error, t);
      return null;
    }
  };
  const select = async () => {
    const alerts = await alertsOfGroup();
    if (alerts !== null && alerts.length > 0) store.setMany(alerts, true);
  };
  /**
   * The action on every alert of the group whose status allows it, in one PUT /_bulk/alerts/action with the group's
   * query (docs/api/alerts.md#bulk-changes); Undo reverses the ids the server says it changed.
   */
  const commandAll = async (action: GroupCommand, groupQ: string) => {
    store.clearSelection();
    try {
      const answer = await bulkAction(
        api,
        { ...listParams, q: withGroupQuery(listParams.q, groupQ) },
        { action, text: '', timeout: actionTimeout(action, prefs) },
      );
      if (answer.count === 0) notifications.push(t('alerts.groupActions.nothingTo'), 'info');
      else offerUndo(answer.updated, action);
    } catch (error) {
      notifyError(notifications, error, t);
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
  };
  const command = async (action: GroupCommand) => {
    // docs/console/alert-screens.md#group-actions: a stock Alerta's bulk route may queue the change and not name the
    // alerts it changed, so there (where the groups are made in the browser) each alert gets a request of its own.
    if (!lacksRoutes && group.alerts === undefined && group.q !== undefined) {
      await commandAll(action, group.q);
      return;
    }
    const alerts = await alertsOfGroup();
    if (alerts === null) return;
    const targets = alerts.filter((alert) => allowedActions(alert.status).includes(action));
    if (targets.length === 0) {
      notifications.push(t('alerts.groupActions.nothingTo'), 'info');
      return;
    }
    // As the bulk bar: a selection made before goes, the action runs on each alert, one Undo for the batch.
    store.clearSelection();
    await run(targets, { kind: 'action', action, text: '' });
  };

  const item = (key: string, label: string, icon: ReactNode, onClick: () => void) => (
    <Menu.Item key={key} className={classes.menuItem} leftSection={icon} onClick={onClick}>
      {label}
    </Menu.Item>
  );
  const label = t('alerts.groupActions.menu', { group: place.path });
  return (
    <>
      <Menu opened={open} onChange={setOpen} position="bottom-end" withinPortal hideDetached={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={label} title={label}>
            <MoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {group.q !== undefined &&
            item('only', t('alerts.groupActions.showOnly'), <FilterIcon />, () =>
              onSearch(narrowSearch(search, group.q ?? '')),
            )}
          {item('select', t('alerts.groupActions.select', { count: group.count }), selectIcon, () => void select())}
          {canWrite &&
            (Object.keys(GROUP_COMMANDS) as GroupCommand[]).map((action) =>
              item(action, t(GROUP_COMMANDS[action]), ACTION_ICONS[action](), () => void command(action)),
            )}
          {allowed('write:blackouts') &&
            item('blackout', t('alerts.groupActions.blackout'), blackoutIcon, () =>
              setBlackout({ keys: place.keys, environment: filterParams.environment }),
            )}
        </Menu.Dropdown>
      </Menu>
      {blackout !== null && (
        <Suspense fallback={null}>
          <BlackoutForGroupDialog group={blackout} onClose={() => setBlackout(null)} />
        </Suspense>
      )}
    </>
  );
});
