import type BetterSqlite3 from 'better-sqlite3';
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import pg from 'pg';
import type { ChangeEntry, ChangeKind, ChangeLogRepository, ChangeWakeListener } from './change-log-types.js';
import type { EngineSql } from './engine.js';
import type { Migration } from './migrate.js';
import type { ChangeLogTable, Database } from './schema.js';

/**
 * The change log of docs/api/stream.md#across-processes: one entry per alert, heartbeat or blackout created, changed or
 * deleted, appended by triggers inside the transaction that made the change, so that no way of writing can forget to
 * publish it. The live stream's readers (src/live/) read it after commit; housekeeping drops entries older than
 * STREAM_HISTORY.
 */
const NAME = 'change log of alerts, heartbeats and blackouts';

/*
 * The log has no index but its sequence: entries are appended in order of time, so the old ones are those at its
 * start, and dropping them walks the sequence from there. SQLite numbers entries by rowid (max + 1); since dropping
 * old entries always keeps the newest, a number is never handed out twice.
 */

/** The PostgreSQL channel the triggers notify on commit; the notification carries nothing. */
export const CHANGE_CHANNEL = 'alerta_changes';

/** The SQLite function the server connection's wake trigger calls (SqliteWake). */
const SQLITE_WAKE = 'alerta_change_wake';

