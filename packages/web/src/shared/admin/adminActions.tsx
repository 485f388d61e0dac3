import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDeleteDialog } from '../../app/confirmDelete';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import { useReloadAdminLists } from './adminList';

/**
 * Asks before deleting (docs/console/behaviour.md#validation): `ask(action)` opens the dialog and runs `action` once
 * confirmed.
 */
export function useConfirmDelete(): { ask: (action: () => void) => void; dialog: ReactNode } {
  const { ask, dialog } = useConfirmDeleteDialog();
  return { ask, dialog };
}

export interface AdminChangeOptions<R, V> {
  /** Said in the snackbar when it worked (already translated); nothing when absent. */
  success?: string | ((result: R, variables: V) => string);
  /** Report a failure in the snackbar (a form says it inside itself instead). */
  reportErrors?: boolean;
  onSuccess?: (result: R, variables: V) => void;
}

/**
 * A change made from an administration screen: on success every administration list reloads and the success text
 * shows; a failure is reported (docs/console/behaviour.md#errors) unless the form shows it.
 */
export function useAdminChange<V, R = unknown>(
  change: (variables: V) => Promise<R>,
  options: AdminChangeOptions<R, V>,
) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const reload = useReloadAdminLists();
  return useMutation({
    mutationFn: change,
    onSuccess: async (result, variables) => {
      const { success } = options;
      if (success !== undefined) {
        notifications.success(typeof success === 'string' ? success : success(result, variables));
      }
      options.onSuccess?.(result, variables);
      await reload();
    },
    onError: (error) => {
      if (options.reportErrors === true) notifyError(notifications, error, t);
    },
  });
}
