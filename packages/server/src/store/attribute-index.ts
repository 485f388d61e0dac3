import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import type { Database } from './schema.js';
import type { AlertQuery } from './types.js';

/**
 * Exact attribute filters (`attributes.<key>=<value>`, docs/api/alerts.md) by index instead of by reading the
 * attributes of every alert the other filters allow.
 *
 * SQLite: a side table of (key, value, alert) for every attribute whose value reads as text (a string, or an object or
 * list as its JSON text) of at most INDEXED_LENGTH characters, kept by triggers inside the transaction that writes the
 * alert. Numbers, booleans and nulls are left out: `json_extract` gives them as SQL numbers or NULL, which never equal
 * a filter's text, so no match is missed. An update that leaves the attributes as they were (a duplicate) fires
 * nothing.
 *
 * PostgreSQL: a GIN index (jsonb_path_ops) on the attributes, which answers containment (`@>`).
 */
/** Longer values are not indexed; a filter on a longer value reads the attributes, as before. */
export const INDEXED_LENGTH = 200;

/** The entries `j` of an attributes object; `source` is NEW.attributes, OLD.attributes or a column. */
const objectEntries = (source: string): string =>
  `json_each(CASE WHEN json_valid(${source}) AND json_type(${source}) = 'object' THEN ${source} ELSE '{}' END) AS j`;

const INDEXED_ENTRY = `j.type IN ('text', 'object', 'array') AND length(j.value) <= ${String(INDEXED_LENGTH)}`;

/** The object's entries the side table holds. */
export const indexedEntries = (source: string): string => `${objectEntries(source)}
    WHERE ${INDEXED_ENTRY}`;

/** The object's entries it leaves out whose value is not null: numbers, booleans, longer values. */
export const leftOutEntries = (source: string): string => `${objectEntries(source)}
    WHERE j.type <> 'null' AND NOT (${INDEXED_ENTRY})`;

const sqliteInsert = (row: 'NEW' | 'OLD'): string =>
  `INSERT OR IGNORE INTO alert_attributes (key, value, alert_id)
    SELECT j.key, j.value, ${row}.id FROM ${indexedEntries(`${row}.attributes`)};`;

// Deleting entry by entry reaches each row through the primary key, so the table needs no second index by alert.
const sqliteDelete = (row: 'NEW' | 'OLD'): string =>
  `DELETE FROM alert_attributes WHERE (key, value, alert_id) IN (
    SELECT j.key, j.value, ${row}.id FROM ${indexedEntries(`${row}.attributes`)});`;

export const SQLITE_ATTRIBUTE_INDEX_STATEMENTS: readonly string[] = [
  // The value column has no type, so it keeps text as text and compares without conversion, as json_extract does.
  `CREATE TABLE alert_attributes (
    key TEXT NOT NULL, value NOT NULL, alert_id TEXT NOT NULL,
    PRIMARY KEY (key, value, alert_id)
  ) WITHOUT ROWID`,
  `CREATE TRIGGER alerts_attributes_insert AFTER INSERT ON alerts BEGIN ${sqliteInsert('NEW')} END`,
  `CREATE TRIGGER alerts_attributes_delete AFTER DELETE ON alerts BEGIN ${sqliteDelete('OLD')} END`,
  `CREATE TRIGGER alerts_attributes_update AFTER UPDATE OF attributes, id ON alerts
    WHEN OLD.attributes IS NOT NEW.attributes OR OLD.id IS NOT NEW.id
    BEGIN ${sqliteDelete('OLD')} ${sqliteInsert('NEW')} END`,
  `INSERT OR IGNORE INTO alert_attributes (key, value, alert_id)
    SELECT j.key, j.value, a.id FROM alerts AS a, ${indexedEntries('a.attributes')}`,
];

export const POSTGRES_ATTRIBUTE_INDEX_STATEMENTS: readonly string[] = [
  'CREATE INDEX alerts_attributes ON alerts USING gin (attributes jsonb_path_ops)',
];

