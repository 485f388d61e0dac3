import { CompiledQuery, type RawBuilder, type Selectable, type Transaction, sql } from 'kysely';
import { z } from 'zod';
import { historyRow, toAlert, toHistory, toRow } from './alert-rows.js';
import type { EngineSql } from './engine.js';
import type { IngestBatchTransaction, IngestBatchWrite, IngestCandidate } from './ingest-types.js';
import { toBlackout } from './blackouts.js';
import type { AlertsTable, BlackoutsTable, Database, HistoryTable } from './schema.js';
import type { SqliteRows } from './sqlite-statements.js';
import type { IngestKey } from './types.js';

// Lists bound as parameters stay well below SQLite's limit on bound parameters.
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const identityOf = (key: IngestKey): string => JSON.stringify([key.environment, key.resource, key.customer ?? '']);

/** What a batch's matching asks for: each distinct key, each distinct identity and the events of the batch. */
function batchKeys(keys: readonly IngestKey[]) {
  return {
    exact: [...new Map(keys.map((key) => [JSON.stringify([identityOf(key), key.event]), key])).values()],
    identities: [...new Map(keys.map((key) => [identityOf(key), key])).values()],
    events: [...new Set(keys.map((key) => key.event))],
  };
}

/**
 * The candidates of a batch from the alert rows the matching statements found (an alert may come twice), ordered by
 * id, each with its whole history oldest first from `historyOf`, which reads the history of some alerts ordered by
 * alert, update time and seq.
 */
async function collectCandidates(
  engine: EngineSql,
  rows: readonly Selectable<AlertsTable>[],
  historyOf: (ids: string[]) => Promise<Selectable<HistoryTable>[]>,
): Promise<IngestCandidate[]> {
  const found = new Map<string, IngestCandidate>();
  for (const row of rows) if (!found.has(row.id)) found.set(row.id, { alert: toAlert(engine, row), history: [] });
  const ordered = [...found.values()].sort((a, b) => (a.alert.id < b.alert.id ? -1 : a.alert.id > b.alert.id ? 1 : 0));
  for (const ids of chunks(ordered.map((candidate) => candidate.alert.id))) {
    for (const row of await historyOf(ids)) {
      found.get(row.alert_id)?.history.push({ seq: row.seq, entry: toHistory(engine, row) });
    }
  }
  return ordered;
}

/** The statements of one ingest batch (see domain/ingest-batch.ts). */
export function ingestBatchTransaction(
  trx: Transaction<Database>,
  engine: EngineSql,
  sqliteRows?: SqliteRows,
): IngestBatchTransaction {
  return engine.name === 'sqlite'
    ? sqliteBatchTransaction(trx, engine, sqliteRows)
    : setBasedBatchTransaction(trx, engine);
}

// docs/api/ingest.md#matching on PostgreSQL: the alert of each key's identity and event (the unique index), and the
// alerts of its environment, resource and customer that list one of the batch's events to correlate with (the partial
// index of migration 9). Only such alerts can match, even after earlier alerts of the batch correlated them. Rows are
// locked in id order, so two batches touching the same alerts queue instead of deadlocking. The keys travel as one
// array parameter per field, taken apart by `unnest`: the text is the same for every batch, and PostgreSQL plans a join
// with a list of rows in about half the time it takes for a condition listing every key. Each alert comes with its
// history, and the first row with the blackouts of the batch's window (the one row of `b` joined to no alert when no
// alert is found), saving the round trips of two more statements.
const POSTGRES_CANDIDATES_SQL = `select c.*, (
    select coalesce(json_agg(h order by h.update_time, h.seq), '[]') from history as h where h.alert_id = c.id
  ) as history_json, case when row_number() over () = 1 then b.blackouts_json end as blackouts_json
  from (select coalesce(json_agg(b), '[]') as blackouts_json from blackouts as b
    where b.environment = any($9::text[]) and b.end_time > $10::timestamptz and b.start_time <= $11::timestamptz
  ) as b
  left join (select * from alerts where id in (
    select a.id from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as k (environment, resource, event, customer)
      join alerts as a on a.environment = k.environment and a.resource = k.resource and a.event = k.event
        and coalesce(a.customer, '') = k.customer
    union all
    select a.id from unnest($5::text[], $6::text[], $7::text[]) as k (environment, resource, customer)
      join alerts as a on a.environment = k.environment and a.resource = k.resource
        and coalesce(a.customer, '') = k.customer
      where a.correlate <> '{}' and a.correlate && $8::text[]
  ) order by id for update) as c on true`;

