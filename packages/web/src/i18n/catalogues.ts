import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import tr from './tr.json';
import type { Catalogue, Language } from '.';

/** Every catalogue at once, for the completeness tests; the app itself loads only the one it needs. */
export const catalogues: Readonly<Record<Language, Catalogue>> = { en, fr, de, tr };
