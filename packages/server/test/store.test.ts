import assert from 'node:assert/strict';
import { it } from 'node:test';
import { loadSettings } from '../src/settings.js';
import { openStore } from '../src/store/open.js';
import { forEachEngine } from './support/engines.js';
import { createUser } from './support/app.js';

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
});
