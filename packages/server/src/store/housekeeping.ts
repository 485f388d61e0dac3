import { type Kysely, type SqlBool, type Transaction, sql } from 'kysely';
import { deleteAlerts, lockAlert } from './alert-changes.js';
import { pruneChanges } from './change-log.js';
import { retryOnConflict } from './conflict-retry.js';
import type { HousekeepingRepository, HousekeepingTransaction, PassOutcome, StaleAlerts } from './change-types.js';
import type { EngineSql } from './engine.js';
import { pruneAttributeTally } from './attribute-tally.js';
import { FACET_TALLY } from './facet-tally.js';
import { GROUP_TALLY } from './group-tally.js';
import { pruneKindTally } from './kind-tally.js';
import { pruneLabelTally } from './label-tally.js';
import type { Database } from './schema.js';

/** An arbitrary constant that names "housekeeping pass" among PostgreSQL advisory locks. */
const POSTGRES_HOUSEKEEPING_LOCK = 7_415_520_902;

/** `last_receive_time + timeout seconds < now`, spelled for each engine. */
function timeoutPassed(engine: EngineSql, now: string) {
  return engine.name === 'postgres'
    ? sql<SqlBool>`last_receive_time + make_interval(secs => timeout) < ${now}::timestamptz`
    : sql<SqlBool>`julianday(last_receive_time) + timeout / 86400.0 < julianday(${now})`;
}

/**
 * The pass's reads and writes. `writer` runs one unit of work in a transaction: on SQLite the pass's own (one writer
 * at a time, so nothing can deadlock), on PostgreSQL a short one of its own per alert or statement
 * (README.md#where-we-differ-from-the-reference-server), so the pass never holds tally rows while it waits for an
 * alert another writer holds.
 */
function passTransaction(
  reader: Kysely<Database> | Transaction<Database>,
  engine: EngineSql,
  writer: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>,
): HousekeepingTransaction {
  return {
    deleteStale: async (which: StaleAlerts) => {
      let select = reader.selectFrom('alerts').select('id').where('last_receive_time', '<', which.receivedBefore);
      if (which.statuses !== undefined) {
        if (which.statuses.length === 0) return [];
        select = select.where('status', 'in', [...which.statuses]);
      }
      if (which.severities !== undefined) {
        if (which.severities.length === 0) return [];
        select = select.where('severity', 'in', [...which.severities]);
      }
      const ids = (await select.execute()).map((row) => row.id);
      const deleted: string[] = [];
      // One statement per transaction: its tally upserts go in key order, as every other writer's do.
      for (let start = 0; start < ids.length; start += 500) {
        const chunk = ids.slice(start, start + 500);
        deleted.push(...(await writer((trx) => deleteAlerts(trx, chunk))));
      }
      return deleted;
    },
    timedOut: async (now, exceptStatus) => {
      const rows = await reader
        .selectFrom('alerts')
        .select('id')
        .where('status', '!=', exceptStatus)
        .where('timeout', '!=', 0)
        .where(timeoutPassed(engine, now))
        .orderBy('last_receive_time', 'asc')
        .execute();
      return rows.map((row) => row.id);
    },
    withStatus: async (status) => {
      const rows = await reader.selectFrom('alerts').select('id').where('status', '=', status).execute();
      return rows.map((row) => row.id);
    },
    change: (alertId, work) =>
      writer(async (trx) => {
        const locked = await lockAlert(trx, engine, alertId);
        if (locked === undefined) return { found: false };
        return { found: true, value: await work(locked) };
      }),
    pruneTallies: () =>
      writer(async (trx) => {
        await trx.deleteFrom('alert_tally').where('n', '=', 0).execute();
        await trx.deleteFrom('alert_service_tally').where('n', '=', 0).execute();
        await trx.deleteFrom('alert_event_service_tally').where('n', '=', 0).execute();
        await pruneLabelTally(trx);
        await pruneAttributeTally(trx);
        await pruneKindTally(trx, FACET_TALLY);
        await pruneKindTally(trx, GROUP_TALLY);
      }),
    dropSamlSignIns: (now) =>
      writer(async (trx) => {
        await trx.deleteFrom('saml_sign_ins').where('expires_at', '<', now).execute();
      }),
    dropChanges: (before) =>
      writer(async (trx) => {
        await pruneChanges(trx, before);
      }),
  };
}

export class KyselyHousekeepingRepository implements HousekeepingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  async run<T>(work: (tx: HousekeepingTransaction) => Promise<T>, options: { wait: boolean }): Promise<PassOutcome<T>> {
    if (this.engine.name !== 'postgres') {
      return this.db.transaction().execute(async (trx): Promise<PassOutcome<T>> => {
        const own = <R>(unit: (inner: Transaction<Database>) => Promise<R>) => unit(trx);
        return { ran: true, value: await work(passTransaction(trx, this.engine, own)) };
      });
    }
    const short = <R>(unit: (trx: Transaction<Database>) => Promise<R>) =>
      retryOnConflict(this.engine, () => this.db.transaction().execute(unit));
    // The lock's transaction touches no rows; it only lives as long as the pass. Released at commit or rollback, so
    // a crashed pass never leaves it held.
    return this.db.transaction().execute(async (lockHolder): Promise<PassOutcome<T>> => {
      if (options.wait) {
        await sql`select pg_advisory_xact_lock(${POSTGRES_HOUSEKEEPING_LOCK})`.execute(lockHolder);
      } else {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(${POSTGRES_HOUSEKEEPING_LOCK}) as locked`.execute(lockHolder);
        if (rows[0]?.locked !== true) return { ran: false };
      }
      return { ran: true, value: await work(passTransaction(this.db, this.engine, short)) };
    });
  }
}
