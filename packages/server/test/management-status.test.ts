import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const ADMIN = basic('boss', 'boss-password');

forEachEngine((engine) => {
  describe('management status, metrics and manifest (api.md §1.8)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      for (const resource of ['web01', 'web02']) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/alert',
          headers: ADMIN,
          payload: alertBody({ resource }),
        });
        assert.equal(response.statusCode, 201);
      }
      await server.app.inject({ method: 'GET', url: '/api/alerts', headers: ADMIN });
    });
    after(() => server.close());

    it('reports the alert total, timers of received alerts and queries, time and uptime', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/management/status', headers: ADMIN });
      assert.equal(response.statusCode, 200);
      const status = body(response);
      assert.equal(status.application, 'alerta');
      assert.equal(typeof status.version, 'string');
      assert.ok(Math.abs((status.time as number) - Date.now()) < 60_000);
      assert.ok((status.uptime as number) >= 0);
      const metrics = status.metrics as Record<string, unknown>[];
      const find = (group: string, name: string) => metrics.find((m) => m.group === group && m.name === name);
      assert.deepEqual(find('alerts', 'total'), {
        group: 'alerts',
        name: 'total',
        title: 'Total alerts',
        description: 'Total number of alerts in the database',
        type: 'gauge',
        value: 2,
      });
      const received = find('alerts', 'received');
      assert.equal(received?.type, 'timer');
      assert.equal(received?.count, 2);
      assert.equal(typeof received?.totalTime, 'number');
      assert.equal(find('alerts', 'queries')?.count, 1);
      assert.equal(find('http', 'requests')?.type, 'counter');
    });

    it('serves the same figures as Prometheus text, also to an API key', async () => {
      const key = body(
        await server.app.inject({ method: 'POST', url: '/api/key', headers: ADMIN, payload: { scopes: ['read'] } }),
      ).key as string;
      const response = await server.app.inject({ method: 'GET', url: `/api/management/metrics?api-key=${key}` });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain/);
      const text = response.body;
      assert.match(text, /^# TYPE alerta_alerts_total gauge\nalerta_alerts_total 2$/m);
      assert.match(text, /^alerta_alerts_received_count 2$/m);
      assert.match(text, /^alerta_alerts_received_sum \d+$/m);
      assert.match(text, /^alerta_http_requests_total \d+$/m);
      assert.match(text, /^alerta_uptime_msecs \d+$/m);
    });

    it('answers the manifest', async () => {
      const manifest = body(
        await server.app.inject({ method: 'GET', url: '/api/management/manifest', headers: ADMIN }),
      );
      assert.equal(manifest.release, '9.1.0');
      assert.deepEqual(Object.keys(manifest).sort(), ['build', 'date', 'release', 'revision']);
    });
  });
});
