import { type SqlBool, type Transaction, sql } from 'kysely';
import { historyRow, toAlert, toHistory, toRow } from './alerts.js';
import type { EngineSql } from './engine.js';
import type { IngestBatchTransaction, IngestBatchWrite, IngestCandidate } from './ingest-types.js';
import type { Database } from './schema.js';
import type { IngestKey } from './types.js';

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

type AlertColumn = Exclude<keyof ReturnType<typeof toRow>, 'id'>;

const ALERT_COLUMNS: readonly AlertColumn[] = [
  'resource',
  'event',
  'environment',
  'severity',
  'correlate',
  'status',
  'service',
  'group',
  'value',
  'text',
  'tags',
  'attributes',
  'origin',
  'type',
  'create_time',
  'timeout',
  'raw_data',
  'customer',
  'duplicate_count',
  'repeat',
  'previous_severity',
  'trend_indication',
  'receive_time',
  'last_receive_id',
  'last_receive_time',
  'update_time',
];

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Rewrites stored alerts in one statement: every id exists and is locked, so each row takes the update branch (per-row
 * UPDATEs would cost a round trip each). Only columns that changed in some row are set, so indexes and triggers on
 * the others are left alone; a duplicate usually changes just a few.
 */
async function upsertAlerts(trx: Transaction<Database>, engine: EngineSql, updates: IngestBatchWrite['updates']) {
  const rows = updates.map(({ alert }) => toRow(engine, alert));
  const before = updates.map(({ stored }) => toRow(engine, stored));
  const changed = ALERT_COLUMNS.filter((column) => rows.some((row, i) => !sameValue(row[column], before[i]?.[column])));
  if (changed.length === 0) return;
  await trx
    .insertInto('alerts')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet(Object.fromEntries(changed.map((column) => [column, sql.ref(`excluded.${column}`)]))),
    )
    .execute();
}