/** A blackout row as `json_agg` gives it: the times as text. */
const blackoutJson = z.array(
  z.object({
    id: z.string(),
    priority: z.number(),
    environment: z.string(),
    service: z.array(z.string()),
    resource: z.string().nullable(),
    event: z.string().nullable(),
    group: z.string().nullable(),
    tags: z.array(z.string()),
    origin: z.string().nullable(),
    customer: z.string().nullable(),
    start_time: z.string(),
    end_time: z.string(),
    duration: z.number(),
    user: z.string().nullable(),
    create_time: z.string(),
    text: z.string(),
  }),
);

const blackoutRows = (json: unknown): Selectable<BlackoutsTable>[] =>
  blackoutJson.parse(json).map((row) => ({
    ...row,
    start_time: new Date(row.start_time),
    end_time: new Date(row.end_time),
    create_time: new Date(row.create_time),
  }));

/** A history row as `json_agg` gives it: the time as text. */
const historyJson = z.array(
  z.object({
    seq: z.union([z.number(), z.string()]),
    alert_id: z.string(),
    id: z.string(),
    event: z.string(),
    severity: z.string().nullable(),
    status: z.string().nullable(),
    value: z.string().nullable(),
    text: z.string().nullable(),
    type: z.string(),
    update_time: z.string(),
    user: z.string().nullable(),
    timeout: z.number().nullable(),
  }),
);

const historyRows = (json: unknown): Selectable<HistoryTable>[] =>
  historyJson.parse(json).map((row) => ({ ...row, update_time: new Date(row.update_time) }));

/** PostgreSQL: set-based statements, so a batch costs a few round trips whatever its size. */
function setBasedBatchTransaction(trx: Transaction<Database>, engine: EngineSql): IngestBatchTransaction {
  return {
    read: async (keys, window) => {
      const { exact, identities, events } = batchKeys(keys);
      // The alert columns are all null in the row of no alert.
      type Row = Selectable<AlertsTable> & { history_json: unknown; blackouts_json: unknown };
      const { rows } = await trx.executeQuery<Omit<Row, 'id'> & { id: string | null }>(
        CompiledQuery.raw(POSTGRES_CANDIDATES_SQL, [
          exact.map((key) => key.environment),
          exact.map((key) => key.resource),
          exact.map((key) => key.event),
          exact.map((key) => key.customer ?? ''),
          identities.map((key) => key.environment),
          identities.map((key) => key.resource),
          identities.map((key) => key.customer ?? ''),
          events,
          window?.environments ?? [],
          window?.from ?? null,
          window?.to ?? null,
        ]),
      );
      const found = rows.filter((row): row is Row => row.id !== null);
      const history = new Map(found.map((row) => [row.id, historyRows(row.history_json)]));
      return {
        candidates: await collectCandidates(engine, found, (ids) =>
          Promise.resolve(ids.flatMap((id) => history.get(id) ?? [])),
        ),
        blackouts: blackoutRows(rows[0]?.blackouts_json).map((row) => toBlackout(engine, row)),
      };
    },
    write: async (changes: IngestBatchWrite) => {
      // Every change of the batch in one statement: each round trip costs both processes CPU time (a batch of new
      // alerts used to send two statements, one of correlated alerts three or more), and the statements of a
      // data-modifying WITH see the same snapshot, which is all they need, as no two of them touch the same row.
      // The history rows' reference to a new alert is checked at the end of the statement, after its insert.
      const parts: RawBuilder<unknown>[] = [];
      if (changes.inserts.length > 0) {
        parts.push(sql`${trx.insertInto('alerts').values(changes.inserts.map((alert) => toRow(engine, alert)))}`);
      }
      parts.push(...updateStatements(engine, changes.updates));
      if (changes.history.length > 0) {
        const rows = changes.history.map(({ alertId, entry }) => historyRow(alertId, entry));
        parts.push(sql`${trx.insertInto('history').values(rows)}`);
      }
      if (changes.dropped.length > 0) {
        parts.push(sql`delete from history where seq = any(${changes.dropped.map(String)}::bigint[])`);
      }
      const [only, ...more] = parts;
      if (only === undefined) return;
      if (more.length === 0) await only.execute(trx);
      else
        await sql`with ${sql.join(parts.map((part, i) => sql`${sql.ref(`w${String(i)}`)} as (${part})`))} select 1`.execute(
          trx,
        );
    },
  };
}

