import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { emailTokenDigest, signEmailToken } from '../src/auth/email-tokens.js';
import { TEST_SECRET, type TestServer, basic, body, createUser, loginToken, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const BOSS = basic('boss', 'boss-password-long');

/** A password of exactly `length` characters, told apart from others by its start. */
const exactly = (length: number, start: string) => start.padEnd(length, '-').slice(0, length);

forEachEngine((engine) => {
  describe('PASSWORD_MIN_LENGTH other than the default', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, {
        PASSWORD_MIN_LENGTH: '12',
        ADMIN_USERS: 'boss',
        SIGNUP_ENABLED: 'true',
      });
      await createUser(server.store, { login: 'boss', password: 'boss-password-long', roles: [] });
      for (const login of ['rhea', 'ugo', 'mo']) {
        await createUser(server.store, { login, password: `${login}-old-password` });
      }
    });
    after(() => server.close());

    const call = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
      server.app.inject({ method, url: `/api${url}`, payload, headers });
    const idOf = async (login: string) => {
      const user = await server.store.users.findByLoginOrEmail(login);
      assert.ok(user, `no user ${login}`);
      return user.id;
    };
    /** Asserts an 11-character password was refused with the wording of the route, naming 12. */
    const refusedShort = (response: Awaited<ReturnType<typeof call>>, field: string) => {
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(body(response).status, 'error');
      assert.equal(body(response).message, `${field} must be at least 12 characters`);
    };

    it('holds signup to it', async () => {
      const users = await server.store.users.count();
      const short = await call('POST', '/auth/signup', {
        name: 'Sia',
        email: 'sia@example.com',
        password: exactly(11, 'sia'),
      });
      refusedShort(short, 'password');
      assert.equal(await server.store.users.count(), users);
      const signedUp = await call('POST', '/auth/signup', {
        name: 'Sia',
        email: 'sia@example.com',
        password: exactly(12, 'sia'),
      });
      assert.equal(signedUp.statusCode, 200, signedUp.body);
      await loginToken(server.app, 'sia@example.com', exactly(12, 'sia'));
    });

    it('holds password reset to it, without using up the link', async () => {
      const token = signEmailToken(TEST_SECRET, 'reset', await idOf('rhea'));
      await server.store.users.setEmailToken(await idOf('rhea'), emailTokenDigest(token));
      refusedShort(await call('POST', `/auth/reset/${token}`, { password: exactly(11, 'rhea') }), 'password');
      await loginToken(server.app, 'rhea', 'rhea-old-password');
      const reset = await call('POST', `/auth/reset/${token}`, { password: exactly(12, 'rhea') });
      assert.equal(reset.statusCode, 200, reset.body);
      await loginToken(server.app, 'rhea', exactly(12, 'rhea'));
    });

    it('holds POST /user to it', async () => {
      const user = { name: 'Nell', login: 'nell', email: 'nell@example.com' };
      refusedShort(await call('POST', '/user', { ...user, password: exactly(11, 'nell') }, BOSS), "'password'");
      assert.equal(await server.store.users.findByLoginOrEmail('nell'), undefined);
      const created = await call('POST', '/user', { ...user, password: exactly(12, 'nell') }, BOSS);
      assert.equal(created.statusCode, 201, created.body);
      await loginToken(server.app, 'nell', exactly(12, 'nell'));
    });

    it('holds PUT /user/{id} to it', async () => {
      const url = `/user/${await idOf('ugo')}`;
      refusedShort(await call('PUT', url, { password: exactly(11, 'ugo') }, BOSS), "'password'");
      await loginToken(server.app, 'ugo', 'ugo-old-password');
      const changed = await call('PUT', url, { password: exactly(12, 'ugo') }, BOSS);
      assert.equal(changed.statusCode, 200, changed.body);
      await loginToken(server.app, 'ugo', exactly(12, 'ugo'));
    });

    it('holds PUT /user/me to it', async () => {
      const mo = basic('mo', 'mo-old-password');
      refusedShort(await call('PUT', '/user/me', { password: exactly(11, 'mo') }, mo), "'password'");
      await loginToken(server.app, 'mo', 'mo-old-password');
      const changed = await call('PUT', '/user/me', { password: exactly(12, 'mo') }, mo);
      assert.equal(changed.statusCode, 200, changed.body);
      await loginToken(server.app, 'mo', exactly(12, 'mo'));
    });
  });
});
