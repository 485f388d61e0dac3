import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { losesConnection } from './unavailable.js';

export interface PostgresTimeouts {
  /** Milliseconds to wait for a connection, new or from the pool; 0 waits forever. */
  connectMs: number;
  /** Milliseconds a statement may run on the server, and (a little longer) a reply may take; 0 has no bound. */
  queryMs: number;
}

/** Time on top of statement_timeout for the server's own cancellation to come back before the client gives up. */
const REPLY_MARGIN_MS = 2_000;

/**
 * README.md#durability: a pool whose every wait is bounded. A stopped database refuses connections at once; one that
 * no longer answers (a lost network, a hung host) runs into connectionTimeoutMillis when connecting, and into
 * query_timeout while a reply is awaited; TCP keepalive finds dead idle connections. statement_timeout makes the
 * server itself cancel a statement that runs too long, so a slow statement fails the same way everywhere.
 */
export function postgresPool(url: string, timeouts: PostgresTimeouts, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(timeouts.connectMs > 0 ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
    ...(timeouts.queryMs > 0
      ? {
          statement_timeout: timeouts.queryMs,
          query_timeout: timeouts.queryMs + REPLY_MARGIN_MS,
          idle_in_transaction_session_timeout: timeouts.queryMs + REPLY_MARGIN_MS,
        }
      : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * node-postgres keeps a client whose reply timed out in the pool, where the next query would queue behind the reply
 * that never comes. This client remembers a lost connection, fails at once whatever is asked of it after that (the
 * ROLLBACK that follows a failed transaction, above all), and hands it back to the pool as broken, so the pool closes
 * it and the next request gets a new connection.
 */
class GuardedClient implements PostgresPoolClient {
  private lost: Error | undefined;
  /**
   * The pool listens for errors of idle clients only. A connection lost while the client is lent out, between two
   * statements of a transaction say, is an 'error' event that would otherwise end the process.
   */
  private readonly onError = (error: Error): void => {
    this.lost ??= error;
  };

  constructor(private readonly client: pg.PoolClient) {
    client.on('error', this.onError);
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    first: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof first !== 'string') {
      // Streams pass their cursor straight through; nothing here bounds them.
      return this.client.query(first as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    }
    if (this.lost !== undefined) return Promise.reject(this.lost);
    return this.client.query(first, parameters === undefined ? [] : [...parameters]).then(
      (result) => result as unknown as PostgresQueryResult<R>,
      (error: unknown) => {
        if (losesConnection(error)) this.lost = error instanceof Error ? error : new Error(String(error));
        throw error;
      },
    );
  }

  release(): void {
    this.client.off('error', this.onError);
    this.client.release(this.lost === undefined ? undefined : true);
  }
}

/**
 * The pool as Kysely's PostgresDialect takes it, with the clients above. end() may be called more than once: the store
 * ends its pools itself when it closes, since Kysely ends only a pool it has used, and a pool it never used would
 * otherwise open connections for a straggler after the close.
 */
export function guardedPool(pool: pg.Pool): PostgresPool {
  let ended: Promise<void> | undefined;
  return {
    connect: async () => new GuardedClient(await pool.connect()),
    end: () => (ended ??= pool.end()),
  };
}
