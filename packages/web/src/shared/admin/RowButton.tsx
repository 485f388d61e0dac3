import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './RowButton.module.css';

/** The class that gives an icon button of a row its phone-sized touch target. */
export const rowButtonClass = classes.button;

export interface RowButtonProps {
  /** What the button does, shown on hover (e.g. "Edit"). */
  tip: string;
  /** Its accessible name, which says which row it acts on (e.g. "Edit web01"). */
  label: string;
  onClick: () => void;
  icon: ReactNode;
  color?: string;
}

/** An icon button of an administration row, with its tooltip. */
export function RowButton({ tip, label, onClick, icon, color }: RowButtonProps) {
  return (
    <Tooltip label={tip}>
      <ActionIcon
        variant="subtle"
        className={classes.button}
        aria-label={label}
        onClick={onClick}
        {...(color === undefined ? {} : { color })}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
