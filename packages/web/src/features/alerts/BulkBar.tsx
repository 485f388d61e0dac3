import { customActionsOf } from '../../shared/configLists';
import type { Alert } from '@alerta/contract';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { usePermission } from '../auth';
import { allowedActions, type StatusAction } from '../../shared/alertStatus';
import { useAlertsUi, useAlertsUiStore } from './AlertsUiContext';
import { BackIcon, DeleteIcon, WatchIcon } from '../../shared/icons';
import { ACTION_ICONS, ACTION_LABELS, CustomActionsMenu } from './RowActions';
import { bulkWatchCommand, useAlertActions, type AlertCommand } from './useAlertActions';
import { useConfirmDelete } from './useConfirmDelete';
import touch from '../../shared/touchTargets.module.css';
import classes from './BulkBar.module.css';

const BULK_ACTIONS: readonly StatusAction[] = ['ack', 'shelve', 'close'];

function BarButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="lg"
      aria-label={label}
      title={label}
      disabled={disabled === true}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
}

/**
 * The top bar while alerts are selected (docs/console/behaviour.md#screens-and-routes "App shell",
 * docs/console/behaviour.md#states-and-actions bulk rules).
 */
export function BulkBar() {
  const { t } = useTranslation();
  const config = useConfig();
  const allowed = usePermission();
  const store = useAlertsUiStore();
  const selected = useAlertsUi((s) => s.selected);
  const { run, username } = useAlertActions();
  const confirm = useConfirmDelete();
  const alerts = [...selected.values()];
  const canWrite = allowed('write:alerts');

  // Each status action goes to the selected alerts whose status allows it; after it the selection clears.
  const bulk = async (targets: readonly Alert[], command: AlertCommand) => {
    store.clearSelection();
    await run(targets, command);
  };

  return (
    <Group gap="xs" wrap="nowrap" className={`${classes.bar} ${touch.touch}`}>
      <Button
        variant="subtle"
        color="dark"
        leftSection={<BackIcon />}
        onClick={() => store.clearSelection()}
        aria-label={t('alerts.bulk.back')}
      >
        <Text visibleFrom="md" span>
          {t('alerts.bulk.back')}
        </Text>
      </Button>
      <Text fw={600} aria-live="polite">
        <span className={classes.countWords}>{t('alerts.bulk.selected', { count: selected.size })}</span>
        <span className={classes.countNumber} aria-hidden>
          {selected.size}
        </span>
      </Text>
      <Group gap={2} wrap="nowrap" ml="auto" className={classes.actions}>
        {canWrite && username !== undefined && (
          <BarButton
            label={t('alerts.bulk.watch')}
            onClick={() => void bulk(alerts, bulkWatchCommand(alerts, username))}
          >
            <WatchIcon />
          </BarButton>
        )}
        {canWrite &&
          BULK_ACTIONS.map((action) => {
            const targets = alerts.filter((a) => allowedActions(a.status).includes(action));
            const Icon = ACTION_ICONS[action];
            return (
              <BarButton
                key={action}
                label={t(ACTION_LABELS[action])}
                disabled={targets.length === 0}
                onClick={() => void bulk(targets, { kind: 'action', action, text: '' })}
              >
                <Icon />
              </BarButton>
            );
          })}
        {allowed('delete:alerts') && (
          <BarButton
            label={t('alerts.action.delete')}
            onClick={() => confirm.ask(() => void bulk(alerts, { kind: 'delete' }))}
          >
            <DeleteIcon />
          </BarButton>
        )}
        {canWrite && (
          <CustomActionsMenu
            actions={customActionsOf(config)}
            label={t('alerts.action.more')}
            onPick={(action) => void bulk(alerts, { kind: 'action', action, text: '' })}
          />
        )}
      </Group>
      {confirm.dialog}
    </Group>
  );
}
