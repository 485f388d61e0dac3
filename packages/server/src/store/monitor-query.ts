import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import type { FieldFilter, SortKey } from './types.js';

/** The column spec of a filter or sort field; `attributes.<key>` uses the `attributes` entry. */
export function columnFor(columns: Readonly<Record<string, ColumnSpec>>, field: string): ColumnSpec | undefined {
  if (field.startsWith('attributes.') && field.length > 11) {
    const spec = columns.attributes;
    return spec?.kind === 'attributes' ? spec : undefined;
  }
  const spec = columns[field];
  return spec?.kind === 'attributes' ? undefined : spec;
}

/** How an API field of a heartbeat or blackout list is stored. */
export interface ColumnSpec {
  column: string;
  /**
   * `attributes`: filters named `attributes.<key>` compare the text of that key. `age`: whole seconds from the date
   * in `column` to the query's moment (a heartbeat's `since`).
   */
  kind: 'text' | 'list' | 'int' | 'date' | 'attributes' | 'age';
}

const and = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;

export const anyOf = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;

/**
 * The field filters of api.md §1.2 applied to a simple table: one value is an exact match, several are any of them,
 * a leading `~` is a case-insensitive substring, list columns match when they hold any of the values, `!` negates.
 */
function filterCondition(engine: EngineSql, spec: ColumnSpec, filter: FieldFilter, now: string): RawBuilder<SqlBool> {
  const ref = spec.kind === 'attributes' ? engine.attributeText(filter.field.slice(11)) : sql.ref(spec.column);
  let condition: RawBuilder<SqlBool>;
  if (spec.kind === 'list') {
    condition = engine.listHasAny(spec.column, filter.values);
  } else if (spec.kind === 'age') {
    // Age N covers the dates in (now − (N+1) s, now − N s], so the filter stays a range on the stored column.
    const before = (seconds: number) => new Date(Date.parse(now) - seconds * 1000).toISOString();
    condition = anyOf(
      filter.values.map(Number).map((n) => sql<SqlBool>`(${ref} > ${before(n + 1)} and ${ref} <= ${before(n)})`),
    );
  } else if ((spec.kind === 'text' || spec.kind === 'attributes') && filter.values.some((v) => v.startsWith('~'))) {
    condition = anyOf(filter.values.map((v) => engine.containsText(ref, v.replace(/^~/, ''))));
  } else {
    const values = spec.kind === 'int' ? filter.values.map(Number) : filter.values;
    condition = sql<SqlBool>`${ref} in (${sql.join(values)})`;
  }
  return filter.negate ? sql<SqlBool>`not ${condition}` : condition;
}

export function filtersCondition(
  engine: EngineSql,
  columns: Readonly<Record<string, ColumnSpec>>,
  filters: readonly FieldFilter[],
  now: string,
): RawBuilder<SqlBool> {
  return and(
    filters.flatMap((filter) => {
      const spec = columnFor(columns, filter.field);
      return spec === undefined ? [] : [filterCondition(engine, spec, filter, now)];
    }),
  );
}

/** ORDER BY terms; dates sort newest first by default (api.md §1.2), `-` reverses the natural direction. */
export function sortTerms(
  engine: EngineSql,
  columns: Readonly<Record<string, ColumnSpec>>,
  sort: readonly SortKey[],
): RawBuilder<unknown>[] {
  return sort.flatMap((key) => {
    const spec = columnFor(columns, key.field);
    if (spec === undefined) return [];
    // An age grows as its date gets older, so ascending ages are descending dates.
    const descending = (spec.kind === 'date' || spec.kind === 'age') !== key.reverse;
    const expression = spec.kind === 'attributes' ? engine.attributeText(key.field.slice(11)) : sql.ref(spec.column);
    return [sql`${expression} ${sql.raw(descending ? 'desc' : 'asc')}`];
  });
}

export const combine = and;
