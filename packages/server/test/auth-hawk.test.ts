import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { SettingsError, loadSettings } from '../src/settings.js';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

// The client side of Hawk, written from the scheme itself so that it checks the server rather than mirrors it.

interface Sender {
  id: string;
  key: string;
  algorithm: 'sha1' | 'sha256';
}

interface Signing {
  method: string;
  /** Path and query, exactly as sent. */
  resource: string;
  host: string;
  port: number;
  ts?: number;
  nonce?: string;
  ext?: string;
  /** When given, the header carries the payload hash of this body. */
  payload?: { contentType: string; body: string };
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function payloadHash(sender: Sender, contentType: string, payload: string): string {
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return createHash(sender.algorithm).update(`hawk.1.payload\n${mediaType}\n${payload}\n`).digest('base64');
}

function hawk(sender: Sender, signing: Signing): string {
  const ts = String(signing.ts ?? nowSeconds());
  const nonce = signing.nonce ?? randomBytes(6).toString('base64url');
  const hash =
    signing.payload === undefined ? '' : payloadHash(sender, signing.payload.contentType, signing.payload.body);
  const ext = signing.ext ?? '';
  const normalized =
    `hawk.1.header\n${ts}\n${nonce}\n${signing.method.toUpperCase()}\n${signing.resource}\n` +
    `${signing.host.toLowerCase()}\n${String(signing.port)}\n${hash}\n${ext}\n`;
  const mac = createHmac(sender.algorithm, sender.key).update(normalized).digest('base64');
  const parts = [`id="${sender.id}"`, `ts="${ts}"`, `nonce="${nonce}"`];
  if (hash !== '') parts.push(`hash="${hash}"`);
  if (ext !== '') parts.push(`ext="${ext}"`);
  parts.push(`mac="${mac}"`);
  return `Hawk ${parts.join(', ')}`;
}

const SHA256: Sender = {
  id: 'dc9e2a3f-monitoring',
  key: 'werxhqb98rpaxn39848xrunpaw3489ruxnpa98w4rxn',
  algorithm: 'sha256',
};
const SHA1: Sender = { id: 'legacy-sender', key: 'a-different-shared-secret-for-sha1', algorithm: 'sha1' };
const HOST = 'alerta.test';
const PORT = 8080;
const JSON_TYPE = 'application/json';

const CREDENTIALS = JSON.stringify([
  { id: SHA256.id, key: SHA256.key, algorithm: 'sha256' },
  { id: SHA1.id, key: SHA1.key, algorithm: 'sha1' },
]);

function assertRefused(response: LightMyRequestResponse, message: RegExp): void {
  assert.equal(response.statusCode, 401, response.body);
  const envelope = body(response);
  assert.equal(envelope.status, 'error');
  assert.equal(envelope.code, 401);
  assert.match(String(envelope.message), message);
  assert.match(String(response.headers['www-authenticate']), /^Hawk /);
}

forEachEngine((engine) => {
  describe('Hawk credentials (docs/api/auth.md#credentials)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { HMAC_AUTH_CREDENTIALS: CREDENTIALS });
      await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    });
    after(() => server.close());

    const get = (url: string, authorization: string, host = `${HOST}:${String(PORT)}`) =>
      server.app.inject({ method: 'GET', url, headers: { host, authorization } });
    const signedGet = (url: string, sender: Sender = SHA256, extra: Partial<Signing> = {}) =>
      get(url, hawk(sender, { method: 'GET', resource: url, host: HOST, port: PORT, ...extra }));

    it('lets a valid header read and write with the admin scopes, the body checked against its hash', async () => {
      const payload = JSON.stringify(alertBody({ resource: 'hawk-01' }));
      const authorization = hawk(SHA256, {
        method: 'POST',
        resource: '/api/alert',
        host: HOST,
        port: PORT,
        payload: { contentType: JSON_TYPE, body: payload },
      });
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: { host: `${HOST}:${String(PORT)}`, authorization, 'content-type': JSON_TYPE },
        payload,
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal((await signedGet('/api/users')).statusCode, 200, 'admin:users comes with the admin scope');
      const listed = await signedGet('/api/alerts?resource=hawk-01');
      assert.equal(listed.statusCode, 200);
      assert.equal(body(listed).total, 1);
    });

    it('accepts sha1 credentials as well as sha256', async () => {
      const response = await signedGet('/api/users', SHA1);
      assert.equal(response.statusCode, 200, response.body);
    });

    it('signs the Host header as sent, and the port of the scheme when it names none', async () => {
      const authorization = hawk(SHA256, { method: 'GET', resource: '/api/alerts', host: HOST, port: 80 });
      assert.equal((await get('/api/alerts', authorization, HOST)).statusCode, 200);
      const otherHost = hawk(SHA256, { method: 'GET', resource: '/api/alerts', host: 'monitor.example', port: 443 });
      assert.equal((await get('/api/alerts', otherHost, 'Monitor.Example:443')).statusCode, 200, 'host lower-cased');
    });

    it('refuses a header signed with the wrong key', async () => {
      const forged = { ...SHA256, key: 'not-the-shared-key' };
      assertRefused(await signedGet('/api/alerts', forged), /MAC does not match/);
    });

    it('refuses the key of another id, and an unknown id', async () => {
      assertRefused(await signedGet('/api/alerts', { ...SHA1, id: SHA256.id }), /MAC does not match/);
      assertRefused(await signedGet('/api/alerts', { ...SHA256, id: 'nobody' }), /Unknown Hawk credentials/);
    });

    it('refuses timestamps more than 60 s in the past or the future, telling the client the time', async () => {
      const stale = await signedGet('/api/alerts', SHA256, { ts: nowSeconds() - 90 });
      assertRefused(stale, /timestamp/);
      assert.match(String(stale.headers['www-authenticate']), /ts="\d+", tsm="[^"]+"/);
      assertRefused(await signedGet('/api/alerts', SHA256, { ts: nowSeconds() + 90 }), /timestamp/);
      assert.equal((await signedGet('/api/alerts', SHA256, { ts: nowSeconds() - 30 })).statusCode, 200);
    });

    it('refuses a replayed nonce, even with a fresh MAC over the same nonce', async () => {
      const authorization = hawk(SHA256, { method: 'GET', resource: '/api/alerts', host: HOST, port: PORT });
      assert.equal((await get('/api/alerts', authorization)).statusCode, 200);
      assertRefused(await get('/api/alerts', authorization), /nonce was already used/);
      const nonce = 'reused-nonce';
      assert.equal((await signedGet('/api/alerts', SHA256, { nonce })).statusCode, 200);
      assertRefused(await signedGet('/api/alerts', SHA256, { nonce, ts: nowSeconds() + 1 }), /nonce/);
    });

    it('refuses a header whose path, query, method or host differ from the request', async () => {
      const signed = (method: string, resource: string, host = HOST) =>
        hawk(SHA256, { method, resource, host, port: PORT });
      assertRefused(await get('/api/users', signed('GET', '/api/alerts')), /MAC does not match/);
      assertRefused(await get('/api/alerts?status=open', signed('GET', '/api/alerts?status=ack')), /MAC/);
      assertRefused(await get('/api/alerts', signed('GET', '/api/alerts', 'other.test')), /MAC does not match/);
      assertRefused(await get('/api/alerts', signed('GET', '/api/alerts'), `${HOST}:9090`), /MAC does not match/);
      const deleted = await server.app.inject({
        method: 'DELETE',
        url: '/api/alert/00000000-0000-0000-0000-000000000000',
        headers: {
          host: `${HOST}:${String(PORT)}`,
          authorization: signed('GET', '/api/alert/00000000-0000-0000-0000-000000000000'),
        },
      });
      assertRefused(deleted, /MAC does not match/);
    });

    it('refuses a body that does not match the signed hash, and stores nothing', async () => {
      const signedBody = JSON.stringify(alertBody({ resource: 'hawk-signed' }));
      const sentBody = JSON.stringify(alertBody({ resource: 'hawk-tampered' }));
      const authorization = hawk(SHA256, {
        method: 'POST',
        resource: '/api/alert',
        host: HOST,
        port: PORT,
        payload: { contentType: JSON_TYPE, body: signedBody },
      });
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: { host: `${HOST}:${String(PORT)}`, authorization, 'content-type': JSON_TYPE },
        payload: sentBody,
      });
      assertRefused(response, /payload hash does not match/);
      const listed = await signedGet('/api/alerts?resource=hawk-tampered');
      assert.equal(body(listed).total, 0);
    });

    it('refuses malformed headers', async () => {
      const valid = hawk(SHA256, { method: 'GET', resource: '/api/alerts', host: HOST, port: PORT });
      const malformed = [
        'Hawk',
        'Hawk id="x"',
        'Hawk garbage',
        valid.replace(/ts="\d+"/, 'ts="soon"'),
        `${valid}, color="blue"`,
        `${valid}, id="again"`,
        valid.replace(/id="[^"]+"/, 'id=unquoted'),
        valid.replace('nonce="', 'nonce="\t'),
      ];
      for (const authorization of malformed) {
        assertRefused(await get('/api/alerts', authorization), /Invalid Hawk authorization header/);
      }
    });

    it('checks an API key before a Hawk header (docs/api/auth.md#credentials order)', async () => {
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/key',
        headers: basic('root', 'root-password'),
        payload: { scopes: ['read'], text: 'reader' },
      });
      assert.equal(created.statusCode, 201, created.body);
      const key = String(body(created).key);
      const withKey = await server.app.inject({
        method: 'GET',
        url: '/api/alerts',
        headers: { host: HOST, 'x-api-key': key, authorization: 'Hawk id="nobody", mac="bad"' },
      });
      assert.equal(withKey.statusCode, 200, 'the key decides; the bad Hawk header is never looked at');
      const validHawk = hawk(SHA256, { method: 'GET', resource: '/api/alerts', host: HOST, port: PORT });
      const badKey = await server.app.inject({
        method: 'GET',
        url: '/api/alerts',
        headers: { host: `${HOST}:${String(PORT)}`, 'x-api-key': 'no-such-key', authorization: validHawk },
      });
      assert.equal(badKey.statusCode, 401, 'a bad key is refused even beside a valid Hawk header');
      assert.match(String(body(badKey).message), /API key/);
    });

    it('accepts a valid Hawk header sent together with a bad Bearer token', async () => {
      // Two Authorization headers need a real connection; HTTP keeps the first, here the Hawk one.
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.app.server.address() as AddressInfo;
      const authorization = hawk(SHA256, { method: 'GET', resource: '/api/users', host: '127.0.0.1', port });
      const status = await new Promise<number>((resolve, reject) => {
        const sent = httpRequest({
          host: '127.0.0.1',
          port,
          path: '/api/users',
          headers: ['Host', `127.0.0.1:${String(port)}`, 'Authorization', authorization, 'Authorization', 'Bearer x'],
        });
        sent.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        sent.on('error', reject);
        sent.end();
      });
      assert.equal(status, 200);
    });

    it('never shows the keys in /management/properties', async () => {
      const response = await signedGet('/api/management/properties');
      assert.equal(response.statusCode, 200);
      assert.match(response.body, /^HMAC_AUTH_CREDENTIALS = \(hidden\)$/m);
      assert.ok(!response.body.includes(SHA256.key));
    });
  });

  describe('Hawk headers without HMAC_AUTH_CREDENTIALS', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine);
    });
    after(() => server.close());

    it('refuses every Hawk header', async () => {
      const authorization = hawk(SHA256, { method: 'GET', resource: '/api/alerts', host: HOST, port: PORT });
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/alerts',
        headers: { host: `${HOST}:${String(PORT)}`, authorization },
      });
      assertRefused(response, /Unknown Hawk credentials/);
    });
  });
});

