import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/settings-parsers.js';
import type { Database } from '../../src/store/schema.js';

/** A plain Kysely connection to a test database, for looking at tables the API does not show. Destroy it after. */
export function openDatabase(database: DatabaseTarget): Kysely<Database> {
  return database.engine === 'postgres'
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }) })
    : new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(database.file) }) });
}
