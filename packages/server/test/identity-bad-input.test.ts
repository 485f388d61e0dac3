import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, apiClient, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

type Json = Record<string, unknown>;

const ADMIN = basic('boss', 'boss-password');
const ALICE = basic('alice', 'alice-password');

/**
 * Refused changes to keys, users and groups (docs/api/keys.md, docs/api/identity.md) leave everything as it was: the
 * answer is the error, and a re-read shows every record unchanged.
 */
forEachEngine((engine) => {
  let server: TestServer;

  const { call, ok } = apiClient(() => server);

  before(async () => {
    server = await startTestServer(engine, { ADMIN_USERS: 'boss' });
    await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
    await createUser(server.store, { login: 'alice', password: 'alice-password' });
  });
  after(() => server.close());

  describe('API keys with bad input (docs/api/keys.md)', () => {
    let stored: Json = {};
    const chosenKey = 'alice-chosen-key-0001';

    /** Every key, as an administrator lists them; only Basic credentials are used, so no use count moves. */
    const allKeys = async () => (await ok('GET', '/keys?page-size=1000', ADMIN)).keys as Json[];
    const storedKey = async () => (await ok('GET', `/key/${stored.id as string}`, ADMIN)).key as Json;

    before(async () => {
      const created = await ok('POST', '/key', ALICE, {
        key: chosenKey,
        scopes: ['read', 'write:alerts'],
        text: 'alice ci',
        expireTime: '2099-01-01T00:00:00.000Z',
      });
      stored = created.data as Json;
      await ok('POST', '/key', ADMIN, { text: 'the admin’s own' });
    });

    const badCreates: [string, Json, number][] = [
      ['scopes not a list', { scopes: 'read' }, 400],
      ['scopes an object', { scopes: { read: true } }, 400],
      ['a scope not a string', { scopes: ['read', 7] }, 400],
      ['a null scope', { scopes: [null] }, 400],
      ['an unknown scope', { scopes: ['read', 'fly:planes'] }, 400],
      ['an unknown type', { type: 'everything' }, 400],
      ['type not a string', { type: ['read-only'] }, 400],
      ['a malformed expireTime', { expireTime: 'next year' }, 400],
      ['an expireTime that is a date only', { expireTime: '2030-01-01' }, 400],
      ['an impossible expireTime', { expireTime: '2030-02-31T00:00:00.000Z' }, 400],
      ['expireTime a number', { expireTime: 1_900_000_000_000 }, 400],
      ['text a number', { text: 42 }, 400],
      ['text a list', { text: ['ci'] }, 400],
      ['user not a string', { user: ['bob'] }, 400],
      ['customer not a string', { customer: 1 }, 400],
      ['a key string that is too short', { key: 'short' }, 400],
      ['a key string that is too long', { key: 'k'.repeat(129) }, 400],
      ['a key string with a space', { key: 'has a space in it' }, 400],
      ['a key string with a slash', { key: 'alice/../key-string' }, 400],
      ['a key string that is not a string', { key: 123_456_789 }, 400],
      ['a duplicate key string', { key: chosenKey, text: 'copy' }, 409],
    ];

    for (const [who, headers] of [
      ['a user', ALICE],
      ['an admin', ADMIN],
    ] as const) {
      it(`POST /key by ${who}: every bad body is refused and no key is written`, async () => {
        const before = await allKeys();
        for (const [what, payload, status] of badCreates) {
          const refused = await call('POST', '/key', headers, payload);
          assert.equal(refused.status, status, `${what}: ${refused.raw}`);
          assert.equal(refused.body.status, 'error', what);
        }
        const notAnObject = await call('POST', '/key', headers, ['read']);
        assert.equal(notAnObject.status, 400);
        assert.deepEqual(await allKeys(), before);
      });
    }

    it('POST /key: a scope beyond the caller’s own is 403 and writes nothing', async () => {
      const before = await allKeys();
      const refused = await call('POST', '/key', ALICE, { scopes: ['read', 'admin:users'] });
      assert.equal(refused.status, 403, refused.raw);
      assert.deepEqual(await allKeys(), before);
    });

    const badUpdates: [string, Json, number][] = [
      ['scopes not a list', { scopes: 'read' }, 400],
      ['a scope not a string', { scopes: ['read', false] }, 400],
      ['an unknown scope', { scopes: ['fly:planes'] }, 400],
      ['a malformed expireTime', { expireTime: 'never' }, 400],
      ['an impossible expireTime', { expireTime: '2030-13-01T00:00:00.000Z' }, 400],
      ['text a number', { text: 3 }, 400],
      ['user not a string', { user: 7 }, 400],
      ['customer not a string', { customer: ['Acme'] }, 400],
      // A good field next to a bad one is not applied either.
      ['a good text with a bad scope', { text: 'changed', scopes: ['fly:planes'] }, 400],
      ['a good text with bad scopes', { text: 'changed', scopes: 'read' }, 400],
    ];

    for (const [who, headers] of [
      ['its owner', ALICE],
      ['an admin', ADMIN],
    ] as const) {
      it(`PUT /key/{key} by ${who}: every bad body is refused and the key is unchanged`, async () => {
        const before = await allKeys();
        const original = await storedKey();
        for (const [what, payload, status] of badUpdates) {
          const refused = await call('PUT', `/key/${chosenKey}`, headers, payload);
          assert.equal(refused.status, status, `${what}: ${refused.raw}`);
          assert.deepEqual(await storedKey(), original, what);
        }
        assert.equal((await call('PUT', `/key/${chosenKey}`, headers, ['text'])).status, 400);
        assert.deepEqual(await allKeys(), before);
      });
    }

    it('PUT /key/{key}: a scope beyond the owner’s own is 403, `key` changes nothing, `type` only makes it read-only', async () => {
      const original = await storedKey();
      const refused = await call('PUT', `/key/${chosenKey}`, ALICE, { scopes: ['admin'] });
      assert.equal(refused.status, 403, refused.raw);
      assert.deepEqual(await storedKey(), original);
      // The key string is not a field PUT accepts (docs/api/keys.md): it stays, and so does everything else.
      await call('PUT', `/key/${chosenKey}`, ALICE, { key: 'another-key-string-01' });
      assert.deepEqual(await storedKey(), original);
      assert.equal((await call('GET', '/key/another-key-string-01', ADMIN)).status, 404);
      const unknown = await call('PUT', `/key/${chosenKey}`, ALICE, { type: 'everything' });
      assert.equal(unknown.status, 400, unknown.raw);
      assert.deepEqual(await storedKey(), original);
      // As on POST, `type` replaces the scopes: the way to make a leaked key read-only.
      const downgraded = await call('PUT', `/key/${chosenKey}`, ALICE, { type: 'read-only' });
      assert.equal(downgraded.status, 200, downgraded.raw);
      const after = await storedKey();
      assert.deepEqual(after.scopes, ['read']);
      assert.equal(after.type, 'read-only');
      assert.deepEqual({ ...after, scopes: original.scopes, type: original.type }, original);
    });
  });

  describe('users and groups with a name that is taken (docs/api/identity.md)', () => {
    const allUsers = async () => (await ok('GET', '/users?page-size=1000', ADMIN)).users as Json[];
    const userById = async (id: string) => (await ok('GET', `/user/${id}`, ADMIN)).user as Json;
    const newUser = async (payload: Json) => ((await ok('POST', '/user', ADMIN, payload)).user as Json).id as string;

    it('POST /user with an email that exists, in any case, is 409 and adds nobody', async () => {
      await newUser({ name: 'Erin', login: 'erin', email: 'erin@example.com', password: 'erin-password' });
      const before = await allUsers();
      for (const email of ['erin@example.com', 'ERIN@Example.COM']) {
        const refused = await call('POST', '/user', ADMIN, {
          name: 'Erin Two',
          login: `erin-two-${email.length}`,
          email,
          password: 'other-password',
        });
        assert.equal(refused.status, 409, `${email}: ${refused.raw}`);
        assert.equal(refused.body.status, 'error');
      }
      // A login that is taken is refused the same way.
      const sameLogin = await call('POST', '/user', ADMIN, { name: 'A', login: 'alice', password: 'long-password' });
      assert.equal(sameLogin.status, 409, sameLogin.raw);
      assert.deepEqual(await allUsers(), before);
      assert.equal((await ok('GET', '/users?email=erin@example.com', ADMIN)).total, 1);
    });

    it('PUT /user/{id} taking another user’s email or login is 409 and changes neither user', async () => {
      const frank = await newUser({
        name: 'Frank',
        login: 'frank',
        email: 'frank@example.com',
        password: 'frank-pw-1',
      });
      const grace = await newUser({
        name: 'Grace',
        login: 'grace',
        email: 'grace@example.com',
        password: 'grace-pw-1',
      });
      const before = [await userById(frank), await userById(grace)];
      const users = await allUsers();
      const attempts: Json[] = [
        { email: 'grace@example.com' },
        { email: 'Grace@Example.com' },
        { email: 'grace@example.com', name: 'Frank Renamed', text: 'moved' },
        { login: 'grace' },
        { login: 'GRACE', attributes: { team: 'ops' } },
      ];
      for (const payload of attempts) {
        const refused = await call('PUT', `/user/${frank}`, ADMIN, payload);
        assert.equal(refused.status, 409, `${JSON.stringify(payload)}: ${refused.raw}`);
        assert.deepEqual([await userById(frank), await userById(grace)], before, JSON.stringify(payload));
      }
      assert.deepEqual(await allUsers(), users);
      // Frank can still sign in with his own password, and Grace with hers.
      assert.equal((await call('GET', '/user/me', basic('frank', 'frank-pw-1'))).status, 200);
      assert.equal((await call('GET', '/user/me', basic('grace', 'grace-pw-1'))).status, 200);
    });

    it('PUT /group/{id} renaming to a taken name, in any case, is 409 and changes neither group', async () => {
      const first = ((await ok('POST', '/group', ADMIN, { name: 'ops', text: 'operations' })).group as Json)
        .id as string;
      const second = ((await ok('POST', '/group', ADMIN, { name: 'dev', text: 'developers' })).group as Json)
        .id as string;
      const aliceId = (await server.store.users.findByLoginOrEmail('alice'))?.id ?? '';
      await ok('PUT', `/group/${second}/user/${aliceId}`, ADMIN, {});
      const groupById = async (id: string) => (await ok('GET', `/group/${id}`, ADMIN)).group as Json;
      const before = [await groupById(first), await groupById(second)];
      const groups = (await ok('GET', '/groups', ADMIN)).groups as Json[];
      for (const payload of [{ name: 'ops' }, { name: 'OPS' }, { name: 'Ops', text: 'renamed' }]) {
        const refused = await call('PUT', `/group/${second}`, ADMIN, payload);
        assert.equal(refused.status, 409, `${JSON.stringify(payload)}: ${refused.raw}`);
        assert.equal(refused.body.message, `group '${payload.name}' already exists`);
        assert.deepEqual([await groupById(first), await groupById(second)], before, JSON.stringify(payload));
      }
      assert.deepEqual((await ok('GET', '/groups', ADMIN)).groups, groups);
      const members = await ok('GET', `/group/${second}/users`, ADMIN);
      assert.deepEqual(
        (members.users as Json[]).map((u) => u.login),
        ['alice'],
      );
      // Keeping its own name, in another case, is a rename like any other.
      const recased = await ok('PUT', `/group/${second}`, ADMIN, { name: 'DEV' });
      assert.equal((recased.group as Json).name, 'DEV');
    });
  });
});