describe('HMAC_AUTH_CREDENTIALS setting', () => {
  it('defaults to none, and an entry without an algorithm to sha256', () => {
    assert.deepEqual(loadSettings({}).HMAC_AUTH_CREDENTIALS, []);
    const settings = loadSettings({ HMAC_AUTH_CREDENTIALS: '[{"id": "a", "key": "k"}]' });
    assert.deepEqual(settings.HMAC_AUTH_CREDENTIALS, [{ id: 'a', key: 'k', algorithm: 'sha256' }]);
  });

  it('refuses bad entries without showing the keys', () => {
    const bad = [
      '[{"id": "a", "key": "top-secret-1", "algorithm": "md5"}]',
      '[{"id": "a", "key": "top-secret-1"}, {"id": "a", "key": "top-secret-2"}]',
      '[{"id": "", "key": "top-secret-1"}]',
      '[{"id": "a"}]',
      '{"id": "a", "key": "top-secret-1"}',
      'top-secret-1',
    ];
    for (const value of bad) {
      assert.throws(
        () => loadSettings({ HMAC_AUTH_CREDENTIALS: value }),
        (error: unknown) =>
          error instanceof SettingsError &&
          error.message.includes('HMAC_AUTH_CREDENTIALS=(hidden)') &&
          !error.message.includes('top-secret'),
        value,
      );
    }
  });
});
