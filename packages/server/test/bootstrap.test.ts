import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  adminKeyLine,
  administratorLine,
  bootstrapAdminKey,
  bootstrapAdministrators,
} from '../src/domain/bootstrap.js';
import { SettingsError, loadSettings } from '../src/settings.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/types.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const ADMIN_KEY = 'known-admin-key_0123456789';
const YEAR = 365 * 86_400_000;

/** ADMIN_USERS, ADMIN_PASSWORD, ADMIN_KEY and ADMIN_KEY_MAXAGE at start (README, settings). */
forEachEngine((engine) => {
  const servers: TestServer[] = [];
  const stores: Store[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startTestServer(engine, env);
    servers.push(server);
    return server;
  };
  /** Another server process's connection to the same database. */
  const twinStore = async (server: TestServer) => {
    const store = openStore(server.settings.database);
    await store.migrate();
    stores.push(store);
    return store;
  };
  after(async () => {
    for (const server of servers) await server.close();
    for (const store of stores) await store.close();
  });

  const status = async (server: TestServer, url: string, headers: Record<string, string>) =>
    (await server.app.inject({ method: 'GET', url: `/api${url}`, headers })).statusCode;

  describe('ADMIN_USERS', () => {
    let server: TestServer;
    before(async () => {
      server = await start({
        ADMIN_USERS: 'alice@example.com,bob@example.com,ops',
        ADMIN_PASSWORD: 'admin-pw-1',
        SIGNUP_ENABLED: 'true',
      });
    });

    it('creates every listed administrator with ADMIN_PASSWORD, and none again on the next start', async () => {
      const first = await bootstrapAdministrators(server.store.users, server.settings);
      assert.deepEqual(first, [
        { login: 'alice@example.com', generatedPassword: undefined },
        { login: 'bob@example.com', generatedPassword: undefined },
        { login: 'ops', generatedPassword: undefined },
      ]);
      assert.equal(
        administratorLine(first[0] ?? assert.fail()),
        'Administrator created: login=alice@example.com password=(from ADMIN_PASSWORD)',
      );
      assert.deepEqual(await bootstrapAdministrators(server.store.users, server.settings), []);
      assert.equal(await server.store.users.count(), 3);
      for (const login of ['alice@example.com', 'bob@example.com', 'ops']) {
        assert.equal(await status(server, '/users', basic(login, 'admin-pw-1')), 200, login);
      }
      const bob = await server.store.users.findByLoginOrEmail('bob@example.com');
      assert.deepEqual(
        { name: bob?.name, roles: bob?.roles, email: bob?.email, verified: bob?.emailVerified },
        { name: 'bob', roles: ['admin'], email: 'bob@example.com', verified: true },
      );
    });

    it('leaves nobody a listed address to take through signup', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Mallory', email: 'bob@example.com', password: 'mallory-pw-1' },
      });
      assert.equal(response.statusCode, 409, response.body);
    });

    it('creates an administrator added to the list later, on the next start, with a password of its own', async () => {
      const later = await start({ ADMIN_USERS: 'carol@example.com' });
      await createUser(later.store, { login: 'someone', password: 'someone-pw-1' });
      const created = await bootstrapAdministrators(later.store.users, later.settings);
      assert.equal(created.length, 1);
      const password = created[0]?.generatedPassword ?? assert.fail('a generated password');
      assert.equal(await status(later, '/users', basic('carol@example.com', password)), 200);
      assert.deepEqual(await bootstrapAdministrators(later.store.users, later.settings), []);
    });

    it('two processes starting at once on one database create each administrator once, without failing', async () => {
      const fresh = await start({ ADMIN_USERS: 'dan@example.com,erin@example.com' });
      const twin = await twinStore(fresh);
      const [a, b] = await Promise.all([
        bootstrapAdministrators(fresh.store.users, fresh.settings),
        bootstrapAdministrators(twin.users, fresh.settings),
      ]);
      assert.deepEqual([...a, ...b].map((c) => c.login).sort(), ['dan@example.com', 'erin@example.com']);
      assert.equal(await fresh.store.users.count(), 2);
    });

    it('without ADMIN_USERS creates `admin` on the first start only', async () => {
      const plain = await start({});
      const created = await bootstrapAdministrators(plain.store.users, plain.settings);
      assert.deepEqual(
        created.map((c) => c.login),
        ['admin'],
      );
      await plain.store.users.delete((await plain.store.users.findByLoginOrEmail('admin'))?.id ?? assert.fail());
      await createUser(plain.store, { login: 'someone', password: 'someone-pw-1' });
      assert.deepEqual(await bootstrapAdministrators(plain.store.users, plain.settings), []);
    });

    it('with another provider, creates the first administrator on the first start only', async () => {
      const github = await start({ AUTH_PROVIDER: 'github', ADMIN_USERS: 'fay@example.com,gil@example.com' });
      const created = await bootstrapAdministrators(github.store.users, github.settings);
      assert.deepEqual(
        created.map((c) => c.login),
        ['fay@example.com'],
      );
      assert.deepEqual(await bootstrapAdministrators(github.store.users, github.settings), []);
    });
  });

  describe('ADMIN_KEY', () => {
    it('makes a key with the admin scopes for the first administrator, valid ADMIN_KEY_MAXAGE seconds', async () => {
      const server = await start({ ADMIN_USERS: 'alice@example.com,bob@example.com', ADMIN_KEY });
      assert.equal(server.settings.ADMIN_KEY_MAXAGE, 315_360_000);
      const now = new Date();
      const made = await bootstrapAdminKey(server.store.keys, server.settings, now);
      assert.equal(made?.outcome, 'created');
      assert.deepEqual(
        { key: made?.key.key, user: made?.key.user, scopes: made?.key.scopes, customer: made?.key.customer },
        { key: ADMIN_KEY, user: 'alice@example.com', scopes: ['admin', 'read', 'write'], customer: null },
      );
      assert.equal(made?.key.expireTime, new Date(now.getTime() + 315_360_000_000).toISOString());
      assert.equal(adminKeyLine(made ?? assert.fail()).includes(ADMIN_KEY), false, 'the key is never printed');

      const headers = { authorization: `Key ${ADMIN_KEY}` };
      assert.equal(await status(server, '/users', headers), 200);
      const listed = await server.app.inject({ method: 'GET', url: '/api/keys', headers });
      const keys = (body(listed).keys as { key: string; type: string; user: string }[]).filter(
        (k) => k.key === ADMIN_KEY,
      );
      assert.deepEqual(
        keys.map((k) => [k.type, k.user]),
        [['read-write', 'alice@example.com']],
      );
    });

    it('keeps the key on the next start and when two processes start at once, whoever made it', async () => {
      const server = await start({ ADMIN_KEY, ADMIN_KEY_MAXAGE: '3600' });
      const twin = await twinStore(server);
      const both = await Promise.all([
        bootstrapAdminKey(server.store.keys, server.settings),
        bootstrapAdminKey(twin.keys, server.settings),
      ]);
      assert.deepEqual(both.map((o) => o?.outcome).sort(), ['created', 'kept']);
      const [first] = both;
      const again = await bootstrapAdminKey(server.store.keys, server.settings, new Date(Date.now() + YEAR));
      assert.equal(again?.outcome, 'kept');
      assert.deepEqual(again?.key, await server.store.keys.find(ADMIN_KEY));
      assert.equal(again?.key.id, first?.key.id);
      assert.match(adminKeyLine(again ?? assert.fail(), new Date(Date.now() + YEAR)), /kept as it is \(it has expired/);
      assert.equal(await status(server, '/users', { 'x-api-key': ADMIN_KEY }), 200);
    });

    it('keeps a key of that string made earlier through the API, scopes and owner unchanged', async () => {
      const server = await start({ AUTH_REQUIRED: 'false' });
      const made = await server.app.inject({
        method: 'POST',
        url: '/api/key',
        payload: { user: 'someone', scopes: ['read'], key: ADMIN_KEY },
      });
      assert.equal(made.statusCode, 201, made.body);
      const settings = loadSettings({ ADMIN_KEY, ADMIN_USERS: 'alice@example.com' });
      const kept = await bootstrapAdminKey(server.store.keys, settings);
      assert.deepEqual([kept?.outcome, kept?.key.user, kept?.key.scopes], ['kept', 'someone', ['read']]);
    });

    it('makes none without ADMIN_KEY', async () => {
      const server = await start({});
      assert.equal(await bootstrapAdminKey(server.store.keys, server.settings), undefined);
    });
  });
});

describe('ADMIN_KEY and ADMIN_KEY_MAXAGE settings', () => {
  it('refuse a key a client could not send, naming the variable but not the value', () => {
    for (const bad of ['short', 'has space in it', 'a'.repeat(129), 'key/with/slashes']) {
      assert.throws(
        () => loadSettings({ ADMIN_KEY: bad }),
        (error: unknown) =>
          error instanceof SettingsError &&
          error.message.startsWith('Invalid setting ADMIN_KEY=(hidden):') &&
          !error.message.includes(bad),
      );
    }
  });

  it('refuse a maximum age that is not a positive number of seconds', () => {
    for (const bad of ['0', '-5', 'ten years', '1.5']) {
      assert.throws(() => loadSettings({ ADMIN_KEY_MAXAGE: bad }), /Invalid setting ADMIN_KEY_MAXAGE=/);
    }
    assert.equal(loadSettings({ ADMIN_KEY_MAXAGE: '86400' }).ADMIN_KEY_MAXAGE, 86_400);
  });
});
