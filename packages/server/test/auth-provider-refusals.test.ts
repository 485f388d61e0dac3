import assert from 'node:assert/strict';
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
