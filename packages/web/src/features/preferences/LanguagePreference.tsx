import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage, switchLanguage } from '../../i18n';
import { usePreferences } from './usePreferences';

/**
 * docs/console/behaviour.md#states-and-actions: the language preference, once loaded, overrides the browser language;
 * when it goes away (the preferences were reset) the browser language is back.
 */
export function LanguagePreference() {
  const { i18n } = useTranslation();
  const { prefs } = usePreferences();
  const preferred = typeof prefs.languagePref === 'string' ? prefs.languagePref : '';
  const previous = useRef(preferred);
  useEffect(() => {
    const language =
      preferred !== ''
        ? preferred.slice(0, 2).toLowerCase()
        : previous.current !== ''
          ? pickLanguage(navigator.language)
          : null;
    previous.current = preferred;
    if (language !== null) switchLanguage(i18n, language).catch(() => undefined);
  }, [i18n, preferred]);
  return null;
}
