import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import { customerRestriction, whereClause } from './alert-query.js';
import { toAlert, toHistory } from './alert-rows.js';
import { saveAlert } from './alerts.js';
import type { AlertChangeRepository, ChangeOutcome, IdLookup, LockedAlert, NoteRecord } from './change-types.js';
import { retryOnConflict } from './conflict-retry.js';
import type { EngineSql } from './engine.js';
import type { Database, NotesTable } from './schema.js';
import type { AlertQuery, HistoryRecord } from './types.js';

type Executor = Kysely<Database> | Transaction<Database>;

function toNote(engine: EngineSql, row: Selectable<NotesTable>): NoteRecord {
  return {
    id: row.id,
    alertId: row.alert_id,
    text: row.text,
    user: row.user,
    attributes: engine.decodeJson(row.attributes),
    type: row.type,
    createTime: engine.decodeDate(row.create_time),
    updateTime: row.update_time === null ? null : engine.decodeDate(row.update_time),
    customer: row.customer,
  };
}

function noteRow(engine: EngineSql, note: NoteRecord) {
  return {
    id: note.id,
    alert_id: note.alertId,
    text: note.text,
    user: note.user,
    attributes: engine.encodeJson(note.attributes),
    type: note.type,
    create_time: note.createTime,
    update_time: note.updateTime,
    customer: note.customer,
  };
}

/**
 * Locks one alert row inside `trx` (PostgreSQL: SELECT … FOR UPDATE; SQLite already runs one writer at a time) and
 * returns the handle that changes it, or undefined when the alert does not exist.
 */
export async function lockAlert(
  trx: Transaction<Database>,
  engine: EngineSql,
  alertId: string,
): Promise<LockedAlert | undefined> {
  let select = trx.selectFrom('alerts').selectAll().where('id', '=', alertId);
  if (engine.name === 'postgres') select = select.forUpdate();
  const row = await select.executeTakeFirst();
  if (row === undefined) return undefined;
  const historyRows = await trx
    .selectFrom('history')
    .selectAll()
    .where('alert_id', '=', alertId)
    .orderBy('update_time', 'asc')
    .orderBy('seq', 'asc')
    .execute();
  return {
    alert: toAlert(engine, row),
    history: historyRows.map((h) => toHistory(engine, h)),
    save: async (alert, entries: readonly HistoryRecord[], historyLimit) => {
      await saveAlert(trx, engine, alert, entries, historyLimit);
    },
    note: async (noteId) => {
      const found = await trx
        .selectFrom('notes')
        .selectAll()
        .where('id', '=', noteId)
        .where('alert_id', '=', alertId)
        .executeTakeFirst();
      return found === undefined ? undefined : toNote(engine, found);
    },
    insertNote: async (note) => {
      await trx.insertInto('notes').values(noteRow(engine, note)).execute();
    },
    updateNote: async (note) => {
      const { id, ...changes } = noteRow(engine, note);
      await trx.updateTable('notes').set(changes).where('id', '=', id).execute();
    },
    deleteNote: async (noteId) => {
      await trx.deleteFrom('notes').where('id', '=', noteId).where('alert_id', '=', alertId).execute();
    },
  };
}

/** One alert changed in a transaction of its own, run again if PostgreSQL breaks a deadlock by rolling it back. */
export function changeAlert<T>(
  db: Kysely<Database>,
  engine: EngineSql,
  alertId: string,
  work: (locked: LockedAlert) => Promise<T>,
): Promise<ChangeOutcome<T>> {
  return retryOnConflict(engine, () =>
    db.transaction().execute(async (trx): Promise<ChangeOutcome<T>> => {
      const locked = await lockAlert(trx, engine, alertId);
      if (locked === undefined) return { found: false };
      return { found: true, value: await work(locked) };
    }),
  );
}

export class KyselyAlertChangeRepository implements AlertChangeRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  async resolveId(idPrefix: string, customers?: readonly string[]): Promise<IdLookup> {
    const alerts = () => {
      const all = this.db.selectFrom('alerts').select('id');
      return customers === undefined ? all : all.where(customerRestriction(this.engine, customers));
    };
    const exact = await alerts().where('id', '=', idPrefix).executeTakeFirst();
    if (exact !== undefined) return { kind: 'found', id: exact.id };
    const rows = await alerts()
      .where(sql<boolean>`substr(id, 1, ${idPrefix.length}) = ${idPrefix}`)
      .limit(2)
      .execute();
    const [first, second] = rows;
    if (first === undefined) return { kind: 'missing' };
    return second === undefined ? { kind: 'found', id: first.id } : { kind: 'ambiguous' };
  }

  async change<T>(alertId: string, work: (locked: LockedAlert) => Promise<T>): Promise<ChangeOutcome<T>> {
    return changeAlert(this.db, this.engine, alertId, work);
  }

  async matchingIds(query: AlertQuery): Promise<string[]> {
    const rows = await this.db.selectFrom('alerts').select('id').where(whereClause(this.engine, query)).execute();
    return rows.map((row) => row.id);
  }

  async delete(alertIds: readonly string[]): Promise<string[]> {
    return deleteAlerts(this.db, alertIds);
  }

  async notes(alertId: string): Promise<NoteRecord[]> {
    const rows = await this.db
      .selectFrom('notes')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('create_time', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((row) => toNote(this.engine, row));
  }
}

/** Deletes in chunks so a bulk delete never exceeds the engines' limits on bound parameters. */
export async function deleteAlerts(db: Executor, alertIds: readonly string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (let start = 0; start < alertIds.length; start += 500) {
    const chunk = alertIds.slice(start, start + 500);
    const rows = await db.deleteFrom('alerts').where('id', 'in', chunk).returning('id').execute();
    deleted.push(...rows.map((row) => row.id));
  }
  return deleted;
}
