import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import { useState } from 'react';
import { usePauseWhileOpen } from './AlertsUiContext';
import { splitCaps } from '../../shared/format';
import type { CustomActionsMenuProps } from './RowActions';
import { moreTrigger } from './rowButtons';

/** The custom actions menu itself, opened as soon as it loads (the first click asked for it). */
export default function CustomActionsDropdown({ actions, onPick, label, inRow }: CustomActionsMenuProps) {
  const [open, setOpen] = useState(true);
  usePauseWhileOpen(open);
  return (
    <Menu opened={open} onChange={setOpen} withinPortal position="bottom-end" hideDetached={false}>
      <Menu.Target>{moreTrigger(label, inRow === true, () => undefined)}</Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            onClick={(event) => {
              // The dropdown is portalled, but React still bubbles its clicks to the row, which would open the alert.
              event.stopPropagation();
              onPick(action);
            }}
          >
            {splitCaps(action)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
