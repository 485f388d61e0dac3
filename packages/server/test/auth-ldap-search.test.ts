import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { type TestServer, bearer, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import {
  BASE_DN,
  GROUPS_DN,
  type LdapServer,
  SERVICE_DN,
  SERVICE_PASSWORD,
  exampleDirectory,
  passwordOf,
  startLdapServer,
  userDn,
} from './support/ldap-server.js';

const USER_FILTER = '(&(objectClass=person)(uid={username}))';

/** The settings of a server that finds users with LDAP_USER_FILTER, searching as a service account. */
const searchSettings = (url: string): Record<string, string> => ({
  AUTH_PROVIDER: 'ldap',
  LDAP_URL: url,
  // No DN templates: the domain is one ALLOWED_EMAIL_DOMAINS names, and the filter finds the entry.
  ALLOWED_EMAIL_DOMAINS: 'example.com',
  LDAP_BIND_USERNAME: SERVICE_DN,
  LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
  LDAP_BASEDN: BASE_DN,
  LDAP_USER_FILTER: USER_FILTER,
  LDAP_GROUP_FILTER: '(&(member={userdn})(objectClass=groupOfNames))',
  LDAP_GROUP_BASEDN: GROUPS_DN,
  ADMIN_USERS: 'alice@example.com',
  LOGIN_FAILURE_LIMIT_PER_ADDRESS: '0',
});

forEachEngine((engine) => {
  describe('LDAP sign-in that searches for the user (LDAP_USER_FILTER)', () => {
    let directory: LdapServer;
    let server: TestServer;
    before(async () => {
      directory = await startLdapServer(exampleDirectory());
      server = await startTestServer(engine, searchSettings(directory.url));
    });
    after(async () => {
      await server.close();
      await directory.close();
    });

    const login = (username: string, password: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    /** What reached the directory during `action`. */
    async function traffic<T>(action: () => Promise<T>) {
      const binds = directory.binds.length;
      const searches = directory.searches.length;
      const result = await action();
      return { result, binds: directory.binds.slice(binds), searches: directory.searches.slice(searches) };
    }

    it('binds as the service, finds the one entry, binds as it and reads name, address and groups', async () => {
      const {
        result: response,
        binds,
        searches,
      } = await traffic(() => login('alice@example.com', passwordOf('alice')));
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(
        binds.map((bind) => bind.dn),
        [SERVICE_DN, userDn('alice'), SERVICE_DN],
      );
      assert.deepEqual(searches, [
        {
          base: BASE_DN,
          scope: 'sub',
          filter: '(&(objectClass=person)(uid=alice))',
          attributes: ['cn', 'mail'],
          boundAs: SERVICE_DN,
        },
        {
          base: GROUPS_DN,
          scope: 'sub',
          filter: `(&(member=${userDn('alice')})(objectClass=groupOfNames))`,
          attributes: ['cn'],
          boundAs: SERVICE_DN,
        },
      ]);
      const claims = decodeJwt(String(body(response).token));
      assert.equal(claims.provider, 'ldap');
      assert.equal(claims.name, 'Alice Liddell');
      assert.equal(claims.email, 'alice@example.com');
      // The directory's own address counts as verified, as in the reference.
      assert.equal(claims.email_verified, true);
      assert.ok((claims.groups as string[]).includes('ops'));
    });

    it('hides LDAP_BIND_PASSWORD in /management/properties', async () => {
      const token = String(body(await login('alice@example.com', passwordOf('alice'))).token);
      const properties = await server.app.inject({
        method: 'GET',
        url: '/api/management/properties',
        headers: bearer(token),
      });
      assert.equal(properties.statusCode, 200, properties.body);
      assert.match(properties.body, /^LDAP_BIND_PASSWORD = \(hidden\)$/m);
      assert.match(properties.body, new RegExp(`^LDAP_BIND_USERNAME = "${SERVICE_DN}"$`, 'm'));
      assert.ok(!properties.body.includes(SERVICE_PASSWORD));
    });

    it('answers 401 when the filter finds nobody, without a user bind', async () => {
      const { result: response, binds } = await traffic(() => login('nobody@example.com', 'some-password'));
      assert.equal(response.statusCode, 401, response.body);
      assert.equal(body(response).message, 'Invalid username or password');
      assert.deepEqual(
        binds.map((bind) => bind.dn),
        [SERVICE_DN],
      );
    });

    it('answers 500 naming the setting when the filter finds two entries, and binds as neither', async () => {
      const users = await server.store.users.count();
      const { result: response, binds } = await traffic(() => login('twin@example.com', passwordOf('twin')));
      assert.equal(response.statusCode, 500, response.body);
      assert.equal(body(response).message, 'LDAP_USER_FILTER matches more than one entry for this username');
      assert.deepEqual(
        binds.map((bind) => bind.dn),
        [SERVICE_DN],
      );
      assert.equal(await server.store.users.count(), users);
    });

    it('escapes the username in the filter, so it cannot widen the search', async () => {
      for (const [username, filter] of [
        ['*)(uid=*', '(&(objectClass=person)(uid=\\2a\\29\\28uid=\\2a))'],
        ['*', '(&(objectClass=person)(uid=\\2a))'],
        ['al*', '(&(objectClass=person)(uid=al\\2a))'],
        ['alice)(|(objectClass=*', '(&(objectClass=person)(uid=alice\\29\\28|\\28objectClass=\\2a))'],
        ['x(y)', '(&(objectClass=person)(uid=x\\28y\\29))'],
      ] as const) {
        const {
          result: response,
          searches,
          binds,
        } = await traffic(() => login(`${username}@example.com`, 'any-password'));
        assert.equal(response.statusCode, 401, `${username}: ${response.body}`);
        assert.equal(searches[0]?.filter, filter, username);
        assert.deepEqual(
          binds.map((bind) => bind.dn),
          [SERVICE_DN],
          username,
        );
      }
    });

    it('uses the username as login when the entry has no address', async () => {
      const response = await login('erin@example.com', passwordOf('erin'));
      assert.equal(response.statusCode, 200, response.body);
      const claims = decodeJwt(String(body(response).token));
      assert.equal(claims.preferred_username, 'erin');
      assert.equal(claims.sub, 'ldap-erin');
      assert.equal(claims.email_verified, false);
      assert.equal((await server.store.users.get('ldap-erin'))?.email, null);
    });

    it("takes over the account of the directory's verified address, and keeps it on later sign-ins", async () => {
      await createUser(server.store, { login: 'bob', email: 'bob@example.com', password: 'local-password' });
      const local = await server.store.users.findByLoginOrEmail('bob@example.com');
      assert.ok(local !== undefined);
      const users = await server.store.users.count();
      for (let i = 0; i < 2; i++) {
        const response = await login('bob@example.com', passwordOf('bob'));
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(decodeJwt(String(body(response).token)).sub, local.id);
      }
      assert.equal(await server.store.users.count(), users);
    });
  });

  describe('LDAP sign-in with a service account the directory refuses', () => {
    let directory: LdapServer;
    let server: TestServer;
    before(async () => {
      directory = await startLdapServer(exampleDirectory());
      server = await startTestServer(engine, {
        ...searchSettings(directory.url),
        LDAP_BIND_PASSWORD: 'stale-service-password',
      });
    });
    after(async () => {
      await server.close();
      await directory.close();
    });

    it('answers 500 naming the settings, never the password, and does not bind as the user', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'alice@example.com', password: passwordOf('alice') },
      });
      assert.equal(response.statusCode, 500, response.body);
      assert.equal(body(response).status, 'error');
      assert.equal(
        body(response).message,
        'LDAP server refused the service bind: check LDAP_BIND_USERNAME and LDAP_BIND_PASSWORD',
      );
      assert.ok(!response.body.includes('stale-service-password'));
      assert.deepEqual(
        directory.binds.map((bind) => bind.dn),
        [SERVICE_DN],
      );
      assert.equal(await server.store.users.count(), 0);
    });
  });
});
