import assert from 'node:assert/strict';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { OIDC_PROVIDERS, type OidcProvider, issuerUrl } from '../src/auth/oidc.js';
import { type TestServer, body, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { type Idp, startIdp } from './support/oidc-idp.js';

const BASE_URL = 'http://alerta.test/api';

forEachEngine((engine) => {
  describe('provider routes on servers not set up for them', () => {
    let idp: Idp;
    let passwords: TestServer;
    let noClient: TestServer;
    before(async () => {
      idp = await startIdp();
      // Everything a provider needs is there except that it is not the AUTH_PROVIDER: the server signs in by password.
      passwords = await startTestServer(engine, {
        BASE_URL,
        SIGNUP_ENABLED: 'false',
        OIDC_ISSUER_URL: idp.issuer,
        OAUTH2_CLIENT_ID: idp.clientId,
        OAUTH2_CLIENT_SECRET: idp.clientSecret,
      });
      // An OIDC server without OAUTH2_CLIENT_ID once took the client, and so the audience, from the caller.
      noClient = await startTestServer(engine, {
        BASE_URL,
        AUTH_PROVIDER: 'openid',
        OIDC_ISSUER_URL: idp.issuer,
        OAUTH2_CLIENT_SECRET: idp.clientSecret,
      });
    });
    after(async () => {
      await passwords.close();
      await noClient.close();
      await idp.close();
    });

    const codeFor = async (sub: string) => ({
      code: await idp.authorize({ sub, claims: { email: `${sub}@example.com`, email_verified: true } }),
      clientId: idp.clientId,
      redirectUri: idp.redirectUri,
    });

    it('refuses every provider route when AUTH_PROVIDER is basic, even with a valid code', async () => {
      for (const route of ['openid', 'keycloak', 'azure', 'google', 'gitlab', 'cognito', 'pingfederate', 'github']) {
        const response = await passwords.app.inject({
          method: 'POST',
          url: `/api/auth/${route}`,
          payload: await codeFor(`basic-${route}`),
        });
        assert.equal(response.statusCode, 400, `${route}: ${response.body}`);
        assert.equal(body(response).status, 'error');
        assert.equal(body(response).message, `${route} sign-in is not enabled: AUTH_PROVIDER is basic`);
      }
      assert.equal(await passwords.store.users.count(), 0);
    });

    it('refuses sign-in without OAUTH2_CLIENT_ID, whatever client the body names', async () => {
      const response = await noClient.app.inject({
        method: 'POST',
        url: '/api/auth/openid',
        payload: await codeFor('no-client'),
      });
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(body(response).status, 'error');
      assert.equal(body(response).message, 'openid sign-in is not configured: OAUTH2_CLIENT_ID is not set');
      assert.equal(await noClient.store.users.count(), 0);
    });
  });

  // docs/api/auth.md#identity-providers: the discovery document must name exactly the issuer it was fetched for.
  describe('a discovery document that names another issuer', () => {
    let idp: Idp;
    let impostor: Server;
    let impostorIssuer: string;
    let misled: TestServer;
    let direct: TestServer;
    before(async () => {
      idp = await startIdp();
      // Serves the real provider's discovery document, its issuer, endpoints and keys included, from another address.
      impostor = createServer((req, res) => {
        if (req.url !== '/.well-known/openid-configuration') return void res.writeHead(404).end();
        fetch(`${idp.issuer}/.well-known/openid-configuration`)
          .then((answer) => answer.text())
          .then(
            (text) => res.writeHead(200, { 'content-type': 'application/json' }).end(text),
            () => res.writeHead(502).end(),
          );
      });
      await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
      impostorIssuer = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
      const client = { BASE_URL, AUTH_PROVIDER: 'openid', OAUTH2_CLIENT_ID: idp.clientId };
      misled = await startTestServer(engine, {
        ...client,
        OIDC_ISSUER_URL: impostorIssuer,
        OAUTH2_CLIENT_SECRET: idp.clientSecret,
      });
      direct = await startTestServer(engine, {
        ...client,
        OIDC_ISSUER_URL: idp.issuer,
        OAUTH2_CLIENT_SECRET: idp.clientSecret,
      });
    });
    after(async () => {
      await misled.close();
      await direct.close();
      await new Promise<void>((resolve, reject) => impostor.close((error) => (error ? reject(error) : resolve())));
      await idp.close();
    });

    const signIn = async (server: TestServer, sub: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/openid',
        payload: {
          code: await idp.authorize({ sub, claims: { email: `${sub}@example.com`, email_verified: true } }),
          clientId: idp.clientId,
          redirectUri: idp.redirectUri,
        },
      });

    it('refuses sign-in with a code the provider it names would take, and tells the console of no endpoint', async () => {
      const refused = await signIn(misled, 'misled');
      assert.equal(refused.statusCode, 502, refused.body);
      assert.equal(body(refused).status, 'error');
      assert.equal(
        body(refused).message,
        `identity provider discovery document names issuer "${idp.issuer}", not the configured "${impostorIssuer}"`,
      );
      assert.equal(await misled.store.users.count(), 0);
      const config = await misled.app.inject({ method: 'GET', url: '/api/config' });
      assert.equal(body(config).oidc_auth_url, null);

      // The same kind of code signs in where the configured issuer is the provider's own.
      const accepted = await signIn(direct, 'direct');
      assert.equal(accepted.statusCode, 200, accepted.body);
    });
  });
});

describe('the issuer each OIDC provider is discovered at', () => {
  const base = {
    OIDC_ISSUER_URL: null,
    KEYCLOAK_URL: 'https://sso.example.com/',
    KEYCLOAK_REALM: 'ops',
    AZURE_TENANT: 'contoso.onmicrosoft.com',
    GITLAB_URL: 'https://gitlab.example.com',
    AWS_REGION: 'eu-west-1',
    COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf',
    PINGFEDERATE_URL: 'https://ping.example.com',
  };

  it("builds it from the provider's own settings", () => {
    const expected: Record<OidcProvider, string | null> = {
      keycloak: 'https://sso.example.com/realms/ops',
      azure: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
      google: 'https://accounts.google.com',
      gitlab: 'https://gitlab.example.com',
      cognito: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf',
      pingfederate: 'https://ping.example.com',
      openid: null,
    };
    for (const provider of OIDC_PROVIDERS) assert.equal(issuerUrl(base, provider), expected[provider], provider);
  });

  it('has none for a provider whose settings are missing, and OIDC_ISSUER_URL wins for all', () => {
    const missing = { ...base, KEYCLOAK_REALM: null, COGNITO_USER_POOL_ID: null, PINGFEDERATE_URL: null };
    for (const provider of ['keycloak', 'cognito', 'pingfederate', 'openid'] as const) {
      assert.equal(issuerUrl(missing, provider), null, provider);
    }
    const explicit = { ...base, OIDC_ISSUER_URL: 'https://idp.example.com' };
    for (const provider of OIDC_PROVIDERS) assert.equal(issuerUrl(explicit, provider), 'https://idp.example.com');
  });
});
