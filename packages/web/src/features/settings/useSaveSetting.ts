import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import type { Preferences } from '../preferences/preferences';
import { useSavePreferences } from '../preferences/usePreferences';

/**
 * screens.md §13.2: every change is saved at once (`PUT /user/me/attributes {prefs: {<key>: value}}`) and takes effect
 * before the server answers; the snackbar says it was saved, or why not. `null` resets every preference.
 */
export function useSaveSetting(): (prefs: Preferences | null) => void {
  const save = useSavePreferences();
  const notifications = useNotifications();
  const { t } = useTranslation();
  return useCallback(
    (prefs: Preferences | null) => {
      if (save === null) return;
      save(prefs).then(
        () => notifications.push(prefs === null ? t('settings.resetDone') : t('settings.saved'), 'success'),
        (error: unknown) => notifyError(notifications, error, t),
      );
    },
    [save, notifications, t],
  );
}
