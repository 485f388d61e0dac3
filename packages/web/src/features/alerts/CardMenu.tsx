import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { allowedActions, isWatchedBy, type StatusAction } from '../../shared/alertStatus';
import { splitCaps } from '../../shared/format';
import { DeleteIcon, MoreIcon, UnwatchIcon, WatchIcon } from '../../shared/icons';
import type { AlertCardProps } from './AlertCard';
import { usePauseWhileOpen } from './AlertsUiContext';
import { ACTION_ICONS, ACTION_LABELS } from './RowActions';
import classes from './AlertsTable.module.css';

type CardMenuProps = Omit<AlertCardProps, 'first' | 'context' | 'selected' | 'multiSelect'> & { label: string };

/**
 * A card's row menu (docs/console/alert-screens.md#phone-cards), opened as soon as it loads: the same actions as a
 * table row's buttons, in the same order and with the same permissions, then the custom actions.
 */
export default function CardMenu(props: CardMenuProps) {
  const { alert, t, username, canWrite, canDelete, onCommand, onDelete } = props;
  const [open, setOpen] = useState(true);
  usePauseWhileOpen(open);
  const watched = isWatchedBy(alert, username);
  const actions = allowedActions(alert.status);
  // The dropdown is portalled, but React still bubbles its clicks to the card, which would open the alert.
  const item = (key: string, label: string, icon: ReactNode, onClick: () => void) => (
    <Menu.Item
      key={key}
      leftSection={icon}
      mih={44}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {label}
    </Menu.Item>
  );
  const command = (action: StatusAction) =>
    item(action, t(ACTION_LABELS[action]), ACTION_ICONS[action](), () => onCommand(alert, { kind: 'action', action }));
  return (
    <Menu opened={open} onChange={setOpen} withinPortal position="bottom-end" hideDetached={false}>
      <Menu.Target>
        <button
          type="button"
          className={classes.cardMenu}
          aria-label={props.label}
          title={props.label}
          onClick={(event) => event.stopPropagation()}
        >
          {MoreIcon()}
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        {canWrite && actions.filter((a) => a === 'open').map(command)}
        {canWrite &&
          username !== undefined &&
          item(
            'watch',
            watched ? t('alerts.action.unwatch') : t('alerts.action.watch'),
            watched ? UnwatchIcon() : WatchIcon(),
            () => onCommand(alert, { kind: watched ? 'unwatch' : 'watch' }),
          )}
        {canWrite && actions.filter((a) => a !== 'open').map(command)}
        {canDelete && item('delete', t('alerts.action.delete'), DeleteIcon(), () => onDelete(alert))}
        {canWrite &&
          props.customActions.map((action) =>
            item(`custom:${action}`, splitCaps(action), null, () => onCommand(alert, { kind: 'action', action })),
          )}
      </Menu.Dropdown>
    </Menu>
  );
}