const ALERT_COLUMNS = [
  'id',
  'resource',
  'event',
  'environment',
  'severity',
  'correlate',
  'status',
  'service',
  '"group"',
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
const HEARTBEAT_COLUMNS = [
  'id',
  'origin',
  'tags',
  'attributes',
  'type',
  'create_time',
  'timeout',
  'receive_time',
  'latency',
  'expire_time',
  'customer',
];
const BLACKOUT_COLUMNS = [
  'id',
  'priority',
  'environment',
  'service',
  'resource',
  'event',
  '"group"',
  'tags',
  'origin',
  'customer',
  'start_time',
  'end_time',
  'duration',
  '"user"',
  'create_time',
  'text',
];

const LOG_COLUMNS =
  'kind, op, object_id, customer, environment, severity, status, last_receive_time, update_time, repeat';

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: one INSERT … SELECT per statement from its transition tables, and one empty notification per
// transaction (PostgreSQL folds notifications of one channel and payload into one, delivered at commit).

const POSTGRES_TABLE = `CREATE TABLE change_log (
  seq bigserial PRIMARY KEY,
  kind text NOT NULL,
  op text NOT NULL,
  object_id text NOT NULL,
  customer text,
  environment text,
  severity text,
  status text,
  last_receive_time timestamptz,
  update_time timestamptz,
  repeat boolean NOT NULL DEFAULT false,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
)`;

const NOTIFY = `IF FOUND THEN PERFORM pg_notify('${CHANGE_CHANNEL}', ''); END IF;`;

function postgresFunction(name: string, insert: string): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${insert};
      ${NOTIFY}
      RETURN NULL;
    END $$`;
}

const alertValues = (row: string, op: string, repeat: string): string =>
  `'alert', ${op}, ${row}.id, ${row}.customer, ${row}.environment, ${row}.severity, ${row}.status,
   ${row}.last_receive_time, ${row}.update_time, ${repeat}`;

const monitorValues = (kind: string, row: string, op: string): string =>
  `'${kind}', ${op}, ${row}.id, ${row}.customer, NULL::text, NULL::text, NULL::text, NULL::timestamptz,
   NULL::timestamptz, false`;

/**
 * A duplicate arriving (docs/api/stream.md#the-answer): the count moved and neither status nor severity did.
 */
const POSTGRES_REPEAT = 'n.duplicate_count <> o.duplicate_count AND n.status = o.status AND n.severity = o.severity';

/**
 * An update is logged only when it changed the row; one that moved an alert, heartbeat or blackout to another
 * customer is logged first as `deleted` for the old customer (docs/api/stream.md#who-hears-what).
 */
function postgresUpdate(values: (row: string, op: string) => string): string {
  return `INSERT INTO change_log (${LOG_COLUMNS})
    SELECT ${values('o', "'deleted'")} FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
      WHERE o.customer IS DISTINCT FROM n.customer
    UNION ALL
    SELECT ${values('n', "'changed'")} FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
      WHERE o IS DISTINCT FROM n`;
}

function postgresTriggers(
  table: string,
  values: (row: string, op: string) => string,
  updateValues: (row: string, op: string) => string,
): string[] {
  const fn = (what: string) => `change_log_${table}_${what}`;
  return [
    postgresFunction(
      fn('inserted'),
      `INSERT INTO change_log (${LOG_COLUMNS}) SELECT ${values('n', "'created'")} FROM new_rows AS n`,
    ),
    postgresFunction(
      fn('deleted'),
      `INSERT INTO change_log (${LOG_COLUMNS}) SELECT ${values('o', "'deleted'")} FROM old_rows AS o`,
    ),
    postgresFunction(fn('updated'), postgresUpdate(updateValues)),
    `CREATE TRIGGER ${fn('insert')} AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION ${fn('inserted')}()`,
    `CREATE TRIGGER ${fn('delete')} AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION ${fn('deleted')}()`,
    `CREATE TRIGGER ${fn('update')} AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION ${fn('updated')}()`,
  ];
}

export const POSTGRES_CHANGE_LOG_MIGRATION: Migration = {
  version: 19,
  name: NAME,
  statements: [
    POSTGRES_TABLE,
    ...postgresTriggers(
      'alerts',
      (row, op) => alertValues(row, op, 'false'),
      (row, op) => alertValues(row, op, row === 'n' ? `(${POSTGRES_REPEAT})` : 'false'),
    ),
    ...postgresTriggers(
      'heartbeats',
      (row, op) => monitorValues('heartbeat', row, op),
      (row, op) => monitorValues('heartbeat', row, op),
    ),
    ...postgresTriggers(
      'blackouts',
      (row, op) => monitorValues('blackout', row, op),
      (row, op) => monitorValues('blackout', row, op),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// SQLite: row triggers, each of which also calls the wake function so the process's reader reads after the commit.

const SQLITE_TABLE = `CREATE TABLE change_log (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  op TEXT NOT NULL,
  object_id TEXT NOT NULL,
  customer TEXT,
  environment TEXT,
  severity TEXT,
  status TEXT,
  last_receive_time TEXT,
  update_time TEXT,
  repeat INTEGER NOT NULL DEFAULT 0,
  at TEXT NOT NULL
)`;

const SQLITE_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

const sqliteRowChanged = (columns: readonly string[]): string =>
  `(${columns.map((c) => `OLD.${c}`).join(', ')}) IS NOT (${columns.map((c) => `NEW.${c}`).join(', ')})`;

type SqliteInsert = (row: 'NEW' | 'OLD', op: string, updated: boolean, when?: string) => string;

const sqliteAlert: SqliteInsert = (row, op, updated, when = '1') =>
  `INSERT INTO change_log (${LOG_COLUMNS}, at) SELECT 'alert', '${op}', ${row}.id, ${row}.customer,
   ${row}.environment, ${row}.severity, ${row}.status, ${row}.last_receive_time, ${row}.update_time,
   ${updated ? SQLITE_REPEAT : '0'}, ${SQLITE_NOW} WHERE ${when}`;

const sqliteMonitor =
  (kind: string): SqliteInsert =>
  (row, op, _updated, when = '1') =>
    `INSERT INTO change_log (${LOG_COLUMNS}, at) SELECT '${kind}', '${op}', ${row}.id, ${row}.customer,
     NULL, NULL, NULL, NULL, NULL, 0, ${SQLITE_NOW} WHERE ${when}`;

const SQLITE_REPEAT =
  '(NEW.duplicate_count <> OLD.duplicate_count AND NEW.status = OLD.status AND NEW.severity = OLD.severity)';

/**
 * Row triggers. An update that changes nothing is not logged; one that moves the row to another customer logs a
 * `deleted` for the old customer first, in the same trigger so the two keep their order. The first version of the log
 * (migration 16) also called SQLITE_WAKE from each of them, which made every other program that writes the file fail
 * for want of the function; since migration 17 the wake is a temporary trigger of the server's own connection
 * (SqliteWake.attach).
 */
function sqliteTriggers(
  table: string,
  columns: readonly string[],
  insert: SqliteInsert,
  wake: 'wake' | 'no wake',
): string[] {
  const call = wake === 'wake' ? `SELECT ${SQLITE_WAKE}();` : '';
  return [
    `CREATE TRIGGER change_log_${table}_insert AFTER INSERT ON ${table}
     BEGIN ${insert('NEW', 'created', false)}; ${call} END`,
    `CREATE TRIGGER change_log_${table}_delete AFTER DELETE ON ${table}
     BEGIN ${insert('OLD', 'deleted', false)}; ${call} END`,
    `CREATE TRIGGER change_log_${table}_update AFTER UPDATE ON ${table} WHEN ${sqliteRowChanged(columns)}
     BEGIN
       ${insert('OLD', 'deleted', false, 'OLD.customer IS NOT NEW.customer')};
       ${insert('NEW', 'changed', true)};
       ${call}
     END`,
  ];
}

const SQLITE_LOGGED: readonly [string, readonly string[], SqliteInsert][] = [
  ['alerts', ALERT_COLUMNS, sqliteAlert],
  ['heartbeats', HEARTBEAT_COLUMNS, sqliteMonitor('heartbeat')],
  ['blackouts', BLACKOUT_COLUMNS, sqliteMonitor('blackout')],
];

export const SQLITE_CHANGE_LOG_MIGRATION: Migration = {
  version: 16,
  name: NAME,
  statements: [
    SQLITE_TABLE,
    ...SQLITE_LOGGED.flatMap(([table, columns, insert]) => sqliteTriggers(table, columns, insert, 'wake')),
  ],
};

export const SQLITE_CHANGE_LOG_TRIGGERS_MIGRATION: Migration = {
  version: 17,
  name: 'change log triggers that any program writing the database can run',
  statements: SQLITE_LOGGED.flatMap(([table, columns, insert]) => [
    ...['insert', 'delete', 'update'].map((what) => `DROP TRIGGER change_log_${table}_${what}`),
    ...sqliteTriggers(table, columns, insert, 'no wake'),
  ]),
};

/** The server connection's own trigger that calls SQLITE_WAKE once per entry appended to the log. */
const SQLITE_WAKE_TRIGGER = `CREATE TEMP TRIGGER IF NOT EXISTS change_log_wake AFTER INSERT ON main.change_log
  BEGIN SELECT ${SQLITE_WAKE}(); END`;

// ---------------------------------------------------------------------------------------------------------------
// Reading the log.

/** A log row as the reader selects it: every column but the time it was stored. */
type LogRow = Omit<Selectable<ChangeLogTable>, 'at'>;

const KINDS: ReadonlySet<string> = new Set(['alert', 'heartbeat', 'blackout']);
const OPS: ReadonlySet<string> = new Set(['created', 'changed', 'deleted']);

function toEntry(engine: EngineSql, row: LogRow): ChangeEntry | undefined {
  if (!KINDS.has(row.kind) || !OPS.has(row.op)) return undefined;
  return {
    seq: Number(row.seq),
    kind: row.kind as ChangeKind,
    op: row.op as ChangeEntry['op'],
    id: row.object_id,
    customer: row.customer,
    environment: row.environment,
    severity: row.severity,
    status: row.status,
    lastReceiveTime: row.last_receive_time === null ? null : engine.decodeDate(row.last_receive_time),
    updateTime: row.update_time === null ? null : engine.decodeDate(row.update_time),
    repeat: row.repeat === true || row.repeat === 1,
  };
}

/** The first entry (by sequence) stored at or after `moment`, if any. */
function firstStoredSince(db: Kysely<Database> | Transaction<Database>, moment: string) {
  return db.selectFrom('change_log').select('seq').where('at', '>=', moment).orderBy('seq').limit(1).executeTakeFirst();
}

/**
 * Drops the entries stored before `before`, always keeping the newest (so SQLite never numbers an entry again): those
 * before the first entry stored at or after `before`, found by walking the sequence from its start.
 */
export async function pruneChanges(db: Kysely<Database> | Transaction<Database>, before: string): Promise<number> {
  const newest = await db.selectFrom('change_log').select('seq').orderBy('seq', 'desc').limit(1).executeTakeFirst();
  if (newest === undefined) return 0;
  const keep = await firstStoredSince(db, before);
  const result = await db
    .deleteFrom('change_log')
    .where('seq', '<', keep?.seq ?? newest.seq)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The wake listeners of the server's SQLite connection. The function the connection's temporary trigger calls is
 * registered at once (migration 16's triggers call it too, until migration 17 replaces them); the trigger itself is
 * made by `attach`, once the migrations have made the log.
 */
export class SqliteWake {
  private readonly listeners = new Set<ChangeWakeListener>();

  constructor(private readonly database: BetterSqlite3.Database) {
    database.function(SQLITE_WAKE, { deterministic: false, varargs: false }, () => {
      this.fire();
      return null;
    });
  }

  /** Makes the temporary trigger, which lives as long as the connection; making it twice does nothing. */
  attach(): void {
    this.database.exec(SQLITE_WAKE_TRIGGER);
  }

  add(listener: ChangeWakeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called inside the writing transaction: the listeners read later, after it has committed. */
  private fire(): void {
    for (const listener of this.listeners) listener.wake();
  }
}

/** Backoff between attempts to LISTEN again after the connection dropped: 250 ms doubling up to 10 s. */
const LISTEN_RETRY_MS = { first: 250, max: 10_000 };

/**
 * PostgreSQL: one connection of its own that LISTENs (docs/api/stream.md#across-processes). When it drops, the
 * listener hears `listening(false)` and reads on a timer; the connection is made again with backoff, and once it
 * listens the listener hears `listening(true)` and a wake, so it reads whatever came in between.
 */
function postgresListen(url: string, listener: ChangeWakeListener): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS.first;

  const again = (): void => {
    if (stopped || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client = next;
    let failed = false;
    const lost = (): void => {
      if (failed) return;
      failed = true;
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (stopped) return;
      listener.listening(false);
      again();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', () => listener.wake());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      lost();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    delay = LISTEN_RETRY_MS.first;
    listener.listening(true);
    listener.wake();
  };

  listener.listening(false);
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    if (last !== undefined) {
      last.removeAllListeners('end');
      last.removeAllListeners('error');
      last.on('error', () => undefined);
      await last.end().catch(() => undefined);
    }
  };
}

export class KyselyChangeLogRepository implements ChangeLogRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
    private readonly source: { sqlite: SqliteWake } | { postgresUrl: string },
  ) {}

  async after(after: number, limit: number): Promise<ChangeEntry[]> {
    const rows = await this.db
      .selectFrom('change_log')
      .select([
        'seq',
        'kind',
        'op',
        'object_id',
        'customer',
        'environment',
        'severity',
        'status',
        'last_receive_time',
        'update_time',
        'repeat',
      ])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
    const entries: ChangeEntry[] = [];
    for (const row of rows) {
      const entry = toEntry(this.engine, row);
      if (entry !== undefined) entries.push(entry);
    }
    return entries;
  }

  async lastOlderThan(ageMs: number): Promise<number | undefined> {
    // By the database's clock, which stamped the entries (a server's clock may differ from it).
    const { rows } = await (
      this.engine.name === 'postgres'
        ? sql<{ before: Date | string }>`select clock_timestamp() - ${ageMs} * interval '1 millisecond' as before`
        : sql<{
            before: string;
          }>`select strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${ageMs / 1000} seconds`}) as before`
    ).execute(this.db);
    const before =
      rows[0] === undefined ? new Date(Date.now() - ageMs).toISOString() : this.engine.decodeDate(rows[0].before);
    // The entry before the first one stored at or after `before`; every entry when none is.
    const first = await firstStoredSince(this.db, before);
    if (first !== undefined) {
      const row = await this.db
        .selectFrom('change_log')
        .select('seq')
        .where('seq', '<', first.seq)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.seq);
    }
    return (await this.bounds())?.max;
  }

  async countAfter(after: number): Promise<number> {
    // Asked before each shared answer is given out (docs/api/stream.md#shared-answers): written as SQL, which costs a
    // fraction of building the same query each time.
    const { rows } = await sql<{
      count: number | string;
    }>`select count(*) as count from change_log where seq > ${after}`.execute(this.db);
    return Number(rows[0]?.count ?? 0);
  }

  async bounds(): Promise<{ min: number; max: number } | undefined> {
    const row = await this.db
      .selectFrom('change_log')
      .select((eb) => [eb.fn.min('seq').as('min'), eb.fn.max('seq').as('max')])
      .executeTakeFirst();
    if (row === undefined || row.min === null || row.max === null) return undefined;
    return { min: Number(row.min), max: Number(row.max) };
  }

  async allocated(): Promise<number> {
    if (this.engine.name === 'postgres') {
      const { rows } = await sql<{
        value: string | number;
        called: boolean;
      }>`select last_value as value, is_called as called from change_log_seq_seq`.execute(this.db);
      const row = rows[0];
      return row === undefined || !row.called ? 0 : Number(row.value);
    }
    // One writer: every number handed out has committed (or rolled back, and is handed out again).
    return (await this.bounds())?.max ?? 0;
  }

  async prune(before: string): Promise<number> {
    return pruneChanges(this.db, before);
  }

  listen(listener: ChangeWakeListener): () => Promise<void> {
    if ('sqlite' in this.source) {
      const remove = this.source.sqlite.add(listener);
      listener.listening(true);
      return () => {
        remove();
        return Promise.resolve();
      };
    }
    return postgresListen(this.source.postgresUrl, listener);
  }
}
