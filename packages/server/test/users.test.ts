import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { type TestServer, basic, bearer, body, createUser, loginToken, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const ADMIN = basic('boss', 'boss-password');
const ALICE = basic('alice', 'alice-password');

type Json = Record<string, unknown>;

forEachEngine((engine) => {
  describe('users and /user/me (docs/api/identity.md)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, {
        ADMIN_USERS: 'boss,chief@example.com',
        ALLOWED_EMAIL_DOMAINS: 'example.com,corp.test',
      });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'alice', password: 'alice-password' });
    });
    after(() => server.close());

    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
      server.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    const newUser = async (payload: Json) => {
      const response = await call('POST', '/api/user', ADMIN, payload);
      assert.equal(response.statusCode, 201, response.body);
      return body(response).user as Json;
    };
    const stored = async (loginOrId: string) => {
      const user =
        (await server.store.users.findByLoginOrEmail(loginOrId)) ?? (await server.store.users.get(loginOrId));
      assert.ok(user, `no user ${loginOrId}`);
      return user;
    };
    const userCount = async () => body(await call('GET', '/api/users', ADMIN)).total;

    it('creates a user who can then log in; the password never comes back', async () => {
      const response = await call('POST', '/api/user', ADMIN, {
        name: 'Carol',
        email: 'carol@example.com',
        password: 'carol-password',
        text: 'on call',
        unknownField: 'ignored',
      });
      assert.equal(response.statusCode, 201);
      const json = body(response);
      const user = json.user as Json;
      assert.equal(json.id, user.id);
      assert.equal(user.login, 'carol@example.com', 'login defaults to the email');
      assert.equal(user.domain, 'example.com');
      assert.deepEqual(user.roles, ['user']);
      assert.equal(user.status, 'active');
      assert.equal(user.email_verified, false);
      assert.equal(user.password, undefined);
      assert.ok(response.headers.location?.toString().endsWith(`/user/${user.id as string}`));
      await loginToken(server.app, 'carol@example.com', 'carol-password');
    });

    it('refuses duplicates, other domains and roles beyond the caller', async () => {
      await newUser({ name: 'Dan', email: 'dan@example.com', password: 'x-password' });
      const duplicate = await call('POST', '/api/user', ADMIN, {
        name: 'D',
        email: 'DAN@example.com',
        password: 'long-password',
      });
      assert.equal(duplicate.statusCode, 409);
      // Without a name, the user is named after the address (README "Senders").
      const nameless = await call('POST', '/api/user', ADMIN, { email: 'n@example.com', password: 'long-password' });
      assert.equal(nameless.statusCode, 201);
      assert.equal((body(nameless).user as { name: string }).name, 'n');
      const domain = await call('POST', '/api/user', ADMIN, {
        name: 'E',
        email: 'e@elsewhere.org',
        password: 'long-password',
      });
      assert.equal(domain.statusCode, 403);
      const badRoles = await call('POST', '/api/user', ADMIN, {
        name: 'F',
        login: 'f',
        password: 'long-password',
        roles: 'x',
      });
      assert.equal(badRoles.statusCode, 400);
      // A user administrator without admin scopes cannot create an admin.
      await server.app.inject({
        method: 'POST',
        url: '/api/perm',
        headers: ADMIN,
        payload: { match: 'user-admins', scopes: ['admin:users', 'read'] },
      });
      await createUser(server.store, { login: 'una', password: 'una-password', roles: ['user-admins'] });
      const escalate = await call('POST', '/api/user', basic('una', 'una-password'), {
        name: 'G',
        login: 'g',
        password: 'long-password',
        roles: ['admin'],
      });
      assert.equal(escalate.statusCode, 403);
      assert.match(body(escalate).message as string, /^Requested scope 'admin' not in existing scopes/);
      const plain = await call('POST', '/api/user', basic('una', 'una-password'), {
        name: 'H',
        login: 'h',
        password: 'long-password',
        roles: ['guest'],
      });
      assert.equal(plain.statusCode, 201);
    });

    it('gets, lists, filters, updates and deletes users', async () => {
      const user = await newUser({
        name: 'Erin',
        login: 'erin',
        email: 'erin@example.com',
        password: 'erin-password-1',
      });
      const id = user.id as string;
      const got = body(await call('GET', `/api/user/${id}`, ADMIN));
      assert.equal((got.user as Json).login, 'erin');
      const list = body(await call('GET', '/api/users?login=erin', ADMIN));
      assert.equal(list.total, 1);
      assert.deepEqual(list.domains, ['example.com', 'corp.test']);
      assert.equal(body(await call('GET', '/api/users?status=inactive', ADMIN)).total, 0);
      assert.equal((await call('GET', '/api/users?colour=blue', ADMIN)).statusCode, 400);

      await call('PUT', `/api/user/${id}`, ADMIN, { email_verified: true });
      const updated = await call('PUT', `/api/user/${id}`, ADMIN, {
        name: 'Erin E.',
        email: 'erin@corp.test',
        role: 'guest',
        attributes: { team: 'blue' },
        password: 'erin-password-2',
      });
      assert.equal(updated.statusCode, 200);
      const view = body(updated).user as Json;
      assert.equal(view.name, 'Erin E.');
      assert.deepEqual(view.roles, ['guest']);
      assert.equal(view.email_verified, false, 'a new email is unverified');
      assert.deepEqual(view.attributes, { team: 'blue' });
      assert.ok(typeof view.updateTime === 'string');
      await loginToken(server.app, 'erin', 'erin-password-2');
      const byDomain = body(await call('GET', '/api/users?domain=CORP.test', ADMIN)).users as Json[];
      assert.deepEqual(
        byDomain.map((u) => u.login),
        ['erin'],
      );
      await call('PUT', `/api/user/${id}`, ADMIN, { email_verified: true });
      const verified = body(await call('GET', '/api/users?email_verified=true', ADMIN)).users as Json[];
      assert.deepEqual(
        verified.map((u) => u.login),
        ['erin'],
      );
      assert.equal(body(await call('GET', '/api/users?domain!=corp.test&login=erin', ADMIN)).total, 0);
      const clash = await call('PUT', `/api/user/${id}`, ADMIN, { email: 'alice@example.com' });
      assert.equal(clash.statusCode, 409);

      const attrs = await call('PUT', `/api/user/${id}/attributes`, ADMIN, { attributes: { team: null, x: 1 } });
      assert.deepEqual(body(attrs).attributes, { x: 1 });
      assert.deepEqual(body(await call('GET', `/api/user/${id}/attributes`, ADMIN)).attributes, { x: 1 });

      assert.equal((await call('DELETE', `/api/user/${id}`, ADMIN)).statusCode, 200);
      assert.equal((await call('GET', `/api/user/${id}`, ADMIN)).statusCode, 404);
      assert.equal((await call('DELETE', `/api/user/${id}`, ADMIN)).statusCode, 404);
    });

    it('needs admin:users for user administration', async () => {
      const denied = await call('GET', '/api/users', ALICE);
      assert.equal(denied.statusCode, 403);
      assert.equal(body(denied).message, 'Missing required scope: admin:users');
    });

    it('/user/me shows and changes the caller, only in the allowed fields', async () => {
      const me = body(await call('GET', '/api/user/me', ALICE));
      assert.equal((me.user as Json).login, 'alice');
      const refused = await call('PUT', '/api/user/me', ALICE, { name: 'Alice A.', roles: ['admin'] });
      assert.equal(refused.statusCode, 400);
      assert.equal(body(refused).message, 'not allowed to update: roles');
      const changed = await call('PUT', '/api/user/me', ALICE, { name: 'Alice A.', text: 'hello' });
      assert.equal(changed.statusCode, 200);
      assert.equal((body(changed).user as Json).name, 'Alice A.');
      const token = await loginToken(server.app, 'alice', 'alice-password');
      assert.equal((body(await call('GET', '/api/user/me', bearer(token))).user as Json).text, 'hello');
    });

    it('/user/me/attributes deep-merges and deletes keys set to null', async () => {
      const put = (attributes: Json) => call('PUT', '/api/user/me/attributes', ALICE, { attributes });
      assert.equal(
        (await put({ prefs: { isDark: true, dates: { shortTime: 'HH:mm' } }, queries: [] })).statusCode,
        200,
      );
      await put({ prefs: { dates: { longDate: 'LLL' }, isMute: true } });
      await put({ prefs: { isDark: null }, queries: null });
      const got = body(await call('GET', '/api/user/me/attributes', ALICE));
      assert.equal(got.total, 1);
      assert.deepEqual(got.attributes, { prefs: { dates: { shortTime: 'HH:mm', longDate: 'LLL' }, isMute: true } });
      const missing = await call('PUT', '/api/user/me/attributes', ALICE, { prefs: {} });
      assert.equal(missing.statusCode, 400);
      assert.equal(body(missing).message, "must supply 'attributes' as json data");
      const key = body(await call('POST', '/api/key', ALICE, { scopes: ['read'] })).key as string;
      const viaKey = await call('GET', '/api/user/me/attributes', { 'x-api-key': key });
      assert.equal(viaKey.statusCode, 200);
    });

    it('group membership adds the group name to the roles and its permission to the scopes', async () => {
      const perm = await call('POST', '/api/perm', ADMIN, { match: 'ops', scopes: ['admin:heartbeats'] });
      assert.equal(perm.statusCode, 201);
      const group = body(await call('POST', '/api/group', ADMIN, { name: 'ops', text: 'operators' })).group as Json;
      const me = body(await call('GET', '/api/user/me', ALICE)).user as Json;
      const before = await call('POST', '/api/heartbeat', ALICE, { origin: 'ops/cron', customer: 'Acme' });
      assert.equal(before.statusCode, 400, 'plain read and write do not let a user name the customer');
      const join = await call('PUT', `/api/group/${group.id as string}/user/${me.id as string}`, ADMIN, {});
      assert.equal(join.statusCode, 200);
      const claims = decodeJwt(await loginToken(server.app, 'alice', 'alice-password'));
      assert.deepEqual(claims.groups, ['ops']);
      assert.equal(claims.scope, 'admin:heartbeats read write');
      const groups = body(await call('GET', `/api/user/${me.id as string}/groups`, ADMIN));
      assert.equal(groups.total, 1);
      // Basic credentials see the same scopes straight away: only admin:heartbeats may name any customer.
      const beat = await call('POST', '/api/heartbeat', ALICE, { origin: 'ops/cron', customer: 'Acme' });
      assert.equal(beat.statusCode, 201, beat.body);
      assert.equal((body(beat).heartbeat as Json).customer, 'Acme');
    });
    it('keeps a user administrator away from users who hold more than they do', async () => {
      await call('POST', '/api/perm', ADMIN, { match: 'account-desk', scopes: ['admin:users', 'read'] });
      await createUser(server.store, { login: 'desk', password: 'desk-password', roles: ['account-desk'] });
      const DESK = basic('desk', 'desk-password');
      await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
      const root = await stored('root');
      const changes: Json[] = [
        { password: 'taken-over' },
        { email: 'desk-too@example.com' },
        { status: 'inactive' },
        { attributes: { owner: 'desk' } },
        { name: 'Root' },
        { text: 'mine now' },
      ];
      for (const change of changes) {
        const refused = await call('PUT', `/api/user/${root.id}`, DESK, change);
        assert.equal(refused.statusCode, 403, JSON.stringify(change));
        assert.match(body(refused).message as string, /^User 'root' holds scope 'admin' not in existing scopes: /);
      }
      const attributes = await call('PUT', `/api/user/${root.id}/attributes`, DESK, { attributes: { x: 1 } });
      assert.equal(attributes.statusCode, 403);
      assert.equal((await call('DELETE', `/api/user/${root.id}`, DESK)).statusCode, 403);
      assert.deepEqual(await stored(root.id), root);
      await assert.rejects(loginToken(server.app, 'root', 'taken-over'));
      await loginToken(server.app, 'root', 'root-password');

      // Scopes that come through a group count too, as they do at login.
      await createUser(server.store, { login: 'gwen', password: 'gwen-password', roles: ['guest'] });
      const gwen = await stored('gwen');
      await call('POST', '/api/perm', ADMIN, { match: 'auditors', scopes: ['admin:perms'] });
      const group = body(await call('POST', '/api/group', ADMIN, { name: 'auditors' })).group as Json;
      await call('PUT', `/api/group/${group.id as string}/user/${gwen.id}`, ADMIN, {});
      const grouped = await call('PUT', `/api/user/${gwen.id}`, DESK, { password: 'taken-over' });
      assert.equal(grouped.statusCode, 403);
      assert.deepEqual(await stored(gwen.id), gwen);
    });

    it('lets a user administrator raise nobody above themselves, on create or update', async () => {
      const DESK = basic('desk', 'desk-password');
      await createUser(server.store, { login: 'gil', password: 'gil-password', roles: ['guest'] });
      const gil = await stored('gil');
      // Roles, the legacy single role, and an address listed in ADMIN_USERS would each grant more than `read`.
      const raises: Json[] = [
        { roles: ['admin'] },
        { role: 'user' },
        { email: 'chief@example.com' },
        { login: 'chief@example.com' },
      ];
      for (const change of raises) {
        const refused = await call('PUT', `/api/user/${gil.id}`, DESK, change);
        assert.equal(refused.statusCode, 403, JSON.stringify(change));
        assert.match(body(refused).message as string, /^Requested scope '(admin|write)' not in existing scopes/);
      }
      assert.deepEqual(await stored(gil.id), gil);
      const chief = await call('POST', '/api/user', DESK, {
        name: 'Chief',
        email: 'chief@example.com',
        password: 'chief-password',
        roles: ['guest'],
      });
      assert.equal(chief.statusCode, 403);
      assert.equal(await server.store.users.findByLoginOrEmail('chief@example.com'), undefined);

      // A user within the caller's own scopes stays theirs to manage.
      const reset = await call('PUT', `/api/user/${gil.id}`, DESK, { password: 'gil-password-2', text: 'reset' });
      assert.equal(reset.statusCode, 200, reset.body);
      await loginToken(server.app, 'gil', 'gil-password-2');
      assert.equal((await call('DELETE', `/api/user/${gil.id}`, DESK)).statusCode, 200);
    });

    it('refuses malformed email addresses and short passwords, writing nothing', async () => {
      const before = await userCount();
      const created: [Json, RegExp][] = [
        [{ name: 'Boss', login: 'fake-boss', email: 'boss', password: 'long-password' }, /^'email' must be an email/],
        [{ name: 'X', email: 'x y@example.com', password: 'long-password' }, /^'email'/],
        [{ name: 'X', email: 'x@@example.com', password: 'long-password' }, /^'email'/],
        [{ name: 'X', email: '@example.com', password: 'long-password' }, /^'email'/],
        [{ name: 'X', login: 'x', email: 'x@', password: 'long-password' }, /^'email'/],
        [{ name: 'X', login: 'x', email: '', password: 'long-password' }, /^'email'/],
        [{ name: 'X', login: 'shorty', password: 'x' }, /^'password' must be at least 8 characters$/],
        [{ name: 'X', login: 'shorty', password: 'seven77' }, /^'password' must be at least 8 characters$/],
      ];
      for (const [payload, message] of created) {
        const response = await call('POST', '/api/user', ADMIN, payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.equal(body(response).status, 'error');
        assert.match(body(response).message as string, message);
      }
      assert.equal(await userCount(), before);
      // Otherwise permissive: unusual but real addresses and a password of exactly the minimum are fine.
      await newUser({ name: 'Ivy', login: 'ivy', email: "o'neil+alerts@corp.test", password: 'eight888' });

      const ivy = await stored('ivy');
      const updates: [Json, RegExp][] = [
        [{ email: 'boss' }, /^'email' must be an email/],
        [{ email: 'ivy@' }, /^'email'/],
        [{ password: 'x' }, /^'password' must be at least 8 characters$/],
      ];
      for (const [change, message] of updates) {
        const response = await call('PUT', `/api/user/${ivy.id}`, ADMIN, change);
        assert.equal(response.statusCode, 400, JSON.stringify(change));
        assert.match(body(response).message as string, message);
      }
      assert.deepEqual(await stored(ivy.id), ivy);
      await loginToken(server.app, 'ivy', 'eight888');

      const alice = await stored('alice');
      const own = await call('PUT', '/api/user/me', ALICE, { email: 'boss' });
      assert.equal(own.statusCode, 400);
      assert.match(body(own).message as string, /^'email' must be an email/);
      assert.deepEqual(await stored(alice.id), alice);
    });

    it('refuses oversized names, logins, email addresses, roles and text, writing nothing', async () => {
      const long = (length: number) => 'x'.repeat(length);
      const valid = { name: 'Big', login: 'big', password: 'long-password', roles: ['guest'] };
      const oversized: [Json, string][] = [
        [{ name: long(257) }, "'name' must be at most 256 characters"],
        [{ login: long(257) }, "'login' must be at most 256 characters"],
        [{ email: `${long(243)}@example.com` }, "'email' must be at most 254 characters"],
        [{ text: long(1025) }, "'text' must be at most 1024 characters"],
        [{ roles: [long(257)] }, "'roles.0': must be at most 256 characters"],
        [{ roles: Array.from({ length: 101 }, (_, i) => `role-${i}`) }, "'roles' must list at most 100 entries"],
      ];
      const before = await userCount();
      for (const [field, message] of oversized) {
        const response = await call('POST', '/api/user', ADMIN, { ...valid, ...field });
        assert.equal(response.statusCode, 400, message);
        assert.equal(body(response).message, message);
      }
      assert.equal(await userCount(), before);
      // The limits themselves are allowed.
      const big = await newUser({ ...valid, name: long(256), login: long(256), text: long(1024) });

      const stale = await stored(big.id as string);
      const updates: [Json, string][] = [...oversized, [{ role: long(257) }, "'role' must be at most 256 characters"]];
      for (const [field, message] of updates) {
        const response = await call('PUT', `/api/user/${stale.id}`, ADMIN, field);
        assert.equal(response.statusCode, 400, message);
        assert.equal(body(response).message, message);
      }
      assert.deepEqual(await stored(stale.id), stale);

      const alice = await stored('alice');
      const own = await call('PUT', '/api/user/me', ALICE, { name: long(257), text: 'fine' });
      assert.equal(own.statusCode, 400);
      assert.equal(body(own).message, "'name' must be at most 256 characters");
      assert.deepEqual(await stored(alice.id), alice);
    });
  });

  describe('/user/me with AUTH_REQUIRED off', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { AUTH_REQUIRED: 'false' });
    });
    after(() => server.close());

    it('is 404 for an anonymous caller', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/user/me/attributes' });
      assert.equal(response.statusCode, 404);
    });
  });

  describe('POST /user with another provider', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss', AUTH_PROVIDER: 'github' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
    });
    after(() => server.close());

    it('is a 400', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: ADMIN,
        payload: { name: 'X', login: 'x', password: 'x-password' },
      });
      assert.equal(response.statusCode, 400);
    });
  });
});
