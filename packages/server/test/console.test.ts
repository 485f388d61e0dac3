import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type TestServer, startTestServer } from './support/app.js';
import { type Engine, forEachEngine, tempDir } from './support/engines.js';

function consoleDir(): string {
  const dir = tempDir('alerta-console-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Alerta console</title>');
  writeFileSync(join(dir, 'assets', 'app-3f2a1b.js'), 'console.log("app")');
  writeFileSync(join(dir, 'favicon.ico'), 'icon');
  return dir;
}

forEachEngine((engine: Engine) => {
  describe('with a built console', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { CONSOLE_DIR: consoleDir() });
    });
    after(() => server.close());

    it('serves index.html at / and for any other path outside the API, without caching', async () => {
      for (const url of ['/', '/alerts', '/alert/123?x=1', '/deep/link/here']) {
        const response = await server.app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 200, url);
        assert.match(response.body, /Alerta console/);
        assert.equal(response.headers['cache-control'], 'no-cache');
      }
    });

    it('caches hashed assets for good and serves other files', async () => {
      const asset = await server.app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
      assert.equal(asset.statusCode, 200);
      assert.match(String(asset.headers['cache-control']), /immutable/);
      const icon = await server.app.inject({ method: 'GET', url: '/favicon.ico' });
      assert.equal(icon.body, 'icon');
    });

    it('serves config.json pointing at the API, and keeps API 404s as JSON', async () => {
      const config = await server.app.inject({ method: 'GET', url: '/config.json' });
      assert.deepEqual(config.json(), { endpoint: '/api' });
      const missing = await server.app.inject({ method: 'GET', url: '/api/unknown' });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json<{ status: string }>().status, 'error');
      const post = await server.app.inject({ method: 'POST', url: '/somewhere' });
      assert.equal(post.statusCode, 404);
    });
  });

  describe('without a built console', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine);
    });
    after(() => server.close());

    it('explains at / instead of failing', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/' });
      assert.equal(response.statusCode, 200);
      assert.match(response.body, /console is not built/);
      assert.equal((await server.app.inject({ method: 'GET', url: '/api/_' })).body, 'OK');
    });
  });
});
