import type { ReactNode } from 'react';
import { useConfirmDeleteDialog } from '../../app/confirmDelete';
import { usePauseWhileOpen } from './AlertsUiContext';

/** Asks before deleting alerts; the list holds still while the question is open. */
export function useConfirmDelete(): { ask: (action: () => void) => void; dialog: ReactNode } {
  const { ask, dialog, open } = useConfirmDeleteDialog();
  usePauseWhileOpen(open);
  return { ask, dialog };
}
