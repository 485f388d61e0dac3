import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TEST_SECRET, type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const ADMIN = basic('boss', 'boss-password');

forEachEngine((engine) => {
  describe('management status, metrics and manifest (docs/api/management.md)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss', ALLOWED_ENVIRONMENTS: 'Production' });
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

    it('counts what became of each alert sent', async () => {
      const send = (payload: Record<string, unknown>) =>
        server.app.inject({ method: 'POST', url: '/api/alert', headers: ADMIN, payload });
      const counts = async () => {
        const metrics = body(await server.app.inject({ method: 'GET', url: '/api/management/status', headers: ADMIN }))
          .metrics as { group: string; name: string; count?: number }[];
        const names = ['created', 'duplicates', 'correlated', 'heartbeats', 'suppressed', 'rejected'];
        return Object.fromEntries(
          names.map((name) => [name, metrics.find((m) => m.group === 'alerts' && m.name === name)?.count]),
        );
      };
      const before = await counts();
      assert.equal((await send(alertBody({ resource: 'counted' }))).statusCode, 201);
      assert.equal((await send(alertBody({ resource: 'counted' }))).statusCode, 201);
      assert.equal((await send(alertBody({ resource: 'counted', severity: 'critical' }))).statusCode, 201);
      assert.equal((await send(alertBody({ resource: 'counted', event: 'Heartbeat' }))).statusCode, 202);
      assert.equal((await send({ resource: 'no-event' })).statusCode, 400);
      assert.equal((await send(alertBody({ environment: 'Nowhere' }))).statusCode, 403);
      const blackout = await server.app.inject({
        method: 'POST',
        url: '/api/blackout',
        headers: ADMIN,
        payload: { environment: 'Production', resource: 'dark' },
      });
      assert.equal(blackout.statusCode, 201);
      assert.equal((await send(alertBody({ resource: 'dark' }))).statusCode, 202);
      const after = await counts();
      const added = Object.fromEntries(
        Object.entries(after).map(([name, count]) => [name, (count ?? 0) - (before[name] ?? 0)]),
      );
      assert.deepEqual(added, {
        created: 1,
        duplicates: 1,
        correlated: 1,
        heartbeats: 1,
        suppressed: 1,
        rejected: 2,
      });
      const text = (await server.app.inject({ method: 'GET', url: '/api/management/metrics', headers: ADMIN })).body;
      assert.match(text, /^alerta_alerts_rejected_total \d+$/m);
    });

    it('reports requests and time per route and status class to Prometheus', async () => {
      for (let i = 0; i < 3; i += 1) {
        await server.app.inject({ method: 'GET', url: '/api/alert/no-such-alert', headers: ADMIN });
      }
      const text = (await server.app.inject({ method: 'GET', url: '/api/management/metrics', headers: ADMIN })).body;
      assert.match(text, /^# TYPE alerta_route_requests_total counter$/m);
      assert.match(text, /^alerta_route_requests_total\{method="GET",route="\/alert\/:id",code="4xx"\} 3$/m);
      assert.match(text, /^alerta_route_requests_total\{method="POST",route="\/alert",code="2xx"\} \d+$/m);
      assert.match(text, /^alerta_route_duration_milliseconds_count\{method="GET",route="\/alert\/:id"\} 3$/m);
      assert.match(text, /^alerta_route_duration_milliseconds_sum\{method="GET",route="\/alert\/:id"\} [\d.]+$/m);
      // Paths that match no route make no series of their own.
      await server.app.inject({ method: 'GET', url: '/api/no/such/route', headers: ADMIN });
      const after = (await server.app.inject({ method: 'GET', url: '/api/management/metrics', headers: ADMIN })).body;
      assert.doesNotMatch(after, /no\/such/);
    });

    it('answers the manifest', async () => {
      const manifest = body(
        await server.app.inject({ method: 'GET', url: '/api/management/manifest', headers: ADMIN }),
      );
      assert.equal(manifest.release, '9.1.0');
      assert.deepEqual(Object.keys(manifest).sort(), ['build', 'date', 'release', 'revision']);
    });
  });

  describe('GET /management/gtg (docs/api/management.md)', () => {
    it('answers OK while the database answers, and 503 FAILED once it is gone', async () => {
      const server = await startTestServer(engine);
      const healthy = await server.app.inject({ method: 'GET', url: '/api/management/gtg' });
      assert.equal(healthy.statusCode, 200);
      assert.equal(healthy.body, 'OK');
      await server.store.close();
      const failed = await server.app.inject({ method: 'GET', url: '/api/management/gtg' });
      assert.equal(failed.statusCode, 503);
      assert.equal(failed.body, 'FAILED');
      await server.app.close();
    });
  });

  describe('the management index, properties and switchboard (docs/api/management.md)', () => {
    let server: TestServer;
    const admin = basic('boss', 'boss-password');
    const call = (method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}) =>
      server.app.inject({ method, url: `/api${url}`, headers: admin, ...extra });

    before(async () => {
      server = await startTestServer(engine, {
        ADMIN_USERS: 'boss',
        SMTP_PASSWORD: 'smtp-secret-value',
        OAUTH2_CLIENT_SECRET: 'client-secret-value',
      });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
    });
    after(() => server.close());

    it('links every page from the index, to anyone', async () => {
      const index = await server.app.inject({ method: 'GET', url: '/api/management' });
      assert.equal(index.statusCode, 200);
      assert.match(String(index.headers['content-type']), /^text\/html/);
      for (const page of ['manifest', 'properties', 'switchboard', 'gtg', 'healthcheck', 'status', 'metrics']) {
        assert.ok(index.body.includes(`href="management/${page}"`), page);
      }
    });

    it('lists the settings in effect with every secret hidden', async () => {
      const properties = await call('GET', '/management/properties');
      assert.equal(properties.statusCode, 200);
      assert.match(properties.body, /^ALERT_TIMEOUT = 86400$/m);
      assert.match(properties.body, /^SMTP_PASSWORD = \(hidden\)$/m);
      assert.match(properties.body, /^SECRET_KEY = \(hidden\)$/m);
      // Settings whose names only look secret are shown.
      assert.match(properties.body, /^TOKEN_EXPIRE_DAYS = 14$/m);
      assert.match(properties.body, /^PASSWORD_MIN_LENGTH = \d+$/m);
      for (const secret of ['smtp-secret-value', 'client-secret-value', TEST_SECRET, 'boss-password']) {
        assert.ok(!properties.body.includes(secret), `${secret} shown`);
      }
    });

    it('turns new alerts away and tells consoles not to refresh while the switches are OFF', async () => {
      const page = await call('GET', '/management/switchboard');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /name="sender-api-allow" value="ON" checked/);
      const off = await call('POST', '/management/switchboard', {
        payload: { 'sender-api-allow': 'OFF', 'auto-refresh-allow': 'OFF' },
      });
      assert.equal(off.statusCode, 200, off.body);
      assert.deepEqual(body(off).switches, { 'auto-refresh-allow': 'OFF', 'sender-api-allow': 'OFF' });
      const refused = await call('POST', '/alert', { payload: alertBody() });
      assert.equal(refused.statusCode, 503, refused.body);
      assert.equal(body(await call('GET', '/alerts')).autoRefresh, false);
      assert.equal(body(await call('GET', '/alerts/count')).autoRefresh, false);
      const metrics = body(await call('GET', '/management/status')).metrics as Record<string, unknown>[];
      assert.deepEqual(
        metrics.filter((m) => m.group === 'switch').map((m) => [m.name, m.type, m.value]),
        [
          ['auto-refresh-allow', 'text', 'OFF'],
          ['sender-api-allow', 'text', 'OFF'],
        ],
      );

      // The page's own form, posted from this server.
      const on = await call('POST', '/management/switchboard', {
        headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: 'sender-api-allow=ON&auto-refresh-allow=ON',
      });
      assert.equal(on.statusCode, 200, on.body);
      assert.match(on.body, /name="sender-api-allow" value="ON" checked/);
      assert.equal((await call('POST', '/alert', { payload: alertBody() })).statusCode, 201);
      assert.equal(body(await call('GET', '/alerts')).autoRefresh, true);
    });

    it('refuses forms from other sites, unknown switches and other values', async () => {
      const crossSite = await call('POST', '/management/switchboard', {
        headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: 'sender-api-allow=OFF',
      });
      assert.equal(crossSite.statusCode, 403, crossSite.body);
      for (const payload of [{ 'no-such-switch': 'OFF' }, { 'sender-api-allow': 'maybe' }, ['OFF']]) {
        const refused = await call('POST', '/management/switchboard', { payload });
        assert.equal(refused.statusCode, 400, refused.body);
      }
      const switches = body(await call('POST', '/management/switchboard', { payload: {} })).switches;
      assert.deepEqual(switches, { 'auto-refresh-allow': 'ON', 'sender-api-allow': 'ON' });
    });
  });
});
