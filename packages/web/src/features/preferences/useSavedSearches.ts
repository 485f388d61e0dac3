import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { useApi } from '../../api';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import type { SavedQuery, userAttributesResponseSchema } from './preferences';
import { usePreferences } from './usePreferences';
import { queryKeys } from '../../api/queryKeys';

type AttributesAnswer = z.infer<typeof userAttributesResponseSchema>;

/** The list's grouping saved with a search: the fields grouped by and the order of the groups (null: the default). */
export interface SavedGrouping {
  groupBy: readonly string[];
  groupSort: string | null;
}

export interface SavedSearches {
  queries: readonly SavedQuery[];
  /**
   * Stores `q` under `text`, with the list's grouping when it is grouped, replacing a search of the same name;
   * resolves to whether it was stored.
   */
  save: (text: string, q: string, grouping?: SavedGrouping) => Promise<boolean>;
  remove: (entry: SavedQuery) => Promise<boolean>;
}

/** A saved search as stored: the grouping only when the list is grouped, its order only when not the default. */
function savedEntry(text: string, q: string, grouping: SavedGrouping | undefined): SavedQuery {
  if (grouping === undefined || grouping.groupBy.length === 0) return { text, q };
  const groupBy = [...grouping.groupBy];
  return grouping.groupSort === null ? { text, q, groupBy } : { text, q, groupBy, groupSort: grouping.groupSort };
}

/**
 * The user's saved searches (docs/console/shell.md#top-bar): the whole list goes to `PUT /user/me/attributes {queries}`
 * (lists are replaced, not merged), then the attributes are read again. Success and failure are reported in the
 * snackbar.
 */
export function useSavedSearches(): SavedSearches {
  const api = useApi();
  const { t } = useTranslation();
  const notifications = useNotifications();
  const queryClient = useQueryClient();
  const { queries } = usePreferences();

  const store = async (next: SavedQuery[], done: string): Promise<boolean> => {
    try {
      await api.request('/user/me/attributes', {
        method: 'PUT',
        body: { attributes: { queries: next } },
        schema: z.unknown(),
      });
    } catch (error) {
      notifyError(notifications, error, t);
      return false;
    }
    queryClient.setQueriesData<AttributesAnswer>({ queryKey: queryKeys.userAttributes.all }, (old) =>
      old === undefined ? old : { ...old, attributes: { ...old.attributes, queries: next } },
    );
    notifications.push(done, 'success');
    // Read back what the server kept; a failure there is reported like any failed load of the preferences.
    await queryClient.invalidateQueries({ queryKey: queryKeys.userAttributes.all });
    return true;
  };

  return {
    queries,
    save: (text, q, grouping) =>
      store(
        [...queries.filter((e) => e.text !== text), savedEntry(text, q, grouping)],
        t('searches.saved', { name: text }),
      ),
    remove: (entry) =>
      store(
        queries.filter((e) => e.text !== entry.text || e.q !== entry.q),
        t('searches.deleted', { name: entry.text }),
      ),
  };
}
