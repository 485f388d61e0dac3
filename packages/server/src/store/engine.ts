import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * What differs between the engines: how lists, JSON, booleans and dates are written and read, and the few SQL
 * fragments that have no portable spelling.
 */
export interface EngineSql {
  readonly name: 'sqlite' | 'postgres';
  encodeList(values: readonly string[]): unknown;
  decodeList(raw: unknown): string[];
  encodeJson(value: Record<string, unknown>): unknown;
  decodeJson(raw: unknown): Record<string, unknown>;
  encodeBool(value: boolean): boolean | number;
  decodeDate(raw: Date | string): string;
  /** The list column holds at least one of the values. */
  listHasAny(column: string, values: readonly string[]): RawBuilder<SqlBool>;
  /** The text of one attribute key, or NULL. */
  attributeText(key: string): RawBuilder<string | null>;
  /**
   * The value of one attribute key written as text alike on both engines, or NULL: text as it is, numbers and
   * booleans as JSON writes them (`3`, `true`). What `q=` compares and grouping groups by
   * (docs/api/query-language.md#how-each-kind-of-field-matches).
   */
  attributeJsonText(key: string): RawBuilder<string | null>;
  /** Case-insensitive substring match. */
  containsText(column: Expression<unknown>, needle: string): RawBuilder<SqlBool>;
  /** Case-insensitive regular-expression match; the pattern was checked by `regexProblem` first. */
  matchesRegex(value: Expression<unknown>, pattern: string): RawBuilder<SqlBool>;
  /** How the engine's regular expressions spell a word boundary. */
  readonly wordBoundary: string;
  /** A date column as the API writes dates (YYYY-MM-DDThh:mm:ss.sssZ). */
  dateText(column: string): RawBuilder<string | null>;
  /** A boolean column as the text `true` or `false`. */
  boolText(column: string): RawBuilder<string>;
  /** A FROM item with one row per element of a list, its text in `<alias>.value`. */
  listElements(list: Expression<unknown>, alias: string): RawBuilder<unknown>;
  /** The attributes object has the key (whatever its value). */
  attributeExists(key: string): RawBuilder<SqlBool>;
  /** Seconds from one date column to another. */
  secondsBetween(from: string, to: string): RawBuilder<number>;
}

export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function parseJsonText(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function asStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A JSON path to one top-level key; keys cannot hold `.` or `$` (docs/api/alerts.md), quotes are dropped. */
const attributePath = (key: string): string => `$."${key.replace(/["\\]/g, '')}"`;

const toIso = (raw: Date | string): string => (raw instanceof Date ? raw.toISOString() : raw);

export const sqliteSql: EngineSql = {
  name: 'sqlite',
  encodeList: (values) => JSON.stringify(values),
  decodeList: (raw) => asStringList(parseJsonText(raw)),
  encodeJson: (value) => JSON.stringify(value),
  decodeJson: (raw) => asObject(parseJsonText(raw)),
  encodeBool: (value) => (value ? 1 : 0),
  decodeDate: toIso,
  listHasAny: (column, values) =>
    sql<SqlBool>`exists (select 1 from json_each(${sql.ref(column)}) where json_each.value in (${sql.join(values)}))`,
  attributeText: (key) => sql<string | null>`json_extract(attributes, ${attributePath(key)})`,
  attributeJsonText: (key) => {
    const path = attributePath(key);
    return sql<string | null>`(case json_type(attributes, ${path})
      when 'true' then 'true' when 'false' then 'false'
      else cast(json_extract(attributes, ${path}) as text) end)`;
  },
  // SQLite's LIKE is case-insensitive for ASCII already.
  containsText: (column, needle) => sql<SqlBool>`${column} like ${`%${escapeLike(needle)}%`} escape '\\'`,
  // `regexp` is the user function registered on every connection (sqlite-regexp.ts).
  matchesRegex: (value, pattern) => sql<SqlBool>`regexp(${pattern}, ${value})`,
  wordBoundary: '\\b',
  dateText: (column) => sql<string | null>`${sql.ref(column)}`,
  boolText: (column) => sql<string>`(case when ${sql.ref(column)} = 1 then 'true' else 'false' end)`,
  listElements: (list, alias) => sql`json_each(${list}) as ${sql.id(alias)}`,
  attributeExists: (key) => sql<SqlBool>`json_type(attributes, ${attributePath(key)}) is not null`,
  secondsBetween: (from, to) => sql<number>`((julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400.0)`,
};

export const postgresSql: EngineSql = {
  name: 'postgres',
  encodeList: (values) => [...values],
  decodeList: asStringList,
  encodeJson: (value) => JSON.stringify(value),
  decodeJson: asObject,
  encodeBool: (value) => value,
  decodeDate: toIso,
  listHasAny: (column, values) => sql<SqlBool>`${sql.ref(column)} && ${sql.val([...values])}::text[]`,
  attributeText: (key) => sql<string | null>`attributes ->> ${key}`,
  attributeJsonText: (key) => sql<string | null>`(attributes ->> ${key})`,
  containsText: (column, needle) => sql<SqlBool>`${column} ilike ${`%${escapeLike(needle)}%`} escape '\\'`,
  matchesRegex: (value, pattern) => sql<SqlBool>`${value} ~* ${pattern}`,
  wordBoundary: '\\y',
  dateText: (column) =>
    sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  boolText: (column) => sql<string>`(case when ${sql.ref(column)} then 'true' else 'false' end)`,
  listElements: (list, alias) => sql`unnest(${list}) as ${sql.id(alias)}(value)`,
  attributeExists: (key) => sql<SqlBool>`(attributes -> ${key}) is not null`,
  secondsBetween: (from, to) => sql<number>`extract(epoch from (${sql.ref(to)} - ${sql.ref(from)}))`,
};
