import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A language's texts by key. */
export type Catalogue = Record<string, string>;

const WEB = fileURLToPath(new URL('../../packages/web/src', import.meta.url));

/** Every text of the console in `language`, read from its files: the core catalogue and each area's messages. */
export function catalogue(language: string): Catalogue {
  const files = [join(WEB, 'i18n', `${language}.json`)];
  for (const area of readdirSync(join(WEB, 'features'))) {
    // An area without texts of its own has no messages folder.
    if (existsSync(join(WEB, 'features', area, 'messages'))) {
      files.push(join(WEB, 'features', area, 'messages', `${language}.json`));
    }
  }
  return Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue)) as Catalogue;
}

/**
 * A text of the console in `language` with its `{{placeholders}}` filled, as the console's i18next would give it: a
 * message with plural forms (`key_one`, `key_other`, …) is named by its key alone, and its form is chosen by the
 * language's plural rules for `count`.
 */
export function sayer(language: string): (key: string, values?: Record<string, string>) => string {
  const texts = catalogue(language);
  const rules = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const count = values.count;
    const plural = count === undefined ? undefined : texts[`${key}_${rules.select(Number(count))}`];
    const text = texts[key] ?? plural ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}
