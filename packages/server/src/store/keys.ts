import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { rethrowUnique } from './alert-rows.js';
import type { EngineSql } from './engine.js';
import type { IdentityDatabase, KeysTable } from './identity-schema.js';
import type { ApiKeyRecord, ApiKeyRepository, IdentityQuery, KeyUsage, Page } from './identity-types.js';
import type { FieldFilter } from './types.js';
import { customerIn } from './customer-scope.js';
import { KEY_COLUMNS } from './fields.js';
import { anyOf, combine, filtersCondition, sortTerms } from './monitor-query.js';

function statusCondition(status: string, now: string): RawBuilder<SqlBool> {
  return status === 'expired' ? sql<SqlBool>`expire_time <= ${now}` : sql<SqlBool>`expire_time > ${now}`;
}

export class KyselyApiKeyRepository implements ApiKeyRepository {
  constructor(
    private readonly db: Kysely<IdentityDatabase>,
    private readonly engine: EngineSql,
  ) {}

  private toRecord(row: Selectable<KeysTable>): ApiKeyRecord {
    return {
      id: row.id,
      key: row.key,
      user: row.user,
      scopes: this.engine.decodeList(row.scopes),
      text: row.text,
      expireTime: this.engine.decodeDate(row.expire_time),
      count: row.count,
      lastUsedTime: row.last_used_time === null ? null : this.engine.decodeDate(row.last_used_time),
      customer: row.customer,
    };
  }

  private toRow(key: ApiKeyRecord) {
    return {
      id: key.id,
      key: key.key,
      user: key.user,
      scopes: this.engine.encodeList(key.scopes),
      text: key.text,
      expire_time: key.expireTime,
      count: key.count,
      last_used_time: key.lastUsedTime,
      customer: key.customer,
    };
  }

  async create(key: ApiKeyRecord): Promise<void> {
    try {
      await this.db.insertInto('keys').values(this.toRow(key)).execute();
    } catch (error) {
      rethrowUnique(error);
    }
  }

  async find(keyOrId: string): Promise<ApiKeyRecord | undefined> {
    const rows = await this.db
      .selectFrom('keys')
      .selectAll()
      .where((eb) => eb.or([eb('key', '=', keyOrId), eb('id', '=', keyOrId)]))
      .limit(2)
      .execute();
    const row = rows.find((r) => r.key === keyOrId) ?? rows[0];
    return row === undefined ? undefined : this.toRecord(row);
  }

  async update(key: ApiKeyRecord): Promise<void> {
    // Usage columns are left alone: they are written by recordUse, possibly by another process meanwhile.
    const row = this.toRow(key);
    await this.db
      .updateTable('keys')
      .set({ user: row.user, scopes: row.scopes, text: row.text, expire_time: row.expire_time, customer: row.customer })
      .where('id', '=', row.id)
      .execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('keys').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private where(query: IdentityQuery): RawBuilder<SqlBool> {
    const types = query.filters.filter((f) => f.field === 'type').map((f) => this.typeCondition(f));
    return combine([
      filtersCondition(
        this.engine,
        KEY_COLUMNS,
        query.filters.filter((f) => f.field !== 'type'),
        query.now,
      ),
      anyOf(query.statuses.map((s) => statusCondition(s, query.now))),
      ...types,
      customerIn(query.customers),
    ]);
  }

  /** docs/api/keys.md: a key is read-write when any of its scopes writes or administers. */
  private typeCondition(filter: FieldFilter): RawBuilder<SqlBool> {
    const writes = sql<SqlBool>`exists (select 1 from ${this.engine.listElements(sql.ref('scopes'), 's')}
      where s.value like 'write%' or s.value like 'admin%')`;
    const conditions = filter.values.map((v) => (v === 'read-write' ? writes : sql<SqlBool>`not ${writes}`));
    const any = anyOf(conditions);
    return filter.negate ? sql<SqlBool>`not ${any}` : any;
  }

  async list(query: IdentityQuery, page: Page): Promise<ApiKeyRecord[]> {
    let select = this.db.selectFrom('keys').selectAll().where(this.where(query));
    for (const term of sortTerms(this.engine, KEY_COLUMNS, query.sort)) select = select.orderBy(term);
    const rows = await select.orderBy('id').limit(page.limit).offset(page.offset).execute();
    return rows.map((row) => this.toRecord(row));
  }

  async count(query: IdentityQuery): Promise<number> {
    const row = await this.db
      .selectFrom('keys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(this.where(query))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async recordUse(usage: readonly KeyUsage[]): Promise<void> {
    if (usage.length === 0) return;
    await this.db.transaction().execute(async (tx) => {
      for (const use of usage) {
        await tx
          .updateTable('keys')
          .set((eb) => ({
            count: eb('count', '+', use.uses),
            // ISO text and timestamptz both compare in time order; never move the time backwards.
            last_used_time: sql`case when last_used_time is null or last_used_time < ${use.lastUsedTime}
              then ${use.lastUsedTime} else last_used_time end`,
          }))
          .where('id', '=', use.id)
          .execute();
      }
    });
  }
}
