import { type Kysely, sql } from 'kysely';
import type { EngineSql } from './engine.js';
import type { SamlSignInRepository } from './identity-types.js';
import type { Database } from './schema.js';

/** Claims dropped per sign-in at most, so a sign-in never waits on a large cleanup. */
const DROP_PER_CLAIM = 100;

export class KyselySamlSignInRepository implements SamlSignInRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  async claim(id: string, keepUntil: string, now: string): Promise<boolean> {
    // On PostgreSQL, rows another process is deleting (a housekeeping pass, say, until it commits) are skipped rather
    // than waited for; SQLite has one writer at a time anyway.
    const skipLocked = this.engine.name === 'postgres' ? sql` for update skip locked` : sql``;
    await sql`delete from saml_sign_ins where id in (
      select id from saml_sign_ins where expires_at < ${now} limit ${DROP_PER_CLAIM}${skipLocked})`.execute(this.db);
    const result = await this.db
      .insertInto('saml_sign_ins')
      .values({ id, expires_at: keepUntil })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    // Nothing inserted means the id was there: the conflict was skipped.
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
