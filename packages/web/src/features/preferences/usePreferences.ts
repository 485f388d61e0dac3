import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod/mini';
import { useApi } from '../../api';
import { msg } from '../../i18n';
import { useSession } from '../auth';
import { userAttributesResponseSchema, type Preferences, type SavedQuery } from './preferences';
import { queryKeys } from '../../api/queryKeys';

export interface UserPreferences {
  prefs: Preferences;
  queries: readonly SavedQuery[];
  /** False while a logged-in user's preferences are still loading; screens wait so they ask the server once. */
  settled: boolean;
}

const NO_PREFS: Preferences = {};
const NO_QUERIES: readonly SavedQuery[] = [];

/**
 * The logged-in user's stored preferences and saved searches (docs/console/behaviour.md#states-and-actions "Start").
 * Anonymous visitors have none; a failed load counts as none, so the console still works against a server without user
 * attributes, and the user is told their settings could not be read (docs/console/behaviour.md#errors).
 */
export function usePreferences(): UserPreferences {
  const api = useApi();
  const session = useSession();
  const loggedIn = session !== null;
  const query = useQuery({
    queryKey: queryKeys.userAttributes.of(session?.claims.sub ?? null),
    queryFn: ({ signal }) => api.request('/user/me/attributes', { signal, schema: userAttributesResponseSchema }),
    enabled: loggedIn,
    staleTime: Infinity,
    retry: false,
    meta: { errorText: msg('error.settings') },
  });
  const attributes = query.data?.attributes;
  return {
    prefs: attributes?.prefs ?? NO_PREFS,
    queries: attributes?.queries ?? NO_QUERIES,
    settled: !loggedIn || !query.isPending,
  };
}

/**
 * Saves some of the logged-in user's preferences (the server deep-merges attributes) and reloads them, so the change
 * takes effect at once; null for a visitor, who has none to keep.
 */
export function useSavePreferences(): ((prefs: Preferences) => Promise<void>) | null {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const save = useCallback(
    async (prefs: Preferences) => {
      await api.request('/user/me/attributes', {
        method: 'PUT',
        body: { attributes: { prefs } },
        schema: z.unknown(),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.userAttributes.all });
    },
    [api, queryClient],
  );
  return session === null ? null : save;
}
