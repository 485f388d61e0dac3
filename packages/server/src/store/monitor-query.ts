import { type QueryField, type QueryNode, type QueryValue, type RangeBound } from '@alerta/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import { type ColumnSpec, columnFor } from './fields.js';
import { FALSE, INTEGER, joinConditions, textMatch } from './query-sql.js';
import type { FieldFilter, SortKey } from './types.js';

const and = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> => joinConditions('and', conditions);

export const anyOf = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  joinConditions('or', conditions, sql<SqlBool>`1 = 1`);

/**
 * The field filters of docs/api/alerts.md applied to a simple table: one value is an exact match, several are any of
 * them, a leading `~` is a case-insensitive substring, list columns match when they hold any of the values, `!`
 * negates.
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

/** ORDER BY terms; dates sort newest first by default (docs/api/alerts.md), `-` reverses the natural direction. */
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

const comparison = (bound: RangeBound, above: boolean) => sql.raw(`${above ? '>' : '<'}${bound.inclusive ? '=' : ''}`);

/**
 * Integers: a term is equality, a range of integers compares numbers; other values match the digits as text. Bounds
 * are cast to bigint so that a number beyond the column's range compares instead of failing on PostgreSQL.
 */
function intMatch(engine: EngineSql, column: string, value: QueryValue): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  const int = (text: string) => sql`cast(${Number(text)} as bigint)`;
  if (value.kind === 'term') return INTEGER.test(value.text) ? sql<SqlBool>`${ref} = ${int(value.text)}` : FALSE;
  if (value.kind === 'range' && [value.lower, value.upper].every((b) => b === null || INTEGER.test(b.value))) {
    const parts = [sql<SqlBool>`${ref} is not null`];
    if (value.lower !== null)
      parts.push(sql<SqlBool>`${ref} ${comparison(value.lower, true)} ${int(value.lower.value)}`);
    if (value.upper !== null)
      parts.push(sql<SqlBool>`${ref} ${comparison(value.upper, false)} ${int(value.upper.value)}`);
    return and(parts);
  }
  return textMatch(engine, sql`cast(${ref} as text)`, value);
}

const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An age in whole seconds (a heartbeat's `since`) as a range of the stored date, like the `since=` filter: age ≥ N
 * is date ≤ now − N s, age ≤ N is date > now − (N+1) s. Only integers can be ages, so other values match nothing.
 */
function ageMatch(column: string, value: QueryValue, now: string): RawBuilder<SqlBool> {
  let lower: number | undefined;
  let upper: number | undefined;
  if (value.kind === 'term' && INTEGER.test(value.text)) {
    lower = upper = Number(value.text);
  } else if (value.kind === 'range' && [value.lower, value.upper].every((b) => b === null || INTEGER.test(b.value))) {
    if (value.lower !== null) lower = Number(value.lower.value) + (value.lower.inclusive ? 0 : 1);
    if (value.upper !== null) upper = Number(value.upper.value) - (value.upper.inclusive ? 0 : 1);
  } else {
    return FALSE;
  }
  const ref = sql.ref(column);
  const parts = [sql<SqlBool>`${ref} is not null`];
  // A bound whose date falls outside the years 1–9999 is met by every stored date or by none.
  if (lower !== undefined) {
    const latest = Date.parse(now) - lower * 1000;
    if (latest < EARLIEST) return FALSE;
    if (latest <= LATEST) parts.push(sql<SqlBool>`${ref} <= ${new Date(latest).toISOString()}`);
  }
  if (upper !== undefined) {
    const after = Date.parse(now) - (upper + 1) * 1000;
    if (after > LATEST) return FALSE;
    if (after >= EARLIEST) parts.push(sql<SqlBool>`${ref} > ${new Date(after).toISOString()}`);
  }
  return and(parts);
}

/** Lists: a term or phrase is exact membership (docs/api/query-language.md), other values match any element. */
function listMatch(engine: EngineSql, column: string, value: QueryValue): RawBuilder<SqlBool> {
  if (value.kind === 'term' || value.kind === 'phrase') return engine.listHasAny(column, [value.text]);
  const element = sql`${sql.ref('e.value')}`;
  return sql<SqlBool>`exists (select 1 from ${engine.listElements(sql.ref(column), 'e')} where ${textMatch(engine, element, value)})`;
}

function fieldMatch(
  engine: EngineSql,
  columns: Readonly<Record<string, ColumnSpec>>,
  field: QueryField,
  value: QueryValue,
  now: string,
): RawBuilder<SqlBool> {
  const spec = columnFor(columns, field.kind === 'attribute' ? `attributes.${field.key}` : field.name);
  // The parser resolves names from a table that matches these columns; refuse anything else rather than guess.
  if (spec === undefined) throw new Error(`field ${JSON.stringify(field)} is not queryable here`);
  switch (spec.kind) {
    case 'attributes':
      return field.kind === 'attribute' ? textMatch(engine, engine.attributeText(field.key), value) : FALSE;
    case 'text':
      return textMatch(engine, sql.ref(spec.column), value);
    case 'date':
      return textMatch(engine, engine.dateText(spec.column), value);
    case 'int':
      return intMatch(engine, spec.column, value);
    case 'age':
      return ageMatch(spec.column, value, now);
    case 'list':
      return listMatch(engine, spec.column, value);
  }
}

/**
 * The WHERE condition of a parsed `q=` on a heartbeat or blackout list (docs/api/query-language.md); values are always
 * bound parameters. A condition on a missing value counts as false, so NOT finds those rows.
 */
export function searchCondition(
  engine: EngineSql,
  columns: Readonly<Record<string, ColumnSpec>>,
  node: QueryNode | undefined,
  now: string,
): RawBuilder<SqlBool> {
  if (node === undefined) return and([]);
  const recurse = (n: QueryNode): RawBuilder<SqlBool> => searchCondition(engine, columns, n, now);
  switch (node.kind) {
    case 'or':
      return anyOf(node.operands.map(recurse));
    case 'and':
      return and(node.operands.map(recurse));
    case 'not':
      return sql<SqlBool>`(not ${recurse(node.operand)})`;
    case 'exists':
      if (columns.attributes?.kind !== 'attributes') throw new Error('this record has no attributes');
      return engine.attributeExists(node.key);
    case 'match':
      return sql<SqlBool>`coalesce(${fieldMatch(engine, columns, node.field, node.value, now)}, false)`;
  }
}
