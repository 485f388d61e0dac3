import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_CACHED = 500;
/** Statements kept by withStatementCache: the hot ones of ingest, the console's polls and housekeeping fit easily. */
export const MAX_KEPT = 200;
/** Texts prepared once and not (yet) kept: a text is kept when it is prepared again while still listed here. */
const MAX_SEEN = 2000;

/**
 * A 32-bit FNV-1a hash of a statement's text: the texts seen once are remembered by it, not by the text (a list query
 * is a kilobyte or two). Two texts with one hash only make the second kept on its first preparation.
 */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * Kysely prepares every query afresh; with better-sqlite3 preparing costs about as much as running a small query, so
 * reuse prepared statements by SQL text (queries are built with bound parameters, so the texts that recur are few).
 * A statement still running an iterator is busy and cannot be shared, so such a call gets a fresh one.
 *
 * A prepared statement holds tens of kilobytes of SQLite's memory (a list query's, with its severity order, about 75),
 * and a text seen once, such as a rare combination of filters, may never come again: a text is kept only from its
 * second preparation on, and the least recently used kept one makes way for a new one. Keeping every text on first
 * sight, the fuzz bench's random queries (bench/fuzz.ts) filled a cache of 500, and the server's RSS after 100,000
 * requests was 221 MB where it is now 178 to 186.
 */
export function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const kept = new Map<string, BetterSqlite3.Statement>();
  const seen = new Set<number>();
  return {
    close: () => {
      kept.clear();
      seen.clear();
      database.close();
    },
    prepare: (text: string): SqliteStatement => {
      const cached = kept.get(text);
      if (cached !== undefined && !cached.busy) {
        // Most recently used last, so the first entry is the one to drop.
        kept.delete(text);
        kept.set(text, cached);
        return cached;
      }
      const statement = database.prepare(text);
      if (cached !== undefined) return statement;
      const hash = textHash(text);
      if (!seen.delete(hash)) {
        if (seen.size >= MAX_SEEN) seen.delete(seen.values().next().value ?? 0);
        seen.add(hash);
        return statement;
      }
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value ?? '');
      kept.set(text, statement);
      return statement;
    },
  };
}

/** Reads rows of a statement that returns them, as objects keyed by column name. */
export interface SqliteRows {
  all<R>(text: string, parameters: readonly unknown[]): R[];
}

/**
 * better-sqlite3 builds each row object property by property, which for a row of the alerts table costs more than
 * reading the row; in raw mode it returns arrays, and a loop over the column names makes the objects in about 30%
 * less time. For the hot reads of alert ingestion; call it only on the connection's own turn (inside a transaction
 * of the query builder), as it bypasses its queue.
 */
export function rawRows(database: BetterSqlite3.Database): SqliteRows {
  const cache = new Map<string, { statement: BetterSqlite3.Statement<unknown[], unknown[]>; names: string[] }>();
  return {
    all<R>(text: string, parameters: readonly unknown[]): R[] {
      let entry = cache.get(text);
      if (entry === undefined || entry.statement.busy) {
        const statement = database.prepare<unknown[], unknown[]>(text).raw(true);
        entry = { statement, names: statement.columns().map((column) => column.name) };
        if (cache.size < MAX_CACHED) cache.set(text, entry);
      }
      const { names } = entry;
      return entry.statement.all(...parameters).map((values) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i += 1) row[names[i] ?? ''] = values[i];
        return row as R;
      });
    },
  };
}
