import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import type { FieldFilter, SortKey } from './types.js';

/** How an API field of a heartbeat or blackout list is stored. */
export interface ColumnSpec {
  column: string;
  kind: 'text' | 'list' | 'int' | 'date';
}

const and = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;

export const anyOf = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;

/**
 * The field filters of api.md §1.2 applied to a simple table: one value is an exact match, several are any of them,
 * a leading `~` is a case-insensitive substring, list columns match when they hold any of the values, `!` negates.
 */
function filterCondition(engine: EngineSql, spec: ColumnSpec, filter: FieldFilter): RawBuilder<SqlBool> {
  const ref = sql.ref(spec.column);
  let condition: RawBuilder<SqlBool>;
  if (spec.kind === 'list') {
    condition = engine.listHasAny(spec.column, filter.values);
  } else if (spec.kind === 'text' && filter.values.some((v) => v.startsWith('~'))) {
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
): RawBuilder<SqlBool> {
  return and(
    filters.flatMap((filter) => {
      const spec = columns[filter.field];
      return spec === undefined ? [] : [filterCondition(engine, spec, filter)];
    }),
  );
}

/** ORDER BY terms; dates sort newest first by default (api.md §1.2), `-` reverses the natural direction. */
export function sortTerms(
  columns: Readonly<Record<string, ColumnSpec>>,
  sort: readonly SortKey[],
): RawBuilder<unknown>[] {
  return sort.flatMap((key) => {
    const spec = columns[key.field];
    if (spec === undefined) return [];
    const descending = (spec.kind === 'date') !== key.reverse;
    return [sql`${sql.ref(spec.column)} ${sql.raw(descending ? 'desc' : 'asc')}`];
  });
}

export const combine = and;
