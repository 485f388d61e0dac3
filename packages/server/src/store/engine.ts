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
  /** Case-insensitive substring match. */
  containsText(column: Expression<unknown>, needle: string): RawBuilder<SqlBool>;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  attributeText: (key) => sql<string | null>`json_extract(attributes, ${`$."${key.replace(/"/g, '')}"`})`,
  // SQLite's LIKE is case-insensitive for ASCII already.
  containsText: (column, needle) => sql<SqlBool>`${column} like ${`%${escapeLike(needle)}%`} escape '\\'`,
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
  containsText: (column, needle) => sql<SqlBool>`${column} ilike ${`%${escapeLike(needle)}%`} escape '\\'`,
};
