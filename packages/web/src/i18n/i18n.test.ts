import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createI18n, loadI18n, pickLanguage, SUPPORTED_LANGUAGES, type Language } from '.';
import { AREAS } from './areas';
import { areaCatalogue, catalogues, coreCatalogues } from './catalogues';

const SOURCE_ROOT = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Keys used as `t('key')`, `t('key', …)` or `msg('key')`: every key is written as a literal so this finds it. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(SOURCE_ROOT)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b(?:t|msg)\(\s*'([^']+)'/g)) {
      if (match[1] !== undefined) keys.add(match[1]);
    }
  }
  return keys;
}

/** The endings of i18next's plural forms, one for each of the language's plural categories (Intl.PluralRules). */
const PLURAL_ENDING = /_(zero|one|two|few|many|other)$/;

/** A message's name as t() takes it: the key itself, or a plural form's key without its ending. */
function messageName(key: string): string {
  return key.replace(PLURAL_ENDING, '');
}

/** The plural categories i18next chooses among in `language`, so the forms its catalogue must have. */
function pluralCategories(language: Language): string[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
}

describe('translations', () => {
  const english = Object.keys(catalogues.en).sort();
  const names = [...new Set(english.map(messageName))].sort();
  const plurals = new Set(english.filter((key) => PLURAL_ENDING.test(key)).map(messageName));

  it.each(SUPPORTED_LANGUAGES)('%s has exactly the messages of every other catalogue', (language) => {
    const namesOf = (other: Language) => [...new Set(Object.keys(catalogues[other]).map(messageName))].sort();
    for (const other of SUPPORTED_LANGUAGES) {
      expect(namesOf(language), `${language} vs ${other}`).toEqual(namesOf(other));
    }
  });

  it.each(SUPPORTED_LANGUAGES)(
    '%s has the same keys as English, each plural message with exactly the forms of its language',
    (language) => {
      // A missing form would show English, or the key, for the counts that need it: French picks "many" for a million.
      const expected = names.flatMap((name) =>
        plurals.has(name) ? pluralCategories(language).map((category) => `${name}_${category}`) : [name],
      );
      expect(Object.keys(catalogues[language]).sort()).toEqual(expected.sort());
    },
  );

  it.each(SUPPORTED_LANGUAGES)('%s has no empty translation', (language) => {
    const empty = Object.entries(catalogues[language]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('uses every key somewhere in the source', () => {
    const used = usedKeys();
    expect(names.filter((name) => !used.has(name))).toEqual([]);
  });

  it('defines every key the source uses', () => {
    const missing = [...usedKeys()].filter((key) => !names.includes(key));
    expect(missing).toEqual([]);
  });

  it('names plural messages by their base key only, never by one of their forms', () => {
    expect([...usedKeys()].filter((key) => PLURAL_ENDING.test(key))).toEqual([]);
  });

  it('writes every key out, never building one at run time', () => {
    // A key built from pieces (`t(`status.${x}`)`, `t('a.' + b)`) escapes the checks above and shows as the key itself
    // when it is missing: fixed values get their words from tables of msg() keys instead (enumLabels.ts).
    const built: string[] = [];
    for (const file of sourceFiles(SOURCE_ROOT)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(?:t|msg)\(\s*(?:`|'[^']*'\s*\+|"[^"]*"\s*\+)/g)) {
        built.push(`${file.slice(SOURCE_ROOT.length + 1)}: ${match[0]}`);
      }
    }
    expect(built).toEqual([]);
  });

  it.each(AREAS)('keeps the keys of area %s under its own name', (area) => {
    for (const language of SUPPORTED_LANGUAGES) {
      const strays = Object.keys(areaCatalogue(area, language)).filter((key) => !key.startsWith(`${area}.`));
      expect(strays, `${area} ${language}`).toEqual([]);
    }
  });

  it('defines no key twice across the first bundle and the areas', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    const sources: [string, Readonly<Record<string, string>>][] = [
      ['core', coreCatalogues.en],
      ...AREAS.map((area): [string, Readonly<Record<string, string>>] => [area, areaCatalogue(area, 'en')]),
    ];
    for (const [name, messages] of sources) {
      for (const key of Object.keys(messages)) {
        const earlier = seen.get(key);
        if (earlier !== undefined) twice.push(`${key} (${earlier} and ${name})`);
        seen.set(key, name);
      }
    }
    expect(twice).toEqual([]);
  });

  it('keeps the same interpolation placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const language of SUPPORTED_LANGUAGES) {
      for (const [key, text] of Object.entries(catalogues[language])) {
        // Every form of a plural message has the placeholders of the English "other" form.
        const name = messageName(key);
        const model = plurals.has(name) ? `${name}_other` : key;
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(catalogues.en[model] ?? ''));
      }
    }
  });
});

describe('language choice', () => {
  it('takes the first two letters of the browser language and falls back to English', () => {
    expect(pickLanguage('fr-CA')).toBe('fr');
    expect(pickLanguage('de')).toBe('de');
    expect(pickLanguage('TR-tr')).toBe('tr');
    expect(pickLanguage('ja-JP')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it('loads the catalogue of the browser language', async () => {
    expect((await loadI18n('de-DE')).t('login.submit')).toBe('Anmelden');
    expect((await loadI18n('fr')).t('login.submit')).toBe('Se connecter');
    expect(dayjs('2026-11-22T12:00:00Z').format('dddd')).toBe('dimanche');
    expect((await loadI18n('es')).t('login.submit')).toBe('Log in');
    dayjs.locale('en');
    expect(createI18n('tr', coreCatalogues.tr).t('logout.message')).toBe('Oturumunuz kapatıldı.');
  });
});
