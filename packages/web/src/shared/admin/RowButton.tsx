import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

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
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick} {...(color === undefined ? {} : { color })}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
