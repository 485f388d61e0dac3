import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

// Requests exactly as the predecessor console (alerta-webui 8.7) sends them, where our server once answered otherwise
// (README "Testing it": the browser test of that console).
const ADMIN = basic('boss', 'boss-password');

forEachEngine((engine) => {
  describe('the predecessor console', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
    });
    after(() => server.close());

    it('creates an API key from the New API Key dialog, which sends an empty key and no scopes', async () => {
      const expireTime = '2031-11-26T23:59:59.999Z';
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/key',
        headers: ADMIN,
        payload: { key: '', user: 'boss', text: 'deploy bot', customer: null, scopes: [], expireTime },
      });
      assert.equal(response.statusCode, 201, response.body);
      const created = body(response);
      const key = created.key as string;
      assert.match(key, /^[\w-]{40}$/);
      const { id, href, ...data } = created.data as Record<string, unknown>;
      assert.match(String(id), /^[\w-]{36}$/);
      assert.match(String(href), new RegExp(`/api/key/${key}$`));
      assert.deepEqual(data, {
        key,
        status: 'active',
        user: 'boss',
        scopes: ['read', 'write'],
        type: 'read-write',
        text: 'deploy bot',
        expireTime,
        count: 0,
        lastUsedTime: null,
        customer: null,
      });
      const used = await server.app.inject({ method: 'GET', url: '/api/alerts', headers: { 'x-api-key': key } });
      assert.equal(used.statusCode, 200, used.body);
    });

    it('still keeps a chosen key string and refuses one that is too short', async () => {
      const chosen = await server.app.inject({
        method: 'POST',
        url: '/api/key',
        headers: ADMIN,
        payload: { key: 'chosen-key-0123', text: 'chosen' },
      });
      assert.equal(chosen.statusCode, 201, chosen.body);
      assert.equal(body(chosen).key, 'chosen-key-0123');
      const short = await server.app.inject({
        method: 'POST',
        url: '/api/key',
        headers: ADMIN,
        payload: { key: 'short' },
      });
      assert.equal(short.statusCode, 400);
      assert.equal(body(short).message, "'key' must be 8 to 128 letters, digits or -._~");
    });
  });
});
