/** The syntax tree of a `q=` query (docs/api/query-language.md). Offsets are character positions in the query text. */

export interface Span {
  start: number;
  end: number;
}

/** A column known by its API name, or one key of `attributes`. */
export type QueryField = { kind: 'column'; name: string } | { kind: 'attribute'; key: string };

export interface RangeBound {
  value: string;
  inclusive: boolean;
}

export type QueryValue =
  /** A bare word: case-insensitive substring (exact membership for list fields). */
  | { kind: 'term'; text: string }
  /** `"a phrase"`: whole words, case-insensitive. */
  | { kind: 'phrase'; text: string }
  /** `qu?ck`, `bro*`: `?` and `*` stand for characters within word boundaries. */
  | { kind: 'wildcard'; pattern: string }
  /** `/regex/`: case-insensitive regular expression. */
  | { kind: 'regex'; pattern: string }
  /** `[a TO b]`, `{a TO b}`, `>a`, `<=b`; null is an open bound. */
  | { kind: 'range'; lower: RangeBound | null; upper: RangeBound | null };

export type QueryNode =
  | ({ kind: 'or'; operands: QueryNode[] } & Span)
  | ({ kind: 'and'; operands: QueryNode[] } & Span)
  | ({ kind: 'not'; operand: QueryNode } & Span)
  | ({ kind: 'match'; field: QueryField; value: QueryValue } & Span)
  | ({ kind: 'exists'; key: string } & Span);

export class QueryParseError extends Error {
  override name = 'QueryParseError';
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(`${reason} (at char ${position})`);
  }
}
