import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, sql } from 'kysely';
import type { DatabaseTarget } from '../settings-parsers.js';
import type { Settings } from '../settings.js';
import { KyselyAlertAggregates } from './aggregates.js';
import { KyselyAlertChangeRepository } from './alert-changes.js';
import { KyselyAlertRepository } from './alerts.js';
import { KyselyChangeLogRepository, SqliteWake } from './change-log.js';
import { KyselyBlackoutRepository } from './blackouts.js';
import { type EngineSql, postgresSql, sqliteSql } from './engine.js';
import { KyselyHeartbeatRepository } from './heartbeats.js';
import { KyselyGroupRepository } from './groups.js';
import { KyselyHousekeepingRepository } from './housekeeping.js';
import { withIdentityTables } from './identity-schema.js';
import { KyselyApiKeyRepository } from './keys.js';
import { KyselyCustomerRepository, KyselyPermissionRepository } from './match-rows.js';
import { migrate } from './migrate.js';
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from './migrations.js';
import { guardedPool, postgresPool } from './postgres-pool.js';
import { KyselySamlSignInRepository } from './saml-sign-ins.js';
import type { Database } from './schema.js';
import { alarmModelIndexes } from './severity-order.js';
import { KyselyThrottleCountRepository } from './throttle-counts.js';
import { startCheckpointer } from './sqlite-checkpointer.js';
import { registerRegexp } from './sqlite-regexp.js';
import { type SqliteRows, rawRows, withStatementCache } from './sqlite-statements.js';
import type { Store } from './types.js';
import { KyselyUserRepository } from './users.js';

/** An arbitrary constant that names "alarm model indexes" among PostgreSQL advisory locks. */
const ALARM_MODEL_INDEX_LOCK = 7_415_520_903;

/** README.md#durability: how the store waits for its database and how it syncs commits. */
export interface StoreOptions {
  /** SQLITE_SYNCHRONOUS: FULL syncs the write-ahead log at every commit; NORMAL only at checkpoints. */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** DATABASE_CONNECT_TIMEOUT in milliseconds; 0 waits forever. */
  connectTimeoutMs: number;
  /** DATABASE_QUERY_TIMEOUT in milliseconds; 0 has no bound. */
  queryTimeoutMs: number;
}

export const DEFAULT_STORE_OPTIONS: StoreOptions = {
  sqliteSynchronous: 'FULL',
  connectTimeoutMs: 5_000,
  queryTimeoutMs: 30_000,
};

export const storeOptionsOf = (settings: Settings): StoreOptions => ({
  sqliteSynchronous: settings.SQLITE_SYNCHRONOUS,
  connectTimeoutMs: settings.DATABASE_CONNECT_TIMEOUT * 1000,
  queryTimeoutMs: settings.DATABASE_QUERY_TIMEOUT * 1000,
});

function createStore(
  db: Kysely<Database>,
  engine: EngineSql,
  changeSource: { sqlite: SqliteWake } | { postgresUrl: string },
  beforeClose?: () => Promise<void>,
  sqliteRows?: SqliteRows,
  /** Runs the migrations and the alarm model's indexes, which may take longer than a request's bounds allow. */
  setupDb: Kysely<Database> = db,
): Store {
  const migrations = engine.name === 'postgres' ? POSTGRES_MIGRATIONS : SQLITE_MIGRATIONS;
  let closed = false;
  const changeLog = new KyselyChangeLogRepository(db, engine, changeSource);
  return {
    engine: engine.name,
    alerts: new KyselyAlertRepository(db, engine, sqliteRows),
    aggregates: new KyselyAlertAggregates(db, engine, changeLog),
    users: new KyselyUserRepository(db, engine),
    alertChanges: new KyselyAlertChangeRepository(db, engine),
    housekeeping: new KyselyHousekeepingRepository(db, engine),
    heartbeats: new KyselyHeartbeatRepository(db, engine),
    blackouts: new KyselyBlackoutRepository(db, engine),
    keys: new KyselyApiKeyRepository(withIdentityTables(db), engine),
    groups: new KyselyGroupRepository(withIdentityTables(db), engine),
    perms: new KyselyPermissionRepository(withIdentityTables(db), engine),
    customers: new KyselyCustomerRepository(withIdentityTables(db), engine),
    samlSignIns: new KyselySamlSignInRepository(db, engine),
    throttleCounts: new KyselyThrottleCountRepository(db, engine),
    changeLog,
    migrate: async () => {
      await migrate(setupDb, engine.name, migrations);
      if ('sqlite' in changeSource) changeSource.sqlite.attach();
    },
    useAlarmModel: async (model) => {
      await setupDb.transaction().execute(async (trx) => {
        // Servers starting together on one PostgreSQL database take turns, as they do for migrations.
        if (engine.name === 'postgres') await sql`select pg_advisory_xact_lock(${ALARM_MODEL_INDEX_LOCK})`.execute(trx);
        for (const statement of alarmModelIndexes(model)) await sql.raw(statement).execute(trx);
      });
    },
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await beforeClose?.();
      if (setupDb !== db) await setupDb.destroy();
      await db.destroy();
    },
  };
}

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/**
 * Opens the SQLite file and makes sure it can be written: a folder or file the server cannot write, or a full disk,
 * stops the start with a message that says so and where, rather than failing every write later.
 */
