import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import tr from './tr.json';

export const catalogues = { en, fr, de, tr } as const;
export type Language = keyof typeof catalogues;
export type MessageKey = keyof typeof en;

export const SUPPORTED_LANGUAGES = Object.keys(catalogues) as Language[];

function isLanguage(value: string): value is Language {
  return Object.hasOwn(catalogues, value);
}

/** console.md §4: the browser language's first two letters, English when that language has no catalogue. */
export function pickLanguage(browserLanguage: string | undefined): Language {
  const code = (browserLanguage ?? '').slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : 'en';
}

/**
 * Marks a key whose translation is looked up later (for instance a route title kept in a table). The i18n tests scan
 * the source for t and msg calls with a literal key, so keys are always written out.
 */
export function msg<K extends MessageKey>(key: K): K {
  return key;
}

/** Creates a separate i18next instance, so tests and the app never share language state. */
export function createI18n(language: string | undefined): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: pickLanguage(language),
    fallbackLng: 'en',
    resources: Object.fromEntries(
      Object.entries(catalogues).map(([lng, messages]) => [lng, { translation: messages }]),
    ),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes everything it renders
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
