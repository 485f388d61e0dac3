import { type Kysely, type SqlBool, type Transaction, sql } from 'kysely';
import { deleteAlerts, lockAlert } from './alert-changes.js';
import type { HousekeepingRepository, HousekeepingTransaction, PassOutcome, StaleAlerts } from './change-types.js';
import type { EngineSql } from './engine.js';
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

function passTransaction(trx: Transaction<Database>, engine: EngineSql): HousekeepingTransaction {
  return {
    deleteStale: async (which: StaleAlerts) => {
      let select = trx.selectFrom('alerts').select('id').where('last_receive_time', '<', which.receivedBefore);
      if (which.statuses !== undefined) {
        if (which.statuses.length === 0) return [];
        select = select.where('status', 'in', [...which.statuses]);
      }
      if (which.severities !== undefined) {
        if (which.severities.length === 0) return [];
        select = select.where('severity', 'in', [...which.severities]);
      }
      const ids = (await select.execute()).map((row) => row.id);
      return deleteAlerts(trx, ids);
    },
    timedOut: async (now, exceptStatus) => {
      const rows = await trx
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
      const rows = await trx.selectFrom('alerts').select('id').where('status', '=', status).execute();
      return rows.map((row) => row.id);
    },
    lock: (alertId) => lockAlert(trx, engine, alertId),
    pruneTallies: async () => {
      await trx.deleteFrom('alert_tally').where('n', '=', 0).execute();
      await trx.deleteFrom('alert_service_tally').where('n', '=', 0).execute();
      await trx.deleteFrom('alert_event_service_tally').where('n', '=', 0).execute();
      await pruneLabelTally(trx);
    },
    dropSamlSignIns: async (now) => {
      await trx.deleteFrom('saml_sign_ins').where('expires_at', '<', now).execute();
    },
  };
}

export class KyselyHousekeepingRepository implements HousekeepingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  async run<T>(work: (tx: HousekeepingTransaction) => Promise<T>, options: { wait: boolean }): Promise<PassOutcome<T>> {
    return this.db.transaction().execute(async (trx): Promise<PassOutcome<T>> => {
      if (this.engine.name === 'postgres') {
        // Released at commit or rollback, so a crashed pass never leaves it held.
        if (options.wait) {
          await sql`select pg_advisory_xact_lock(${POSTGRES_HOUSEKEEPING_LOCK})`.execute(trx);
        } else {
          const { rows } = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_xact_lock(${POSTGRES_HOUSEKEEPING_LOCK}) as locked`.execute(trx);
          if (rows[0]?.locked !== true) return { ran: false };
        }
      }
      return { ran: true, value: await work(passTransaction(trx, this.engine)) };
    });
  }
}
