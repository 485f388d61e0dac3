import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import { rethrowUnique } from './alert-rows.js';
import type { IdentityQuery, Page } from './identity-types.js';
import { USER_COLUMNS } from './fields.js';
import { anyOf, combine, filtersCondition, sortTerms } from './monitor-query.js';
import type { Database, UsersTable } from './schema.js';
import type { EmailTokenChanges, FieldFilter, UserRecord, UserRepository } from './types.js';

const BY_HAND = new Set(['domain', 'email_verified']);
const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

export function toUser(engine: EngineSql, row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    name: row.name,
    login: row.login,
    email: row.email,
    password: row.password,
    status: row.status,
    roles: engine.decodeList(row.roles),
    attributes: engine.decodeJson(row.attributes),
    createTime: engine.decodeDate(row.create_time),
    lastLogin: row.last_login === null ? null : engine.decodeDate(row.last_login),
    text: row.text,
    updateTime: row.update_time === null ? null : engine.decodeDate(row.update_time),
    emailVerified: row.email_verified === true || row.email_verified === 1,
  };
}

export class KyselyUserRepository implements UserRepository {
  private readonly listeners = new Set<(id: string) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  onChange(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(id: string): void {
    for (const listener of this.listeners) listener(id);
  }

  private toRow(user: UserRecord) {
    return {
      id: user.id,
      name: user.name,
      login: user.login,
      email: user.email,
      password: user.password,
      status: user.status,
      roles: this.engine.encodeList(user.roles),
      attributes: this.engine.encodeJson(user.attributes),
      create_time: user.createTime,
      last_login: user.lastLogin,
      text: user.text,
      update_time: user.updateTime,
      email_verified: this.engine.encodeBool(user.emailVerified),
    };
  }

  async get(id: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toUser(this.engine, row);
  }

  async update(user: UserRecord): Promise<void> {
    const row: Partial<ReturnType<typeof this.toRow>> = this.toRow(user);
    delete row.create_time;
    try {
      await this.db.updateTable('users').set(row).where('id', '=', user.id).execute();
    } catch (error) {
      rethrowUnique(error);
    }
    this.changed(user.id);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    this.changed(id);
    return Number(result.numDeletedRows) > 0;
  }

  private where(query: IdentityQuery): RawBuilder<SqlBool> {
    const statuses = query.statuses.length === 0 ? [] : [sql<SqlBool>`status in (${sql.join(query.statuses)})`];
    const plain = query.filters.filter((f) => !BY_HAND.has(f.field));
    const byHand = query.filters.filter((f) => BY_HAND.has(f.field)).map((f) => this.byHand(f));
    return combine([filtersCondition(this.engine, USER_COLUMNS, plain, query.now), ...statuses, ...byHand]);
  }

  /** docs/api/identity.md `domain` (the email's domain, case-insensitive) and `email_verified` (true or false). */
  private byHand(filter: FieldFilter): RawBuilder<SqlBool> {
    const conditions = filter.values.map((value) => {
      if (filter.field === 'email_verified') {
        const wanted = ['true', '1', 'yes'].includes(value.toLowerCase());
        return sql<SqlBool>`email_verified = ${this.engine.encodeBool(wanted)}`;
      }
      const domain = escapeLike(value.replace(/^~/, '').toLowerCase());
      return sql<SqlBool>`lower(email) like ${`%@${domain}`} escape '\\'`;
    });
    const any = anyOf(conditions);
    return filter.negate ? sql<SqlBool>`not ${any}` : any;
  }

  async list(query: IdentityQuery, page: Page): Promise<UserRecord[]> {
    let select = this.db.selectFrom('users').selectAll().where(this.where(query));
    for (const term of sortTerms(this.engine, USER_COLUMNS, query.sort)) select = select.orderBy(term);
    const rows = await select.orderBy('login').limit(page.limit).offset(page.offset).execute();
    return rows.map((row) => toUser(this.engine, row));
  }

  async count(query?: IdentityQuery): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(query === undefined ? sql<SqlBool>`1 = 1` : this.where(query))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(user: UserRecord): Promise<void> {
    try {
      await this.db
        .insertInto('users')
        .values({
          id: user.id,
          name: user.name,
          login: user.login,
          email: user.email,
          password: user.password,
          status: user.status,
          roles: this.engine.encodeList(user.roles),
          attributes: this.engine.encodeJson(user.attributes),
          create_time: user.createTime,
          last_login: user.lastLogin,
          text: user.text,
          update_time: user.updateTime,
          email_verified: this.engine.encodeBool(user.emailVerified),
          hash: null,
        })
        .execute();
    } catch (error) {
      rethrowUnique(error);
    }
    // A user can come back under an id whose absence was remembered (a provider account signing in again).
    this.changed(user.id);
  }

  async findByLoginOrEmail(name: string): Promise<UserRecord | undefined> {
    const wanted = name.toLowerCase();
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb(sql`lower(login)`, '=', wanted), eb(sql`lower(email)`, '=', wanted)]))
      .limit(2)
      .execute();
    // A login match wins over someone else's email that happens to equal it.
    const row = rows.find((r) => r.login.toLowerCase() === wanted) ?? rows[0];
    return row === undefined ? undefined : toUser(this.engine, row);
  }

  async recordLogin(id: string, when: string): Promise<void> {
    await this.db.updateTable('users').set({ last_login: when }).where('id', '=', id).execute();
  }

  async setEmailToken(id: string, digest: string | null): Promise<void> {
    await this.db.updateTable('users').set({ hash: digest }).where('id', '=', id).execute();
  }

  async consumeEmailToken(id: string, digest: string, changes: EmailTokenChanges): Promise<boolean> {
    // One conditional UPDATE, so two requests racing with the same token cannot both succeed.
    const result = await this.db
      .updateTable('users')
      .set({
        hash: null,
        update_time: changes.updateTime,
        ...(changes.password === undefined ? {} : { password: changes.password }),
        ...(changes.emailVerified === undefined
          ? {}
          : { email_verified: this.engine.encodeBool(changes.emailVerified) }),
      })
      .where('id', '=', id)
      .where('hash', '=', digest)
      .executeTakeFirst();
    this.changed(id);
    return Number(result.numUpdatedRows) === 1;
  }
}
