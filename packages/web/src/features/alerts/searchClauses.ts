/**
 * The search (`?q=`) as the filter chips read it (docs/console/alert-screens.md#filter-chips): a list of clauses joined
 * by AND, each value filter (a facet's, a group's) one clause that keeps or leaves out the alerts with one value. What
 * writes them, loaded with the facets panel and the grouped view, is in valueFilters.ts.
 */

/** The fields of the facets panel, as GET /alerts/facets names them (docs/api/alerts.md#get-alertsfacets). */
export type FacetField = 'environment' | 'service' | 'resource' | 'event' | 'group' | 'origin' | 'tag';

const unquote = (text: string) => text.slice(1, -1).replace(/\\(.)/g, '$1');

export interface ValueFilter {
  /** The facet's field (`tag` for the tags). */
  field: string;
  /** null for the alerts without a value. */
  value: string | null;
  exclude: boolean;
}

const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const CLAUSE = new RegExp(String.raw`^(NOT )?([A-Za-z_][\w.]*):(?:\[(${QUOTED}) TO (${QUOTED})\]|(\{"" TO \*\]))$`);

/** The value filter a clause stands for, when it is one valueFilters.ts writes; null for any other clause. */
export function readClause(clause: string): ValueFilter | null {
  const match = CLAUSE.exec(clause);
  if (match === null) return null;
  const [, not, name = '', lower, upper, any] = match;
  const field = name === 'tags' ? 'tag' : name;
  if (any !== undefined) return { field, value: null, exclude: not === undefined };
  if (lower === undefined || lower !== upper) return null;
  return { field, value: unquote(lower), exclude: not !== undefined };
}

/** Where a quoted phrase or a regular expression that opens at `start` ends (just after it); -1 when it does not. */
function closing(q: string, start: number, mark: string): number {
  for (let i = start + 1; i < q.length; i += 1) {
    if (q[i] === '\\') i += 1;
    else if (q[i] === mark) return i + 1;
  }
  return -1;
}

/**
 * The search cut at its top level into words, operators and bracketed parts (a phrase, a range or a regular
 * expression is one piece with what it belongs to); null when its brackets or quotes do not close.
 */
function topLevelPieces(q: string): string[] | null {
  const pieces: string[] = [];
  let i = 0;
  while (i < q.length) {
    if (/\s/.test(q.charAt(i))) {
      i += 1;
      continue;
    }
    const start = i;
    let depth = 0;
    let valueStarts = true;
    while (i < q.length) {
      const c = q.charAt(i);
      if (depth === 0 && /\s/.test(c)) break;
      if (c === '\\') {
        i += 2;
        valueStarts = false;
        continue;
      }
      if (c === '"' || (c === '/' && valueStarts)) {
        i = closing(q, i, c);
        if (i < 0) return null;
        valueStarts = false;
        continue;
      }
      if ('([{'.includes(c)) depth += 1;
      else if (')]}'.includes(c) && --depth < 0) return null;
      valueStarts = c === ':' || c === '(' || /\s/.test(c);
      i += 1;
    }
    if (depth !== 0) return null;
    pieces.push(q.slice(start, Math.min(i, q.length)));
  }
  return pieces;
}

/**
 * The search as the operands of one AND at its top level (`NOT x` one operand); an empty list for no search, and null
 * for a search of any other shape (an OR, terms side by side), which then stays whole.
 */
export function searchClauses(q: string | null): string[] | null {
  if (q === null || q.trim() === '') return [];
  const pieces = topLevelPieces(q);
  if (pieces === null) return null;
  const clauses: string[] = [];
  let operand = true;
  let negated = '';
  for (const piece of pieces) {
    if (piece === 'AND' || piece === '&&') {
      if (operand) return null;
      operand = true;
    } else if (piece === 'NOT' || piece === '!') {
      // `a NOT b` is `a AND NOT b` (docs/api/query-language.md#operators-and-precedence).
      operand = true;
      negated += 'NOT ';
    } else if (piece === 'OR' || piece === '||' || !operand) {
      return null;
    } else {
      clauses.push(negated + piece);
      negated = '';
      operand = false;
    }
  }
  return operand ? null : clauses;
}

/** The clauses joined back into a search; null for none. */
export function joinClauses(clauses: readonly string[]): string | null {
  return clauses.length === 0 ? null : clauses.join(' AND ');
}
