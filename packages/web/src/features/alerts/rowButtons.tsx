import { ActionIcon } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { MoreIcon } from '../../shared/icons';
import classes from './AlertsTable.module.css';

/**
 * A row's icon button, as an element rather than a component (Mantine's ActionIcon is several): every row on screen
 * draws several, and React keeps two copies of each component it has drawn. 24 px square, the WCAG 2.2 minimum
 * target size.
 */
export function rowButton(
  label: string,
  onClick: () => void,
  icon: ReactNode,
  options: { key?: string; menu?: boolean } = {},
): ReactElement {
  return (
    <button
      key={options.key}
      type="button"
      className={classes.rowButton}
      aria-label={label}
      title={label}
      aria-haspopup={options.menu === true ? 'menu' : undefined}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </button>
  );
}

/**
 * The trigger of the custom actions menu, as an element: the menu, once loaded, clones it to add its ref, state and
 * handlers.
 */
export function moreTrigger(label: string, inRow: boolean, onClick: () => void): ReactElement {
  if (inRow) return rowButton(label, onClick, MoreIcon(), { menu: true });
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="sm"
      aria-label={label}
      title={label}
      aria-haspopup="menu"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <MoreIcon />
    </ActionIcon>
  );
}