/** engine.attributeText drops quotes and backslashes from the key; such keys are left to it, as are long values. */
export const sqliteIndexed = (key: string, value: string): boolean =>
  !/["\\]/.test(key) && value.length <= INDEXED_LENGTH;

/**
 * Below this many alerts with one attribute value, the index drives the query (WhereOptions.driveByAttribute); above
 * it, reading the rows in the order of another index or of the table costs less than visiting each match.
 */
export const FEW_WITH_ATTRIBUTE = 2000;

/**
 * How many alerts have the rarest attribute value the query's exact attribute filters ask for, counted by index up to
 * FEW_WITH_ATTRIBUTE (on PostgreSQL the containment alone, an upper bound), or undefined when it has none an index
 * answers.
 */
export async function fewestWithAttribute(
  db: Kysely<Database>,
  engine: EngineSql,
  query: AlertQuery,
): Promise<number | undefined> {
  let fewest: number | undefined;
  for (const filter of query.filters) {
    const [value] = filter.values;
    if (filter.negate || !filter.field.startsWith('attributes.') || value === undefined || value.startsWith('~')) {
      continue;
    }
    const key = filter.field.slice('attributes.'.length);
    const contained = engine.name === 'postgres' ? postgresContainment(key, value) : undefined;
    const matching =
      engine.name === 'sqlite'
        ? sqliteIndexed(key, value)
          ? sql`select 1 from alert_attributes where key = ${key} and value = ${value}`
          : undefined
        : contained === undefined
          ? undefined
          : sql`select 1 from alerts where ${contained.condition}`;
    if (matching === undefined) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from (
        ${matching} limit ${FEW_WITH_ATTRIBUTE}
      ) as m`.execute(db);
    const n = Number(rows[0]?.n ?? 0);
    fewest = fewest === undefined ? n : Math.min(fewest, n);
  }
  return fewest;
}

/** A JSON number as PostgreSQL writes one (no exponent, no leading zeros): the text `->>` gives for a number. */
const POSTGRES_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
/** Halves of surrogate pairs, which JSON.stringify escapes and PostgreSQL's jsonb refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Text PostgreSQL's jsonb refuses: NUL (which no text column holds either) and lone surrogates. */
export const notJsonb = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The attribute `key` of an alert equals `value` as text (the `=` filter: `engine.attributeText(key) = value`), by
 * index where one can answer; undefined where none can (then the caller compares the text of every candidate).
 */
export function attributeEquals(
  engine: EngineSql,
  key: string,
  value: string,
  options: { avoidIndex: boolean; few: boolean },
): RawBuilder<SqlBool> | undefined {
  if (engine.name === 'sqlite') {
    if (!sqliteIndexed(key, value)) return undefined;
    // A page read along the sort's index (WhereOptions.avoidFilterIndexes) checks each alert it reaches with one probe
    // of the side table's key, and stops at the page's end: as a list, SQLite would first collect every id with the
    // value (a third of 100,000 alerts for a region) to check a few hundred.
    if (options.avoidIndex) {
      return sql<SqlBool>`exists (select 1 from alert_attributes as aa
        where aa.key = ${key} and aa.value = ${value} and aa.alert_id = alerts.id)`;
    }
    return sql<SqlBool>`alerts.id in (select alert_id from alert_attributes where key = ${key} and value = ${value})`;
  }
  // Only WhereOptions.driveByAttribute asks for the index: a page read along the sort's index compares the text of
  // each alert it reaches instead.
  const contained = options.few ? postgresContainment(key, value) : undefined;
  if (contained === undefined) return undefined;
  // Containment of the string alone is exact: a string attribute reads as itself, and no list or object contains a
  // string under that key. A number's containment is not (1.50 contains 1.5, but reads as 1.50), so the text
  // comparison stays there; leaving it out elsewhere saved a sixth of counting a region a third of the alerts share.
  if (contained.exact) return contained.condition;
  return sql<SqlBool>`(${contained.condition} and ${engine.attributeText(key)} = ${value})`;
}

/**
 * PostgreSQL: a containment every alert whose attribute `key` reads as `value` satisfies, which the GIN index
 * answers: the attribute is the string itself, or the number or boolean whose text it is. Undefined when there is
 * none (`->>` gives an object or list as its JSON text, which containment of the parsed value would not match).
 */
function postgresContainment(
  key: string,
  value: string,
): { condition: RawBuilder<SqlBool>; exact: boolean } | undefined {
  if (notJsonb(key) || notJsonb(value) || value.startsWith('{') || value.startsWith('[')) return undefined;
  const name = JSON.stringify(key);
  const candidates = [`{${name}:${JSON.stringify(value)}}`];
  if (POSTGRES_NUMBER.test(value) && value.length <= 100) candidates.push(`{${name}:${value}}`);
  if (value === 'true' || value === 'false') candidates.push(`{${name}:${value}}`);
  const contained = candidates.map((c) => sql<SqlBool>`attributes @> ${c}::jsonb`);
  return { condition: sql<SqlBool>`(${sql.join(contained, sql` or `)})`, exact: candidates.length === 1 };
}
