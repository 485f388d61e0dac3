import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../settings-parsers.js';
import { KyselyAlertAggregates } from './aggregates.js';
import { KyselyAlertChangeRepository } from './alert-changes.js';
import { KyselyAlertRepository } from './alerts.js';
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

function createStore(
  db: Kysely<Database>,
  engine: EngineSql,
  beforeClose?: () => Promise<void>,
  sqliteRows?: SqliteRows,
): Store {
  const migrations = engine.name === 'postgres' ? POSTGRES_MIGRATIONS : SQLITE_MIGRATIONS;
  let closed = false;
  return {
    engine: engine.name,
    alerts: new KyselyAlertRepository(db, engine, sqliteRows),
    aggregates: new KyselyAlertAggregates(db, engine),
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
    migrate: async () => {
      await migrate(db, engine.name, migrations);
    },
    useAlarmModel: async (model) => {
      await db.transaction().execute(async (trx) => {
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
      await db.destroy();
    },
  };
}

function openSqlite(file: string): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // An in-memory database has no write-ahead log to checkpoint.
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(database, file);
  registerRegexp(database);
  return createStore(
    new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    sqliteSql,
    checkpointer === undefined ? undefined : () => checkpointer.stop(),
    rawRows(database),
  );
}

function openPostgres(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return createStore(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), postgresSql);
}

/** Opens the database named by DATABASE_URL. Call migrate() before use. */
export function openStore(target: DatabaseTarget): Store {
  return target.engine === 'postgres' ? openPostgres(target.url) : openSqlite(target.file);
}
