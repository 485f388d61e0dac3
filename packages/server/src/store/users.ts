import { type Kysely, type Selectable, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import { rethrowUnique } from './alerts.js';
import type { Database, UsersTable } from './schema.js';
import type { UserRecord, UserRepository } from './types.js';

function toUser(engine: EngineSql, row: Selectable<UsersTable>): UserRecord {
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
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
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
}
