import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { bootstrapAdministrators } from '../src/domain/bootstrap.js';
import { type TestServer, basic, bearer, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import {
  BASE_DN,
  GROUPS_DN,
  type LdapServer,
  exampleDirectory,
  passwordOf,
  startLdapServer,
  userDn,
} from './support/ldap-server.js';

const GROUP_FILTER = '(&(member={userdn})(objectClass=groupOfNames))';
const ONCALL_DN = `ou=oncall,${GROUPS_DN}`;

forEachEngine((engine) => {
  describe('LDAP sign-in with a DN template (AUTH_PROVIDER=ldap)', () => {
    let directory: LdapServer;
    let server: TestServer;
    before(async () => {
      directory = await startLdapServer(exampleDirectory());
      server = await startTestServer(engine, {
        AUTH_PROVIDER: 'ldap',
        LDAP_URL: directory.url,
        LDAP_DOMAINS: JSON.stringify({ 'example.com': `uid=%s,ou=users,${BASE_DN}` }),
        LDAP_DEFAULT_DOMAIN: 'example.com',
        LDAP_BASEDN: BASE_DN,
        LDAP_GROUP_BASEDN: GROUPS_DN,
        LDAP_GROUP_FILTER: GROUP_FILTER,
        // Every request here comes from one address; only the throttle test counts failures.
        LOGIN_FAILURE_LIMIT_PER_ADDRESS: '0',
      });
      await server.store.perms.create({ id: randomUUID(), match: 'ops', scopes: ['admin:management'] });
    });
    after(async () => {
      await server.close();
      await directory.close();
    });

    const login = (username: string, password: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    const tokenOf = (response: LightMyRequestResponse) => decodeJwt(String(body(response).token));

    it('binds as the user, reads the groups and issues an ldap token for a new LDAP user', async () => {
      const binds = directory.binds.length;
      const searches = directory.searches.length;
      const response = await login('alice@example.com', passwordOf('alice'));
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(Object.keys(body(response)), ['token']);

      // One bind, as the user with the password; then one group search, made with the user's own rights.
      assert.deepEqual(directory.binds.slice(binds), [{ dn: userDn('alice'), password: passwordOf('alice') }]);
      assert.deepEqual(directory.searches.slice(searches), [
        {
          base: GROUPS_DN,
          scope: 'sub',
          filter: `(&(member=${userDn('alice')})(objectClass=groupOfNames))`,
          attributes: ['cn'],
          boundAs: userDn('alice'),
        },
      ]);

      const claims = tokenOf(response);
      assert.equal(claims.provider, 'ldap');
      assert.equal(claims.sub, 'ldap-alice@example.com');
      assert.equal(claims.preferred_username, 'alice@example.com');
      assert.equal(claims.name, 'alice');
      assert.equal(claims.email, 'alice@example.com');
      // Made up from the login, not read from the directory.
      assert.equal(claims.email_verified, false);
      // The group without a cn is known by its DN.
      assert.deepEqual([...(claims.groups as string[])].sort(), ['dev', 'ops', ONCALL_DN].sort());
      assert.deepEqual(claims.roles, ['user']);
      // The permission matched to the LDAP group `ops` adds its scope to the user's own.
      assert.deepEqual(String(claims.scope).split(' ').sort(), ['admin:management', 'read', 'write']);

      const stored = await server.store.users.get('ldap-alice@example.com');
      assert.equal(stored?.login, 'alice@example.com');
      assert.equal(stored?.password, '');
      assert.equal(stored?.text, 'LDAP user');
      assert.deepEqual(stored?.roles, ['user']);
      assert.equal(stored?.emailVerified, false);
      assert.notEqual(stored?.lastLogin, null);

      // The token is ours, and the group's scope works.
      const token = String(body(response).token);
      const me = await server.app.inject({ method: 'GET', url: '/api/userinfo', headers: bearer(token) });
      assert.equal(me.statusCode, 200, me.body);
      assert.equal(body(me).provider, 'ldap');
      const properties = await server.app.inject({
        method: 'GET',
        url: '/api/management/properties',
        headers: bearer(token),
      });
      assert.equal(properties.statusCode, 200, properties.body);
    });

    it('accepts DOMAIN\\user, a bare user of LDAP_DEFAULT_DOMAIN and any case, all as the same account', async () => {
      const first = await login('alice@example.com', passwordOf('alice'));
      assert.equal(first.statusCode, 200, first.body);
      const users = await server.store.users.count();
      for (const form of ['example.com\\alice', 'alice', 'Alice@Example.COM']) {
        const binds = directory.binds.length;
        const response = await login(form, passwordOf('alice'));
        assert.equal(response.statusCode, 200, `${form}: ${response.body}`);
        assert.equal(tokenOf(response).sub, 'ldap-alice@example.com', form);
        assert.equal(directory.binds[binds]?.dn.toLowerCase(), userDn('alice'), form);
      }
      assert.equal(await server.store.users.count(), users);
    });

    it('refuses a wrong password or an unknown user with 401 and writes no user', async () => {
      const users = await server.store.users.count();
      for (const [username, password] of [
        ['bob@example.com', 'not-bobs-password'],
        ['nobody@example.com', 'whatever-password'],
      ] as const) {
        const response = await login(username, password);
        assert.equal(response.statusCode, 401, response.body);
        assert.equal(body(response).message, 'Invalid username or password');
        assert.equal(body(response).status, 'error');
      }
      assert.equal(await server.store.users.count(), users);
      assert.equal(await server.store.users.findByLoginOrEmail('bob@example.com'), undefined);
    });

    it('never sends a bind with an empty password, which the directory would accept', async () => {
      const binds = directory.binds.length;
      const response = await login('bob@example.com', '');
      assert.equal(response.statusCode, 401, response.body);
      assert.equal(body(response).message, "must supply 'username' and 'password'");
      // Basic credentials reach the directory code without the login route's own check.
      const basicResponse = await server.app.inject({
        method: 'GET',
        url: '/api/alerts',
        headers: basic('bob@example.com', ''),
      });
      assert.equal(basicResponse.statusCode, 401, basicResponse.body);
      assert.equal(directory.binds.length, binds);
      assert.ok(directory.binds.every((bind) => bind.password !== ''));
      assert.equal(await server.store.users.findByLoginOrEmail('bob@example.com'), undefined);
    });

    it('refuses a login without a domain, or of another domain, before asking the directory', async () => {
      const binds = directory.binds.length;
      const cases: [string, number, string][] = [
        ['alice@evil.example', 403, 'unauthorized domain'],
        ['evil.example\\alice', 403, 'unauthorized domain'],
        ['alice@', 401, 'expected username with domain'],
        ['a@b@example.com', 401, 'expected username with domain'],
        ['x\\y\\alice', 401, 'expected username with domain'],
      ];
      for (const [username, status, message] of cases) {
        const response = await login(username, 'some-password');
        assert.equal(response.statusCode, status, `${username}: ${response.body}`);
        assert.equal(body(response).message, message, username);
      }
      assert.equal(directory.binds.length, binds);
    });

    it('escapes the username in the DN, so it cannot name another branch of the directory', async () => {
      const binds = directory.binds.length;
      const response = await login('alice,ou=admins@example.com', passwordOf('alice'));
      assert.equal(response.statusCode, 401, response.body);
      assert.deepEqual(
        directory.binds.slice(binds).map((bind) => bind.dn),
        [`uid=alice\\,ou\\=admins,ou=users,${BASE_DN}`],
      );
    });

    it('does not take over a password account whose address the directory does not vouch for', async () => {
      await createUser(server.store, {
        login: 'carol@example.com',
        email: 'carol@example.com',
        password: 'local-password',
      });
      const local = await server.store.users.findByLoginOrEmail('carol@example.com');
      const users = await server.store.users.count();
      const response = await login('carol@example.com', passwordOf('carol'));
      assert.equal(response.statusCode, 409, response.body);
      assert.equal(await server.store.users.count(), users);
      assert.deepEqual(await server.store.users.findByLoginOrEmail('carol@example.com'), local);
    });

    it('refuses an LDAP user whose account was deactivated with 403', async () => {
      assert.equal((await login('dave@example.com', passwordOf('dave'))).statusCode, 200);
      const dave = await server.store.users.get('ldap-dave@example.com');
      assert.ok(dave !== undefined);
      await server.store.users.update({ ...dave, status: 'inactive' });
      const response = await login('dave@example.com', passwordOf('dave'));
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(body(response).message, 'User dave@example.com not active');
    });

    it('checks Basic credentials with the directory, groups included, and not against stored passwords', async () => {
      const properties = (headers: Record<string, string>) =>
        server.app.inject({ method: 'GET', url: '/api/management/properties', headers });
      // alice's LDAP group `ops` grants admin:management; bob's `dev` does not.
      const alice = await properties(basic('example.com\\alice', passwordOf('alice')));
      assert.equal(alice.statusCode, 200, alice.body);
      const bob = await properties(basic('bob@example.com', passwordOf('bob')));
      assert.equal(bob.statusCode, 403, bob.body);
      const wrong = await properties(basic('alice@example.com', 'not-alices-password'));
      assert.equal(wrong.statusCode, 401, wrong.body);
      assert.equal(wrong.headers['www-authenticate'], 'Basic realm=Alerta');

      // A stored password means nothing on an LDAP server, for Basic as for the login.
      await createUser(server.store, { login: 'grace@example.com', password: 'grace-local-password' });
      const local = await properties(basic('grace@example.com', 'grace-local-password'));
      assert.equal(local.statusCode, 401, local.body);
      assert.equal((await login('grace@example.com', 'grace-local-password')).statusCode, 401);
    });
  });

  describe('LDAP sign-in limited to ALLOWED_LDAP_GROUPS', () => {
    let directory: LdapServer;
    let server: TestServer;
    before(async () => {
      directory = await startLdapServer(exampleDirectory());
      server = await startTestServer(engine, {
        AUTH_PROVIDER: 'ldap',
        LDAP_URL: directory.url,
        LDAP_DOMAINS: JSON.stringify({ 'example.com': `uid={},ou=users,${BASE_DN}` }),
        LDAP_GROUP_BASEDN: GROUPS_DN,
        LDAP_GROUP_FILTER: GROUP_FILTER,
        ALLOWED_LDAP_GROUPS: 'ops',
        LOGIN_FAILURE_LIMIT: '2',
      });
    });
    after(async () => {
      await server.close();
      await directory.close();
    });

    const login = (username: string, password: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

    it('creates no local administrator on first start: ADMIN_USERS sign in through the directory', async () => {
      const settings = { ...server.settings, ADMIN_USERS: ['alice@example.com'], ADMIN_PASSWORD: 'local-password' };
      assert.deepEqual(await bootstrapAdministrators(server.store.users, settings), []);
      assert.equal(await server.store.users.count(), 0);
    });

    it('refuses a user in none of the groups with 403 and writes no user', async () => {
      const response = await login('bob@example.com', passwordOf('bob'));
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(body(response).message, 'User bob@example.com is not authorized');
      assert.equal(await server.store.users.count(), 0);
      assert.equal((await login('alice@example.com', passwordOf('alice'))).statusCode, 200);
    });

    it('throttles failed LDAP logins per directory user, whatever the form, without asking the directory', async () => {
      for (let i = 0; i < 2; i++) {
        assert.equal((await login('frank@example.com', 'wrong-password')).statusCode, 401);
      }
      const binds = directory.binds.length;
      const locked = await login('example.com\\frank', passwordOf('frank'));
      assert.equal(locked.statusCode, 429, locked.body);
      assert.match(String(body(locked).message), /too many failed logins/);
      assert.ok(Number(locked.headers['retry-after']) > 0);
      assert.equal(directory.binds.length, binds);
      // Basic credentials count against the same lock.
      const viaBasic = await server.app.inject({
        method: 'GET',
        url: '/api/alerts',
        headers: basic('frank@example.com', passwordOf('frank')),
      });
      assert.equal(viaBasic.statusCode, 429, viaBasic.body);
      // Others sign in as before.
      assert.equal((await login('alice@example.com', passwordOf('alice'))).statusCode, 200);
    });
  });
});
