import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../i18n';
import { usePreferences } from './usePreferences';

/** console.md §4: the language preference, once loaded, overrides the browser language. */
export function LanguagePreference() {
  const { i18n } = useTranslation();
  const { prefs } = usePreferences();
  const preferred = prefs.languagePref;
  useEffect(() => {
    if (typeof preferred === 'string' && preferred !== '') {
      switchLanguage(i18n, preferred.slice(0, 2).toLowerCase()).catch(() => undefined);
    }
  }, [i18n, preferred]);
  return null;
}
