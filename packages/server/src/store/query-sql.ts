import { type QueryField, type QueryNode, type QueryValue, escapeRegex } from '@alerta/contract';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { EngineSql } from './engine.js';

type ColumnKind = 'text' | 'list' | 'number' | 'date' | 'bool';

/**
 * The columns a query may reach, by the API names the parser resolves to (docs/api/query-language.md). Nothing else is
 * ever named.
 */
const QUERY_COLUMNS: Readonly<Record<string, { column: string; kind: ColumnKind }>> = {
  id: { column: 'id', kind: 'text' },
  resource: { column: 'resource', kind: 'text' },
  event: { column: 'event', kind: 'text' },
  environment: { column: 'environment', kind: 'text' },
  severity: { column: 'severity', kind: 'text' },
  correlate: { column: 'correlate', kind: 'list' },
  status: { column: 'status', kind: 'text' },
  service: { column: 'service', kind: 'list' },
  group: { column: 'group', kind: 'text' },
  value: { column: 'value', kind: 'text' },
  text: { column: 'text', kind: 'text' },
  tags: { column: 'tags', kind: 'list' },
  origin: { column: 'origin', kind: 'text' },
  type: { column: 'type', kind: 'text' },
  customer: { column: 'customer', kind: 'text' },
  duplicateCount: { column: 'duplicate_count', kind: 'number' },
  repeat: { column: 'repeat', kind: 'bool' },
  timeout: { column: 'timeout', kind: 'number' },
  createTime: { column: 'create_time', kind: 'date' },
  receiveTime: { column: 'receive_time', kind: 'date' },
  lastReceiveTime: { column: 'last_receive_time', kind: 'date' },
  updateTime: { column: 'update_time', kind: 'date' },
  previousSeverity: { column: 'previous_severity', kind: 'text' },
  trendIndication: { column: 'trend_indication', kind: 'text' },
  lastReceiveId: { column: 'last_receive_id', kind: 'text' },
  rawData: { column: 'raw_data', kind: 'text' },
};

/** Fields whose column may be null; every other column of QUERY_COLUMNS is NOT NULL in both schemas. */
const NULLABLE_FIELDS: ReadonlySet<string> = new Set(['value', 'rawData', 'customer', 'updateTime']);

export const FALSE = sql<SqlBool>`(1 = 0)`;

/**
 * Conditions joined by `and` or `or` as a balanced tree of parentheses. SQLite parses `a or b or c …` into a chain as
 * deep as the list is long and refuses any expression deeper than 1000, which a long `q=` or many repeated query
 * parameters reach (docs/api/conventions.md: bad input is a 4xx, never a 500); nested halves keep the depth at log2 of
 * the length on both engines. An empty list is `neutral`.
 */
export function joinConditions(
  op: 'and' | 'or',
  conditions: readonly RawBuilder<SqlBool>[],
  neutral: RawBuilder<SqlBool> = op === 'and' ? sql<SqlBool>`(1 = 1)` : FALSE,
): RawBuilder<SqlBool> {
  if (conditions.length === 0) return neutral;
  if (conditions.length === 1) return sql<SqlBool>`(${conditions[0]})`;
  if (conditions.length <= 16) return sql<SqlBool>`(${sql.join(conditions, sql.raw(` ${op} `))})`;
  const half = Math.ceil(conditions.length / 2);
  return sql<SqlBool>`(${joinConditions(op, conditions.slice(0, half))} ${sql.raw(op)} ${joinConditions(
    op,
    conditions.slice(half),
  )})`;
}
export const INTEGER = /^-?\d{1,15}$/;

/** `qu?ck`, `bro*` as a regex: `?` and `*` become `.?` and `.*` inside word boundaries (docs/api/query-language.md). */
function wildcardRegex(pattern: string, boundary: string): string {
  let body = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    if (c === '\\') {
      body += escapeRegex(pattern[i + 1] ?? '');
      i += 1;
    } else if (c === '?') body += '.?';
    else if (c === '*') body += '.*';
    else body += escapeRegex(c);
  }
  return `${boundary}${body}${boundary}`;
}

/**
 * A value matched against text: a term is a substring, phrases and wildcards whole words, regexes case-insensitive,
 * ranges compare as text. Alerts, blackouts and heartbeats match text the same way.
 */
