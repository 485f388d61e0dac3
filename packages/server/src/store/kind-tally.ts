import { type Kysely, sql } from 'kysely';
import type { Migration } from './migrate.js';
import type { Database } from './schema.js';

/**
 * Tallies of alerts per field value, one table for several fields (README.md#architecture): each row counts the alerts
 * with one value (`label`) of one field (`kind`) and the same key columns (status, environment, customer, and for
 * some tallies severity). A single-valued field gives each alert one row; a list gives it one per distinct value; a
 * value of '' (or a list without values) stands for "none". A kind without a column gives every alert one row with
 * the label '', which is how the key columns themselves are summed. A missing customer is tallied as ''.
 *
 * Triggers keep it inside the transactions that change the alerts: only new and deleted alerts and changes of the
 * fields read write to it, so duplicates cost nothing. Rows whose count falls to zero stay until housekeeping prunes
 * them. facet-tally.ts and group-tally.ts each define one.
 */
export interface KindTally {
  /** The table, `alert_<name>`; its triggers are `alerts_<name>_insert` and so on. */
  name: string;
  /** The columns after kind and label in the primary key, among status, severity, environment and customer. */
  keyColumns: readonly ('severity' | 'status' | 'environment' | 'customer')[];
  /** The single-valued kinds, each read from the alert column of its name; null: one row per alert, label ''. */
  columnKinds: readonly { kind: string; column: string | null }[];
  /** The list kinds and the column each reads. */
  listKinds: readonly { kind: string; column: string }[];
  /**
   * PostgreSQL's update trigger: once per changed row, or once per statement over the changed rows of the statement's
   * transition tables (statement-triggers.ts), which costs a batch of alerts one upsert instead of one per alert.
   */
  postgresUpdate: 'row' | 'statement';
}

const table = (tally: KindTally): string => `alert_${tally.name}`;
const keyOf = (tally: KindTally): string => ['kind', 'label', ...tally.keyColumns].join(', ');

/** The alert columns the tally reads, besides id. */
function columnsRead(tally: KindTally): string[] {
  const columns = [
    ...tally.keyColumns,
    ...tally.columnKinds.flatMap(({ column }) => (column === null ? [] : [column])),
    ...tally.listKinds.map(({ column }) => column),
  ];
  return [...new Set(columns)];
}

const quoted = (column: string): string => `"${column}"`;

/** The table, its columns typed as each engine spells them. */
function createTable(tally: KindTally, types: { text: string; count: string }): string {
  const columns = ['kind', 'label', ...tally.keyColumns].map((column) => `${column} ${types.text} NOT NULL`);
  return `CREATE TABLE ${table(tally)} (${columns.join(', ')}, n ${types.count} NOT NULL, PRIMARY KEY (${keyOf(tally)}))`;
}

/** The key columns of `row`, in key order, a missing customer as ''. */
const keyValues = (tally: KindTally, row: string): string[] =>
  tally.keyColumns.map((column) => (column === 'customer' ? `coalesce(${row}.customer, '')` : `${row}.${column}`));

/** An update that changes none of the columns read leaves the tally as it is. */
const changed = (tally: KindTally, differ: string, before = 'OLD', after = 'NEW'): string =>
  columnsRead(tally)
    .map((column) => `${before}.${quoted(column)} ${differ} ${after}.${quoted(column)}`)
    .join(' OR ');

// ---------------------------------------------------------------------------------------------------------------
// SQLite: row triggers.

