import type { Alert } from '@alerta/contract';
import { ActionIcon, Group } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyChunk } from '../../app/lazyChunk';
import { useTranslation } from 'react-i18next';
import { msg, type MessageKey } from '../../i18n';
import { allowedActions, isWatchedBy, type StatusAction } from './alertStatus';
import {
  AckIcon,
  CloseAlertIcon,
  DeleteIcon,
  MoreIcon,
  ReopenIcon,
  ShelveIcon,
  UnackIcon,
  UnshelveIcon,
  UnwatchIcon,
  WatchIcon,
} from './icons';
import type { AlertCommand } from './useAlertActions';

export const ACTION_LABELS: Record<StatusAction, MessageKey> = {
  open: msg('alerts.action.open'),
  ack: msg('alerts.action.ack'),
  unack: msg('alerts.action.unack'),
  shelve: msg('alerts.action.shelve'),
  unshelve: msg('alerts.action.unshelve'),
  close: msg('alerts.action.close'),
};

export const ACTION_ICONS: Record<StatusAction, () => ReactNode> = {
  open: ReopenIcon,
  ack: AckIcon,
  unack: UnackIcon,
  shelve: ShelveIcon,
  unshelve: UnshelveIcon,
  close: CloseAlertIcon,
};

export interface RowActionsProps {
  alert: Alert;
  username: string | undefined;
  canWrite: boolean;
  canDelete: boolean;
  customActions: readonly string[];
  onCommand: (alert: Alert, command: AlertCommand) => void;
  onDelete: (alert: Alert) => void;
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="sm"
      aria-label={label}
      title={label}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {children}
    </ActionIcon>
  );
}

// The menu and its positioning code load on first use, not with the list.
const CustomActionsDropdown = lazyChunk(() => import('./CustomActionsDropdown'));

export interface CustomActionsMenuProps {
  actions: readonly string[];
  onPick: (action: string) => void;
  label: string;
}

/** The custom actions of the config, as a menu (console.md §2: always offered). */
export function CustomActionsMenu(props: CustomActionsMenuProps) {
  const [wanted, setWanted] = useState(false);
  if (props.actions.length === 0) return null;
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="sm"
      aria-label={props.label}
      title={props.label}
      aria-haspopup="menu"
      onClick={(event) => {
        event.stopPropagation();
        setWanted(true);
      }}
    >
      <MoreIcon />
    </ActionIcon>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <CustomActionsDropdown {...props} />
    </Suspense>
  );
}

/** Buttons of one row, by what its status allows (console.md §4); shown on hover or keyboard focus. */
export function RowActions({
  alert,
  username,
  canWrite,
  canDelete,
  customActions,
  onCommand,
  onDelete,
}: RowActionsProps) {
  const { t } = useTranslation();
  if (!canWrite && !canDelete) return null;
  const watched = isWatchedBy(alert, username);
  const actions = allowedActions(alert.status);
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {canWrite &&
        actions
          .filter((a) => a === 'open')
          .map((action) => {
            const Icon = ACTION_ICONS[action];
            return (
              <IconButton
                key={action}
                label={t(ACTION_LABELS[action])}
                onClick={() => onCommand(alert, { kind: 'action', action })}
              >
                <Icon />
              </IconButton>
            );
          })}
      {canWrite && username !== undefined && (
        <IconButton
          label={watched ? t('alerts.action.unwatch') : t('alerts.action.watch')}
          onClick={() => onCommand(alert, { kind: watched ? 'unwatch' : 'watch' })}
        >
          {watched ? <UnwatchIcon /> : <WatchIcon />}
        </IconButton>
      )}
      {canWrite &&
        actions
          .filter((a) => a !== 'open')
          .map((action) => {
            const Icon = ACTION_ICONS[action];
            return (
              <IconButton
                key={action}
                label={t(ACTION_LABELS[action])}
                onClick={() => onCommand(alert, { kind: 'action', action })}
              >
                <Icon />
              </IconButton>
            );
          })}
      {canDelete && (
        <IconButton label={t('alerts.action.delete')} onClick={() => onDelete(alert)}>
          <DeleteIcon />
        </IconButton>
      )}
      {canWrite && (
        <CustomActionsMenu
          actions={customActions}
          label={t('alerts.action.more')}
          onPick={(action) => onCommand(alert, { kind: 'action', action })}
        />
      )}
    </Group>
  );
}
