import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { usePreferences } from './usePreferences';

/** Applies the user's dark-mode preference (console.md §3 `isDark`) once it has loaded. */
export function ColorSchemePreference() {
  const { setColorScheme } = useMantineColorScheme();
  const { prefs } = usePreferences();
  const isDark = prefs.isDark;
  useEffect(() => {
    if (isDark !== undefined) setColorScheme(isDark ? 'dark' : 'light');
  }, [isDark, setColorScheme]);
  return null;
}
