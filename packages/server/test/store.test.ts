import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { loadSettings } from '../src/settings.js';
import { openStore } from '../src/store/open.js';
import { forEachEngine } from './support/engines.js';
import { createUser } from './support/app.js';
import { openDatabase } from './support/database.js';

forEachEngine((engine) => {
  it('applies migrations once, even from several processes at once, and keeps data', async () => {
    const { database } = loadSettings({ DATABASE_URL: await engine.newDatabaseUrl() });
    const stores = [openStore(database), openStore(database), openStore(database)];
    if (engine.name === 'postgres') {
      // Several servers starting together on one database take turns on the advisory lock.
      await Promise.all(stores.map((store) => store.migrate()));
    } else {
      // better-sqlite3 blocks its thread while waiting for a file lock, so in one process they must go in turn.
      for (const store of stores) await store.migrate();
    }
    const [first] = stores;
    assert.ok(first);
    await createUser(first, { login: 'kept', password: 'kept-password' });
    for (const store of stores) await store.migrate();
    await Promise.all(stores.map((store) => store.close()));

    const reopened = openStore(database);
    await reopened.migrate();
    assert.equal(await reopened.users.count(), 1);
    assert.equal((await reopened.users.findByLoginOrEmail('KEPT'))?.login, 'kept');
    await reopened.close();
  });

  it('keeps the severity-order index of the alarm model in use and no other', async () => {
    const { database } = loadSettings({ DATABASE_URL: await engine.newDatabaseUrl() });
    const store = openStore(database);
    const db = openDatabase(database);
    const indexes = async (): Promise<string[]> => {
      const { rows } =
        engine.name === 'postgres'
          ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'alerts'`.execute(db)
          : await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'alerts'`.execute(db);
      return rows
        .map((row) => row.name)
        .filter((name) => name.startsWith('alerts_severity_order_'))
        .sort();
    };
    try {
      await store.migrate();
      assert.deepEqual(await indexes(), ['alerts_severity_order_alerta', 'alerts_severity_order_isa_18_2']);
      await store.useAlarmModel('ALERTA');
      assert.deepEqual(await indexes(), ['alerts_severity_order_alerta']);
      await store.useAlarmModel('ALERTA');
      assert.deepEqual(await indexes(), ['alerts_severity_order_alerta']);
      await store.useAlarmModel('ISA_18_2');
      assert.deepEqual(await indexes(), ['alerts_severity_order_isa_18_2']);
    } finally {
      await db.destroy();
      await store.close();
    }
  });
});
