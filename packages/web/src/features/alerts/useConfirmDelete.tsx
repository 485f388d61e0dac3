import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { lazyChunk } from '../../app/lazyChunk';
import { usePauseWhileOpen } from './AlertsUiContext';

const ConfirmDeleteDialog = lazyChunk(() => import('./ConfirmDeleteDialog'));

/**
 * Asks before deleting (console.md §5): `ask(action)` opens the dialog and runs `action` on confirmation. The dialog is
 * its own chunk, loaded the first time it is needed.
 */
export function useConfirmDelete(): { ask: (action: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  usePauseWhileOpen(pending !== null);
  const ask = useCallback((action: () => void) => setPending(() => action), []);
  const dialog =
    pending === null ? null : (
      <Suspense fallback={null}>
        <ConfirmDeleteDialog
          opened
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            pending();
          }}
        />
      </Suspense>
    );
  return { ask, dialog };
}
