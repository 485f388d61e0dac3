import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT, decodeJwt } from 'jose';
import {
  TEST_SECRET,
  type TestServer,
  alertBody,
  basic,
  bearer,
  body,
  createUser,
  loginToken,
  startTestServer,
} from './support/app.js';
import { forEachEngine } from './support/engines.js';

const BASE_URL = 'http://alerta.test/api';
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(claims: Record<string, unknown>, secret = TEST_SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'read write', preferred_username: 'bob', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(typeof claims.aud === 'string' ? claims.aud : BASE_URL)
    .setIssuedAt(now)
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : now + 600)
    .sign(new TextEncoder().encode(secret));
}

forEachEngine((engine) => {
  describe('with AUTH_REQUIRED (the default)', () => {
    let server: TestServer;
    /** The id of alice, whom the hand-made tokens below name. */
    let alice = '';
    before(async () => {
      server = await startTestServer(engine, { BASE_URL, ADMIN_USERS: 'boss@example.com' });
      await createUser(server.store, { login: 'alice', password: 'alice-password', roles: ['user'] });
      alice = (await server.store.users.findByLoginOrEmail('alice'))?.id ?? '';
      await createUser(server.store, { login: 'gus', password: 'gus-password', roles: ['guest'] });
      await createUser(server.store, { login: 'ivan', password: 'ivan-password', status: 'inactive' });
      await createUser(server.store, {
        login: 'boss',
        email: 'boss@example.com',
        password: 'boss-password',
        roles: [],
      });
    });
    after(() => server.close());

    const get = (headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'GET', url: '/api/alerts', headers });

    it('logs in by login or email and issues the claims of docs/api/auth.md#tokens', async () => {
      const token = await loginToken(server.app, 'alice', 'alice-password');
      const claims = decodeJwt(token);
      assert.equal(claims.aud, BASE_URL);
      assert.equal(claims.iss, BASE_URL);
      assert.equal(claims.typ, 'Bearer');
      assert.equal(claims.preferred_username, 'alice');
      assert.equal(claims.provider, 'basic');
      assert.equal(claims.scope, 'read write');
      assert.deepEqual(claims.roles, ['user']);
      assert.equal(claims.groups, undefined, 'empty claims are left out');
      assert.ok(typeof claims.jti === 'string' && typeof claims.sub === 'string');
      assert.equal((claims.exp ?? 0) - (claims.iat ?? 0), 14 * 86400);
      const byEmail = await loginToken(server.app, 'alice@example.com', 'alice-password');
      assert.equal((await get(bearer(byEmail))).statusCode, 200);
      const admin = decodeJwt(await loginToken(server.app, 'boss', 'boss-password'));
      assert.equal(admin.scope, 'admin read write');
      assert.deepEqual(admin.roles, ['admin']);
    });

    it('refuses logins with missing or wrong credentials, and inactive users', async () => {
      const login = (payload: Record<string, unknown>) =>
        server.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      const missing = await login({ username: 'alice' });
      assert.equal(missing.statusCode, 401);
      assert.equal(body(missing).message, "must supply 'username' and 'password'");
      const wrong = await login({ username: 'alice', password: 'nope' });
      assert.equal(wrong.statusCode, 401);
      assert.equal(body(wrong).message, 'Invalid username or password');
      const nobody = await login({ username: 'nobody', password: 'nope' });
      assert.equal(body(nobody).message, 'Invalid username or password');
      const inactive = await login({ username: 'ivan', password: 'ivan-password' });
      assert.equal(inactive.statusCode, 403);
      assert.equal(body(inactive).message, 'User ivan not active');
    });

    it('answers 401 without credentials', async () => {
      const response = await get();
      assert.equal(response.statusCode, 401);
      assert.equal(body(response).message, 'Missing authorization API Key or Bearer Token');
    });

    it('rejects expired, tampered, wrongly signed, wrong-audience and unsigned tokens', async () => {
      const refused = async (token: string, message: string) => {
        const response = await get(bearer(token));
        assert.equal(response.statusCode, 401, message);
        assert.equal(body(response).status, 'error');
        assert.equal(body(response).message, message);
      };
      await refused(await sign({ sub: alice, exp: Math.floor(Date.now() / 1000) - 10 }), 'Token has expired');

      const good = await sign({ sub: alice });
      assert.equal((await get(bearer(good))).statusCode, 200);
      const [header, , signature] = good.split('.');
      await refused(`${header}.${b64({ ...decodeJwt(good), scope: 'admin' })}.${signature}`, 'Token is invalid');
      await refused(await sign({ sub: alice }, 'another-secret-key-of-sufficient-length!!'), 'Token is invalid');
      await refused(await sign({ sub: alice, aud: 'http://elsewhere.test/api' }), 'Invalid audience');

      // `alg: none`, with and without a signature part, and a token signed by another HMAC algorithm.
      await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(decodeJwt(good))}.`, 'Token is invalid');
      await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(decodeJwt(good))}`, 'Token is invalid');
      const hs512 = await new SignJWT(decodeJwt(good))
        .setProtectedHeader({ alg: 'HS512' })
        .sign(new TextEncoder().encode(TEST_SECRET));
      await refused(hs512, 'Token is invalid');

      await refused('not-a-token', 'Token is invalid');
      // Every token this server issues names its user; a correctly signed one that names nobody is not trusted.
      await refused(await sign({}), 'Token is invalid');
    });

    it('accepts Basic auth by login or email and refuses a wrong password with a realm', async () => {
      assert.equal((await get(basic('alice', 'alice-password'))).statusCode, 200);
      assert.equal((await get(basic('alice@example.com', 'alice-password'))).statusCode, 200);
      const wrong = await get(basic('alice', 'bad'));
      assert.equal(wrong.statusCode, 401);
      assert.equal(body(wrong).message, 'Authorization required');
      assert.equal(wrong.headers['www-authenticate'], 'Basic realm=Alerta');
    });

    it('refuses Basic credentials of an inactive user as the login does', async () => {
      const inactive = await get(basic('ivan', 'ivan-password'));
      assert.equal(inactive.statusCode, 403);
      assert.equal(body(inactive).message, 'User ivan not active');
    });

    it('answers 403 when a scope is missing', async () => {
      const guest = basic('gus', 'gus-password');
      assert.equal((await get(guest)).statusCode, 200, 'guests hold read:alerts');
      const write = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: guest,
        payload: alertBody(),
      });
      assert.equal(write.statusCode, 403);
      assert.equal(body(write).message, 'Missing required scope: write:alerts');
      const readOnly = await sign({ sub: alice, scope: 'read' });
      const denied = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: bearer(readOnly),
        payload: alertBody(),
      });
      assert.equal(denied.statusCode, 403);
      const count = body(await get(basic('alice', 'alice-password'))).total;
      assert.equal(count, 0, 'refused writes stored nothing');
    });
  });

  describe('with AUTH_REQUIRED off', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { AUTH_REQUIRED: 'false', BASE_URL });
    });
    after(() => server.close());

    it('lets anonymous callers read and write, but still checks credentials that are sent', async () => {
      const write = await server.app.inject({ method: 'POST', url: '/api/alert', payload: alertBody() });
      assert.equal(write.statusCode, 201);
      assert.equal((await server.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode, 200);
      const bad = await server.app.inject({ method: 'GET', url: '/api/alerts', headers: bearer('junk') });
      assert.equal(bad.statusCode, 401);
    });
  });

  describe('with ALLOW_READONLY', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ALLOW_READONLY: 'true', BASE_URL });
    });
    after(() => server.close());

    it('gives anonymous callers exactly READONLY_SCOPES', async () => {
      assert.equal((await server.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode, 200);
      const write = await server.app.inject({ method: 'POST', url: '/api/alert', payload: alertBody() });
      assert.equal(write.statusCode, 403);
      assert.equal(body(write).message, 'Missing required scope: write:alerts');
      assert.equal(body(await server.app.inject({ method: 'GET', url: '/api/alerts' })).total, 0);
    });
  });
});
