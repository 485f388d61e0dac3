import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UserStatusCache } from '../src/auth/user-status.js';
import type { UserRecord } from '../src/store/types.js';
import { type TestServer, basic, bearer, body, createUser, loginToken, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const BASE_URL = 'http://alerta.test/api';

forEachEngine((engine) => {
  describe('Bearer tokens of users who were deactivated or deleted', () => {
    let server: TestServer;
    const admin = basic('root', 'root-password');
    before(async () => {
      server = await startTestServer(engine, { BASE_URL });
      await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
      for (const login of ['carl', 'dora', 'eve']) {
        await createUser(server.store, { login, password: `${login}-password` });
      }
    });
    after(() => server.close());

    const alerts = (token: string) => server.app.inject({ method: 'GET', url: '/api/alerts', headers: bearer(token) });
    const idOf = async (login: string) => (await server.store.users.findByLoginOrEmail(login))?.id ?? '';

    it('refuses the token of a user deactivated through PUT /user/{id} at once, and takes it back on reactivation', async () => {
      const token = await loginToken(server.app, 'carl', 'carl-password');
      assert.equal((await alerts(token)).statusCode, 200, 'the status is now cached as active');
      const id = await idOf('carl');
      const setStatus = (status: string) =>
        server.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: admin, payload: { status } });

      assert.equal((await setStatus('inactive')).statusCode, 200);
      const refused = await alerts(token);
      assert.equal(refused.statusCode, 401);
      assert.equal(body(refused).status, 'error');
      assert.equal(body(refused).message, 'User carl not active');

      assert.equal((await setStatus('active')).statusCode, 200);
      assert.equal((await alerts(token)).statusCode, 200);
    });

    it('refuses the token of a user deleted through DELETE /user/{id}', async () => {
      const token = await loginToken(server.app, 'dora', 'dora-password');
      assert.equal((await alerts(token)).statusCode, 200);
      const deleted = await server.app.inject({
        method: 'DELETE',
        url: `/api/user/${await idOf('dora')}`,
        headers: admin,
      });
      assert.equal(deleted.statusCode, 200);
      const refused = await alerts(token);
      assert.equal(refused.statusCode, 401);
      assert.equal(body(refused).status, 'error');
      assert.equal(body(refused).message, 'Token is invalid: its user no longer exists');
    });

    it('hears of changes made through the store, whichever route makes them', async () => {
      const token = await loginToken(server.app, 'eve', 'eve-password');
      assert.equal((await alerts(token)).statusCode, 200);
      const eve = await server.store.users.findByLoginOrEmail('eve');
      assert.ok(eve);
      await server.store.users.update({ ...eve, status: 'inactive' });
      assert.equal((await alerts(token)).statusCode, 401);
      await server.store.users.delete(eve.id);
      assert.equal((await alerts(token)).statusCode, 401);
    });
  });

  describe('the order of credentials (docs/api/auth.md#credentials)', () => {
    let server: TestServer;
    let key = '';
    let token = '';
    before(async () => {
      server = await startTestServer(engine, { BASE_URL });
      await createUser(server.store, { login: 'kim', password: 'kim-password' });
      token = await loginToken(server.app, 'kim', 'kim-password');
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/key',
        headers: bearer(token),
        payload: { scopes: ['read:alerts'], text: 'order test' },
      });
      assert.equal(created.statusCode, 201, created.body);
      key = String(body(created).key);
    });
    after(() => server.close());

    const alerts = (headers: Record<string, string>, query = '') =>
      server.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers });

    it('lets a valid API key win over an invalid Bearer token', async () => {
      const junk = bearer('not-a-token');
      assert.equal((await alerts(junk)).statusCode, 401, 'the Bearer token alone is refused');
      assert.equal((await alerts({ ...junk, 'x-api-key': key })).statusCode, 200);
      assert.equal((await alerts(junk, `?api-key=${key}`)).statusCode, 200);
    });

    it('refuses an invalid API key even with a valid Bearer token', async () => {
      assert.equal((await alerts(bearer(token))).statusCode, 200, 'the Bearer token alone is accepted');
      const byHeader = await alerts({ ...bearer(token), 'x-api-key': 'no-such-key' });
      assert.equal(byHeader.statusCode, 401);
      assert.equal(body(byHeader).status, 'error');
      assert.equal(body(byHeader).message, "API key parameter 'no-such-key' is invalid");
      assert.equal((await alerts(bearer(token), '?api-key=no-such-key')).statusCode, 401);
    });
  });
});

describe('user status cache', () => {
  const userWith = (id: string, status: string): UserRecord => ({
    id,
    name: id,
    login: id,
    email: null,
    password: '',
    status,
    roles: [],
    attributes: {},
    createTime: '2026-01-01T00:00:00.000Z',
    lastLogin: null,
    text: '',
    updateTime: null,
    emailVerified: false,
  });

  it('asks the database once per TTL, and again at once after forget()', async () => {
    const statuses = new Map<string, string>([['u1', 'active']]);
    let lookups = 0;
    const repository = {
      get: (id: string) => {
        lookups += 1;
        const status = statuses.get(id);
        return Promise.resolve(status === undefined ? undefined : userWith(id, status));
      },
    };
    const clock = { now: 0 };
    const cache = new UserStatusCache(repository, { ttlMs: 1000 }, () => clock.now);
    for (let i = 0; i < 50; i += 1) assert.equal(await cache.statusOf('u1'), 'active');
    assert.equal(await cache.statusOf('gone'), undefined);
    assert.equal(await cache.statusOf('gone'), undefined);
    assert.equal(lookups, 2, 'absent users are remembered too');

    statuses.set('u1', 'inactive');
    clock.now = 999;
    assert.equal(await cache.statusOf('u1'), 'active', 'a change made elsewhere shows once the TTL has passed');
    clock.now = 1000;
    assert.equal(await cache.statusOf('u1'), 'inactive');

    statuses.set('u1', 'active');
    cache.forget('u1');
    assert.equal(await cache.statusOf('u1'), 'active');
    assert.equal(lookups, 4);
  });

  it('does not keep what a lookup read before a change that was reported while it ran', async () => {
    let status = 'active';
    let lookups = 0;
    const cache: UserStatusCache = new UserStatusCache({
      get: (id) => {
        lookups += 1;
        const read = userWith(id, status);
        // The user changes, and the change is reported, while this lookup's answer is on its way.
        if (lookups === 1) {
          status = 'inactive';
          cache.forget(id);
        }
        return Promise.resolve(read);
      },
    });
    assert.equal(await cache.statusOf('u1'), 'active');
    assert.equal(await cache.statusOf('u1'), 'inactive', 'the stale answer was not kept');
  });
});
