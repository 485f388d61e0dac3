import { useCallback, useState } from 'react';
import { usePreferences, useSavePreferences } from '../preferences';
import type { Density } from './AlertsMenu';

/**
 * The list's display density: the user's preference until they choose here. Logged-in users keep their choice in
 * their preferences (the server deep-merges attributes); visitors keep it for this page only.
 */
export function useDensity(): [Density, (next: Density) => void] {
  const { prefs } = usePreferences();
  const save = useSavePreferences();
  const [choice, setChoice] = useState<Density | null>(null);
  const density: Density = (choice ?? prefs.displayDensity) === 'compact' ? 'compact' : 'comfortable';
  const choose = useCallback(
    (next: Density) => {
      setChoice(next);
      // The choice holds for this page even when it cannot be kept.
      save?.({ displayDensity: next }).catch(() => undefined);
    },
    [save],
  );
  return [density, choose];
}
