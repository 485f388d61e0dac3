import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createI18n, loadI18n, pickLanguage, SUPPORTED_LANGUAGES } from '.';
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

describe('translations', () => {
  const english = Object.keys(catalogues.en).sort();

  it.each(SUPPORTED_LANGUAGES)('%s has exactly the keys of every other catalogue', (language) => {
    for (const other of SUPPORTED_LANGUAGES) {
      expect(Object.keys(catalogues[language]).sort(), `${language} vs ${other}`).toEqual(
        Object.keys(catalogues[other]).sort(),
      );
    }
  });

  it.each(SUPPORTED_LANGUAGES)('%s has no empty translation', (language) => {
    const empty = Object.entries(catalogues[language]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('uses every key somewhere in the source', () => {
    const used = usedKeys();
    expect(english.filter((key) => !used.has(key))).toEqual([]);
  });

  it('defines every key the source uses', () => {
    const missing = [...usedKeys()].filter((key) => !english.includes(key));
    expect(missing).toEqual([]);
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
    for (const key of english) {
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      const expected = placeholders(catalogues.en[key] ?? '');
      for (const language of SUPPORTED_LANGUAGES) {
        expect(placeholders(catalogues[language][key] ?? ''), `${language} ${key}`).toEqual(expected);
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
