import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type TestServer, alertBody, apiClient, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/**
 * Numbers a client sends that the database could not hold: timeouts and durations beyond PostgreSQL's `integer`, and
 * blackouts ending past the last date the API can write. Each is a 400 naming the field, on both engines, and nothing
 * is stored (docs/api/conventions.md#errors).
 */
forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');
  const { call } = apiClient(() => server);

  before(async () => {
    server = await startTestServer(engine);
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  const refused = async (method: 'POST' | 'PUT', url: string, payload: unknown, message: string) => {
    const answer = await call(method, url, admin, payload);
    assert.equal(answer.status, 400, `${url}: ${answer.raw}`);
    assert.equal(answer.body.message, message, url);
  };

  it('takes a timeout up to 2147483647 seconds and refuses a longer one', async () => {
    const tooLong = "'timeout' must be at most 2147483647";
    await refused('POST', '/alert', alertBody({ timeout: 2_147_483_648 }), tooLong);
    await refused('POST', '/alert', alertBody({ timeout: 544_316_240_176 }), tooLong);
    await refused('POST', '/heartbeat', { origin: 'far/1', timeout: 9_007_199_254_740_991 }, tooLong);
    const prometheus = { alerts: [{ status: 'firing', labels: { alertname: 'Down', instance: 'web01' } }] };
    await refused('POST', '/webhooks/prometheus?timeout=99999999999', prometheus, tooLong);

    const alert = await call('POST', '/alert', admin, alertBody({ timeout: 2_147_483_647 }));
    assert.equal(alert.status, 201, alert.raw);
    const id = (alert.body.alert as { id: string }).id;
    await refused('PUT', `/alert/${id}/action`, { action: 'shelve', timeout: 2_147_483_648 }, tooLong);
    await refused('PUT', `/alert/${id}/status`, { status: 'ack', timeout: 2_147_483_648 }, tooLong);
    const heartbeat = await call('POST', '/heartbeat', admin, { origin: 'far/2', timeout: 2_147_483_647 });
    assert.equal(heartbeat.status, 201, heartbeat.raw);
    const heartbeats = await call('GET', '/heartbeats', admin);
    assert.deepEqual(
      (heartbeats.body.heartbeats as { origin: string }[]).map((h) => h.origin),
      ['far/2'],
    );
  });

  it('stores a heartbeat from a sender whose clock is weeks off, and checks health with the longest timeout', async () => {
    const monthsLate = await call('POST', '/heartbeat', admin, {
      origin: 'skewed/1',
      createTime: new Date(Date.now() - 200 * 86_400_000).toISOString(),
    });
    assert.equal(monthsLate.status, 201, monthsLate.raw);
    const ahead = await call('POST', '/heartbeat', admin, {
      origin: 'skewed/2',
      createTime: '9999-01-01T00:00:00.000Z',
    });
    assert.equal(ahead.status, 201, ahead.raw);
    const latency = (ahead.body.heartbeat as { latency: number }).latency;
    assert.ok(latency < -2_147_483_648, `the answer shows the true latency, ${latency}`);
    const slow = await call('GET', '/heartbeats?status=slow', admin);
    assert.deepEqual(
      (slow.body.heartbeats as { origin: string }[]).map((h) => h.origin),
      ['skewed/1'],
    );
    // A timeout of 2147483647 s times the healthcheck's factor of 4 is more than a 32-bit integer.
    const longest = await call('POST', '/heartbeat', admin, { origin: 'far/3', timeout: 2_147_483_647 });
    assert.equal(longest.status, 201, longest.raw);
    const health = await server.app.inject({ method: 'GET', url: '/api/management/healthcheck' });
    assert.equal(health.statusCode, 200, health.body);
  });

  it('refuses integer filters beyond 32 bits on heartbeats and keys, and matches none on alerts', async () => {
    for (const url of ['/heartbeats?latency=99999999999999', '/heartbeats?since=-99999999999999', '/keys?count=1e3']) {
      const answer = await call('GET', url, admin);
      assert.equal(answer.status, 400, `${url}: ${answer.raw}`);
    }
    const since = await call('GET', '/heartbeats?since=99999999999999', admin);
    assert.equal(since.body.message, "'since' must be between -2147483647 and 2147483647");
    const alerts = await call('GET', '/alerts?timeout=99999999999999999999&duplicateCount=99999999999999', admin);
    assert.equal(alerts.status, 200, alerts.raw);
    assert.equal(alerts.body.total, 0);
  });

  it('refuses a blackout whose duration or end the database cannot hold', async () => {
    await refused(
      'POST',
      '/blackout',
      { environment: 'Production', duration: 2_147_483_648 },
      "'duration' must be at most 2147483647",
    );
    await refused(
      'POST',
      '/blackout',
      { environment: 'Production', startTime: '9999-01-01T00:00:00.000Z', duration: 2_147_483_647 },
      "'endTime' must not be after 9999-12-31T23:59:59.999Z",
    );
    await refused(
      'POST',
      '/blackout',
      { environment: 'Production', startTime: '1900-01-01T00:00:00.000Z', endTime: '9999-01-01T00:00:00.000Z' },
      "'duration' must be at most 2147483647",
    );
    const kept = await call('POST', '/blackout', admin, { environment: 'Production', duration: 2_147_483_647 });
    assert.equal(kept.status, 201, kept.raw);
    const id = kept.body.id as string;
    await refused(
      'PUT',
      `/blackout/${id}`,
      { startTime: '1900-01-01T00:00:00.000Z' },
      "'duration' must be at most 2147483647",
    );
    const list = await call('GET', '/blackouts', admin);
    assert.deepEqual(
      (list.body.blackouts as { id: string; duration: number }[]).map((b) => [b.id, b.duration]),
      [[id, 2_147_483_647]],
    );
  });
});
