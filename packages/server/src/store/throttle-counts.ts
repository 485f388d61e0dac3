import { type Kysely, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import type { Migration } from './migrate.js';
import type { Database } from './schema.js';
import type { ThrottleCount, ThrottleCountRepository } from './throttle-types.js';

/**
 * Counts behind the sign-in limits (README.md#sign-in-limits): failed logins per login and client address, and
 * sign-up and password-reset requests per email and address. They live in the database so that every server process
 * sharing it counts together. A row's id is a digest of what it counts (see auth/throttle-keys.ts), so neither the
 * logins people typed (sometimes a password) nor their addresses are kept in clear.
 */
const NAME = 'sign-in counts';
const EXPIRES_INDEX = 'CREATE INDEX throttle_counts_expires_at ON throttle_counts (expires_at)';

export const POSTGRES_THROTTLE_MIGRATION: Migration = {
  version: 13,
  name: NAME,
  statements: [
    `CREATE TABLE throttle_counts (
      id text PRIMARY KEY,
      count integer NOT NULL,
      last_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`,
    EXPIRES_INDEX,
  ],
};

export const SQLITE_THROTTLE_MIGRATION: Migration = {
  version: 11,
  name: NAME,
  statements: [
    `CREATE TABLE throttle_counts (
      id TEXT PRIMARY KEY,
      count INTEGER NOT NULL,
      last_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    )`,
    EXPIRES_INDEX,
  ],
};

/** Expired rows dropped per `add` at most, so counting never waits on a large cleanup. */
const DROP_PER_ADD = 100;

export class KyselyThrottleCountRepository implements ThrottleCountRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  private decode(row: { id: string; count: number | string; last_at: Date | string; expires_at: Date | string }) {
    return {
      id: row.id,
      count: Number(row.count),
      lastAt: this.engine.decodeDate(row.last_at),
      expiresAt: this.engine.decodeDate(row.expires_at),
    };
  }

  async read(ids: readonly string[], now: string): Promise<ThrottleCount[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('throttle_counts')
      .select(['id', 'count', 'last_at', 'expires_at'])
      .where('id', 'in', [...ids])
      .where('expires_at', '>', now)
      .execute();
    return rows.map((row) => this.decode(row));
  }

  async add(ids: readonly string[], now: string, expiresAt: string, sliding: boolean): Promise<ThrottleCount[]> {
    if (ids.length === 0) return [];
    // On PostgreSQL, rows another statement holds are skipped rather than waited for; SQLite has one writer anyway.
    const skipLocked = this.engine.name === 'postgres' ? sql` for update skip locked` : sql``;
    await sql`delete from throttle_counts where id in (
      select id from throttle_counts where expires_at <= ${now} limit ${DROP_PER_ADD}${skipLocked})`.execute(this.db);
    const expired = sql<boolean>`throttle_counts.expires_at <= ${now}`;
    const rows = await this.db
      .insertInto('throttle_counts')
      // Sorted, so two statements that share ids lock their rows in the same order and cannot deadlock.
      .values([...new Set(ids)].sort().map((id) => ({ id, count: 1, last_at: now, expires_at: expiresAt })))
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else throttle_counts.count + 1 end`,
          last_at: now,
          expires_at: sliding
            ? expiresAt
            : sql<string>`case when ${expired} then ${expiresAt} else throttle_counts.expires_at end`,
        }),
      )
      .returning(['id', 'count', 'last_at', 'expires_at'])
      .execute();
    return rows.map((row) => this.decode(row));
  }

  async clear(id: string): Promise<void> {
    await this.db.deleteFrom('throttle_counts').where('id', '=', id).execute();
  }
}
