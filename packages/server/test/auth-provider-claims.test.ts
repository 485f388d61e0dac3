import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { type TestServer, body, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { type Idp, startIdp } from './support/oidc-idp.js';

const BASE_URL = 'http://alerta.test/api';
const NO_END_SESSION = { status: 'ok', message: 'OIDC end_session_endpoint not configured' };

/** A local port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

forEachEngine((engine) => {
  describe('OIDC role and group claim settings against a real provider', () => {
    let idp: Idp;
    let nested: TestServer;
    let gated: TestServer;
    let gitlab: TestServer;
    before(async () => {
      idp = await startIdp();
      const client = { BASE_URL, OAUTH2_CLIENT_ID: idp.clientId, OAUTH2_CLIENT_SECRET: idp.clientSecret };
      nested = await startTestServer(engine, {
        ...client,
        AUTH_PROVIDER: 'openid',
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_ROLE_CLAIM: 'realm_access.roles',
        OIDC_GROUP_CLAIM: 'resource_access.alerta.groups',
      });
      gated = await startTestServer(engine, {
        ...client,
        AUTH_PROVIDER: 'openid',
        OIDC_ISSUER_URL: idp.issuer,
        ALLOWED_OIDC_ROLES: 'ops,sre',
      });
      gitlab = await startTestServer(engine, {
        ...client,
        AUTH_PROVIDER: 'gitlab',
        GITLAB_URL: idp.issuer,
        ALLOWED_GITLAB_GROUPS: 'team-a,team-c',
      });
    });
    after(async () => {
      await nested.close();
      await gated.close();
      await gitlab.close();
      await idp.close();
    });

    const signIn = async (target: TestServer, provider: string, sub: string, claims: Record<string, unknown>) => {
      const code = await idp.authorize({ sub, claims });
      return target.app.inject({
        method: 'POST',
        url: `/api/auth/${provider}`,
        payload: { code, clientId: idp.clientId, redirectUri: idp.redirectUri },
      });
    };

    it('reads roles and groups through dotted OIDC_ROLE_CLAIM and OIDC_GROUP_CLAIM into the issued token', async () => {
      const response = await signIn(nested, 'openid', 'kc-nested', {
        preferred_username: 'nora',
        email: 'nora@example.com',
        email_verified: true,
        realm_access: { roles: ['ops', 'offline_access'] },
        resource_access: { alerta: { groups: ['team-a', 'team-b'] }, other: { groups: ['elsewhere'] } },
        // The default claim names hold something else, which must not be read once the settings name others.
        roles: ['decoy-role'],
        groups: ['decoy-group'],
      });
      assert.equal(response.statusCode, 200, response.body);
      const claims = decodeJwt(String(body(response).token));
      assert.equal(claims.preferred_username, 'nora');
      assert.deepEqual(claims.roles, ['user', 'ops', 'offline_access']);
      assert.deepEqual(claims.groups, ['team-a', 'team-b']);

      // A provider that leaves the nested claim out gives the stored roles only, and no groups.
      const bare = await signIn(nested, 'openid', 'kc-bare', { email: 'bare@example.com', roles: ['decoy-role'] });
      assert.equal(bare.statusCode, 200, bare.body);
      const bareClaims = decodeJwt(String(body(bare).token));
      assert.deepEqual(bareClaims.roles, ['user']);
      assert.equal(bareClaims.groups, undefined);
    });

    it('refuses a user without one of ALLOWED_OIDC_ROLES, writing nothing, and admits one with it', async () => {
      const users = await gated.store.users.count();
      const refusals: [string, Record<string, unknown>][] = [
        ['no-roles', { preferred_username: 'nils' }],
        ['other-role', { preferred_username: 'olga', roles: ['viewer'] }],
        // A group of the same name is no role.
        ['group-only', { preferred_username: 'gus', groups: ['ops'] }],
      ];
      for (const [sub, claims] of refusals) {
        const refused = await signIn(gated, 'openid', sub, { email: `${sub}@example.com`, ...claims });
        assert.equal(refused.statusCode, 403, `${sub}: ${refused.body}`);
        assert.equal(body(refused).status, 'error');
        assert.equal(body(refused).message, `User ${String(claims.preferred_username)} is not authorized`);
        assert.equal(await gated.store.users.get(sub), undefined);
      }
      assert.equal(await gated.store.users.count(), users);

      const admitted = await signIn(gated, 'openid', 'has-role', {
        preferred_username: 'sam',
        email: 'sam@example.com',
        roles: ['viewer', 'sre'],
      });
      assert.equal(admitted.statusCode, 200, admitted.body);
      assert.deepEqual(decodeJwt(String(body(admitted).token)).roles, ['user', 'viewer', 'sre']);
      assert.equal((await gated.store.users.get('has-role'))?.login, 'sam');
    });

    it('lets GitLab users in by ALLOWED_GITLAB_GROUPS, judged on their groups, not their roles', async () => {
      const users = await gitlab.store.users.count();
      const outsider = await signIn(gitlab, 'gitlab', 'gl-roles', {
        preferred_username: 'rita',
        email: 'rita@example.com',
        roles: ['team-a', 'team-c'],
        groups: ['team-b'],
      });
      assert.equal(outsider.statusCode, 403, outsider.body);
      assert.equal(body(outsider).message, 'User rita is not authorized');
      assert.equal(await gitlab.store.users.count(), users);

      const member = await signIn(gitlab, 'gitlab', 'gl-member', {
        preferred_username: 'cleo',
        email: 'cleo@example.com',
        groups: ['team-b', 'team-c'],
      });
      assert.equal(member.statusCode, 200, member.body);
      const claims = decodeJwt(String(body(member).token));
      assert.equal(claims.provider, 'gitlab');
      assert.deepEqual(claims.groups, ['team-b', 'team-c']);
    });
  });

  describe('logout without an end-session endpoint (docs/api/auth.md#routes)', () => {
    let idp: Idp;
    let passwords: TestServer;
    let withoutEndSession: TestServer;
    let unreachable: TestServer;
    before(async () => {
      idp = await startIdp({ endSession: false });
      const client = { BASE_URL, OAUTH2_CLIENT_ID: idp.clientId, OAUTH2_CLIENT_SECRET: idp.clientSecret };
      passwords = await startTestServer(engine, { BASE_URL });
      withoutEndSession = await startTestServer(engine, {
        ...client,
        AUTH_PROVIDER: 'openid',
        OIDC_ISSUER_URL: idp.issuer,
      });
      unreachable = await startTestServer(engine, {
        ...client,
        AUTH_PROVIDER: 'keycloak',
        OIDC_ISSUER_URL: `http://127.0.0.1:${await closedPort()}/realms/gone`,
      });
    });
    after(async () => {
      await passwords.close();
      await withoutEndSession.close();
      await unreachable.close();
      await idp.close();
    });

    it('answers ok with the "not configured" message on GET and POST, needing no credentials', async () => {
      for (const server of [passwords, withoutEndSession, unreachable]) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await server.app.inject({ method, url: '/api/auth/logout' });
          assert.equal(response.statusCode, 200, `${server.settings.AUTH_PROVIDER} ${method}: ${response.body}`);
          assert.deepEqual(body(response), NO_END_SESSION);
        }
      }
      // The provider is reachable and discovered; it just offers no end-session endpoint.
      const config = body(await withoutEndSession.app.inject({ method: 'GET', url: '/api/config' }));
      assert.equal(config.oidc_auth_url, `${idp.issuer}/auth`);
    });
  });
});
