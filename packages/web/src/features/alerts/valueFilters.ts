import { joinClauses, searchClauses, type FacetField, type ValueFilter } from './searchClauses';

/**
 * Value filters written into the search (docs/console/alert-screens.md#facets): the facets panel's and the grouped
 * view's. Read back by searchClauses.ts.
 */

/** The fields of the facets panel, as GET /alerts/facets names them (docs/api/alerts.md#get-alertsfacets). */
export const FACET_FIELDS: readonly FacetField[] = [
  'environment',
  'service',
  'resource',
  'event',
  'group',
  'origin',
  'tag',
];

/** The query language names the tags `tags` (docs/api/query-language.md#fields); the facets call them `tag`. */
const queryField = (field: string) => (field === 'tag' ? 'tags' : field);

const quote = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * The clause keeping the alerts whose field holds `value` (null: those without a value), or with `exclude` leaving them
 * out. A value is matched as the server's groups match it, by a closed range on itself, which is exact and
 * case-sensitive; "no value" as the server's group without one (docs/api/alerts.md#get-alertsgrouped).
 */
export function valueClause(field: string, value: string | null, exclude: boolean): string {
  const name = queryField(field);
  const has = value === null ? `${name}:{"" TO *]` : `${name}:[${quote(value)} TO ${quote(value)}]`;
  return (value === null) !== exclude ? `NOT ${has}` : has;
}

/** Whether the search holds this very value filter as one of its clauses. */
export function hasValueFilter(clauses: readonly string[] | null, filter: ValueFilter): boolean {
  return clauses?.includes(valueClause(filter.field, filter.value, filter.exclude)) === true;
}

/**
 * The search with a value filter applied (docs/console/alert-screens.md#facets): added as a clause; a filter already
 * there is taken off again (a second click undoes the first), and its opposite gives way to it. A search of another
 * shape is kept whole in brackets.
 */
export function applyValueFilter(q: string | null, filter: ValueFilter): string | null {
  const clause = valueClause(filter.field, filter.value, filter.exclude);
  const clauses = searchClauses(q);
  if (clauses === null) return `(${q ?? ''}) AND ${clause}`;
  if (clauses.includes(clause)) return joinClauses(clauses.filter((c) => c !== clause));
  const opposite = valueClause(filter.field, filter.value, !filter.exclude);
  return joinClauses([...clauses.filter((c) => c !== opposite), clause]);
}

/**
 * The search narrowed by another query, a group's (docs/api/alerts.md#get-alertsgrouped): the other's clauses added to
 * the search's, each once, so each shows as a chip of its own; either of another shape is kept whole in brackets.
 */
export function narrowSearch(current: string | null, q: string): string {
  const mine = searchClauses(current);
  const theirs = searchClauses(q);
  if (mine === null || theirs === null) {
    return current === null || current.trim() === '' ? q : `(${current}) AND (${q})`;
  }
  return [...new Set([...mine, ...theirs])].join(' AND ');
}
