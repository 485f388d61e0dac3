import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { sdk, sdkDate } from './support/sdk-bodies.js';

type Json = Record<string, unknown>;

/**
 * Blackouts, keys, users, groups, permissions and customers, created and changed with exactly the bodies of the
 * official SDK (README "Senders"): a null means "not given" (the default on create, unchanged on update), except the
 * fields the reference clears with null on update (a blackout's scope, text and customer; a key's text and customer).
 */
forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json, headers = admin) =>
    server.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json, headers = admin) => {
    const response = await call(method, url, payload, headers);
    assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
    return body(response);
  };

  before(async () => {
    server = await startTestServer(engine, {
      BLACKOUT_DURATION: '1800',
      USER_DEFAULT_SCOPES: 'read,write:alerts',
      SIGNUP_ENABLED: 'true',
    });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  describe('blackouts (create_blackout, update_blackout)', () => {
    it('create: null start, duration and scope fields take the defaults', async () => {
      const before = Date.now();
      const { blackout } = await ok('POST', '/blackout', sdk.createBlackout('Production', { resource: 'web01' }));
      const b = blackout as Json;
      assert.deepEqual(
        [b.environment, b.resource, b.event, b.group, b.origin, b.customer, b.service, b.tags, b.duration, b.text],
        ['Production', 'web01', null, null, null, null, [], [], 1800, ''],
      );
      assert.ok(Date.parse(b.startTime as string) >= before - 1000);
      assert.equal(b.user, 'root');
    });

    it('create: a start in the SDK form, with or without milliseconds, and a duration', async () => {
      const start = '2030-01-02T03:04:05.678Z';
      const { blackout } = await ok('POST', '/blackout', sdk.createBlackout('Production', { start, duration: 60 }));
      assert.deepEqual([(blackout as Json).startTime, (blackout as Json).endTime], [start, '2030-01-02T03:05:05.678Z']);
      const plain = await ok('POST', '/blackout', sdk.createBlackout('Production', { start: '2030-01-02T03:04:05Z' }));
      assert.equal((plain.blackout as Json).startTime, '2030-01-02T03:04:05.000Z');
      assertError(
        await call('POST', '/blackout', sdk.createBlackout('Production', { duration: '60' })),
        400,
        /'duration'/,
      );
    });

    it('update: null keeps the environment and times, and clears scope, text and customer as the reference does', async () => {
      const created = await ok('POST', '/blackout', {
        ...sdk.createBlackout('Production', { service: ['web'], resource: 'web01', event: 'down', text: 'patching' }),
        startTime: '2030-01-01T00:00:00.000Z',
        duration: 3600,
      });
      const id = (created.blackout as Json).id as string;
      const { blackout } = await ok('PUT', `/blackout/${id}`, sdk.updateBlackout({ group: 'Web' }));
      const b = blackout as Json;
      assert.deepEqual(
        [b.environment, b.startTime, b.endTime, b.duration],
        ['Production', '2030-01-01T00:00:00.000Z', '2030-01-01T01:00:00.000Z', 3600],
      );
      assert.deepEqual([b.group, b.resource, b.event, b.service, b.tags, b.text], ['Web', null, null, [], [], '']);
      const stored = await ok('GET', `/blackout/${id}`);
      assert.deepEqual((stored.blackout as Json).group, 'Web');
    });
  });

  describe('API keys (create_key, update_key)', () => {
    it('create: an empty scope list and null key, customer and user give a key of the default scopes', async () => {
      const { data, key } = await ok('POST', '/key', sdk.createKey(null));
      const k = data as Json;
      assert.deepEqual([k.user, k.scopes, k.customer, k.text], ['root', ['read', 'write:alerts'], null, '']);
      assert.match(key as string, /^[\w-]{40}$/);
      const later = new Date(Date.now() + 86_400_000);
      const chosen = await ok(
        'POST',
        '/key',
        sdk.createKey('root', { scopes: ['read'], key: 'my-chosen-key-123', text: null, expires: sdkDate(later) }),
      );
      assert.deepEqual(
        [(chosen.data as Json).key, (chosen.data as Json).scopes, (chosen.data as Json).expireTime],
        ['my-chosen-key-123', ['read'], later.toISOString()],
      );
    });

    it('update: null leaves scopes and expiry, and clears text and customer', async () => {
      const { data } = await ok('POST', '/key', sdk.createKey('root', { scopes: ['read'], text: 'ci' }));
      const before = data as Json;
      const { key } = await ok('PUT', `/key/${before.key as string}`, sdk.updateKey({}));
      const after = key as Json;
      assert.deepEqual(
        [after.scopes, after.expireTime, after.text, after.customer],
        [['read'], before.expireTime, '', null],
      );
      const retexted = await ok('PUT', `/key/${before.key as string}`, sdk.updateKey({ text: 'deploys' }));
      assert.equal((retexted.key as Json).text, 'deploys');
      assertError(
        await call('PUT', `/key/${before.key as string}`, sdk.updateKey({ scopes: 'read' })),
        400,
        /'scopes'/,
      );
    });
  });

  describe('users (create_user, update_user, update_me, signup)', () => {
    it('create: null name, status, text and email_verified take the defaults', async () => {
      const sent = sdk.createUser(null, 'bob@example.com', 'bob-password', { text: null, email_verified: null });
      const { user } = await ok('POST', '/user', sent);
      const u = user as Json;
      assert.deepEqual(
        [u.name, u.login, u.email, u.status, u.roles, u.text, u.email_verified],
        ['bob', 'bob@example.com', 'bob@example.com', 'active', [], '', false],
      );
    });

    it('update: null leaves name, email, password, status, text and the verified flag as they are', async () => {
      const { user } = await ok('POST', '/user', {
        ...sdk.createUser('Carol', 'carol@example.com', 'carol-password', { roles: ['user'], text: 'ops' }),
        email_verified: true,
      });
      const id = (user as Json).id as string;
      const { user: renamed } = await ok('PUT', `/user/${id}`, sdk.updateUser({ name: 'Carol C', roles: ['user'] }));
      const u = renamed as Json;
      assert.deepEqual(
        [u.name, u.email, u.status, u.text, u.email_verified, u.roles],
        ['Carol C', 'carol@example.com', 'active', 'ops', true, ['user']],
      );
      assert.equal(
        (await call('GET', '/user/me', undefined, basic('carol@example.com', 'carol-password'))).statusCode,
        200,
      );
    });

    it('me and signup take the bodies of `alerta me` and `alerta signup`', async () => {
      const signed = await ok(
        'POST',
        '/auth/signup',
        sdk.signup(null, 'dave@example.com', 'dave-password', { text: null }),
      );
      assert.equal(typeof signed.token, 'string');
      const dave = basic('dave@example.com', 'dave-password');
      assert.equal(((await ok('GET', '/user/me', undefined, dave)).user as Json).name, 'dave');
      const { user } = await ok('PUT', '/user/me', sdk.updateMe({ text: 'on call' }), dave);
      assert.deepEqual([(user as Json).name, (user as Json).text], ['dave', 'on call']);
      const login = await ok('POST', '/auth/login', { ...sdk.login('dave@example.com', 'dave-password'), email: null });
      assert.equal(typeof login.token, 'string');
    });
  });

  describe('groups, permissions and customers', () => {
    it('create and update with null fields', async () => {
      const { group } = await ok('POST', '/group', sdk.createGroup('oncall', null));
      const gid = (group as Json).id as string;
      assert.equal((group as Json).text, '');
      await ok('PUT', `/group/${gid}`, sdk.updateGroup({ text: 'night shift' }));
      const renamed = await ok('PUT', `/group/${gid}`, sdk.updateGroup({ name: 'on-call' }));
      assert.deepEqual([(renamed.group as Json).name, (renamed.group as Json).text], ['on-call', 'night shift']);

      const { permission } = await ok('POST', '/perm', sdk.createPerm('ops', ['read', 'write:alerts']));
      const pid = (permission as Json).id as string;
      const kept = await ok('PUT', `/perm/${pid}`, sdk.updatePerm({ match: 'operators' }));
      assert.deepEqual(
        [(kept.permission as Json).match, (kept.permission as Json).scopes],
        ['operators', ['read', 'write:alerts']],
      );

      const { customer } = await ok('POST', '/customer', sdk.createCustomer('Acme', 'acme.com'));
      const cid = (customer as Json).id as string;
      const changed = await ok('PUT', `/customer/${cid}`, sdk.updateCustomer({ customer: 'Acme Corp' }));
      assert.deepEqual(
        [(changed.customer as Json).match, (changed.customer as Json).customer],
        ['acme.com', 'Acme Corp'],
      );
      assertError(
        await call('POST', '/group', sdk.createGroup(null as unknown as string, null)),
        400,
        "missing 'name'",
      );
    });
  });
});
