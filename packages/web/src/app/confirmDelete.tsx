import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { lazyChunk } from './lazyChunk';

const ConfirmDeleteDialog = lazyChunk(() => import('../shared/ConfirmDeleteDialog'));

export interface ConfirmDelete {
  /** Opens the dialog; `action` runs once the user confirms. */
  ask: (action: () => void) => void;
  dialog: ReactNode;
  open: boolean;
}

/**
 * Asks before deleting (docs/console/behaviour.md#validation). The dialog is its own chunk, loaded the first time it is
 * needed.
 */
export function useConfirmDeleteDialog(): ConfirmDelete {
  const [pending, setPending] = useState<(() => void) | null>(null);
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
  return { ask, dialog, open: pending !== null };
}
