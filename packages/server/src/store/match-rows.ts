import { type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { rethrowUnique } from './alert-rows.js';
import type { EngineSql } from './engine.js';
import type { IdentityDatabase } from './identity-schema.js';
import type { CustomerRecord, IdentityQuery, MatchRepository, Page, PermissionRecord } from './identity-types.js';
import { CUSTOMER_COLUMNS, PERMISSION_COLUMNS } from './fields.js';
import { combine, filtersCondition, sortTerms } from './monitor-query.js';

const count = async (select: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) =>
  Number((await select.executeTakeFirstOrThrow()).n);

export class KyselyPermissionRepository implements MatchRepository<PermissionRecord> {
  constructor(
    private readonly db: Kysely<IdentityDatabase>,
    private readonly engine: EngineSql,
  ) {}

  private toRecord = (row: { id: string; match: string; scopes: unknown }): PermissionRecord => ({
    id: row.id,
    match: row.match,
    scopes: this.engine.decodeList(row.scopes),
  });

  async create(row: PermissionRecord): Promise<void> {
    try {
      await this.db
        .insertInto('perms')
        .values({ id: row.id, match: row.match, scopes: this.engine.encodeList(row.scopes) })
        .execute();
    } catch (error) {
      rethrowUnique(error);
    }
  }

  async get(id: string): Promise<PermissionRecord | undefined> {
    const row = await this.db.selectFrom('perms').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : this.toRecord(row);
  }

  async update(row: PermissionRecord): Promise<void> {
    try {
      await this.db
        .updateTable('perms')
        .set({ match: row.match, scopes: this.engine.encodeList(row.scopes) })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      rethrowUnique(error);
    }
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('perms').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private where(query: IdentityQuery): RawBuilder<SqlBool> {
    return combine([filtersCondition(this.engine, PERMISSION_COLUMNS, query.filters, query.now)]);
  }

  async list(query: IdentityQuery, page: Page): Promise<PermissionRecord[]> {
    let select = this.db.selectFrom('perms').selectAll().where(this.where(query));
    for (const term of sortTerms(this.engine, PERMISSION_COLUMNS, query.sort)) select = select.orderBy(term);
    const rows = await select.orderBy('match').limit(page.limit).offset(page.offset).execute();
    return rows.map(this.toRecord);
  }

  count(query: IdentityQuery): Promise<number> {
    return count(
      this.db
        .selectFrom('perms')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(this.where(query)),
    );
  }

  async matching(matches: readonly string[]): Promise<PermissionRecord[]> {
    if (matches.length === 0) return [];
    const rows = await this.db
      .selectFrom('perms')
      .selectAll()
      .where('match', 'in', [...matches])
      .execute();
    return rows.map(this.toRecord);
  }
}

export class KyselyCustomerRepository implements MatchRepository<CustomerRecord> {
  constructor(
    private readonly db: Kysely<IdentityDatabase>,
    private readonly engine: EngineSql,
  ) {}

  async create(row: CustomerRecord): Promise<void> {
    try {
      await this.db.insertInto('customers').values(row).execute();
    } catch (error) {
      rethrowUnique(error);
    }
  }

  async get(id: string): Promise<CustomerRecord | undefined> {
    return this.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(row: CustomerRecord): Promise<void> {
    try {
      await this.db
        .updateTable('customers')
        .set({ match: row.match, customer: row.customer })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      rethrowUnique(error);
    }
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('customers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private where(query: IdentityQuery): RawBuilder<SqlBool> {
    return combine([filtersCondition(this.engine, CUSTOMER_COLUMNS, query.filters, query.now)]);
  }

  async list(query: IdentityQuery, page: Page): Promise<CustomerRecord[]> {
    let select = this.db.selectFrom('customers').selectAll().where(this.where(query));
    for (const term of sortTerms(this.engine, CUSTOMER_COLUMNS, query.sort)) select = select.orderBy(term);
    return select.orderBy('customer').orderBy('match').limit(page.limit).offset(page.offset).execute();
  }

  count(query: IdentityQuery): Promise<number> {
    return count(
      this.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(this.where(query)),
    );
  }

  async matching(matches: readonly string[]): Promise<CustomerRecord[]> {
    if (matches.length === 0) return [];
    return this.db
      .selectFrom('customers')
      .selectAll()
      .where('match', 'in', [...matches])
      .execute();
  }
}
