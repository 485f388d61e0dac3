import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { attributeEquals } from './attribute-index.js';
import { customerIn } from './customer-scope.js';
import type { EngineSql } from './engine.js';
import {
  DATE_COLUMNS,
  LIST_COLUMNS,
  NATURALLY_DESCENDING,
  NUMBER_COLUMNS,
  SCALAR_COLUMNS,
  filterRegex,
} from './fields.js';
import { joinConditions, querySql } from './query-sql.js';
import { severityCodeSql } from './severity-order.js';
import type { Database } from './schema.js';
import type { AlertQuery, FieldFilter, SortKey } from './types.js';

type Eb = ExpressionBuilder<Database, 'alerts'>;

const TRUTHY = ['true', 't', '1', 'yes', 'y', 'on'];

function textFilter(engine: EngineSql, column: Expression<unknown>, filter: FieldFilter): RawBuilder<SqlBool> {
  const [first] = filter.values;
  let condition: RawBuilder<SqlBool>;
  if (filter.values.length === 1 && first?.startsWith('~')) {
    // docs/api/alerts.md: one `~v` is a case-insensitive substring.
    condition = engine.containsText(column, first.slice(1));
  } else if (filter.values.some((v) => v.startsWith('~'))) {
    // Several values with any `~`: one case-insensitive regex `v1|v2` (checked by the route).
    condition = engine.matchesRegex(column, filterRegex(filter.values));
  } else if (filter.values.length === 1) {
    condition = sql<SqlBool>`${column} = ${first}`;
  } else {
    condition = sql<SqlBool>`${column} in (${sql.join(filter.values)})`;
  }
  return filter.negate ? sql<SqlBool>`not coalesce(${condition}, false)` : condition;
}

export interface WhereOptions {
  /**
   * Keep SQLite from driving the query by an index on a filtered column. For a page of a large result sorted by an
   * indexed order (severity then lastReceiveTime), walking that order's index and skipping rows is far cheaper than
   * collecting every match and sorting it, and without statistics SQLite guesses the other way. Unary `+` is
   * SQLite's documented way to say so; PostgreSQL plans from its own statistics and gets the plain column.
   */
  avoidFilterIndexes?: boolean;
  /**
   * An exact attribute filter that few alerts match (attribute-index.ts) drives the query: on SQLite the side table and
   * no other index, its ids then looked up one by one; on PostgreSQL the GIN index of the attributes.
   */
  driveByAttribute?: boolean;
}

/** A column in a filter condition, as WhereOptions asks. */
function filterColumn(engine: EngineSql, column: string, options: WhereOptions): RawBuilder<unknown> {
  return (options.avoidFilterIndexes === true || options.driveByAttribute === true) && engine.name === 'sqlite'
    ? sql`+${sql.ref(column)}`
    : sql`${sql.ref(column)}`;
}

function filterCondition(
  engine: EngineSql,
  filter: FieldFilter,
  options: WhereOptions,
): RawBuilder<SqlBool> | undefined {
  const { field } = filter;
  const scalar = SCALAR_COLUMNS[field];
  if (scalar !== undefined) return textFilter(engine, filterColumn(engine, scalar, options), filter);
  if (field.startsWith('attributes.')) {
    const key = field.slice('attributes.'.length);
    const [value] = filter.values;
    const indexed =
      value === undefined || value.startsWith('~')
        ? undefined
        : attributeEquals(engine, key, value, {
            avoidIndex: options.avoidFilterIndexes === true,
            few: options.driveByAttribute === true,
          });
    if (indexed !== undefined) return filter.negate ? sql<SqlBool>`not coalesce(${indexed}, false)` : indexed;
    return textFilter(engine, engine.attributeText(key), { ...filter, values: filter.values.slice(0, 1) });
  }
  const list = LIST_COLUMNS[field];
  if (list !== undefined) {
    const condition = engine.listHasAny(list, filter.values);
    return filter.negate ? sql<SqlBool>`not ${condition}` : condition;
  }
  const numeric = NUMBER_COLUMNS[field];
  if (numeric !== undefined) {
    // Like a value that is no integer, one beyond the 32-bit column matches nothing (and must not reach PostgreSQL).
    const numbers = filter.values
      .filter((v) => /^-?\d+$/.test(v))
      .map(Number)
      .filter((n) => Math.abs(n) <= 2_147_483_647);
    if (numbers.length === 0) return sql<SqlBool>`${sql.lit(filter.negate)}`;
    const condition = sql<SqlBool>`${sql.ref(numeric)} in (${sql.join(numbers)})`;
    return filter.negate ? sql<SqlBool>`not ${condition}` : condition;
  }
  if (field === 'repeat') {
    const wanted = TRUTHY.includes((filter.values[0] ?? '').toLowerCase());
    const condition = sql<SqlBool>`${sql.ref('repeat')} = ${engine.encodeBool(wanted)}`;
    return filter.negate ? sql<SqlBool>`not ${condition}` : condition;
  }
  const date = DATE_COLUMNS[field];
  if (date !== undefined) {
    // Exact values were checked as API dates by the route; `~` values match the date's text.
    if (filter.values.some((v) => v.startsWith('~'))) return textFilter(engine, engine.dateText(date), filter);
    const condition = sql<SqlBool>`${sql.ref(date)} in (${sql.join(filter.values)})`;
    return filter.negate ? sql<SqlBool>`not coalesce(${condition}, false)` : condition;
  }
  return undefined;
}

