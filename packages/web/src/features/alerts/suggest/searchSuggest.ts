import { QUERY_FIELD_NAMES } from '@alerta/contract';

/**
 * What the search box suggests (docs/console/alert-screens.md#search-suggestions): while a word without a colon is
 * typed, the fields of the query language whose names start with it; after `field:`, for the fields the facets count,
 * their values with counts.
 */

/** The word the caret is in: from the space or bracket before it to the one after it. */
export interface Word {
  start: number;
  end: number;
  text: string;
}

const BOUNDARY = /[\s()]/;

export function wordAt(text: string, caret: number): Word {
  let start = Math.min(Math.max(caret, 0), text.length);
  let end = start;
  while (start > 0 && !BOUNDARY.test(text.charAt(start - 1))) start -= 1;
  while (end < text.length && !BOUNDARY.test(text.charAt(end))) end += 1;
  return { start, end, text: text.slice(start, end) };
}

/** The facets' name for a field of the query language whose values can be suggested, or null. */
const VALUE_FIELDS: Readonly<Record<string, string>> = {
  environment: 'environment',
  service: 'service',
  resource: 'resource',
  event: 'event',
  group: 'group',
  origin: 'origin',
  customer: 'customer',
  severity: 'severity',
  status: 'status',
  tags: 'tag',
  tag: 'tag',
};

export type Wanted =
  | { kind: 'fields'; prefix: string }
  | { kind: 'values'; field: string; facet: string; partial: string }
  | { kind: 'none' };

const OPERATORS = new Set(['AND', 'OR', 'NOT', '&&', '||', '!']);

/** What the word at the caret asks for. */
export function wanted(word: Word): Wanted {
  const colon = word.text.indexOf(':');
  if (colon < 0) {
    return word.text === '' || OPERATORS.has(word.text) ? { kind: 'none' } : { kind: 'fields', prefix: word.text };
  }
  const field = word.text.slice(0, colon);
  const facet = Object.hasOwn(VALUE_FIELDS, field) ? VALUE_FIELDS[field] : undefined;
  if (facet === undefined) return { kind: 'none' };
  // A value being typed in quotes is matched without them.
  const partial = word.text
    .slice(colon + 1)
    .replace(/^"/, '')
    .replace(/"$/, '');
  return { kind: 'values', field, facet, partial };
}

/** The fields whose names start with `prefix` (any case), those the facets count first; at most `limit`. */
export function fieldsStartingWith(prefix: string, limit = 8): string[] {
  const lower = prefix.toLowerCase();
  const names = [...new Set([...Object.keys(VALUE_FIELDS).filter((f) => f !== 'tag'), ...QUERY_FIELD_NAMES])];
  return names.filter((name) => name.toLowerCase().startsWith(lower) && name !== prefix).slice(0, limit);
}

/** Characters a bare word must escape (docs/api/query-language.md#values). */
const SPECIAL = /[\s()[\]{}":\\?*/<>!&|]/g;

/**
 * The query narrowing the facets to values with a word starting with `partial` (docs/api/query-language.md#values: a
 * wildcard matches whole words); null for no partial.
 */
export function partialQuery(field: string, partial: string): string | null {
  if (partial.trim() === '') return null;
  return `${field}:${partial.replace(SPECIAL, (c) => `\\${c}`)}*`;
}

/** A value as the search writes it: a bare word when it can be one, else a quoted phrase. */
export function writeValue(value: string): string {
  return /^[\w.@-]+$/u.test(value) && !/^(AND|OR|NOT)$/.test(value)
    ? value
    : `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** The text with the word replaced by `insert`, and where the caret goes: just after it. */
export function replaceWord(text: string, word: Word, insert: string): { text: string; caret: number } {
  return { text: text.slice(0, word.start) + insert + text.slice(word.end), caret: word.start + insert.length };
}
