import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type TestServer,
  alertBody,
  apiClient,
  basic,
  bearer,
  createUser,
  loginToken,
  startTestServer,
} from './support/app.js';
import { forEachEngine } from './support/engines.js';

type Json = Record<string, unknown>;

/**
 * Doors the reference leaves open and this server closes: a read-only key changing its owner's account, a user typing
 * an ADMIN_USERS address or another customer's domain into their own email, an administrator of keys limited to one
 * customer issuing keys for another, and the alert total of /management/status counting other customers' alerts.
 */
forEachEngine((engine) => {
  describe('the own account through an API key', () => {
    let server: TestServer;
    const { call } = apiClient(() => server);
    const owner = basic('kim', 'kim-password-1');
    let readOnly: Json;
    let readWrite: Json;

    before(async () => {
      server = await startTestServer(engine);
      await createUser(server.store, { login: 'kim', password: 'kim-password-1' });
      const key = async (type: string) => {
        const created = await call('POST', '/key', owner, { type });
        assert.equal(created.status, 201, created.raw);
        return { 'x-api-key': created.body.key as string };
      };
      readOnly = await key('read-only');
      readWrite = await key('read-write');
    });
    after(() => server.close());

    it('refuses a read-only key that sets the password, and the old password still works', async () => {
      const changed = await call('PUT', '/user/me', readOnly, { password: 'stolen-password-1' });
      assert.equal(changed.status, 403, changed.raw);
      assert.equal(changed.body.message, 'Missing required scope: write:users');
      assert.equal((await call('GET', '/user/me', owner)).status, 200);
      assert.equal((await call('GET', '/user/me', basic('kim', 'stolen-password-1'))).status, 401);
    });

    it('refuses a read-only key that changes the attributes, and leaves them as they were', async () => {
      assert.equal((await call('PUT', '/user/me/attributes', owner, { attributes: { theme: 'dark' } })).status, 200);
      const changed = await call('PUT', '/user/me/attributes', readOnly, { attributes: { theme: 'light' } });
      assert.equal(changed.status, 403, changed.raw);
      const stored = await call('GET', '/user/me/attributes', readOnly);
      assert.equal(stored.status, 200, stored.raw);
      assert.deepEqual(stored.body.attributes, { theme: 'dark' });
    });

    it('shows the claims of a login token at /userinfo, and no claims for other credentials', async () => {
      const token = await loginToken(server.app, 'kim', 'kim-password-1');
      const info = await call('GET', '/userinfo', bearer(token));
      assert.equal(info.status, 200, info.raw);
      assert.equal(info.body.preferred_username, 'kim');
      assert.equal(info.body.provider, 'basic');
      assert.equal(typeof info.body.exp, 'number');
      for (const headers of [readOnly, owner]) {
        const refused = await call('GET', '/userinfo', headers);
        assert.equal(refused.status, 401, refused.raw);
        assert.equal(refused.body.message, 'Missing authorization Bearer token');
      }
    });

    it('refuses a short new password for the own account and keeps the old one', async () => {
      const changed = await call('PUT', '/user/me', owner, { password: 'short' });
      assert.equal(changed.status, 400, changed.raw);
      assert.equal(changed.body.message, "'password' must be at least 8 characters");
      assert.equal((await call('GET', '/user/me', owner)).status, 200);
    });

    it('lets a read-write key change the account', async () => {
      const changed = await call('PUT', '/user/me/attributes', readWrite, { attributes: { theme: 'light' } });
      assert.equal(changed.status, 200, changed.raw);
      assert.deepEqual(changed.body.attributes, { theme: 'light' });
    });
  });

  describe('an email address typed into the own account', () => {
    let server: TestServer;
    const { call } = apiClient(() => server);
    const mallory = basic('mallory', 'mallory-password');

    before(async () => {
      server = await startTestServer(engine, {
        ADMIN_USERS: 'boss,chief@example.com',
        CUSTOMER_VIEWS: 'true',
      });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, {
        login: 'mallory',
        password: 'mallory-password',
        email: 'mallory@acme.test',
      });
      const boss = basic('boss', 'boss-password');
      for (const [match, customer] of [
        ['acme.test', 'Acme'],
        ['globex.test', 'Globex'],
      ] as const) {
        assert.equal((await call('POST', '/customer', boss, { match, customer })).status, 201);
      }
      const globex = await call('POST', '/alert', boss, alertBody({ resource: 'globex-db', customer: 'Globex' }));
      assert.equal(globex.status, 201, globex.raw);
    });
    after(() => server.close());

    it('does not make a user admin by an ADMIN_USERS address', async () => {
      const changed = await call('PUT', '/user/me', mallory, { email: 'chief@example.com' });
      assert.equal(changed.status, 403, changed.raw);
      assert.equal((await call('GET', '/users', mallory)).status, 403);
      assert.equal((await server.store.users.findByLoginOrEmail('mallory'))?.email, 'mallory@acme.test');
    });

    it("does not move a user into another customer's domain", async () => {
      const changed = await call('PUT', '/user/me', mallory, { email: 'mallory@globex.test' });
      assert.equal(changed.status, 403, changed.raw);
      const seen = await call('GET', '/alerts', mallory);
      assert.equal(seen.status, 200, seen.raw);
      assert.equal(seen.body.total, 0);
    });

    it('still takes an address that changes nothing the account may do or see', async () => {
      const changed = await call('PUT', '/user/me', mallory, { email: 'mal@acme.test' });
      assert.equal(changed.status, 200, changed.raw);
      assert.equal((await server.store.users.findByLoginOrEmail('mallory'))?.email, 'mal@acme.test');
    });
  });

  describe('customers named by holders of an admin scope (CUSTOMER_VIEWS)', () => {
    let server: TestServer;
    const { call } = apiClient(() => server);
    const boss = basic('boss', 'boss-password');
    let keeper: Json;

    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss', CUSTOMER_VIEWS: 'true' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'keeper', password: 'keeper-password', roles: ['user', 'keepers'] });
      assert.equal((await call('POST', '/perm', boss, { match: 'keepers', scopes: ['admin:keys'] })).status, 201);
      assert.equal((await call('POST', '/customer', boss, { match: 'keeper', customer: 'Acme' })).status, 201);
      assert.equal((await call('POST', '/alert', boss, alertBody({ customer: 'Globex' }))).status, 201);
      keeper = bearer(await loginToken(server.app, 'keeper', 'keeper-password'));
    });
    after(() => server.close());

    it("refuses a key for another customer, and nobody gets to read that customer's alerts", async () => {
      const created = await call('POST', '/key', keeper, { customer: 'Globex', scopes: ['read:alerts'] });
      assert.equal(created.status, 400, created.raw);
      assert.equal(created.body.message, "not allowed to set customer to 'Globex'");
      const keys = await call('GET', '/keys', boss);
      assert.equal(keys.body.total, 0);
    });

    it('issues keys for its own customer, and an unrestricted admin for any', async () => {
      const own = await call('POST', '/key', keeper, { customer: 'Acme', scopes: ['read:alerts'] });
      assert.equal(own.status, 201, own.raw);
      const any = await call('POST', '/key', boss, { customer: 'Globex', scopes: ['read:alerts'] });
      assert.equal(any.status, 201, any.raw);
      const alerts = await call('GET', '/alerts', { 'x-api-key': any.body.key });
      assert.equal(alerts.body.total, 1);
    });

    it('counts only the caller’s own alerts in /management/status', async () => {
      assert.equal((await call('POST', '/perm', boss, { match: 'watchers', scopes: ['read'] })).status, 201);
      await createUser(server.store, { login: 'watcher', password: 'watcher-password', roles: ['watchers'] });
      assert.equal((await call('POST', '/customer', boss, { match: 'watcher', customer: 'Acme' })).status, 201);
      const total = async (headers: Json) => {
        const status = await call('GET', '/management/status', headers);
        assert.equal(status.status, 200, status.raw);
        const metrics = status.body.metrics as { name: string; value: number }[];
        return metrics.find((metric) => metric.name === 'total')?.value;
      };
      assert.equal(await total(basic('watcher', 'watcher-password')), 0);
      assert.equal(await total(boss), 1);
    });
  });

  describe('oversized API key fields', () => {
    let server: TestServer;
    const { call } = apiClient(() => server);
    const owner = basic('kim', 'kim-password-1');

    before(async () => {
      server = await startTestServer(engine);
      await createUser(server.store, { login: 'kim', password: 'kim-password-1' });
    });
    after(() => server.close());

    it('refuses them and stores nothing', async () => {
      const bodies: Json[] = [
        { text: 'x'.repeat(10_001) },
        { scopes: ['read:' + 'x'.repeat(300)] },
        { scopes: Array.from({ length: 101 }, () => 'read') },
        { customer: 'c'.repeat(256) },
      ];
      for (const payload of bodies) {
        const created = await call('POST', '/key', owner, payload);
        assert.equal(created.status, 400, created.raw);
      }
      assert.equal((await call('GET', '/keys', owner)).body.total, 0);
      const kept = await call('POST', '/key', owner, { text: 'x'.repeat(10_000) });
      assert.equal(kept.status, 201, kept.raw);
      const update = await call('PUT', `/key/${kept.body.key as string}`, owner, { text: 'y'.repeat(10_001) });
      assert.equal(update.status, 400, update.raw);
      const stored = await call('GET', `/key/${kept.body.key as string}`, owner);
      assert.equal((stored.body.key as { text: string }).text, 'x'.repeat(10_000));
    });
  });

  describe('administrators limited to one customer (CUSTOMER_VIEWS)', () => {
    let server: TestServer;
    const { call } = apiClient(() => server);
    const boss = basic('boss', 'boss-password');
    const tenantAdmin = basic('ta', 'ta-password-1');
    let globexLookup = '';
    let globexUser = '';
    let self = '';

    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss', CUSTOMER_VIEWS: 'true' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'ta', password: 'ta-password-1', roles: ['user', 'tenant-admins'] });
      await createUser(server.store, { login: 'gina', password: 'gina-password', email: 'gina@globex.test' });
      self = (await server.store.users.findByLoginOrEmail('ta'))?.id ?? '';
      globexUser = (await server.store.users.findByLoginOrEmail('gina'))?.id ?? '';
      const scopes = ['admin:groups', 'admin:users', 'admin:customers'];
      assert.equal((await call('POST', '/perm', boss, { match: 'tenant-admins', scopes })).status, 201);
      assert.equal((await call('POST', '/customer', boss, { match: 'ta', customer: 'Acme' })).status, 201);
      assert.equal((await call('POST', '/customer', boss, { match: 'globex.test', customer: 'Globex' })).status, 201);
      const team = await call('POST', '/customer', boss, { match: 'globex-team', customer: 'Globex' });
      globexLookup = (team.body.customer as { id: string }).id;
      assert.equal((await call('POST', '/alert', boss, alertBody({ customer: 'Globex' }))).status, 201);
    });
    after(() => server.close());

    it('cannot reach another customer through a group name', async () => {
      const group = await call('POST', '/group', tenantAdmin, { name: 'globex-team' });
      assert.equal(group.status, 403, group.raw);
      assert.equal(group.body.message, "Group 'globex-team' would give access to customer 'Globex'");
      assert.equal((await call('POST', '/group', tenantAdmin, { name: 'acme-team' })).status, 201);
    });

    it('cannot point customer lookups at another customer, or see and change theirs', async () => {
      for (const payload of [
        { match: 'ta-friend', customer: 'Globex' },
        { match: 'everyone', customer: '*' },
      ]) {
        const refused = await call('POST', '/customer', tenantAdmin, payload);
        assert.equal(refused.status, 403, refused.raw);
      }
      assert.equal((await call('POST', '/customer', tenantAdmin, { match: 'acme-ops', customer: 'Acme' })).status, 201);
      const listed = await call('GET', '/customers', tenantAdmin);
      const customers = (listed.body.customers as { customer: string }[]).map((c) => c.customer);
      assert.ok(customers.length > 0 && customers.every((c) => c === 'Acme'), JSON.stringify(customers));
      assert.equal((await call('GET', `/customer/${globexLookup}`, tenantAdmin)).status, 404);
      const moved = await call('PUT', `/customer/${globexLookup}`, tenantAdmin, { match: 'ta' });
      assert.equal(moved.status, 404, moved.raw);
      assert.equal((await call('DELETE', `/customer/${globexLookup}`, tenantAdmin)).status, 404);
      const own = await call('GET', '/customers', tenantAdmin);
      const acmeOps = (own.body.customers as { id: string; match: string }[]).find((c) => c.match === 'acme-ops');
      const repointed = await call('PUT', `/customer/${acmeOps?.id ?? ''}`, tenantAdmin, { customer: 'Globex' });
      assert.equal(repointed.status, 403, repointed.raw);
    });

    it("cannot give a user another customer's role or domain, nor manage that customer's users", async () => {
      const role = await call('PUT', `/user/${self}`, tenantAdmin, { roles: ['user', 'tenant-admins', 'globex-team'] });
      assert.equal(role.status, 403, role.raw);
      const created = await call('POST', '/user', tenantAdmin, {
        name: 'Spy',
        email: 'spy@globex.test',
        password: 'spy-password-1',
      });
      assert.equal(created.status, 403, created.raw);
      assert.equal(await server.store.users.findByLoginOrEmail('spy@globex.test'), undefined);
      const managed = await call('PUT', `/user/${globexUser}`, tenantAdmin, { text: 'taken over' });
      assert.equal(managed.status, 403, managed.raw);
      const alerts = await call('GET', '/alerts', tenantAdmin);
      assert.equal(alerts.body.total, 0);
    });
  });
});
