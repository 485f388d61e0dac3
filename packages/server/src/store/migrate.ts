import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * One versioned schema change. A version is applied once, in order, inside a transaction, and recorded in the
 * `migrations` table. Never edit an applied migration: add a new version.
 */
export interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at text NOT NULL
)`;

/** An arbitrary constant that names "schema migration" among PostgreSQL advisory locks. */
const POSTGRES_MIGRATION_LOCK = 7_415_520_901;

async function applyPending(db: Kysely<Database>, migrations: readonly Migration[]): Promise<number> {
  await sql.raw(CREATE_MIGRATIONS_TABLE).execute(db);
  const applied = new Set((await db.selectFrom('migrations').select('version').execute()).map((row) => row.version));
  let count = 0;
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    await sql.raw('BEGIN').execute(db);
    try {
      for (const statement of migration.statements) await sql.raw(statement).execute(db);
      await db
        .insertInto('migrations')
        .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
        .execute();
      await sql.raw('COMMIT').execute(db);
    } catch (error) {
      await sql.raw('ROLLBACK').execute(db);
      throw error;
    }
    count += 1;
  }
  return count;
}

/**
 * Applies pending migrations on one connection. On PostgreSQL a session advisory lock makes processes that start
 * together on one database take turns: the first applies, the others then find nothing left to do.
 */
export async function migrate(
  db: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
  migrations: readonly Migration[],
): Promise<number> {
  return db.connection().execute(async (conn) => {
    if (engine === 'sqlite') return applyPending(conn, migrations);
    await sql`SELECT pg_advisory_lock(${POSTGRES_MIGRATION_LOCK})`.execute(conn);
    try {
      return await applyPending(conn, migrations);
    } finally {
      await sql`SELECT pg_advisory_unlock(${POSTGRES_MIGRATION_LOCK})`.execute(conn);
    }
  });
}
