import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { useApi } from '../../api';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import { useSession } from '../auth';
import { type Preferences, preferencesSchema, type userAttributesResponseSchema } from '../preferences';
import { queryKeys } from '../../api/queryKeys';
import { pickLanguage, switchLanguage } from '../../i18n';
import { loadAreas } from '../../i18n/areas';
import { settingsMessages } from './messages';

type AttributesAnswer = z.infer<typeof userAttributesResponseSchema>;

/** The server's merge of attributes (docs/api/identity.md) for preferences, which nest one level (dates, font). */
function mergePrefs(current: Preferences, changes: Preferences): Preferences {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    const before = merged[key];
    merged[key] =
      value !== null && typeof value === 'object' && typeof before === 'object' ? { ...before, ...value } : value;
  }
  return preferencesSchema.parse(merged);
}

/** Saves under way per console: the preferences are read back when the last one ends, so nothing flickers. */
const pending = new WeakMap<QueryClient, number>();

/**
 * docs/console/account-screens.md#settings: every change is saved at once with `PUT /user/me/attributes {prefs: {<key>:
 * value}}` (`null` resets them all) and the snackbar says so, or why not. The change takes effect across the console
 * before the server answers; the preferences are then read back, which also undoes a change the server refused.
 */
/** Saves preferences; settles (never rejects) once the server has answered and the preferences were read back. */
export type SaveSetting = (prefs: Preferences) => Promise<void>;

export function useSaveSetting(): (prefs: Preferences | null) => Promise<void> {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const { t, i18n } = useTranslation();
  const save = useCallback(
    async (prefs: Preferences | null) => {
      // A reset is confirmed in the language the user acted in; a change of language in the new language, once its
      // texts are there (docs/console/account-screens.md#settings).
      const done = prefs === null ? t('settings.resetDone') : t('settings.saved');
      const language =
        typeof prefs?.languagePref === 'string' ? pickLanguage(prefs.languagePref.slice(0, 2).toLowerCase()) : null;
      // A read under way would overwrite the change when it lands; without one the change shows in this very event.
      if (queryClient.isFetching({ queryKey: queryKeys.userAttributes.all }) > 0) {
        await queryClient.cancelQueries({ queryKey: queryKeys.userAttributes.all });
      }
      queryClient.setQueriesData<AttributesAnswer>({ queryKey: queryKeys.userAttributes.all }, (old) =>
        old === undefined
          ? old
          : {
              ...old,
              attributes: {
                ...old.attributes,
                prefs: prefs === null ? undefined : mergePrefs(old.attributes.prefs ?? {}, prefs),
              },
            },
      );
      pending.set(queryClient, (pending.get(queryClient) ?? 0) + 1);
      try {
        await api.request('/user/me/attributes', {
          method: 'PUT',
          body: { attributes: { prefs } },
          schema: z.unknown(),
        });
        if (language === null) notifications.success(done);
        else {
          // The texts of this screen in the new language too, whichever of the two loads comes first.
          await Promise.all([switchLanguage(i18n, language), loadAreas(i18n, language, [settingsMessages])]).catch(
            () => undefined,
          );
          notifications.success(i18n.getFixedT(language)('settings.saved'));
        }
      } catch (error) {
        notifyError(notifications, error, t);
      } finally {
        const left = (pending.get(queryClient) ?? 1) - 1;
        pending.set(queryClient, left);
        if (left === 0) await queryClient.invalidateQueries({ queryKey: queryKeys.userAttributes.all });
      }
    },
    [api, queryClient, notifications, t, i18n],
  );
  return useCallback(
    (prefs: Preferences | null) => (session === null ? Promise.resolve() : save(prefs)),
    [session, save],
  );
}
