import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { rethrowUnique } from './alert-rows.js';
import type { EngineSql } from './engine.js';
import { customerIn } from './customer-scope.js';
import { HEARTBEAT_COLUMNS } from './fields.js';
import { anyOf, combine, filtersCondition, searchCondition, sortTerms } from './monitor-query.js';
import type { Database, HeartbeatsTable } from './schema.js';
import { type HeartbeatRecord, type HeartbeatRepository, type MonitorQuery, UniqueViolation } from './types.js';

const idPrefix = (prefix: string): RawBuilder<SqlBool> => sql<SqlBool>`substr(id, 1, ${prefix.length}) = ${prefix}`;

/**
 * docs/api/heartbeats.md#status status rules in SQL: expired once more than `timeout` whole seconds have passed since
 * receipt (the stored expire_time), else slow when the latency exceeds the maximum, else ok.
 */
function statusCondition(status: string, now: string, maxLatency: number): RawBuilder<SqlBool> {
  if (status === 'expired') return sql<SqlBool>`expire_time <= ${now}`;
  if (status === 'slow') return sql<SqlBool>`(expire_time > ${now} and latency > ${maxLatency})`;
  return sql<SqlBool>`(expire_time > ${now} and latency <= ${maxLatency})`;
}

function isUniqueConflict(error: unknown): boolean {
  try {
    rethrowUnique(error);
  } catch (translated) {
    return translated instanceof UniqueViolation;
  }
}

/** When a heartbeat received at `receiveTime` turns expired: since (whole seconds) > timeout. */
/**
 * The latency kept for filters and the slow status, in the 32-bit integer column both schemas have: a sender whose
 * clock is weeks off gives more milliseconds than it holds, which are kept as its largest (or smallest) value. Answers
 * work the latency out from the dates (docs/api/heartbeats.md#status), so they show the true figure.
 */
function storedLatency(ms: number): number {
  return Math.max(-2_147_483_648, Math.min(2_147_483_647, ms));
}

export function expireTimeOf(receiveTime: string, timeout: number): string {
  return new Date(Date.parse(receiveTime) + (timeout + 1) * 1000).toISOString();
}

export class KyselyHeartbeatRepository implements HeartbeatRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  private toRecord(row: Selectable<HeartbeatsTable>): HeartbeatRecord {
    return {
      id: row.id,
      origin: row.origin,
      tags: this.engine.decodeList(row.tags),
      attributes: this.engine.decodeJson(row.attributes),
      type: row.type,
      createTime: this.engine.decodeDate(row.create_time),
      timeout: row.timeout,
      receiveTime: this.engine.decodeDate(row.receive_time),
      customer: row.customer,
    };
  }

  private toRow(hb: HeartbeatRecord) {
    return {
      id: hb.id,
      origin: hb.origin,
      tags: this.engine.encodeList(hb.tags),
      attributes: this.engine.encodeJson(hb.attributes),
      type: hb.type,
      create_time: hb.createTime,
      timeout: hb.timeout,
      receive_time: hb.receiveTime,
      latency: storedLatency(Date.parse(hb.receiveTime) - Date.parse(hb.createTime)),
      expire_time: expireTimeOf(hb.receiveTime, hb.timeout),
      customer: hb.customer,
    };
  }

  async upsert(heartbeat: HeartbeatRecord): Promise<HeartbeatRecord> {
    // Two first heartbeats of one origin racing: the unique index rejects the second insert, the retry updates.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('heartbeats')
            .select('id')
            .where('origin', '=', heartbeat.origin)
            .where(sql<SqlBool>`coalesce(customer, '') = ${heartbeat.customer ?? ''}`)
            .executeTakeFirst();
          if (existing === undefined) {
            await trx.insertInto('heartbeats').values(this.toRow(heartbeat)).execute();
            return heartbeat;
          }
          const stored = { ...heartbeat, id: existing.id };
          const { id, ...changes } = this.toRow(stored);
          await trx.updateTable('heartbeats').set(changes).where('id', '=', id).execute();
          return stored;
        });
      } catch (error) {
        if (attempt >= 2 || !isUniqueConflict(error)) throw error;
      }
    }
  }

  async get(prefix: string): Promise<HeartbeatRecord | undefined> {
    const row = await this.db
      .selectFrom('heartbeats')
      .selectAll()
      .where(idPrefix(prefix))
      .orderBy('receive_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : this.toRecord(row);
  }

  private where(query: MonitorQuery, maxLatency: number, withStatus: boolean): RawBuilder<SqlBool> {
    const statuses = withStatus ? query.statuses : [];
    return combine([
      filtersCondition(this.engine, HEARTBEAT_COLUMNS, query.filters, query.now),
      searchCondition(this.engine, HEARTBEAT_COLUMNS, query.search, query.now),
      customerIn(query.customers),
      anyOf(statuses.map((s) => statusCondition(s, query.now, maxLatency))),
    ]);
  }

  async list(
    query: MonitorQuery,
    maxLatency: number,
    page: { offset: number; limit: number },
  ): Promise<HeartbeatRecord[]> {
    let select = this.db
      .selectFrom('heartbeats')
      .selectAll()
      .where(this.where(query, maxLatency, true));
    for (const term of sortTerms(this.engine, HEARTBEAT_COLUMNS, query.sort)) select = select.orderBy(term);
    const rows = await select.orderBy('id').limit(page.limit).offset(page.offset).execute();
    return rows.map((row) => this.toRecord(row));
  }

  /** docs/api/heartbeats.md#routes: the total ignores the status filter. */
  async count(query: MonitorQuery, maxLatency: number): Promise<number> {
    const row = await this.db
      .selectFrom('heartbeats')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(this.where(query, maxLatency, false))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async delete(prefix: string): Promise<boolean> {
    const result = await this.db.deleteFrom('heartbeats').where(idPrefix(prefix)).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async findStale(now: string, factor: number): Promise<string | undefined> {
    const stale =
      this.engine.name === 'postgres'
        ? sql<SqlBool>`receive_time + timeout::bigint * ${factor} * interval '1 second' < ${now}::timestamptz`
        : sql<SqlBool>`(julianday(${now}) - julianday(receive_time)) * 86400.0 > timeout * ${factor}`;
    const row = await this.db
      .selectFrom('heartbeats')
      .select('origin')
      .where(stale)
      .orderBy('origin')
      .limit(1)
      .executeTakeFirst();
    return row?.origin;
  }
}
