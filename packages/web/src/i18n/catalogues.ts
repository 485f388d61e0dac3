import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import tr from './tr.json';
import type { Catalogue, Language } from '.';
import { AREAS, type Area } from './areas';

type Messages = Readonly<Record<string, string>>;

const areaFiles = import.meta.glob<Messages>('../features/*/messages/*.json', { import: 'default', eager: true });

/** One area's catalogue in `language` (empty when the file is missing, which the tests report). */
export function areaCatalogue(area: Area, language: Language): Messages {
  return areaFiles[`../features/${area}/messages/${language}.json`] ?? {};
}

const core: Readonly<Record<Language, Catalogue>> = { en, fr, de, tr };

/** The first bundle's catalogue of each language, without the areas. */
export const coreCatalogues = core;

/** Every text of each language at once, for the completeness tests; the app itself loads only what it shows. */
export const catalogues: Readonly<Record<Language, Messages>> = {
  en: merged('en'),
  fr: merged('fr'),
  de: merged('de'),
  tr: merged('tr'),
};

function merged(language: Language): Messages {
  return Object.assign({}, core[language], ...AREAS.map((area) => areaCatalogue(area, language))) as Messages;
}
