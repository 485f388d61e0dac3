import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import { customerIn } from './customer-scope.js';
import { BLACKOUT_COLUMNS } from './fields.js';
import { anyOf, combine, filtersCondition, searchCondition, sortTerms } from './monitor-query.js';
import type { BlackoutsTable, Database } from './schema.js';
import type { BlackoutRecord, BlackoutRepository, MonitorQuery } from './types.js';

const idPrefix = (prefix: string): RawBuilder<SqlBool> => sql<SqlBool>`substr(id, 1, ${prefix.length}) = ${prefix}`;

/** docs/api/blackouts.md status: active if start ≤ now < end; pending if start > now; expired if end ≤ now. */
function statusCondition(status: string, now: string): RawBuilder<SqlBool> {
  if (status === 'pending') return sql<SqlBool>`start_time > ${now}`;
  if (status === 'expired') return sql<SqlBool>`end_time <= ${now}`;
  return sql<SqlBool>`(start_time <= ${now} and end_time > ${now})`;
}

/** A blackout as stored, as a record. */
export function toBlackout(engine: EngineSql, row: Selectable<BlackoutsTable>): BlackoutRecord {
  return {
    id: row.id,
    priority: row.priority,
    environment: row.environment,
    service: engine.decodeList(row.service),
    resource: row.resource,
    event: row.event,
    group: row.group,
    tags: engine.decodeList(row.tags),
    origin: row.origin,
    customer: row.customer,
    startTime: engine.decodeDate(row.start_time),
    endTime: engine.decodeDate(row.end_time),
    duration: row.duration,
    user: row.user,
    createTime: engine.decodeDate(row.create_time),
    text: row.text,
  };
}

export class KyselyBlackoutRepository implements BlackoutRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  private toRow(b: BlackoutRecord) {
    return {
      id: b.id,
      priority: b.priority,
      environment: b.environment,
      service: this.engine.encodeList(b.service),
      resource: b.resource,
      event: b.event,
      group: b.group,
      tags: this.engine.encodeList(b.tags),
      origin: b.origin,
      customer: b.customer,
      start_time: b.startTime,
      end_time: b.endTime,
      duration: b.duration,
      user: b.user,
      create_time: b.createTime,
      text: b.text,
    };
  }

  async create(blackout: BlackoutRecord): Promise<void> {
    await this.db.insertInto('blackouts').values(this.toRow(blackout)).execute();
  }

  async get(prefix: string): Promise<BlackoutRecord | undefined> {
    const row = await this.db
      .selectFrom('blackouts')
      .selectAll()
      .where(idPrefix(prefix))
      .orderBy('create_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : toBlackout(this.engine, row);
  }

  async update(blackout: BlackoutRecord): Promise<void> {
    const { id, ...changes } = this.toRow(blackout);
    await this.db.updateTable('blackouts').set(changes).where('id', '=', id).execute();
  }

  async delete(prefix: string): Promise<boolean> {
    const result = await this.db.deleteFrom('blackouts').where(idPrefix(prefix)).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private where(query: MonitorQuery): RawBuilder<SqlBool> {
    return combine([
      filtersCondition(this.engine, BLACKOUT_COLUMNS, query.filters, query.now),
      searchCondition(this.engine, BLACKOUT_COLUMNS, query.search, query.now),
      customerIn(query.customers),
      anyOf(query.statuses.map((s) => statusCondition(s, query.now))),
    ]);
  }

  async list(query: MonitorQuery, page: { offset: number; limit: number }): Promise<BlackoutRecord[]> {
    let select = this.db.selectFrom('blackouts').selectAll().where(this.where(query));
    for (const term of sortTerms(this.engine, BLACKOUT_COLUMNS, query.sort)) select = select.orderBy(term);
    const rows = await select.orderBy('id').limit(page.limit).offset(page.offset).execute();
    return rows.map((row) => toBlackout(this.engine, row));
  }

  async count(query: MonitorQuery): Promise<number> {
    const row = await this.db
      .selectFrom('blackouts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(this.where(query))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // Uses the (environment, end_time) index: only windows of this environment that have not ended by `at`.
  async coveringTime(environment: string, at: string): Promise<BlackoutRecord[]> {
    const rows = await this.db
      .selectFrom('blackouts')
      .selectAll()
      .where('environment', '=', environment)
      .where('end_time', '>', at)
      .where('start_time', '<=', at)
      .execute();
    return rows.map((row) => toBlackout(this.engine, row));
  }

  async overlapping(environments: readonly string[], from: string, to: string): Promise<BlackoutRecord[]> {
    if (environments.length === 0) return [];
    const rows = await this.db
      .selectFrom('blackouts')
      .selectAll()
      .where('environment', 'in', [...environments])
      .where('end_time', '>', from)
      .where('start_time', '<=', to)
      .execute();
    return rows.map((row) => toBlackout(this.engine, row));
  }
}
