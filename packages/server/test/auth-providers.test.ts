import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { type TestServer, bearer, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { type Idp, startIdp } from './support/oidc-idp.js';

const BASE_URL = 'http://alerta.test/api';

forEachEngine((engine) => {
  describe('OpenID Connect sign-in against a real provider', () => {
    let idp: Idp;
    let server: TestServer;
    let strict: TestServer;
    let cognito: TestServer;
    let gitlab: TestServer;
    before(async () => {
      idp = await startIdp();
      const client = { BASE_URL, OAUTH2_CLIENT_ID: idp.clientId, OAUTH2_CLIENT_SECRET: idp.clientSecret };
      const common = { ...client, OIDC_ISSUER_URL: idp.issuer };
      server = await startTestServer(engine, { ...common, AUTH_PROVIDER: 'openid' });
      strict = await startTestServer(engine, {
        ...common,
        AUTH_PROVIDER: 'keycloak',
        ALLOWED_KEYCLOAK_ROLES: 'ops',
        EMAIL_VERIFICATION: 'true',
        OIDC_LOGOUT_URL: 'https://sso.example.com/logout',
      });
      cognito = await startTestServer(engine, { ...common, AUTH_PROVIDER: 'cognito' });
      // GitLab's issuer is GITLAB_URL itself, so no OIDC_ISSUER_URL is needed to point it at the local provider.
      gitlab = await startTestServer(engine, {
        ...client,
        AUTH_PROVIDER: 'gitlab',
        GITLAB_URL: idp.issuer,
        ALLOWED_GITLAB_GROUPS: 'team-a',
      });
      await createUser(cognito.store, { login: 'pat', email: 'pat@example.com', password: 'pat-password' });
    });
    after(async () => {
      await server.close();
      await strict.close();
      await cognito.close();
      await gitlab.close();
      await idp.close();
    });

    const signIn = (target: TestServer, provider: string, payload: Record<string, unknown>) =>
      target.app.inject({ method: 'POST', url: `/api/auth/${provider}`, payload });
    const withCode = (code: string) => ({ code, clientId: idp.clientId, redirectUri: idp.redirectUri });

    it('exchanges the code, maps roles, groups and email, and issues our token', async () => {
      const code = await idp.authorize({
        sub: 'kc-1001',
        claims: {
          name: 'Quinn Ops',
          preferred_username: 'quinn',
          email: 'quinn@example.com',
          email_verified: true,
          roles: ['ops'],
          groups: ['team-a'],
        },
      });
      const response = await signIn(server, 'openid', withCode(code));
      assert.equal(response.statusCode, 200, response.body);
      const token = String(body(response).token);
      const claims = decodeJwt(token);
      assert.equal(claims.sub, 'kc-1001');
      assert.equal(claims.aud, idp.clientId);
      assert.equal(claims.provider, 'openid');
      assert.equal(claims.preferred_username, 'quinn');
      assert.equal(claims.name, 'Quinn Ops');
      assert.equal(claims.email, 'quinn@example.com');
      assert.equal(claims.email_verified, true);
      assert.deepEqual(claims.roles, ['user', 'ops']);
      assert.deepEqual(claims.groups, ['team-a']);
      assert.equal(claims.scope, 'read write');
      const alerts = await server.app.inject({ method: 'GET', url: '/api/alerts', headers: bearer(token) });
      assert.equal(alerts.statusCode, 200);
      const stored = await server.store.users.get('kc-1001');
      assert.equal(stored?.login, 'quinn');

      // A code works once.
      const again = await signIn(server, 'openid', withCode(code));
      assert.equal(again.statusCode, 401);
      assert.equal(body(again).status, 'error');
    });

    it("signs an existing user in by a verified email, through the generic route or the provider's own", async () => {
      const code = await idp.authorize({
        sub: 'cognito-77',
        claims: { email: 'pat@example.com', email_verified: true, name: 'Pat' },
      });
      // The stock console posts Cognito codes to /auth/openid; the configured provider answers them.
      const response = await signIn(cognito, 'openid', withCode(code));
      assert.equal(response.statusCode, 200, response.body);
      const claims = decodeJwt(String(body(response).token));
      const pat = await cognito.store.users.findByLoginOrEmail('pat');
      assert.equal(claims.sub, pat?.id);
      assert.equal(claims.provider, 'cognito');
      assert.equal(await cognito.store.users.get('cognito-77'), undefined);

      const again = await idp.authorize({
        sub: 'cognito-77',
        claims: { email: 'pat@example.com', email_verified: true },
      });
      const own = await signIn(cognito, 'cognito', withCode(again));
      assert.equal(own.statusCode, 200, own.body);
      assert.equal(decodeJwt(String(body(own).token)).sub, pat?.id);
    });

    it('signs in through GitLab at GITLAB_URL, allowing only ALLOWED_GITLAB_GROUPS', async () => {
      const member = await idp.authorize({
        sub: 'gl-1',
        claims: { preferred_username: 'gina', email: 'gina@example.com', email_verified: true, groups: ['team-a'] },
      });
      // The client id may be left out of the body: the server's own is the only one it uses.
      const response = await signIn(gitlab, 'gitlab', { code: member, redirectUri: idp.redirectUri });
      assert.equal(response.statusCode, 200, response.body);
      const claims = decodeJwt(String(body(response).token));
      assert.equal(claims.provider, 'gitlab');
      assert.equal(claims.preferred_username, 'gina');
      assert.deepEqual(claims.groups, ['team-a']);

      const outsider = await idp.authorize({ sub: 'gl-2', claims: { email: 'otto@example.com', groups: ['team-b'] } });
      const refused = await signIn(gitlab, 'gitlab', withCode(outsider));
      assert.equal(refused.statusCode, 403);
      assert.equal(await gitlab.store.users.get('gl-2'), undefined);
    });

    it('answers only on the routes of the configured provider', async () => {
      const cases: [TestServer, string][] = [
        [server, 'keycloak'],
        [server, 'google'],
        [server, 'github'],
        [strict, 'azure'],
        [cognito, 'google'],
        [gitlab, 'pingfederate'],
      ];
      for (const [target, route] of cases) {
        const users = await target.store.users.count();
        const code = await idp.authorize({ sub: `elsewhere-${route}`, claims: { email_verified: true } });
        const response = await signIn(target, route, withCode(code));
        assert.equal(response.statusCode, 400, `${route}: ${response.body}`);
        assert.equal(body(response).status, 'error');
        assert.match(String(body(response).message), new RegExp(`^${route} sign-in is not enabled: AUTH_PROVIDER is `));
        assert.equal(await target.store.users.count(), users);
      }
    });

    it('refuses bad requests and unauthorised or unverified users without writing anything', async () => {
      const users = await server.store.users.count();
      const missing = await signIn(server, 'openid', { redirectUri: idp.redirectUri });
      assert.equal(missing.statusCode, 400);
      assert.equal(body(missing).message, "missing 'code'");
      const otherClient = await signIn(server, 'openid', { ...withCode('x'), clientId: 'someone-else' });
      assert.equal(otherClient.statusCode, 400);
      assert.equal(body(otherClient).message, "'clientId' is not this server's OAUTH2_CLIENT_ID");
      const bogus = await signIn(server, 'openid', withCode('not-a-real-code'));
      assert.equal(bogus.statusCode, 401);
      assert.equal(await server.store.users.count(), users);

      const strictUsers = await strict.store.users.count();
      const noRole = await idp.authorize({ sub: 'kc-2', claims: { email: 'r@example.com', email_verified: true } });
      const refused = await signIn(strict, 'keycloak', withCode(noRole));
      assert.equal(refused.statusCode, 403);
      assert.match(String(body(refused).message), /is not authorized/);
      const unverified = await idp.authorize({
        sub: 'kc-3',
        claims: { email: 's@example.com', email_verified: false, roles: ['ops'] },
      });
      const notVerified = await signIn(strict, 'keycloak', withCode(unverified));
      assert.equal(notVerified.statusCode, 403);
      assert.equal(body(notVerified).message, 'email not verified');
      assert.equal(await strict.store.users.count(), strictUsers);

      const allowed = await idp.authorize({
        sub: 'kc-4',
        claims: { preferred_username: 'tess', email: 't@example.com', email_verified: true, roles: ['ops'] },
      });
      const signedIn = await signIn(strict, 'keycloak', withCode(allowed));
      assert.equal(signedIn.statusCode, 200, signedIn.body);
      assert.equal(decodeJwt(String(body(signedIn).token)).provider, 'keycloak');
    });

    it('hands out the end-session address on logout and the discovered endpoints in /config', async () => {
      const discovered = await server.app.inject({ method: 'POST', url: '/api/auth/logout' });
      assert.deepEqual(body(discovered), { status: 'ok', logoutUrl: `${idp.issuer}/session/end` });
      const configured = await strict.app.inject({ method: 'GET', url: '/api/auth/logout' });
      assert.deepEqual(body(configured), { status: 'ok', logoutUrl: 'https://sso.example.com/logout' });

      const config = body(await server.app.inject({ method: 'GET', url: '/api/config' }));
      assert.equal(config.provider, 'openid');
      assert.equal(config.client_id, idp.clientId);
      assert.equal(config.oidc_auth_url, `${idp.issuer}/auth`);
      assert.equal(config.signup_enabled, false);
      assert.equal(config.email_verification, false);
      assert.equal(body(await strict.app.inject({ method: 'GET', url: '/api/config' })).email_verification, true);
    });
  });

  describe('GitHub sign-in against a stand-in for its OAuth and API endpoints', () => {
    let server: TestServer;
    let github: ReturnType<typeof createServer>;
    const seen: string[] = [];
    before(async () => {
      // Two users: octo belongs to acme, lone to no organisation.
      const tokens: Record<string, string> = { 'octo-code': 'gho_octo', 'lone-code': 'gho_lone' };
      github = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        req.on('end', () => {
          seen.push(`${req.method ?? ''} ${req.url ?? ''}`);
          const json = (value: unknown) =>
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
          if (req.url === '/login/oauth/access_token') {
            const form = new URLSearchParams(raw);
            const token = tokens[form.get('code') ?? ''];
            if (form.get('client_secret') !== 'gh-secret' || token === undefined) {
              return json({ error: 'bad_verification_code' });
            }
            return json({ access_token: token, token_type: 'bearer' });
          }
          const who = req.headers.authorization?.replace('Bearer ', '');
          if (who !== 'gho_octo' && who !== 'gho_lone') return void res.writeHead(401).end();
          const octo = who === 'gho_octo';
          if (req.url === '/api/v3/user') {
            return json({
              id: octo ? 42 : 43,
              login: octo ? 'octo' : 'lone',
              name: null,
              email: null,
              avatar_url: 'https://avatars.test/1',
            });
          }
          if (req.url === '/api/v3/user/orgs') return json(octo ? [{ login: 'acme' }] : []);
          if (req.url === '/api/v3/user/emails') {
            return json([
              { email: 'octo-old@example.com', primary: false, verified: true },
              { email: 'octo@example.com', primary: true, verified: true },
            ]);
          }
          res.writeHead(404).end();
        });
      });
      await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
      server = await startTestServer(engine, {
        BASE_URL,
        AUTH_PROVIDER: 'github',
        GITHUB_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
        OAUTH2_CLIENT_ID: 'gh-client',
        OAUTH2_CLIENT_SECRET: 'gh-secret',
        ALLOWED_GITHUB_ORGS: 'acme',
      });
    });
    after(async () => {
      await server.close();
      await new Promise<void>((resolve) => github.close(() => resolve()));
    });

    const signIn = (code: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/github',
        payload: { code, clientId: 'gh-client', redirectUri: 'http://console.test/callback' },
      });

    it('exchanges the code and signs in a member of an allowed organisation', async () => {
      const response = await signIn('octo-code');
      assert.equal(response.statusCode, 200, response.body);
      const claims = decodeJwt(String(body(response).token));
      assert.equal(claims.provider, 'github');
      assert.equal(claims.preferred_username, 'octo');
      assert.equal(claims.email, 'octo@example.com');
      assert.equal(claims.email_verified, true);
      assert.deepEqual(claims.orgs, ['acme']);
      assert.equal(claims.picture, 'https://avatars.test/1');
      assert.ok(seen.includes('POST /login/oauth/access_token'));
    });

    it('refuses a bad code and users outside the allowed organisations', async () => {
      const users = await server.store.users.count();
      const bad = await signIn('stolen-code');
      assert.equal(bad.statusCode, 401);
      const outsider = await signIn('lone-code');
      assert.equal(outsider.statusCode, 403);
      assert.equal(body(outsider).message, 'User lone is not authorized');
      assert.equal(await server.store.users.count(), users);
    });
  });
});
