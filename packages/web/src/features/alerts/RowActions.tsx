import type { Alert } from '@alerta/contract';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyChunk } from '../../app/lazyChunk';
import { useTranslation } from 'react-i18next';
import { msg, type MessageKey } from '../../i18n';
import { allowedActions, isWatchedBy, type StatusAction } from '../../shared/alertStatus';
import {
  AckIcon,
  CloseAlertIcon,
  DeleteIcon,
  ReopenIcon,
  ShelveIcon,
  UnackIcon,
  UnshelveIcon,
  UnwatchIcon,
  WatchIcon,
} from '../../shared/icons';
import type { AlertCommand } from './useAlertActions';
import { moreTrigger, rowButton } from './rowButtons';

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

// The menu and its positioning code load on first use, not with the list.
const CustomActionsDropdown = lazyChunk(() => import('./CustomActionsDropdown'));

export interface CustomActionsMenuProps {
  actions: readonly string[];
  onPick: (action: string) => void;
  label: string;
  /** In a table row: the row's plain button instead of Mantine's. */
  inRow?: boolean;
}

/** The custom actions of the config, as a menu (docs/console/behaviour.md#screens-and-routes: always offered). */
export function CustomActionsMenu(props: CustomActionsMenuProps) {
  const [wanted, setWanted] = useState(false);
  if (props.actions.length === 0) return null;
  const trigger = moreTrigger(props.label, props.inRow === true, () => setWanted(true));
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <CustomActionsDropdown {...props} />
    </Suspense>
  );
}

/**
 * Buttons of one row, by what its status allows (docs/console/behaviour.md#states-and-actions); shown on hover or
 * keyboard focus.
 */
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
  const command = (action: StatusAction) =>
    rowButton(t(ACTION_LABELS[action]), () => onCommand(alert, { kind: 'action', action }), ACTION_ICONS[action](), {
      key: action,
    });
  // Reopen comes first, then watch, then the rest, in docs/console/behaviour.md#screens-and-routes's order.
  return (
    <>
      {canWrite && actions.filter((a) => a === 'open').map(command)}
      {canWrite &&
        username !== undefined &&
        rowButton(
          watched ? t('alerts.action.unwatch') : t('alerts.action.watch'),
          () => onCommand(alert, { kind: watched ? 'unwatch' : 'watch' }),
          watched ? UnwatchIcon() : WatchIcon(),
        )}
      {canWrite && actions.filter((a) => a !== 'open').map(command)}
      {canDelete && rowButton(t('alerts.action.delete'), () => onDelete(alert), DeleteIcon())}
      {canWrite && (
        <CustomActionsMenu
          actions={customActions}
          label={t('alerts.action.more')}
          onPick={(action) => onCommand(alert, { kind: 'action', action })}
          inRow
        />
      )}
    </>
  );
}
