import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { rethrowUnique } from './alert-rows.js';
import type { EngineSql } from './engine.js';
import type { IdentityDatabase } from './identity-schema.js';
import type { GroupRecord, GroupRepository, GroupWithCount, IdentityQuery, Page } from './identity-types.js';
import { GROUP_COLUMNS } from './fields.js';
import { combine, filtersCondition, sortTerms } from './monitor-query.js';
import type { UserRecord } from './types.js';
import { toUser } from './users.js';

const memberCount = sql<
  number | string
>`(select count(*) from group_users m where m.group_id = ${sql.ref('groups.id')})`;

export class KyselyGroupRepository implements GroupRepository {
  constructor(
    private readonly db: Kysely<IdentityDatabase>,
    private readonly engine: EngineSql,
  ) {}

  private withCounts() {
    return this.db.selectFrom('groups').select(['id', 'name', 'text', memberCount.as('count')]);
  }

  private static toGroup(row: { id: string; name: string; text: string; count: number | string }): GroupWithCount {
    return { id: row.id, name: row.name, text: row.text, count: Number(row.count) };
  }

  async create(group: GroupRecord): Promise<void> {
    try {
      await this.db.insertInto('groups').values(group).execute();
    } catch (error) {
      rethrowUnique(error);
    }
  }

  async get(id: string): Promise<GroupWithCount | undefined> {
    const row = await this.withCounts().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : KyselyGroupRepository.toGroup(row);
  }

  async update(group: GroupRecord): Promise<void> {
    try {
      await this.db
        .updateTable('groups')
        .set({ name: group.name, text: group.text })
        .where('id', '=', group.id)
        .execute();
    } catch (error) {
      rethrowUnique(error);
    }
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private where(query: IdentityQuery): RawBuilder<SqlBool> {
    return combine([filtersCondition(this.engine, GROUP_COLUMNS, query.filters, query.now)]);
  }

  async list(query: IdentityQuery, page: Page): Promise<GroupWithCount[]> {
    let select = this.withCounts().where(this.where(query));
    for (const term of sortTerms(this.engine, GROUP_COLUMNS, query.sort)) select = select.orderBy(term);
    const rows = await select.orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute();
    return rows.map((row) => KyselyGroupRepository.toGroup(row));
  }

  async count(query: IdentityQuery): Promise<number> {
    const row = await this.db
      .selectFrom('groups')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(this.where(query))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async members(groupId: string): Promise<UserRecord[]> {
    const rows = await this.db
      .selectFrom('users')
      .innerJoin('group_users', 'group_users.user_id', 'users.id')
      .selectAll('users')
      .where('group_users.group_id', '=', groupId)
      .orderBy('users.login')
      .execute();
    return rows.map((row) => toUser(this.engine, row));
  }

  async groupsOf(userId: string): Promise<GroupWithCount[]> {
    const rows = await this.withCounts()
      .where('id', 'in', (eb) => eb.selectFrom('group_users').select('group_id').where('user_id', '=', userId))
      .orderBy('name')
      .execute();
    return rows.map((row) => KyselyGroupRepository.toGroup(row));
  }

  async addMember(groupId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .insertInto('group_users')
      .values({ group_id: groupId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async removeMember(groupId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('group_users')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
