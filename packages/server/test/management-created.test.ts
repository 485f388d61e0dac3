import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { createContext } from '../src/context.js';
import { loadDemo } from '../src/domain/demo.js';
import { ingestSettingsOf } from '../src/domain/ingest-settings.js';
import { ServerMetrics } from '../src/http/metrics.js';
import { loadSettings } from '../src/settings.js';
import { openStore, storeOptionsOf } from '../src/store/open.js';
import { TEST_SECRET, type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine, tempDir } from './support/engines.js';

const ADMIN = basic('boss', 'boss-password');

type Metric = { group: string; name: string; count?: number; value?: number };

async function alertMetrics(app: TestServer['app']): Promise<Record<string, number | undefined>> {
  const response = await app.inject({ method: 'GET', url: '/api/management/status', headers: ADMIN });
  assert.equal(response.statusCode, 200, response.body);
  const metrics = body(response).metrics as Metric[];
  return Object.fromEntries(metrics.filter((m) => m.group === 'alerts').map((m) => [m.name, m.count ?? m.value]));
}

/** docs/api/management.md#status-and-metrics: `alerts.created` counts the alerts stored as new. */
forEachEngine((engine) => {
  describe('alerts.created of GET /management/status', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
    });
    after(() => server.close());

    it('counts three alerts posted as three created, beside the total in the database', async () => {
      assert.equal((await alertMetrics(server.app)).created, 0);
      for (const resource of ['one', 'two', 'three']) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/alert',
          headers: ADMIN,
          payload: alertBody({ resource }),
        });
        assert.equal(response.statusCode, 201, response.body);
      }
      const metrics = await alertMetrics(server.app);
      assert.equal(metrics.created, 3);
      assert.equal(metrics.total, 3);
    });
  });

  describe('alerts.created after the demo alerts are loaded at start', () => {
    let app: TestServer['app'] | undefined;
    let close: () => Promise<void> = () => Promise.resolve();
    let loaded = 0;
    before(async () => {
      const settings = loadSettings({
        DATA_DIR: tempDir(),
        DATABASE_URL: await engine.newDatabaseUrl(),
        SECRET_KEY: TEST_SECRET,
        BCRYPT_LOG_ROUNDS: '4',
        HOUSEKEEPING_INTERVAL: '0',
        ADMIN_USERS: 'boss',
      });
      const store = openStore(settings.database, storeOptionsOf(settings));
      await store.migrate();
      await store.useAlarmModel(settings.ALARM_MODEL);
      await createUser(store, { login: 'boss', password: 'boss-password', roles: [] });
      // As main.ts does: one set of counters for the app and the demo loader.
      const metrics = new ServerMetrics();
      app = await buildApp(settings, store, { secretKey: TEST_SECRET, logger: false, metrics });
      const context = createContext(settings, store, TEST_SECRET);
      loaded = await loadDemo(
        store,
        ingestSettingsOf(settings, context.model, context.origin),
        settings.ALLOWED_ENVIRONMENTS,
        (outcome) => metrics.countIngest(outcome),
      );
      close = async () => {
        await app?.close();
        await store.close();
      };
    });
    after(() => close());

    it('counts every demo alert stored as new, and the repeats as duplicates', async () => {
      assert.ok(app !== undefined);
      assert.ok(loaded > 20);
      const metrics = await alertMetrics(app);
      assert.equal(metrics.total, loaded);
      assert.equal(metrics.created, loaded);
      assert.ok((metrics.duplicates ?? 0) + (metrics.correlated ?? 0) > 0);
    });
  });
});