function sqliteApply(tally: KindTally, row: 'NEW' | 'OLD', sign: 1 | -1): string {
  const insert = `INSERT INTO ${table(tally)} (${keyOf(tally)}, n)`;
  const upsert = `ON CONFLICT (${keyOf(tally)}) DO UPDATE SET n = n + excluded.n;`;
  const head = keyValues(tally, row).join(', ');
  const columns = tally.columnKinds
    .map(({ kind, column }) => {
      const label = column === null ? `''` : `coalesce(${row}.${quoted(column)}, '')`;
      return `('${kind}', ${label}, ${head}, ${String(sign)})`;
    })
    .join(', ');
  const lists = tally.listKinds.map(
    ({ kind, column }) => `${insert}
      SELECT DISTINCT '${kind}', coalesce(e.value, ''), ${head}, ${String(sign)}
      FROM (SELECT 1) LEFT JOIN json_each(CASE WHEN json_valid(${row}.${column}) THEN ${row}.${column} ELSE '[]' END)
        AS e ON true
      WHERE true
      ${upsert}`,
  );
  return [`${insert} VALUES ${columns} ${upsert}`, ...lists].join('\n');
}

function sqliteBackfill(tally: KindTally): string[] {
  const insert = `INSERT INTO ${table(tally)} (${keyOf(tally)}, n)`;
  const head = keyValues(tally, 'a').join(', ');
  const groupBy = Array.from({ length: tally.keyColumns.length + 2 }, (_, i) => String(i + 1)).join(', ');
  return [
    ...tally.columnKinds.map(({ kind, column }) => {
      const label = column === null ? `''` : `coalesce(a.${quoted(column)}, '')`;
      return `${insert} SELECT '${kind}', ${label}, ${head}, count(*) FROM alerts AS a GROUP BY ${groupBy}`;
    }),
    ...tally.listKinds.map(
      ({ kind, column }) => `${insert}
      SELECT kind, label, ${tally.keyColumns.join(', ')}, count(*) FROM (
        SELECT DISTINCT a.id, '${kind}' AS kind, coalesce(e.value, '') AS label,
          ${keyValues(tally, 'a')
            .map((value, i) => `${value} AS ${tally.keyColumns[i] ?? ''}`)
            .join(', ')}
        FROM alerts AS a LEFT JOIN json_each(CASE WHEN json_valid(a.${column}) THEN a.${column} ELSE '[]' END) AS e
          ON true
      ) GROUP BY ${groupBy}`,
    ),
  ];
}