/** docs/api/customers.md: only the caller's customers (see `customerIn`). */
export function customerRestriction(
  engine: EngineSql,
  customers: readonly string[],
  options: WhereOptions = {},
): RawBuilder<SqlBool> {
  return customerIn(customers, filterColumn(engine, 'customer', options));
}

/** The WHERE clause of a query: every filter ANDed. */
export function whereClause(engine: EngineSql, query: AlertQuery, options: WhereOptions = {}) {
  return (eb: Eb) => eb.and([whereCondition(engine, query, options)]);
}

/** whereClause as one condition, for statements written as SQL text. */
export function whereCondition(engine: EngineSql, query: AlertQuery, options: WhereOptions = {}): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const filter of query.filters) {
    const condition = filterCondition(engine, filter, options);
    if (condition !== undefined) conditions.push(condition);
  }
  if (query.ids.length > 0) {
    const prefixes = query.ids.map((id) => `${id.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(
      joinConditions(
        'or',
        prefixes.flatMap((p) => [
          sql<SqlBool>`id like ${p} escape '\\'`,
          sql<SqlBool>`last_receive_id like ${p} escape '\\'`,
        ]),
      ),
    );
  }
  const receiveTime = filterColumn(engine, 'last_receive_time', options);
  if (query.fromDate !== undefined) conditions.push(sql<SqlBool>`${receiveTime} > ${query.fromDate}`);
  if (query.toDate !== undefined) conditions.push(sql<SqlBool>`${receiveTime} <= ${query.toDate}`);
  if (query.search !== undefined) conditions.push(querySql(engine, query.search));
  if (query.customers !== undefined) conditions.push(customerRestriction(engine, query.customers, options));
  // Balanced: every `attributes.<key>` parameter adds a condition (joinConditions says why depth matters).
  return joinConditions('and', conditions);
}

function caseExpression(column: string, codes: Readonly<Record<string, number | string>>, fallback: number | string) {
  const entries = Object.entries(codes);
  if (entries.length === 0) return sql`${sql.ref(column)}`;
  const whens = entries.map(([name, code]) => sql`when ${name} then ${code}`);
  return sql`case ${sql.ref(column)} ${sql.join(whens, sql` `)} else ${fallback} end`;
}

/** ORDER BY terms for the sort keys; severity and status sort by the model's codes (docs/api/alerts.md). */
export function orderTerms(engine: EngineSql, query: AlertQuery): RawBuilder<unknown>[] {
  return query.sort.map((key: SortKey) => {
    const descending = NATURALLY_DESCENDING.has(key.field) ? !key.reverse : key.reverse;
    const direction = sql.raw(descending ? 'desc' : 'asc');
    let expression: RawBuilder<unknown>;
    if (key.field === 'severity') expression = sql.raw(severityCodeSql(query.severityCodes));
    else if (key.field === 'status') expression = caseExpression('status', query.statusCodes, 'Z');
    else if (key.field.startsWith('attributes.')) expression = engine.attributeText(key.field.slice(11));
    else if (key.field === 'tags' || key.field === 'tag') expression = sql`${sql.ref('tags')}`;
    else {
      const column =
        SCALAR_COLUMNS[key.field] ?? NUMBER_COLUMNS[key.field] ?? DATE_COLUMNS[key.field] ?? LIST_COLUMNS[key.field];
      expression = sql`${sql.ref(column ?? 'id')}`;
    }
    return sql`${expression} ${direction}`;
  });
}