function openSqliteFile(file: string, synchronous: StoreOptions['sqliteSynchronous']): BetterSqlite3.Database {
  let database: BetterSqlite3.Database | undefined;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    database = new BetterSqlite3(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    // README.md#durability: FULL syncs the log at each commit, so an answered write survives a power loss too.
    database.pragma(`synchronous = ${synchronous}`);
    // A write that changes nothing: it needs the write lock, the log and the shared-memory file.
    database.exec('BEGIN IMMEDIATE; COMMIT');
    return database;
  } catch (error) {
    database?.close();
    const code = (error as { code?: unknown }).code;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseOpenError(
      `cannot open the SQLite database ${file} for writing: ${reason}${typeof code === 'string' ? ` (${code})` : ''}. ` +
        'The server needs to write the file and create others beside it in that folder (DATA_DIR or DATABASE_URL).',
    );
  }
}

/**
 * SQLite ends the transaction by itself after some failures (a full disk, an I/O error); the ROLLBACK Kysely sends
 * then fails with "no transaction is active" and would replace the error that says what happened. Here it does
 * nothing instead.
 */
function rollbackOnlyInTransaction(database: BetterSqlite3.Database, inner: SqliteDatabase): SqliteDatabase {
  const nothing = database.prepare('select 1');
  return {
    close: () => inner.close(),
    prepare: (text) => (text === 'rollback' && !database.inTransaction ? nothing : inner.prepare(text)),
  };
}

function openSqlite(file: string, options: StoreOptions): Store {
  const database = openSqliteFile(file, options.sqliteSynchronous);
  // An in-memory database has no write-ahead log to checkpoint.
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(database, file);
  registerRegexp(database);
  const wake = new SqliteWake(database);
  return createStore(
    new Kysely<Database>({
      dialect: new SqliteDialect({ database: rollbackOnlyInTransaction(database, withStatementCache(database)) }),
    }),
    sqliteSql,
    { sqlite: wake },
    checkpointer === undefined ? undefined : () => checkpointer.stop(),
    rawRows(database),
  );
}

function openPostgres(url: string, options: StoreOptions): Store {
  const pool = postgresPool(url, { connectMs: options.connectTimeoutMs, queryMs: options.queryTimeoutMs }, 10);
  // One connection, without a statement bound, for the start's migrations and indexes; idle ones close by themselves.
  const setupPool = postgresPool(url, { connectMs: options.connectTimeoutMs, queryMs: 0 }, 1);
  const serving = guardedPool(pool);
  const setup = guardedPool(setupPool);
  return createStore(
    new Kysely<Database>({ dialect: new PostgresDialect({ pool: serving }) }),
    postgresSql,
    { postgresUrl: url },
    async () => {
      await Promise.all([serving.end(), setup.end()]);
    },
    undefined,
    new Kysely<Database>({ dialect: new PostgresDialect({ pool: setup }) }),
  );
}

/** Opens the database named by DATABASE_URL. Call migrate() before use. */
export function openStore(target: DatabaseTarget, options: StoreOptions = DEFAULT_STORE_OPTIONS): Store {
  return target.engine === 'postgres' ? openPostgres(target.url, options) : openSqlite(target.file, options);
}