type AlertColumn = Exclude<keyof ReturnType<typeof toRow>, 'id'>;

const ALERT_COLUMNS: readonly AlertColumn[] = [
  'resource',
  'event',
  'environment',
  'severity',
  'correlate',
  'status',
  'service',
  'group',
  'value',
  'text',
  'tags',
  'attributes',
  'origin',
  'type',
  'create_time',
  'timeout',
  'raw_data',
  'customer',
  'duplicate_count',
  'repeat',
  'previous_severity',
  'trend_indication',
  'receive_time',
  'last_receive_id',
  'last_receive_time',
  'update_time',
];

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A rewritten alert as a row, and the columns in which it differs from the stored one. */
function changedRow(engine: EngineSql, { alert, stored }: IngestBatchWrite['updates'][number]) {
  const row = toRow(engine, alert);
  const before = toRow(engine, stored);
  return { row, columns: ALERT_COLUMNS.filter((column) => !sameValue(row[column], before[column])) };
}

/** PostgreSQL types of the alert columns, to type the rows of a VALUES list. */
const POSTGRES_TYPES: Record<AlertColumn, string> = {
  resource: 'text',
  event: 'text',
  environment: 'text',
  severity: 'text',
  correlate: 'text[]',
  status: 'text',
  service: 'text[]',
  group: 'text',
  value: 'text',
  text: 'text',
  tags: 'text[]',
  attributes: 'jsonb',
  origin: 'text',
  type: 'text',
  create_time: 'timestamptz',
  timeout: 'integer',
  raw_data: 'text',
  customer: 'text',
  duplicate_count: 'integer',
  repeat: 'boolean',
  previous_severity: 'text',
  trend_indication: 'text',
  receive_time: 'timestamptz',
  last_receive_id: 'text',
  last_receive_time: 'timestamptz',
  update_time: 'timestamptz',
};

/**
 * Rewrites stored alerts with one UPDATE per set of changed columns (a batch of duplicates has one): every id exists
 * and is locked, and per-row UPDATEs would cost a round trip each. Only changed columns are sent and set, so a
 * duplicate binds a few values instead of the whole row and fires no insert trigger, as an upsert would.
 */
function updateStatements(engine: EngineSql, updates: IngestBatchWrite['updates']): RawBuilder<unknown>[] {
  const groups = new Map<string, { columns: AlertColumn[]; rows: ReturnType<typeof toRow>[] }>();
  for (const update of updates) {
    const { row, columns } = changedRow(engine, update);
    if (columns.length === 0) continue;
    const key = columns.join();
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { columns, rows: [row] });
    else group.rows.push(row);
  }
  return [...groups.values()].map(({ columns, rows }) => {
    const values = rows.map(
      (row) =>
        sql`(${sql.join([
          sql`${row.id}::text`,
          ...columns.map((column) => sql`${row[column]}::${sql.raw(POSTGRES_TYPES[column])}`),
        ])})`,
    );
    return sql`update alerts set ${sql.join(columns.map((column) => sql`${sql.ref(column)} = ${sql.ref(`v.${column}`)}`))}
      from (values ${sql.join(values)}) as v (${sql.join(['id', ...columns].map((column) => sql.ref(column)))})
      where alerts.id = v.id`;
  });
}

// SQLite runs statements in this process, so a batch costs no round trips: it runs raw statements whose text depends
// only on the batch size or on the columns an update sets, each prepared once and kept (see sqlite-statements.ts).
// That costs less than building and compiling statements through the query builder for every batch.

const list = (count: number, item: string): string => Array.from({ length: count }, () => item).join(', ');

// docs/api/ingest.md#matching, for a whole batch in three statements whose text depends only on its size (so each is
// prepared once per size): the alerts of the keys' identities, looked up key by key in the unique index (the cross join
// keeps the keys as the outer loop); the alerts of the keys' environments, resources and customers that list one of the
// batch's events to correlate with (the partial index of migration 9, which the `correlate <> '[]'` term selects); and
// their history.
const identitySql = (keys: number): string => `select a.* from (values ${list(keys, '(?, ?, ?, ?)')}) as k
  cross join alerts as a on a.environment = k.column1 and a.resource = k.column2 and a.event = k.column3
    and coalesce(a.customer, '') = k.column4`;
