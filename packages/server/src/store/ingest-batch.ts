import { type SqlBool, type Transaction, sql } from 'kysely';
import { historyRow, toAlert, toHistory, toRow } from './alerts.js';
import type { EngineSql } from './engine.js';
import type { IngestBatchTransaction, IngestBatchWrite, IngestCandidate } from './ingest-types.js';
import type { Database } from './schema.js';
import type { AlertRecord, IngestKey } from './types.js';

// Lists bound as parameters stay well below SQLite's limit on bound parameters.
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const identityOf = (key: IngestKey): string => JSON.stringify([key.environment, key.resource, key.customer ?? '']);

/** The statements of one ingest batch (see domain/ingest-batch.ts), set-based so a batch costs a few round trips. */
export function ingestBatchTransaction(trx: Transaction<Database>, engine: EngineSql): IngestBatchTransaction {
  return {
    candidates: async (keys) => {
      if (keys.length === 0) return [];
      const identities = [...new Map(keys.map((key) => [identityOf(key), key])).values()];
      const events = [...new Set(keys.map((key) => key.event))];
      // api.md §2.1: the same environment, resource and customer, and the same event or the event in the stored
      // correlate list. Only such alerts can match, even after earlier alerts of the batch correlated them.
      let select = trx
        .selectFrom('alerts')
        .selectAll()
        .where((eb) =>
          eb.or(
            identities.map((key) =>
              eb.and([
                eb('environment', '=', key.environment),
                eb('resource', '=', key.resource),
                sql<SqlBool>`coalesce(customer, '') = ${key.customer ?? ''}`,
              ]),
            ),
          ),
        )
        .where((eb) => eb.or([eb('event', 'in', events), engine.listHasAny('correlate', events)]))
        .orderBy('id');
      // Rows are locked in id order, so two batches touching the same alerts queue instead of deadlocking.
      if (engine.name === 'postgres') select = select.forUpdate();
      const rows = await select.execute();
      const found = new Map<string, IngestCandidate>();
      for (const row of rows) found.set(row.id, { alert: toAlert(engine, row), history: [] });
      for (const ids of chunks([...found.keys()])) {
        const history = await trx
          .selectFrom('history')
          .selectAll()
          .where('alert_id', 'in', ids)
          .orderBy('alert_id')
          .orderBy('update_time', 'asc')
          .orderBy('seq', 'asc')
          .execute();
        for (const row of history)
          found.get(row.alert_id)?.history.push({ seq: row.seq, entry: toHistory(engine, row) });
      }
      return [...found.values()];
    },
    write: async (changes: IngestBatchWrite) => {
      if (changes.inserts.length > 0) {
        await trx
          .insertInto('alerts')
          .values(changes.inserts.map((alert) => toRow(engine, alert)))
          .execute();
      }
      if (changes.updates.length > 0) await upsertAlerts(trx, engine, changes.updates);
      if (changes.history.length > 0) {
        await trx
          .insertInto('history')
          .values(changes.history.map(({ alertId, entry }) => historyRow(alertId, entry)))
          .execute();
      }
      for (const seqs of chunks(changes.dropped)) {
        await trx.deleteFrom('history').where('seq', 'in', seqs).execute();
      }
    },
  };
}

/**
 * Rewrites stored alerts in one statement: every id exists and is locked, so each row takes the update branch. A
 * plain insert would be wrong here, and per-row UPDATEs cost a round trip each.
 */
async function upsertAlerts(trx: Transaction<Database>, engine: EngineSql, alerts: readonly AlertRecord[]) {
  await trx
    .insertInto('alerts')
    .values(alerts.map((alert) => toRow(engine, alert)))
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        resource: eb.ref('excluded.resource'),
        event: eb.ref('excluded.event'),
        environment: eb.ref('excluded.environment'),
        severity: eb.ref('excluded.severity'),
        correlate: eb.ref('excluded.correlate'),
        status: eb.ref('excluded.status'),
        service: eb.ref('excluded.service'),
        group: eb.ref('excluded.group'),
        value: eb.ref('excluded.value'),
        text: eb.ref('excluded.text'),
        tags: eb.ref('excluded.tags'),
        attributes: eb.ref('excluded.attributes'),
        origin: eb.ref('excluded.origin'),
        type: eb.ref('excluded.type'),
        create_time: eb.ref('excluded.create_time'),
        timeout: eb.ref('excluded.timeout'),
        raw_data: eb.ref('excluded.raw_data'),
        customer: eb.ref('excluded.customer'),
        duplicate_count: eb.ref('excluded.duplicate_count'),
        repeat: eb.ref('excluded.repeat'),
        previous_severity: eb.ref('excluded.previous_severity'),
        trend_indication: eb.ref('excluded.trend_indication'),
        receive_time: eb.ref('excluded.receive_time'),
        last_receive_id: eb.ref('excluded.last_receive_id'),
        last_receive_time: eb.ref('excluded.last_receive_time'),
        update_time: eb.ref('excluded.update_time'),
      })),
    )
    .execute();
}
