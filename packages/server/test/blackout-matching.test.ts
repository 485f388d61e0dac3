import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createBlackout, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const at = (offsetSeconds: number): string => new Date(Date.now() + offsetSeconds * 1000).toISOString();
const admin = basic('root', 'root-password');

async function serverWith(engine: Parameters<typeof startTestServer>[0], env: Record<string, string>) {
  const server = await startTestServer(engine, {
    ALLOWED_ENVIRONMENTS: 'Production,Development,m-.*',
    ...env,
  });
  await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  return server;
}

function client(server: () => TestServer) {
  const postAlert = (fields: Record<string, unknown>) =>
    server().app.inject({ method: 'POST', url: '/api/alert', headers: admin, payload: alertBody(fields) });
  const blackout = (fields: Record<string, unknown>) => createBlackout(server(), admin, fields);
  const countIn = async (environment: string): Promise<number> => {
    const response = await server().app.inject({
      method: 'GET',
      url: `/api/alerts?environment=${environment}`,
      headers: admin,
    });
    return (body(response) as { total: number }).total;
  };
  return { postAlert, blackout, countIn };
}

forEachEngine((engine) => {
  describe('blackout matching, alerts dropped (NOTIFICATION_BLACKOUT off)', () => {
    let server: TestServer;
    before(async () => {
      server = await serverWith(engine, { BLACKOUT_ACCEPT: 'critical' });
    });
    after(() => server.close());
    const { postAlert, blackout, countIn } = client(() => server);

    /** One blackout in its own environment; the first alert must be suppressed, the second stored. */
    async function expectMatch(
      name: string,
      fields: Record<string, unknown>,
      matching: Record<string, unknown>,
      other: Record<string, unknown>,
    ): Promise<void> {
      const environment = `m-${name}`;
      await blackout({ environment, ...fields });
      const suppressed = await postAlert({ environment, resource: `${name}-in`, ...matching });
      assert.equal(suppressed.statusCode, 202, suppressed.body);
      const result = body(suppressed);
      assert.equal(result.status, 'ok');
      assert.equal(result.message, 'Suppressed alert during blackout period');
      assert.equal(typeof result.id, 'string');
      const stored = await postAlert({ environment, resource: `${name}-out`, ...other });
      assert.equal(stored.statusCode, 201, stored.body);
      assert.equal(await countIn(environment), 1);
    }

    it('environment', async () => {
      await blackout({ environment: 'm-env-a' });
      assert.equal((await postAlert({ environment: 'm-env-a' })).statusCode, 202);
      assert.equal((await postAlert({ environment: 'm-env-b' })).statusCode, 201);
      assert.equal(await countIn('m-env-a'), 0);
    });

    it('resource', () => expectMatch('resource', { resource: 'r1' }, { resource: 'r1' }, { resource: 'r2' }));

    it('every blackout service in the alert', () =>
      expectMatch('service', { service: ['a', 'b'] }, { service: ['a', 'b', 'c'] }, { service: ['a', 'c'] }));

    it('event', () => expectMatch('event', { event: 'Down' }, { event: 'Down' }, { event: 'Up' }));

    it('group', () => expectMatch('group', { group: 'Net' }, { group: 'Net' }, { group: 'Web' }));

    it('every blackout tag in the alert', () =>
      expectMatch('tags', { tags: ['x', 'y'] }, { tags: ['y', 'x', 'z'] }, { tags: ['x'] }));

    it('origin', () => expectMatch('origin', { origin: 'nagios/1' }, { origin: 'nagios/1' }, { origin: 'nagios/2' }));

    it("the alert's createTime within [start, end)", async () => {
      const start = at(-7200);
      const end = at(-3600);
      await blackout({ environment: 'm-time', startTime: start, endTime: end });
      assert.equal((await postAlert({ environment: 'm-time', resource: 't1', createTime: at(-5400) })).statusCode, 202);
      assert.equal((await postAlert({ environment: 'm-time', resource: 't2', createTime: start })).statusCode, 202);
      assert.equal((await postAlert({ environment: 'm-time', resource: 't3', createTime: end })).statusCode, 201);
      assert.equal((await postAlert({ environment: 'm-time', resource: 't4' })).statusCode, 201);
      assert.equal((await postAlert({ environment: 'm-time', resource: 't5', createTime: at(-9000) })).statusCode, 201);
    });

    it('all conditions together', async () => {
      await blackout({ environment: 'm-all', resource: 'r', event: 'e', service: ['s'], tags: ['t'] });
      const full = { resource: 'r', event: 'e', service: ['s'], tags: ['t'] };
      assert.equal((await postAlert({ environment: 'm-all', ...full })).statusCode, 202);
      assert.equal((await postAlert({ environment: 'm-all', ...full, tags: [] })).statusCode, 201);
    });

    it('ignores the blackout customer without CUSTOMER_VIEWS', () =>
      expectMatch('nocust', { resource: 'c1', customer: 'acme' }, { resource: 'c1' }, { resource: 'c2' }));

    it('lets BLACKOUT_ACCEPT severities through', async () => {
      await blackout({ environment: 'm-accept' });
      const critical = await postAlert({ environment: 'm-accept', resource: 'a1', severity: 'critical' });
      assert.equal(critical.statusCode, 201, critical.body);
      assert.equal((await postAlert({ environment: 'm-accept', resource: 'a2', severity: 'major' })).statusCode, 202);
    });

    it('ignores pending and deleted blackouts', async () => {
      await blackout({ environment: 'm-pending', startTime: at(3600) });
      assert.equal((await postAlert({ environment: 'm-pending' })).statusCode, 201);
      const id = await blackout({ environment: 'm-deleted' });
      await server.app.inject({ method: 'DELETE', url: `/api/blackout/${id}`, headers: admin });
      assert.equal((await postAlert({ environment: 'm-deleted' })).statusCode, 201);
    });
  });

  describe('blackout matching by customer (CUSTOMER_VIEWS)', () => {
    let server: TestServer;
    before(async () => {
      server = await serverWith(engine, { CUSTOMER_VIEWS: 'true', ADMIN_USERS: 'root' });
    });
    after(() => server.close());
    const { postAlert, blackout } = client(() => server);

    it('matches the same customer only', async () => {
      await blackout({ environment: 'm-cust', customer: 'acme' });
      assert.equal((await postAlert({ environment: 'm-cust', resource: 'c1', customer: 'acme' })).statusCode, 202);
      assert.equal((await postAlert({ environment: 'm-cust', resource: 'c2', customer: 'other' })).statusCode, 201);
    });

    it('a blackout without customer covers every customer', async () => {
      await blackout({ environment: 'm-anycust' });
      assert.equal((await postAlert({ environment: 'm-anycust', customer: 'acme' })).statusCode, 202);
    });
  });

  describe('NOTIFICATION_BLACKOUT on: alerts kept with the blackout status', () => {
    let server: TestServer;
    before(async () => {
      server = await serverWith(engine, { NOTIFICATION_BLACKOUT: 'true', BLACKOUT_ACCEPT: 'major' });
    });
    after(() => server.close());
    const { postAlert, blackout } = client(() => server);
    const statusOf = (response: { body: string }) =>
      (JSON.parse(response.body) as { alert: { status: string } }).alert.status;

    it('sets blackout, and returns to the earlier status once the blackout is gone', async () => {
      const first = await postAlert({ resource: 'nb-1' });
      assert.equal(statusOf(first), 'open');
      const id = await blackout({ environment: 'Production', resource: 'nb-1' });
      // BLACKOUT_ACCEPT only applies when alerts are dropped.
      const during = await postAlert({ resource: 'nb-1' });
      assert.equal(during.statusCode, 201, during.body);
      assert.equal(statusOf(during), 'blackout');
      await server.app.inject({ method: 'DELETE', url: `/api/blackout/${id}`, headers: admin });
      const afterwards = await postAlert({ resource: 'nb-1' });
      assert.equal(statusOf(afterwards), 'open');
    });

    it('a new alert inside a blackout is stored with status blackout', async () => {
      await blackout({ environment: 'Production', resource: 'nb-2' });
      const response = await postAlert({ resource: 'nb-2', severity: 'minor' });
      assert.equal(response.statusCode, 201);
      assert.equal(statusOf(response), 'blackout');
    });

    it('normal severities still close', async () => {
      await blackout({ environment: 'Production', resource: 'nb-3' });
      await postAlert({ resource: 'nb-3' });
      const cleared = await postAlert({ resource: 'nb-3', severity: 'normal' });
      assert.equal(statusOf(cleared), 'closed');
    });
  });

  describe('NOTIFICATION_BLACKOUT on under ISA 18.2', () => {
    let server: TestServer;
    before(async () => {
      server = await serverWith(engine, { NOTIFICATION_BLACKOUT: 'true', ALARM_MODEL: 'ISA_18_2' });
    });
    after(() => server.close());
    const { postAlert, blackout } = client(() => server);

    it('uses OOSRV, then UNACK once the blackout is gone', async () => {
      const id = await blackout({ environment: 'Production', resource: 'isa-1' });
      const during = await postAlert({ resource: 'isa-1', severity: 'High' });
      assert.equal(during.statusCode, 201, during.body);
      assert.equal((body(during) as { alert: { status: string } }).alert.status, 'OOSRV');
      await server.app.inject({ method: 'DELETE', url: `/api/blackout/${id}`, headers: admin });
      const afterwards = await postAlert({ resource: 'isa-1', severity: 'High' });
      assert.equal((body(afterwards) as { alert: { status: string } }).alert.status, 'UNACK');
    });
  });
});
