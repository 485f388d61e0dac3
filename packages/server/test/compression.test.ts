import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { COMPRESSION_THRESHOLD } from '../src/http/compression.js';
import { type TestServer, alertBody, basic, createUser, startTestServer } from './support/app.js';
import { type Engine, forEachEngine, tempDir } from './support/engines.js';

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected Content-Encoding ${String(response.headers['content-encoding'])}`);
  }
}

const varies = (response: LightMyRequestResponse): string[] =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;
const PAGE = `<!doctype html><title>Alerta console</title>${'<!-- padding -->'.repeat(100)}`;

/** A console as the build leaves it: each file beside its brotli and gzip copies; one small file has none. */
function consoleDir(): string {
  const dir = tempDir('alerta-console-');
  mkdirSync(join(dir, 'assets'));
  const withCopies = (path: string, text: string) => {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  };
  withCopies('index.html', PAGE);
  withCopies('assets/app-3f2a1b.js', SCRIPT);
  writeFileSync(join(dir, 'assets', 'tiny-1a2b3c.js'), 'export {};\n');
  return dir;
}

forEachEngine((engine: Engine) => {
  describe('compressed answers', () => {
    let server: TestServer;
    const admin = basic('root', 'root-password');
    before(async () => {
      server = await startTestServer(engine, { CONSOLE_DIR: consoleDir(), CORS_ORIGINS: 'http://console.example' });
      await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
      for (let i = 0; i < 20; i += 1) {
        const created = await server.app.inject({
          method: 'POST',
          url: '/api/alert',
          headers: admin,
          payload: alertBody({ resource: `web${String(i)}`, text: `disk ${String(i)} is nearly full` }),
        });
        assert.equal(created.statusCode, 201);
      }
    });
    after(() => server.close());

    const alerts = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      server.app.inject({ method, url: '/api/alerts?status=open', headers: { ...admin, ...headers } });

    it('compresses a large API answer with brotli or gzip, as asked, to the same JSON', async () => {
      const plain = await alerts();
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(plain.rawPayload.length > COMPRESSION_THRESHOLD);
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['br;q=0.5, gzip', 'gzip'],
        ['gzip', 'gzip'],
        ['*', 'gzip'],
      ] as const) {
        const packed = await alerts({ 'accept-encoding': accept });
        assert.equal(packed.statusCode, 200, accept);
        assert.equal(packed.headers['content-encoding'], encoding, accept);
        assert.ok(varies(packed).includes('accept-encoding'), accept);
        assert.ok(packed.rawPayload.length < plain.rawPayload.length / 3, accept);
        assert.deepEqual(JSON.parse(decoded(packed)), plain.json(), accept);
      }
      const identity = await alerts({ 'accept-encoding': 'identity' });
      assert.equal(identity.headers['content-encoding'], undefined);
      assert.deepEqual(identity.json(), plain.json());
    });

    it('tags the JSON, not its encoding: the same ETag either way, and a 304 with no body', async () => {
      const plain = await alerts();
      const packed = await alerts({ 'accept-encoding': 'br' });
      assert.equal(packed.headers['content-encoding'], 'br');
      assert.equal(packed.headers.etag, plain.headers.etag);
      const unchanged = await alerts({ 'accept-encoding': 'br', 'if-none-match': String(packed.headers.etag) });
      assert.equal(unchanged.statusCode, 304);
      assert.equal(unchanged.rawPayload.length, 0);
      assert.equal(unchanged.headers['content-encoding'], undefined);
      assert.equal(unchanged.headers.etag, plain.headers.etag);
    });

    it('answers HEAD with no body, describing the JSON as it is', async () => {
      const plain = await alerts();
      const head = await alerts({ 'accept-encoding': 'br' }, 'HEAD');
      assert.equal(head.statusCode, 200);
      assert.equal(head.rawPayload.length, 0);
      assert.equal(head.headers['content-encoding'], undefined);
      assert.equal(Number(head.headers['content-length']), plain.rawPayload.length);
    });

    it('leaves small answers and error envelopes readable as they are', async () => {
      const small = await server.app.inject({ method: 'GET', url: '/api/_', headers: { 'accept-encoding': 'br' } });
      assert.equal(small.body, 'OK');
      assert.equal(small.headers['content-encoding'], undefined);
      const error = await server.app.inject({
        method: 'GET',
        url: '/api/alert/no-such-alert',
        headers: { ...admin, 'accept-encoding': 'br, gzip' },
      });
      assert.equal(error.statusCode, 404);
      const envelope = JSON.parse(decoded(error)) as { status: string; code: number };
      assert.equal(envelope.status, 'error');
      assert.equal(envelope.code, 404);
    });

    it('keeps CORS headers on a compressed answer and varies on both', async () => {
      const read = await alerts({ origin: 'http://console.example', 'accept-encoding': 'gzip' });
      assert.equal(read.headers['content-encoding'], 'gzip');
      assert.equal(read.headers['access-control-allow-origin'], 'http://console.example');
      assert.ok(varies(read).includes('accept-encoding'));
      assert.ok(varies(read).includes('origin'));
    });

    it("sends the console's files from their brotli and gzip copies, as asked", async () => {
      for (const [url, text] of [
        ['/assets/app-3f2a1b.js', SCRIPT],
        ['/', PAGE],
        ['/alerts', PAGE],
      ] as const) {
        for (const [accept, encoding] of [
          ['gzip, deflate, br', 'br'],
          ['gzip', 'gzip'],
          ['identity', undefined],
          [undefined, undefined],
        ] as const) {
          const what = `${url} ${String(accept)}`;
          const file = await server.app.inject({
            method: 'GET',
            url,
            headers: accept === undefined ? {} : { 'accept-encoding': accept },
          });
          assert.equal(file.statusCode, 200, what);
          assert.equal(file.headers['content-encoding'], encoding, what);
          assert.ok(varies(file).includes('accept-encoding'), what);
          assert.equal(decoded(file), text, what);
          assert.match(String(file.headers['content-type']), url.endsWith('.js') ? /javascript/ : /text\/html/, what);
        }
      }
      const script = await server.app.inject({
        method: 'GET',
        url: '/assets/app-3f2a1b.js',
        headers: { 'accept-encoding': 'br', origin: 'http://console.example' },
      });
      assert.match(String(script.headers['cache-control']), /immutable/);
      assert.ok(varies(script).includes('accept-encoding'));
      assert.ok(varies(script).includes('origin'));
    });

    it('sends a file without compressed copies as it is', async () => {
      const tiny = await server.app.inject({
        method: 'GET',
        url: '/assets/tiny-1a2b3c.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      assert.equal(tiny.statusCode, 200);
      assert.equal(tiny.headers['content-encoding'], undefined);
      assert.equal(tiny.body, 'export {};\n');
    });
  });
});
