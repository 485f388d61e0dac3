import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { type TestServer, bearer, body, createUser, loginToken, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const BASE_URL = 'http://alerta.test/api';

forEachEngine((engine) => {
  describe('READONLY_SCOPES other than the default', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { BASE_URL, ALLOW_READONLY: 'true', READONLY_SCOPES: 'read:alerts' });
    });
    after(() => server.close());

    it('gives anonymous readers only the listed scopes', async () => {
      assert.equal((await server.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode, 200);
      const blackouts = await server.app.inject({ method: 'GET', url: '/api/blackouts' });
      assert.equal(blackouts.statusCode, 403);
      assert.equal(body(blackouts).message, 'Missing required scope: read:blackouts');
      const heartbeats = await server.app.inject({ method: 'GET', url: '/api/heartbeats' });
      assert.equal(heartbeats.statusCode, 403);
    });
  });

  describe('role, scope and token settings other than the defaults', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, {
        BASE_URL,
        ADMIN_ROLES: 'ops',
        USER_ROLES: 'member',
        GUEST_ROLES: 'visitor',
        USER_DEFAULT_SCOPES: 'read:alerts,write:alerts',
        GUEST_DEFAULT_SCOPES: 'read:heartbeats',
        TOKEN_EXPIRE_DAYS: '1',
        SIGNUP_ENABLED: 'true',
      });
      const users: [string, string][] = [
        ['olive', 'ops'],
        ['mia', 'member'],
        ['vic', 'visitor'],
        ['ada', 'admin'],
        ['uwe', 'user'],
      ];
      for (const [login, role] of users) {
        await createUser(server.store, { login, password: `${login}-password`, roles: [role] });
      }
    });
    after(() => server.close());

    const claimsOf = async (login: string) => decodeJwt(await loginToken(server.app, login, `${login}-password`));
    const status = async (login: string, url: string) =>
      (
        await server.app.inject({
          method: 'GET',
          url,
          headers: bearer(await loginToken(server.app, login, `${login}-password`)),
        })
      ).statusCode;

    it('puts the scopes of ADMIN_ROLES, USER_ROLES and GUEST_ROLES into the issued token', async () => {
      assert.equal((await claimsOf('olive')).scope, 'admin read write');
      assert.equal((await claimsOf('mia')).scope, 'read:alerts write:alerts');
      assert.equal((await claimsOf('vic')).scope, 'read:heartbeats');
      // The default role names mean nothing once other names are configured; an empty scope is left out.
      assert.equal((await claimsOf('ada')).scope, undefined);
      assert.equal((await claimsOf('uwe')).scope, undefined);
    });

    it('lets those scopes, and only those, through', async () => {
      assert.equal(await status('mia', '/api/alerts'), 200);
      assert.equal(await status('mia', '/api/heartbeats'), 403);
      assert.equal(await status('vic', '/api/heartbeats'), 200);
      assert.equal(await status('vic', '/api/alerts'), 403);
      assert.equal(await status('olive', '/api/users'), 200);
      assert.equal(await status('ada', '/api/users'), 403);
    });

    it('gives new signups USER_ROLES', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Nell', email: 'nell@example.com', password: 'nell-password' },
      });
      assert.equal(response.statusCode, 200, response.body);
      const claims = decodeJwt(String(body(response).token));
      assert.deepEqual(claims.roles, ['member']);
      assert.equal(claims.scope, 'read:alerts write:alerts');
    });

    it('issues tokens that last TOKEN_EXPIRE_DAYS', async () => {
      const claims = await claimsOf('mia');
      assert.equal((claims.exp ?? 0) - (claims.iat ?? 0), 86400);
    });
  });

  describe('GET /config', () => {
    let defaults: TestServer;
    let configured: TestServer;
    before(async () => {
      defaults = await startTestServer(engine, { BASE_URL });
      configured = await startTestServer(engine, {
        BASE_URL,
        ALLOW_READONLY: 'true',
        READONLY_SCOPES: 'read:alerts,read:heartbeats',
        CUSTOMER_VIEWS: 'true',
        ADMIN_USERS: 'root',
        KEYCLOAK_URL: 'https://sso.example.com',
        KEYCLOAK_REALM: 'operations',
      });
    });
    after(async () => {
      await defaults.close();
      await configured.close();
    });

    const configOf = async (server: TestServer) => body(await server.app.inject({ method: 'GET', url: '/api/config' }));

    it('reflects ALLOW_READONLY, READONLY_SCOPES, CUSTOMER_VIEWS and the Keycloak settings', async () => {
      const plain = await configOf(defaults);
      assert.equal(plain.allow_readonly, false);
      assert.deepEqual(plain.readonly_scopes, ['read']);
      assert.equal(plain.customer_views, false);
      assert.equal(plain.keycloak_url, null);
      assert.equal(plain.keycloak_realm, null);

      const set = await configOf(configured);
      assert.equal(set.allow_readonly, true);
      assert.deepEqual(set.readonly_scopes, ['read:alerts', 'read:heartbeats']);
      assert.equal(set.customer_views, true);
      assert.equal(set.keycloak_url, 'https://sso.example.com');
      assert.equal(set.keycloak_realm, 'operations');
    });
  });
});
