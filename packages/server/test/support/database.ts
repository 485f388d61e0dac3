import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/settings-parsers.js';
import { registerChangeWake } from '../../src/store/change-log.js';
import type { Database } from '../../src/store/schema.js';

/** A plain Kysely connection to a test database, for looking at tables the API does not show. Destroy it after. */
export function openDatabase(database: DatabaseTarget): Kysely<Database> {
  return database.engine === 'postgres'
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }) })
    : new Kysely<Database>({ dialect: new SqliteDialect({ database: sqliteConnection(database.file) }) });
}

/** A SQLite connection with the function the change log's triggers call (store/change-log.ts), waking nobody. */
function sqliteConnection(file: string): BetterSqlite3.Database {
  const connection = new BetterSqlite3(file);
  registerChangeWake(connection);
  return connection;
}
