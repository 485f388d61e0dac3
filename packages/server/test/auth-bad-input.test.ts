import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signEmailToken } from '../src/auth/email-tokens.js';
import { TEST_SECRET, type TestServer, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/** A raw JSON payload, sent as it is written: `null`, a list, a string and fields of the wrong type included. */
type Case = [url: string, payload: string, code: number, message: string];

const MISSING = "must supply 'username' and 'password'";
const NOT_AN_OBJECT = (what: string) => `Invalid input: expected object, received ${what}`;

/**
 * docs/api/auth.md#routes: the sign-in routes take their bodies from route schemas, and answer bad input as they
 * always have. Login answers 401 for any body it cannot use; the other routes give the first problem's own text, read
 * a `null` body as an empty one, and check their provider or token before they look at the body.
 */
forEachEngine((engine) => {
  describe('sign-in routes with bad input', () => {
    let server: TestServer;
    let closed: TestServer;
    let openid: TestServer;
    let resetToken = '';

    before(async () => {
      server = await startTestServer(engine, { SIGNUP_ENABLED: 'true' });
      closed = await startTestServer(engine);
      // The issuer is never reached: every case here is refused before the code is exchanged.
      openid = await startTestServer(engine, {
        AUTH_PROVIDER: 'openid',
        OAUTH2_CLIENT_ID: 'alerta-console',
        OIDC_ISSUER_URL: 'http://127.0.0.1:9/realms/none',
      });
      await createUser(server.store, { login: 'rita', password: 'rita-pass' });
      const rita = await server.store.users.findByLoginOrEmail('rita');
      assert.ok(rita);
      resetToken = signEmailToken(TEST_SECRET, 'reset', rita.id);
    });
    after(async () => {
      await server.close();
      await closed.close();
      await openid.close();
    });

    const send = (target: TestServer, [url, payload]: Case) =>
      target.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: { 'content-type': 'application/json' },
        payload,
      });

    async function expectAnswers(target: TestServer, cases: readonly Case[]): Promise<void> {
      for (const testCase of cases) {
        const [url, payload, code, message] = testCase;
        const response = await send(target, testCase);
        const answer = body(response);
        assert.equal(response.statusCode, code, `${url} ${payload}: ${response.body}`);
        assert.equal(answer.status, 'error');
        assert.equal(answer.code, code);
        assert.equal(answer.message, message, `${url} ${payload}`);
        assert.equal(answer.errors, null, `${url} ${payload}`);
      }
    }

    it('answers login 401 for every body it cannot use', async () => {
      await expectAnswers(server, [
        ['/auth/login', 'null', 401, MISSING],
        ['/auth/login', '[]', 401, MISSING],
        ['/auth/login', '"rita"', 401, MISSING],
        ['/auth/login', '{}', 401, MISSING],
        ['/auth/login', '{"username":5,"password":"rita-pass"}', 401, MISSING],
        ['/auth/login', JSON.stringify({ username: 'rita', password: 'x'.repeat(2000) }), 401, MISSING],
      ]);
    });

    it('answers signup, forgot and reset with the first problem, a null body counting as empty', async () => {
      await expectAnswers(server, [
        ['/auth/signup', 'null', 400, "missing 'email'"],
        ['/auth/signup', '[]', 400, NOT_AN_OBJECT('array')],
        ['/auth/signup', '"x"', 400, NOT_AN_OBJECT('string')],
        ['/auth/signup', '7', 400, NOT_AN_OBJECT('number')],
        ['/auth/signup', '{"email":5,"password":6}', 400, "'email' must be a string"],
        ['/auth/signup', '{"name":1,"email":"a@example.com"}', 400, "'name' must be a string"],
        ['/auth/forgot', 'null', 400, 'invalid email address'],
        ['/auth/forgot', '[]', 400, NOT_AN_OBJECT('array')],
        ['/auth/forgot', '{"email":5}', 400, "'email' must be a string"],
        [`/auth/reset/${resetToken}`, 'null', 400, "missing 'password'"],
        [`/auth/reset/${resetToken}`, '[]', 400, NOT_AN_OBJECT('array')],
        [`/auth/reset/${resetToken}`, '{"password":5}', 400, "'password' must be a string"],
      ]);
    });

    it('checks the token, the provider and whether signup is open before the body', async () => {
      await expectAnswers(server, [
        ['/auth/reset/not-a-token', '[]', 400, 'invalid token'],
        ['/auth/reset/not-a-token', '{"password":5}', 400, 'invalid token'],
        ['/auth/openid', '[]', 400, 'openid sign-in is not enabled: AUTH_PROVIDER is basic'],
        ['/auth/keycloak', '{"code":5}', 400, 'keycloak sign-in is not enabled: AUTH_PROVIDER is basic'],
        ['/auth/github', '"x"', 400, 'github sign-in is not enabled: AUTH_PROVIDER is basic'],
        ['/auth/cas', '{"ticket":5}', 400, 'cas sign-in is not enabled: AUTH_PROVIDER is basic'],
      ]);
      await expectAnswers(closed, [
        ['/auth/signup', '[]', 403, 'user signup is disabled'],
        ['/auth/signup', '{"email":5}', 403, 'user signup is disabled'],
      ]);
      await expectAnswers(openid, [
        ['/auth/keycloak', '[]', 400, 'keycloak sign-in is not enabled: AUTH_PROVIDER is openid'],
        ['/auth/signup', '[]', 403, 'user signup is disabled'],
      ]);
    });

    it('answers a provider code exchange with the first problem once the provider is enabled', async () => {
      await expectAnswers(openid, [
        ['/auth/openid', 'null', 400, "missing 'code'"],
        ['/auth/openid', '[]', 400, NOT_AN_OBJECT('array')],
        ['/auth/openid', '{"code":1,"redirectUri":2}', 400, "'code' must be a string"],
        ['/auth/openid', '{"code":"c"}', 400, "missing 'redirectUri'"],
        [
          '/auth/openid',
          '{"code":"c","redirectUri":"http://console.test/","clientId":"someone-else"}',
          400,
          "'clientId' is not this server's OAUTH2_CLIENT_ID",
        ],
      ]);
    });
  });
});
