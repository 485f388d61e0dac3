import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { z } from 'zod/mini';
import { useApi } from '../../api';
import { useSession } from '../auth/AuthContext';
import { USER_ATTRIBUTES_QUERY_KEY, usePreferences } from '../preferences/usePreferences';
import type { Density } from './AlertsMenu';

/**
 * The list's display density: the user's preference until they choose here. Logged-in users keep their choice in
 * their preferences (the server deep-merges attributes); visitors keep it for this page only.
 */
export function useDensity(): [Density, (next: Density) => void] {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const { prefs } = usePreferences();
  const [choice, setChoice] = useState<Density | null>(null);
  const density: Density = (choice ?? prefs.displayDensity) === 'compact' ? 'compact' : 'comfortable';
  const choose = useCallback(
    (next: Density) => {
      setChoice(next);
      if (session === null) return;
      void api
        .request('/user/me/attributes', {
          method: 'PUT',
          body: { attributes: { prefs: { displayDensity: next } } },
          schema: z.unknown(),
        })
        .then(() => queryClient.invalidateQueries({ queryKey: USER_ATTRIBUTES_QUERY_KEY }))
        .catch(() => undefined);
    },
    [api, session, queryClient],
  );
  return [density, choose];
}
