import dayjs from 'dayjs';
import i18next, { type i18n as I18n, type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadUsedAreas } from './areas';
import en from './en.json';

export type Catalogue = typeof en;
/**
 * A key as t() takes it: i18next's own reading of the catalogue, so a message with plural forms (`alerts.done.ack_one`,
 * `alerts.done.ack_other`, …) is named without its ending and i18next picks the form from the `count` option.
 */
export type MessageKey = ParseKeys;

export const SUPPORTED_LANGUAGES = ['en', 'fr', 'de', 'tr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

// English is the fallback and ships with the first bundle; the others load on demand, one small chunk each.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  tr: () => import('./tr.json'),
};

// Day and month names in dates follow the language too.
const dateLocales: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
  tr: () => import('dayjs/locale/tr'),
};

function isLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * docs/console/behaviour.md#states-and-actions: the browser language's first two letters, English when that language
 * has no catalogue.
 */
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

/**
 * A separate i18next instance with English plus `language`, so tests and the app never share language state. i18next
 * keeps the catalogues it is given and writes each area's texts into them, so it gets copies: the imported catalogues
 * stay as the files say.
 */
export function createI18n(language: Language, messages: Catalogue = en): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: { ...en } }, [language]: { translation: { ...messages } } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes everything it renders
    initAsync: false,
  });
  return instance;
}

async function loadLanguage(language: Exclude<Language, 'en'>): Promise<Catalogue> {
  const [{ default: messages }] = await Promise.all([loaders[language](), dateLocales[language]()]);
  return messages;
}

/** Switches a running console to `language` (a user preference), loading its catalogue first. */
export async function switchLanguage(i18n: I18n, language: string): Promise<void> {
  if (!isLanguage(language) || i18n.language === language) return;
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', { ...(await loadLanguage(language)) }, true, true);
  }
  await loadUsedAreas(i18n, language);
  dayjs.locale(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The i18n instance for the browser's language, its catalogue loaded first (English if that fails). */
export async function loadI18n(browserLanguage: string | undefined): Promise<I18n> {
  const language = pickLanguage(browserLanguage);
  if (language === 'en') return createI18n('en');
  try {
    const messages = await loadLanguage(language);
    dayjs.locale(language);
    return createI18n(language, messages);
  } catch {
    return createI18n('en');
  }
}