export function sqliteKindTallyMigration(tally: KindTally, version: number, name: string): Migration {
  const trigger = `alerts_${tally.name}`;
  return {
    version,
    name,
    statements: [
      `${createTable(tally, { text: 'TEXT', count: 'INTEGER' })} WITHOUT ROWID`,
      `CREATE TRIGGER ${trigger}_insert AFTER INSERT ON alerts BEGIN ${sqliteApply(tally, 'NEW', 1)} END`,
      `CREATE TRIGGER ${trigger}_delete AFTER DELETE ON alerts BEGIN ${sqliteApply(tally, 'OLD', -1)} END`,
      `CREATE TRIGGER ${trigger}_update AFTER UPDATE OF ${columnsRead(tally).map(quoted).join(', ')}
        ON alerts WHEN ${changed(tally, 'IS NOT')}
        BEGIN ${sqliteApply(tally, 'OLD', -1)} ${sqliteApply(tally, 'NEW', 1)} END`,
      ...sqliteBackfill(tally),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: statement triggers for inserts and deletes (one upsert per statement, however many alerts), a row
// trigger for updates that change what the tally reads.

/** Adds the signed rows of `source` (the alert columns the tally reads, and `sign`) to the tally, in key order. */
function postgresApply(tally: KindTally, source: string): string {
  const keys = keyOf(tally);
  const head = keyValues(tally, 'r')
    .map((value, i) => `${value} AS ${tally.keyColumns[i] ?? ''}`)
    .join(', ');
  const columns = tally.columnKinds
    .map(({ kind, column }) => `('${kind}', ${column === null ? `''` : `coalesce(r.${quoted(column)}, '')`})`)
    .join(', ');
  const lists = tally.listKinds.map(
    ({ kind, column }) => `SELECT DISTINCT ON (r.id, r.sign, l.label) '${kind}' AS kind, l.label, ${head}, r.sign
      FROM ${source} AS r CROSS JOIN LATERAL (
        SELECT coalesce(e.value, '') AS label FROM (SELECT 1) AS o LEFT JOIN unnest(r.${column}) AS e(value) ON true
      ) AS l`,
  );
  const groupBy = Array.from({ length: tally.keyColumns.length + 2 }, (_, i) => String(i + 1)).join(', ');
  return `INSERT INTO ${table(tally)} AS t (${keys}, n)
    SELECT ${keys}, sum(sign) FROM (
      SELECT c.kind, c.label, ${head}, r.sign
      FROM ${source} AS r CROSS JOIN LATERAL (VALUES ${columns}) AS c(kind, label)
      ${lists.map((list) => `UNION ALL ${list}`).join('\n')}
    ) AS d GROUP BY ${groupBy} ORDER BY ${groupBy}
    ON CONFLICT (${keys}) DO UPDATE SET n = t.n + excluded.n`;
}

export function postgresKindTallyMigration(tally: KindTally, version: number, name: string): Migration {
  const read = ['id', ...columnsRead(tally)].map(quoted);
  const rowOf = (row: 'OLD' | 'NEW'): string => read.map((column) => `${row}.${column}`).join(', ');
  const selected = read.join(', ');
  const trigger = `alerts_${tally.name}`;
  const pairs = 'old_alerts AS o JOIN new_alerts AS n ON n.id = o.id';
  const changedPair = changed(tally, 'IS DISTINCT FROM', 'o', 'n');
  const pick = (row: 'o' | 'n'): string => read.map((column) => `${row}.${column}`).join(', ');
  const update =
    tally.postgresUpdate === 'row'
      ? {
          source: `(SELECT ${rowOf('OLD')}, -1::bigint AS sign UNION ALL SELECT ${rowOf('NEW')}, 1::bigint)`,
          trigger: `AFTER UPDATE ON alerts FOR EACH ROW WHEN (${changed(tally, 'IS DISTINCT FROM')})`,
        }
      : {
          source: `(SELECT ${pick('o')}, -1::bigint AS sign FROM ${pairs} WHERE ${changedPair}
            UNION ALL SELECT ${pick('n')}, 1::bigint FROM ${pairs} WHERE ${changedPair})`,
          trigger: `AFTER UPDATE ON alerts REFERENCING OLD TABLE AS old_alerts NEW TABLE AS new_alerts
            FOR EACH STATEMENT`,
        };
  return {
    version,
    name,
    statements: [
      createTable(tally, { text: 'text', count: 'bigint' }),
      `CREATE FUNCTION ${trigger}_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${postgresApply(tally, `(SELECT ${selected}, 1::bigint AS sign FROM inserted_alerts)`)};
         RETURN NULL;
       END $$`,
      `CREATE FUNCTION ${trigger}_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${postgresApply(tally, `(SELECT ${selected}, -1::bigint AS sign FROM deleted_alerts)`)};
         RETURN NULL;
       END $$`,
      `CREATE FUNCTION ${trigger}_updated() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${postgresApply(tally, update.source)};
         RETURN NULL;
       END $$`,
      `CREATE TRIGGER ${trigger}_insert AFTER INSERT ON alerts REFERENCING NEW TABLE AS inserted_alerts
       FOR EACH STATEMENT EXECUTE FUNCTION ${trigger}_inserted()`,
      `CREATE TRIGGER ${trigger}_delete AFTER DELETE ON alerts REFERENCING OLD TABLE AS deleted_alerts
       FOR EACH STATEMENT EXECUTE FUNCTION ${trigger}_deleted()`,
      `CREATE TRIGGER ${trigger}_update ${update.trigger} EXECUTE FUNCTION ${trigger}_updated()`,
      // The backfill is the insert function's work over every stored alert.
      postgresApply(tally, `(SELECT ${selected}, 1::bigint AS sign FROM alerts)`),
    ],
  };
}

/** Housekeeping: drops the rows of a tally that count nothing any more. */
export async function pruneKindTally(db: Kysely<Database>, tally: KindTally): Promise<void> {
  await sql`delete from ${sql.table(table(tally))} where n = 0`.execute(db);
}