export function textMatch(engine: EngineSql, expr: Expression<unknown>, value: QueryValue): RawBuilder<SqlBool> {
  const b = engine.wordBoundary;
  switch (value.kind) {
    case 'term':
      return engine.containsText(expr, value.text);
    case 'phrase':
      return engine.matchesRegex(expr, `${b}${escapeRegex(value.text)}${b}`);
    case 'wildcard':
      return engine.matchesRegex(expr, wildcardRegex(value.pattern, b));
    case 'regex':
      return engine.matchesRegex(expr, value.pattern);
    case 'range': {
      const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`${expr} is not null`];
      if (value.lower !== null) {
        parts.push(sql<SqlBool>`${expr} ${sql.raw(value.lower.inclusive ? '>=' : '>')} ${value.lower.value}`);
      }
      if (value.upper !== null) {
        parts.push(sql<SqlBool>`${expr} ${sql.raw(value.upper.inclusive ? '<=' : '<')} ${value.upper.value}`);
      }
      return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
  }
}

/** Numbers: a term is equality, a range with numeric bounds compares numbers; anything else matches the digits. */
function numberMatch(engine: EngineSql, column: string, value: QueryValue): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  if (value.kind === 'term') return INTEGER.test(value.text) ? sql<SqlBool>`${ref} = ${Number(value.text)}` : FALSE;
  if (value.kind === 'range') {
    const bounds = [value.lower, value.upper].filter((b) => b !== null);
    if (bounds.every((b) => INTEGER.test(b.value))) {
      const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`${ref} is not null`];
      if (value.lower !== null) {
        parts.push(sql<SqlBool>`${ref} ${sql.raw(value.lower.inclusive ? '>=' : '>')} ${Number(value.lower.value)}`);
      }
      if (value.upper !== null) {
        parts.push(sql<SqlBool>`${ref} ${sql.raw(value.upper.inclusive ? '<=' : '<')} ${Number(value.upper.value)}`);
      }
      return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
  }
  return textMatch(engine, sql`cast(${ref} as text)`, value);
}

/**
 * Lists (correlate, service, tags): a term or phrase is exact membership (docs/api/query-language.md), others match any
 * element.
 */
function listMatch(engine: EngineSql, column: string, value: QueryValue): RawBuilder<SqlBool> {
  if (value.kind === 'term' || value.kind === 'phrase') return engine.listHasAny(column, [value.text]);
  const element = sql`${sql.ref('e.value')}`;
  return sql<SqlBool>`exists (select 1 from ${engine.listElements(sql.ref(`alerts.${column}`), 'e')} where ${textMatch(engine, element, value)})`;
}

function fieldMatch(engine: EngineSql, field: QueryField, value: QueryValue): RawBuilder<SqlBool> {
  if (field.kind === 'attribute') return textMatch(engine, engine.attributeJsonText(field.key), value);
  const known = QUERY_COLUMNS[field.name];
  // The parser only produces known names; refuse anything else rather than name an unchecked column.
  if (known === undefined) throw new Error(`field ${field.name} is not queryable`);
  const { column, kind } = known;
  switch (kind) {
    case 'text':
      return textMatch(engine, sql.ref(column), value);
    case 'date':
      return textMatch(engine, engine.dateText(column), value);
    case 'bool':
      return textMatch(engine, engine.boolText(column), value);
    case 'number':
      return numberMatch(engine, column, value);
    case 'list':
      return listMatch(engine, column, value);
  }
}

/** The WHERE condition of a parsed `q=`. A condition on a missing value is false, so NOT finds those rows. */
export function querySql(engine: EngineSql, node: QueryNode): RawBuilder<SqlBool> {
  switch (node.kind) {
    case 'or':
    case 'and':
      return joinConditions(
        node.kind,
        node.operands.map((n) => querySql(engine, n)),
      );
    case 'not':
      return sql<SqlBool>`(not ${querySql(engine, node.operand)})`;
    case 'exists':
      return engine.attributeExists(node.key);
    case 'match': {
      const condition = fieldMatch(engine, node.field, node.value);
      // Only a missing value makes a match unknown; around a column that is never null the coalesce would only hide
      // the condition from the indexes (PostgreSQL's trigram index serves `text ILIKE` but not `coalesce(…)`).
      const neverNull = node.field.kind !== 'attribute' && !NULLABLE_FIELDS.has(node.field.name);
      return neverNull ? sql<SqlBool>`(${condition})` : sql<SqlBool>`coalesce(${condition}, false)`;
    }
  }
}
