import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const admin = basic('root', 'root-password');

forEachEngine((engine) => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer(engine, {
      ALLOWED_ENVIRONMENTS: 'Production,Dev.*',
      DEFAULT_ENVIRONMENT: 'Production',
      ORIGIN_BLACKLIST: 'bad-origin,spam.*',
      HEARTBEAT_TIMEOUT: '300',
      BLACKOUT_DURATION: '900',
      HEARTBEAT_EVENTS: 'Heartbeat,Ping',
      HEARTBEAT_MAX_LATENCY: '500',
    });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  const post = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: { ...admin, ...headers },
      payload: alertBody(fields),
    });
  const total = async (): Promise<number> =>
    (body(await server.app.inject({ method: 'GET', url: '/api/alerts', headers: admin })) as { total: number }).total;

  describe('reject policy', () => {
    const refused: [string, Record<string, unknown>, string][] = [
      [
        'an environment outside ALLOWED_ENVIRONMENTS',
        { environment: 'Staging' },
        '[POLICY] Alert environment does not match one of Production, Dev.*',
      ],
      [
        'an environment that matches only part of a pattern',
        { environment: 'xDevelopment' },
        '[POLICY] Alert environment does not match one of Production, Dev.*',
      ],
      ['a blacklisted origin', { origin: 'bad-origin' }, "[POLICY] Alert origin 'bad-origin' has been blacklisted"],
      [
        'an origin matching a blacklist pattern',
        { origin: 'spammer/1' },
        "[POLICY] Alert origin 'spammer/1' has been blacklisted",
      ],
      ['no service', { service: [] }, '[POLICY] Alert must define a service'],
    ];
    for (const [name, fields, message] of refused) {
      it(`403 for ${name}, nothing written`, async () => {
        const before = await total();
        const response = await post(fields);
        assert.equal(response.statusCode, 403, response.body);
        assert.equal(body(response).status, 'error');
        assert.equal(body(response).message, message);
        assert.equal(await total(), before);
      });
    }

    it('accepts full matches of the environment patterns and other origins', async () => {
      assert.equal((await post({ environment: 'Development', resource: 'p1' })).statusCode, 201);
      assert.equal((await post({ environment: 'Dev-eu', resource: 'p2' })).statusCode, 201);
      assert.equal((await post({ origin: 'good/spam', resource: 'p3' })).statusCode, 201);
    });

    it('refuses heartbeat alerts from a blacklisted origin too', async () => {
      const response = await post({ event: 'Heartbeat', origin: 'spam/1' });
      assert.equal(response.statusCode, 403);
    });
  });

  describe('heartbeat settings', () => {
    it('converts every HEARTBEAT_EVENTS event and reports HEARTBEAT_MAX_LATENCY', async () => {
      const response = await post({ event: 'Ping', origin: 'pinger/1' });
      assert.equal(response.statusCode, 202, response.body);
      const id = (body(response) as { id: string }).id;
      const got = await server.app.inject({ method: 'GET', url: `/api/heartbeat/${id}`, headers: admin });
      const heartbeat = (body(got) as { heartbeat: { origin: string; maxLatency: number } }).heartbeat;
      assert.equal(heartbeat.origin, 'pinger/1');
      assert.equal(heartbeat.maxLatency, 500);
    });
  });

  describe('remote_ip', () => {
    it('stores the first hop of X-Forwarded-For in attributes.ip', async () => {
      const response = await post({ resource: 'ip1' }, { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' });
      assert.equal(
        (body(response) as { alert: { attributes: Record<string, unknown> } }).alert.attributes.ip,
        '203.0.113.7',
      );
    });

    it('falls back to the peer address', async () => {
      const response = await post({ resource: 'ip2', attributes: { region: 'eu' } });
      const attributes = (body(response) as { alert: { attributes: Record<string, unknown> } }).alert.attributes;
      assert.deepEqual(attributes, { region: 'eu', ip: '127.0.0.1' });
    });
  });

  describe('GET /config', () => {
    it('reflects the policy settings (docs/api/config.md)', async () => {
      const config = body(await server.app.inject({ method: 'GET', url: '/api/config' }));
      assert.deepEqual(config.environments, ['Production', 'Dev.*']);
      assert.equal((config.timeouts as { heartbeat: number }).heartbeat, 300);
      assert.deepEqual(config.blackouts, { duration: 900 });
    });
  });
});
