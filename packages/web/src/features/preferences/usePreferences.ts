import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod/mini';
import { useApi } from '../../api';
import { msg } from '../../i18n';
import { useSession } from '../auth/AuthContext';
import { preferencesSchema, userAttributesResponseSchema, type Preferences, type SavedQuery } from './preferences';

export const USER_ATTRIBUTES_QUERY_KEY = ['user', 'me', 'attributes'] as const;

export interface UserPreferences {
  prefs: Preferences;
  queries: readonly SavedQuery[];
  /** False while a logged-in user's preferences are still loading; screens wait so they ask the server once. */
  settled: boolean;
}

const NO_PREFS: Preferences = {};
const NO_QUERIES: readonly SavedQuery[] = [];

/**
 * The logged-in user's stored preferences and saved searches (console.md §4 "Start"). Anonymous visitors have none;
 * a failed load counts as none, so the console still works against a server without user attributes, and the user is
 * told their settings could not be read (console.md §8).
 */
export function usePreferences(): UserPreferences {
  const api = useApi();
  const session = useSession();
  const loggedIn = session !== null;
  const query = useQuery({
    queryKey: [...USER_ATTRIBUTES_QUERY_KEY, session?.claims.sub ?? null],
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

type AttributesAnswer = z.infer<typeof userAttributesResponseSchema>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The server's merge of attributes (api.md §1.6): nested objects key by key, a null removes the key. */
function mergeInto(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    const existing = merged[key];
    if (value === null) delete merged[key];
    else if (isObject(value)) merged[key] = mergeInto(isObject(existing) ? existing : {}, value);
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** Saves in progress per console, so that only the last one to finish reads the preferences back. */
const pendingSaves = new WeakMap<QueryClient, number>();

/**
 * Saves some of the logged-in user's preferences (the server deep-merges attributes; null resets them all). The change
 * shows at once, before the server answers; the preferences are read back once no other save is under way, so a
 * failed save is undone and quick successive changes do not flicker. Null for a visitor, who has none to keep.
 */
export function useSavePreferences(): ((prefs: Preferences | null) => Promise<void>) | null {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const save = useCallback(
    async (prefs: Preferences | null) => {
      await queryClient.cancelQueries({ queryKey: USER_ATTRIBUTES_QUERY_KEY });
      queryClient.setQueriesData<AttributesAnswer>({ queryKey: USER_ATTRIBUTES_QUERY_KEY }, (old) => {
        if (old === undefined) return old;
        const next = prefs === null ? undefined : preferencesSchema.parse(mergeInto(old.attributes.prefs ?? {}, prefs));
        return { ...old, attributes: { ...old.attributes, prefs: next } };
      });
      pendingSaves.set(queryClient, (pendingSaves.get(queryClient) ?? 0) + 1);
      try {
        await api.request('/user/me/attributes', {
          method: 'PUT',
          body: { attributes: { prefs } },
          schema: z.unknown(),
        });
      } finally {
        const left = (pendingSaves.get(queryClient) ?? 1) - 1;
        pendingSaves.set(queryClient, left);
        if (left === 0) await queryClient.invalidateQueries({ queryKey: USER_ATTRIBUTES_QUERY_KEY });
      }
    },
    [api, queryClient],
  );
  return session === null ? null : save;
}
