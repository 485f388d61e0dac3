import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, apiClient, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/**
 * What the official `alerta` CLI and SDK (python-alerta-client 8.5.3) send, where it differs from what the reference
 * server accepts; compat/ drives the real client, these pin each fix on both engines (compat/README.md).
 */

const ADMIN = basic('admin@example.com', 'admin-password');

forEachEngine((engine) => {
  describe('requests of the official alerta client', () => {
    let server: TestServer;
    const api = apiClient(() => server);
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'admin@example.com' });
      await createUser(server.store, { login: 'admin@example.com', password: 'admin-password', roles: [] });
    });
    after(() => server.close());

    it('alerta me: the status (null) and the empty attributes it always sends ask for no change', async () => {
      // The body of `alerta me --name Ada --text 'from the CLI'`.
      const answer = await api.ok('PUT', '/user/me', ADMIN, {
        name: 'Ada',
        email: null,
        password: null,
        status: null,
        attributes: {},
        text: 'from the CLI',
      });
      const user = answer.user as Record<string, unknown>;
      assert.deepEqual([user.name, user.text, user.status, user.attributes], ['Ada', 'from the CLI', 'active', {}]);
    });

    it('PUT /user/me still refuses a status, attributes or roles that would change something', async () => {
      for (const [field, value] of [
        ['status', 'inactive'],
        ['attributes', { theme: 'dark' }],
        ['roles', ['admin']],
      ] as const) {
        const refused = await api.call('PUT', '/user/me', ADMIN, { text: 'x', [field]: value });
        assert.equal(refused.status, 400, field);
        assert.equal(refused.body.message, `not allowed to update: ${field}`);
      }
      const user = (await api.ok('GET', '/user/me', ADMIN)).user as Record<string, unknown>;
      assert.deepEqual([user.status, user.attributes, user.text], ['active', {}, 'from the CLI']);
    });

    it('alerta perms --scope: `scopes=` filters the roles by scope, as `scope=` does', async () => {
      await api.ok('POST', '/perm', ADMIN, { match: 'ops', scopes: ['read:alerts', 'write:alerts'] });
      await api.ok('POST', '/perm', ADMIN, { match: 'viewers', scopes: ['read'] });
      const roles = async (query: string) =>
        ((await api.ok('GET', `/perms?${query}`, ADMIN)).permissions as { match: string }[]).map((p) => p.match);
      assert.deepEqual(await roles('scopes=write:alerts'), ['ops']);
      assert.deepEqual(await roles('scopes=write:alerts'), await roles('scope=write:alerts'));
      assert.deepEqual(await roles('scopes=read'), ['admin', 'user', 'viewers']);
      assert.deepEqual(await roles('scopes=write:alerts&scopes=read'), ['admin', 'user', 'ops', 'viewers']);
    });
  });
});
