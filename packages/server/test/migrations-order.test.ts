import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { loadSettings } from '../src/settings.js';
import { migrate } from '../src/store/migrate.js';
import { type Migration, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from '../src/store/migrations.js';
import { openDatabase } from './support/database.js';
import { forEachEngine } from './support/engines.js';

forEachEngine((engine) => {
  it('applies a version that arrives after a higher one was already applied', async () => {
    const { database } = loadSettings({ DATABASE_URL: await engine.newDatabaseUrl() });
    const db = openDatabase(database);
    try {
      const all = engine.name === 'postgres' ? POSTGRES_MIGRATIONS : SQLITE_MIGRATIONS;
      const first = all.filter((m) => m.version === 1);
      const later: Migration = { version: 99, name: 'later', statements: ['CREATE TABLE later_table (id integer)'] };
      assert.equal(await migrate(db, engine.name, [...first, later]), 2);
      // Versions between 1 and 99 (for example heartbeats and blackouts, 3) were not there yet; now they are.
      const applied = await migrate(db, engine.name, [...all, later]);
      assert.equal(applied, all.length - 1);
      const rows = await db.selectFrom('migrations').select('version').orderBy('version').execute();
      assert.deepEqual(
        rows.map((r) => r.version),
        [...all.map((m) => m.version), 99].sort((a, b) => a - b),
      );
      await sql`select count(*) from heartbeats`.execute(db);
      await sql`select count(*) from blackouts`.execute(db);
      assert.equal(await migrate(db, engine.name, [...all, later]), 0);
    } finally {
      await db.destroy();
    }
  });
});