const correlatingSql = (identities: number, events: number): string => `select a.* from (values ${list(
  identities,
  '(?, ?, ?)',
)}) as k
  cross join alerts as a on a.environment = k.column1 and a.resource = k.column2 and a.correlate <> '[]'
    and coalesce(a.customer, '') = k.column3
  where exists (select 1 from json_each(a.correlate) where json_each.value in (${list(events, '?')}))`;
// The blackouts of the batch's window for its blackout step (docs/api/blackouts.md), as blackouts.overlapping reads
// them.
const blackoutsSql = (environments: number): string =>
  `select * from blackouts where environment in (${list(environments, '?')}) and end_time > ? and start_time <= ?`;
const historySql = (alerts: number): string =>
  `select * from history where alert_id in (${list(alerts, '?')}) order by alert_id, update_time asc, seq asc`;
const INSERT_COLUMNS: readonly ('id' | AlertColumn)[] = ['id', ...ALERT_COLUMNS];
const INSERT_SQL = `insert into alerts (${INSERT_COLUMNS.map((c) => `"${c}"`).join(', ')})
  values (${INSERT_COLUMNS.map(() => '?').join(', ')})`;
const HISTORY_COLUMNS = [
  'alert_id',
  'id',
  'event',
  'severity',
  'status',
  'value',
  'text',
  'type',
  'update_time',
  'user',
  'timeout',
] as const satisfies readonly (keyof ReturnType<typeof historyRow>)[];
const HISTORY_INSERT_SQL = `insert into history (${HISTORY_COLUMNS.map((c) => `"${c}"`).join(', ')})
  values (${HISTORY_COLUMNS.map(() => '?').join(', ')})`;
const updateSql = (columns: readonly AlertColumn[]): string =>
  `update alerts set ${columns.map((c) => `"${c}" = ?`).join(', ')} where id = ?`;

function sqliteBatchTransaction(
  trx: Transaction<Database>,
  engine: EngineSql,
  direct: SqliteRows | undefined,
): IngestBatchTransaction {
  const run = async <R>(text: string, parameters: readonly unknown[]): Promise<R[]> =>
    (await trx.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
  // The reads return whole alert and history rows; this transaction holds the connection, so they may go direct.
  const read =
    direct === undefined
      ? run
      : <R>(text: string, parameters: readonly unknown[]) => Promise.resolve(direct.all<R>(text, parameters));
  return {
    read: async (keys, window) => {
      const { exact, identities, events } = batchKeys(keys);
      const rows =
        keys.length === 0
          ? []
          : [
              ...(await read<Selectable<AlertsTable>>(
                identitySql(exact.length),
                exact.flatMap((key) => [key.environment, key.resource, key.event, key.customer ?? '']),
              )),
              ...(await read<Selectable<AlertsTable>>(correlatingSql(identities.length, events.length), [
                ...identities.flatMap((key) => [key.environment, key.resource, key.customer ?? '']),
                ...events,
              ])),
            ];
      const blackouts =
        window === undefined || window.environments.length === 0
          ? []
          : await read<Selectable<BlackoutsTable>>(blackoutsSql(window.environments.length), [
              ...window.environments,
              window.from,
              window.to,
            ]);
      return {
        candidates: await collectCandidates(engine, rows, (ids) =>
          read<Selectable<HistoryTable>>(historySql(ids.length), ids),
        ),
        blackouts: blackouts.map((row) => toBlackout(engine, row)),
      };
    },
    write: async (changes: IngestBatchWrite) => {
      for (const alert of changes.inserts) {
        const row = toRow(engine, alert);
        await run(
          INSERT_SQL,
          INSERT_COLUMNS.map((column) => row[column]),
        );
      }
      for (const update of changes.updates) {
        const { row, columns } = changedRow(engine, update);
        if (columns.length > 0) await run(updateSql(columns), [...columns.map((column) => row[column]), row.id]);
      }
      for (const { alertId, entry } of changes.history) {
        const row = historyRow(alertId, entry);
        await run(
          HISTORY_INSERT_SQL,
          HISTORY_COLUMNS.map((column) => row[column]),
        );
      }
      for (const seqs of chunks(changes.dropped)) {
        await trx.deleteFrom('history').where('seq', 'in', seqs).execute();
      }
    },
  };
}
