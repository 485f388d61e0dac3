import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_CACHED = 500;

/**
 * Kysely prepares every query afresh; with better-sqlite3 preparing costs about as much as running a small query, so
 * reuse prepared statements by SQL text (queries are built with bound parameters, so the set of texts is small).
 * A statement still running an iterator is busy and cannot be shared, so such a call gets a fresh one.
 */
export function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (text: string): SqliteStatement => {
      const cached = cache.get(text);
      if (cached !== undefined && !cached.busy) return cached;
      const statement = database.prepare(text);
      if (cached === undefined) {
        if (cache.size >= MAX_CACHED) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(text, statement);
      }
      return statement;
    },
  };
}
