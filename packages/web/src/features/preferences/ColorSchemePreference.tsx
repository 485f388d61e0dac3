import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { usePreferences } from './usePreferences';

/**
 * Applies the user's dark-mode preference (docs/console/behaviour.md#entities `isDark`) once it has loaded and whenever
 * it changes; when it goes away (the preferences were reset) the console is light again, the default
 * (docs/console/account-screens.md#default-preferences).
 */
export function ColorSchemePreference() {
  const { setColorScheme } = useMantineColorScheme();
  const { prefs } = usePreferences();
  const isDark = prefs.isDark;
  const previous = useRef(isDark);
  useEffect(() => {
    if (isDark !== undefined) setColorScheme(isDark ? 'dark' : 'light');
    else if (previous.current !== undefined) setColorScheme('light');
    previous.current = isDark;
  }, [isDark, setColorScheme]);
  return null;
}
