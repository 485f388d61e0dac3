import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const ADMIN = basic('boss', 'boss-password');
const ALICE = basic('alice', 'alice-password');
const BOB = basic('bob', 'bob-password');

forEachEngine((engine) => {
  describe('API keys (docs/api/keys.md, docs/api/auth.md#credentials)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'alice', password: 'alice-password' });
      await createUser(server.store, { login: 'bob', password: 'bob-password' });
    });
    after(() => server.close());

    const createKey = async (headers: Record<string, string>, payload: Record<string, unknown> = {}) => {
      const response = await server.app.inject({ method: 'POST', url: '/api/key', headers, payload });
      return { response, json: body(response) };
    };
    const keyOf = async (headers: Record<string, string>, payload: Record<string, unknown> = {}) => {
      const { response, json } = await createKey(headers, payload);
      assert.equal(response.statusCode, 201, response.body);
      return json.key as string;
    };
    const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
      server.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

    it('creates a key with the default scopes, a year of validity and the documented fields', async () => {
      const { response, json } = await createKey(ALICE, { text: 'ci' });
      assert.equal(response.statusCode, 201);
      const key = json.key as string;
      assert.match(key, /^[\w-]{40}$/);
      const data = json.data as Record<string, unknown>;
      assert.equal(data.key, key);
      assert.equal(data.user, 'alice');
      assert.deepEqual(data.scopes, ['read', 'write']);
      assert.equal(data.type, 'read-write');
      assert.equal(data.status, 'active');
      assert.equal(data.text, 'ci');
      assert.equal(data.count, 0);
      assert.equal(data.lastUsedTime, null);
      assert.equal(data.customer, null);
      assert.match(data.href as string, new RegExp(`/api/key/${key}$`));
      const days = (Date.parse(data.expireTime as string) - Date.now()) / 86_400_000;
      assert.ok(days > 364.9 && days <= 365, `expires in ${days} days`);
    });

    it('accepts a key in the Authorization header, X-API-Key or ?api-key=', async () => {
      const key = await keyOf(ALICE);
      for (const [headers, url] of [
        [{ authorization: `Key ${key}` }, '/api/alerts'],
        [{ 'x-api-key': key }, '/api/alerts'],
        [{}, `/api/alerts?api-key=${key}`],
      ] as const) {
        const response = await request('GET', url, headers);
        assert.equal(response.statusCode, 200, `${url} ${JSON.stringify(headers)}`);
      }
    });

    it('refuses unknown and expired keys with 401', async () => {
      const unknown = await request('GET', '/api/alerts', { 'x-api-key': 'no-such-key-at-all' });
      assert.equal(unknown.statusCode, 401);
      assert.equal(body(unknown).message, "API key parameter 'no-such-key-at-all' is invalid");
      const expired = await keyOf(ALICE, { expireTime: '2020-01-01T00:00:00.000Z' });
      const response = await request('GET', '/api/alerts', { authorization: `Key ${expired}` });
      assert.equal(response.statusCode, 401);
    });

    it('maps type to scopes and lets a read-only key read but not write', async () => {
      const { json } = await createKey(ALICE, { type: 'read-only', scopes: ['write'] });
      assert.deepEqual((json.data as Record<string, unknown>).scopes, ['read']);
      assert.equal((json.data as Record<string, unknown>).type, 'read-only');
      const key = json.key as string;
      assert.equal((await request('GET', '/api/alerts', { 'x-api-key': key })).statusCode, 200);
      const write = await request('POST', '/api/alert', { 'x-api-key': key }, alertBody());
      assert.equal(write.statusCode, 403);
      assert.equal(body(write).message, 'Missing required scope: write:alerts');
      const admin = await createKey(ADMIN, { type: 'read-write' });
      assert.deepEqual((admin.json.data as Record<string, unknown>).scopes, ['admin', 'read', 'write']);
    });

    it('limits the scopes of a new key to the caller’s own', async () => {
      const { response, json } = await createKey(ALICE, { scopes: ['read', 'admin:keys'] });
      assert.equal(response.statusCode, 403);
      assert.equal(json.message, "Requested scope 'admin:keys' not in existing scopes: read,write");
      const narrower = await createKey(ALICE, { scopes: ['read:alerts', 'write:heartbeats'] });
      assert.equal(narrower.response.statusCode, 201);
      assert.equal((await createKey(ALICE, { scopes: ['nonsense scope'] })).response.statusCode, 400);
      // A key cannot mint a key with more than it holds either.
      const readKey = await keyOf(ALICE, { scopes: ['read', 'write:keys'] });
      const fromKey = await createKey({ 'x-api-key': readKey }, { scopes: ['write'] });
      assert.equal(fromKey.response.statusCode, 403);
      const allowed = await createKey({ 'x-api-key': readKey }, { scopes: ['read:alerts'] });
      assert.equal(allowed.response.statusCode, 201);
      assert.equal((allowed.json.data as Record<string, unknown>).user, 'alice');
    });

    it('answers bad bodies with 400 naming the field', async () => {
      const { response, json } = await createKey(ALICE, { scopes: 'read' });
      assert.equal(response.statusCode, 400);
      assert.match(json.message as string, /'scopes' must be a list/);
      assert.equal((await createKey(ALICE, { type: 'everything' })).response.statusCode, 400);
      assert.equal((await createKey(ALICE, { expireTime: 'tomorrow' })).response.statusCode, 400);
      const chosen = await createKey(ALICE, { key: 'my-own-chosen-key-1' });
      assert.equal(chosen.response.statusCode, 201);
      assert.equal((await createKey(BOB, { key: 'my-own-chosen-key-1' })).response.statusCode, 409);
    });

    it('lets admins create keys for other users; others always get their own', async () => {
      const forBob = await createKey(ADMIN, { user: 'bob', scopes: ['read'] });
      assert.equal((forBob.json.data as Record<string, unknown>).user, 'bob');
      const sneaky = await createKey(ALICE, { user: 'bob' });
      assert.equal((sneaky.json.data as Record<string, unknown>).user, 'alice');
    });

    it('lists and shows only the caller’s keys unless the caller holds admin:keys', async () => {
      const bobKey = await keyOf(BOB, { text: 'bob only' });
      const mine = body(await request('GET', '/api/keys', ALICE));
      const keys = mine.keys as Record<string, unknown>[];
      assert.ok(keys.length > 0 && keys.every((k) => k.user === 'alice'));
      assert.equal(mine.total, keys.length);
      const all = body(await request('GET', '/api/keys?page-size=100', ADMIN));
      assert.ok((all.keys as Record<string, unknown>[]).some((k) => k.key === bobKey));
      assert.equal((await request('GET', `/api/key/${bobKey}`, ALICE)).statusCode, 404);
      const shown = body(await request('GET', `/api/key/${bobKey}`, BOB));
      const id = (shown.key as Record<string, unknown>).id as string;
      assert.equal((body(await request('GET', `/api/key/${id}`, ADMIN)).key as Record<string, unknown>).key, bobKey);
      const filtered = body(await request('GET', '/api/keys?user=bob&text=bob%20only', ADMIN));
      assert.equal(filtered.total, 1);
      const expired = body(await request('GET', '/api/keys?status=expired', ALICE));
      assert.ok((expired.keys as Record<string, unknown>[]).every((k) => k.status === 'expired'));
      assert.equal((await request('GET', '/api/keys?status=sleepy', ALICE)).statusCode, 400);
      const readOnly = body(await request('GET', '/api/keys?type=read-only&page-size=100', ADMIN));
      const readWrite = body(await request('GET', '/api/keys?type=read-write&page-size=100', ADMIN));
      assert.ok((readOnly.keys as Record<string, unknown>[]).every((k) => k.type === 'read-only'));
      assert.ok((readWrite.keys as Record<string, unknown>[]).every((k) => k.type === 'read-write'));
      assert.equal((readOnly.total as number) + (readWrite.total as number), all.total);
    });

    it('counts uses and records the last use', async () => {
      const key = await keyOf(BOB);
      for (let i = 0; i < 3; i += 1) await request('GET', '/api/alerts', { 'x-api-key': key });
      const shown = body(await request('GET', `/api/key/${key}`, BOB)).key as Record<string, unknown>;
      assert.equal(shown.count, 3);
      assert.ok(Date.now() - Date.parse(shown.lastUsedTime as string) < 60_000);
    });

    it('updates text, scopes and expiry; a changed key takes effect at once', async () => {
      const key = await keyOf(ALICE);
      const updated = await request('PUT', `/api/key/${key}`, ALICE, { text: 'renamed', scopes: ['read'] });
      assert.equal(updated.statusCode, 200);
      const view = body(updated).key as Record<string, unknown>;
      assert.equal(view.text, 'renamed');
      assert.equal(view.type, 'read-only');
      assert.equal((await request('POST', '/api/alert', { 'x-api-key': key }, alertBody())).statusCode, 403);
      const beyond = await request('PUT', `/api/key/${key}`, ALICE, { scopes: ['admin'] });
      assert.equal(beyond.statusCode, 403);
      const expire = await request('PUT', `/api/key/${key}`, ALICE, { expireTime: '2021-01-01T00:00:00.000Z' });
      assert.equal((body(expire).key as Record<string, unknown>).status, 'expired');
      assert.equal((await request('GET', '/api/alerts', { 'x-api-key': key })).statusCode, 401);
      assert.equal((await request('PUT', `/api/key/${key}`, BOB, { text: 'mine now' })).statusCode, 404);
    });

    it('deletes keys with admin:keys only; a deleted key stops working', async () => {
      const key = await keyOf(ALICE);
      const denied = await request('DELETE', `/api/key/${key}`, ALICE);
      assert.equal(denied.statusCode, 403);
      assert.equal(body(denied).message, 'Missing required scope: admin:keys');
      assert.equal((await request('DELETE', `/api/key/${key}`, ADMIN)).statusCode, 200);
      assert.equal((await request('GET', '/api/alerts', { 'x-api-key': key })).statusCode, 401);
      assert.equal((await request('DELETE', `/api/key/${key}`, ADMIN)).statusCode, 404);
    });
  });

  describe('API keys with AUTH_REQUIRED off', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { AUTH_REQUIRED: 'false' });
    });
    after(() => server.close());

    it('refuses to create a key for nobody, but still checks keys that are sent', async () => {
      const response = await server.app.inject({ method: 'POST', url: '/api/key', payload: {} });
      assert.equal(response.statusCode, 400);
      const bad = await server.app.inject({ method: 'GET', url: '/api/alerts', headers: { 'x-api-key': 'wrong-key' } });
      assert.equal(bad.statusCode, 401);
    });
  });
});
