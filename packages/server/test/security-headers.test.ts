import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { inlineScriptHashes } from '../src/http/security-headers.js';
import { loadSettings } from '../src/settings.js';
import { type TestServer, basic, createUser, startTestServer } from './support/app.js';
import { type Engine, forEachEngine, tempDir } from './support/engines.js';

/** A built console in miniature; `inlineScript` puts one inline script in its index.html, as the predecessor's has. */
function consoleDir(inlineScript?: string): string {
  const dir = tempDir('alerta-console-');
  mkdirSync(join(dir, 'assets'));
  const script = inlineScript === undefined ? '' : `<script>${inlineScript}</script>`;
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Alerta console</title><script type="module" src="/assets/app-3f2a1b.js"></script>${script}`,
  );
  writeFileSync(join(dir, 'assets', 'app-3f2a1b.js'), 'console.log("app")');
  return dir;
}

/** The directives of a Content-Security-Policy header, by name. */
function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== undefined && words[0] !== '')
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** The headers every answer carries, page, file or API answer alike. */
function assertCommonHeaders(response: LightMyRequestResponse, what: string): void {
  assert.equal(response.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(response.headers['x-frame-options'], 'DENY', what);
  assert.equal(response.headers['referrer-policy'], 'same-origin', what);
  assert.deepEqual(policy(response).get('frame-ancestors'), ["'none'"], what);
  // Sign-in popups need their opener, and other origins' consoles must be able to use the API.
  assert.equal(response.headers['cross-origin-opener-policy'], undefined, what);
  assert.equal(response.headers['cross-origin-embedder-policy'], undefined, what);
  assert.equal(response.headers['strict-transport-security'], undefined, what);
  assert.equal(response.headers['x-powered-by'], undefined, what);
}

forEachEngine((engine: Engine) => {
  describe('security headers', () => {
    let server: TestServer;
    const admin = basic('root', 'root-password');
    before(async () => {
      server = await startTestServer(engine, { CONSOLE_DIR: consoleDir(), CORS_ORIGINS: 'http://console.example' });
      await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    });
    after(() => server.close());

    it("gives the console's pages a strict policy: scripts from this origin only, no framing, no plugins", async () => {
      for (const url of ['/', '/alerts', '/alert/123?x=1']) {
        const page = await server.app.inject({ method: 'GET', url });
        assert.equal(page.statusCode, 200, url);
        assertCommonHeaders(page, url);
        const csp = policy(page);
        assert.deepEqual(csp.get('default-src'), ["'self'"]);
        assert.deepEqual(csp.get('script-src'), ["'self'"]);
        assert.deepEqual(csp.get('object-src'), ["'none'"]);
        assert.deepEqual(csp.get('base-uri'), ["'self'"]);
        assert.deepEqual(csp.get('form-action'), ["'self'"]);
        assert.deepEqual(csp.get('connect-src'), ["'self'"]);
        // Only styles may be inline (Mantine writes style elements at run time); never scripts or eval.
        assert.deepEqual(csp.get('style-src'), ["'self'", "'unsafe-inline'"]);
        assert.ok(!String(page.headers['content-security-policy']).includes('unsafe-eval'));
        assert.equal(csp.has('upgrade-insecure-requests'), false);
        assert.equal(page.headers['cross-origin-resource-policy'], 'same-origin');
        assert.match(String(page.headers['permissions-policy']), /(^|, )camera=\(\)/);
        assert.match(String(page.headers['permissions-policy']), /(^|, )microphone=\(\)/);
        assert.match(String(page.headers['permissions-policy']), /(^|, )geolocation=\(\)/);
      }
    });

    it('gives files, config.json and 404s outside the API the short policy', async () => {
      for (const url of ['/assets/app-3f2a1b.js', '/config.json']) {
        const file = await server.app.inject({ method: 'GET', url });
        assert.equal(file.statusCode, 200, url);
        assertCommonHeaders(file, url);
        assert.deepEqual(policy(file).get('default-src'), ["'none'"], url);
        assert.equal(file.headers['cross-origin-resource-policy'], 'same-origin', url);
      }
      const post = await server.app.inject({ method: 'POST', url: '/somewhere' });
      assert.equal(post.statusCode, 404);
      assertCommonHeaders(post, 'POST /somewhere');
    });

    it('gives API answers, errors and preflights a policy that loads nothing, readable by other origins', async () => {
      const answers = [
        await server.app.inject({ method: 'GET', url: '/api/alerts', headers: admin }),
        await server.app.inject({ method: 'GET', url: '/api/alerts' }),
        await server.app.inject({ method: 'GET', url: '/api/no/such/route' }),
        await server.app.inject({
          method: 'POST',
          url: '/api/alert',
          headers: { ...admin, 'content-type': 'text/plain' },
        }),
        await server.app.inject({ method: 'GET', url: '/api/management', headers: admin }),
      ];
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [200, 401, 404, 415, 200],
      );
      for (const answer of answers) {
        const what = `${answer.statusCode} ${String(answer.headers['content-type'])}`;
        assertCommonHeaders(answer, what);
        assert.deepEqual(policy(answer).get('default-src'), ["'none'"], what);
        assert.equal(answer.headers['cross-origin-resource-policy'], 'cross-origin', what);
      }
    });

    it("sends the headers only a page reads on pages alone, the API's HTML pages included", async () => {
      const pageOnly = ['origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection', 'x-download-options'];
      const page = await server.app.inject({ method: 'GET', url: '/alerts' });
      const management = await server.app.inject({ method: 'GET', url: '/api/management', headers: admin });
      assert.match(String(management.headers['content-type']), /^text\/html/);
      for (const [what, answer] of [
        ['page', page],
        ['management page', management],
      ] as const) {
        assert.deepEqual(
          pageOnly.filter((name) => answer.headers[name] === undefined),
          [],
          what,
        );
      }
      const resources = [
        await server.app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' }),
        await server.app.inject({ method: 'GET', url: '/config.json' }),
        await server.app.inject({ method: 'GET', url: '/api/alerts', headers: admin }),
        await server.app.inject({ method: 'GET', url: '/api/no/such/route' }),
      ];
      for (const answer of resources) {
        const what = `${answer.statusCode} ${String(answer.headers['content-type'])}`;
        assert.deepEqual(
          pageOnly.filter((name) => answer.headers[name] !== undefined),
          [],
          what,
        );
        // What every answer keeps.
        assert.equal(answer.headers['x-permitted-cross-domain-policies'], 'none', what);
        assertCommonHeaders(answer, what);
      }
    });

    it('keeps CORS working next to the security headers', async () => {
      const preflight = await server.app.inject({
        method: 'OPTIONS',
        url: '/api/alerts',
        headers: { origin: 'http://console.example', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.statusCode, 200);
      assert.equal(preflight.headers['access-control-allow-origin'], 'http://console.example');
      assertCommonHeaders(preflight, 'preflight');
      const read = await server.app.inject({
        method: 'GET',
        url: '/api/alerts',
        headers: { ...admin, origin: 'http://console.example' },
      });
      assert.equal(read.statusCode, 200);
      assert.equal(read.headers['access-control-allow-origin'], 'http://console.example');
      assert.equal(read.headers['cross-origin-resource-policy'], 'cross-origin');
      assert.match(String(read.headers.vary), /Origin/);
    });
  });

  describe('security headers with HTTPS, an API elsewhere and a console with an inline script', () => {
    const inline = 'history.replaceState(null, "", sessionStorage.redirect || location.href);';
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, {
        CONSOLE_DIR: consoleDir(inline),
        CONSOLE_ENDPOINT: 'https://api.example.com/alerta/api/',
        HSTS_ENABLED: 'true',
      });
    });
    after(() => server.close());

    it('names the API in config.json and lets the console connect to its origin', async () => {
      const config = await server.app.inject({ method: 'GET', url: '/config.json' });
      assert.deepEqual(config.json(), { endpoint: 'https://api.example.com/alerta/api' });
      const page = await server.app.inject({ method: 'GET', url: '/' });
      assert.deepEqual(policy(page).get('connect-src'), ["'self'", 'https://api.example.com']);
    });

    it("sends Strict-Transport-Security on every answer and upgrades the pages' requests", async () => {
      for (const url of ['/', '/config.json', '/api/_']) {
        const answer = await server.app.inject({ method: 'GET', url });
        assert.equal(answer.headers['strict-transport-security'], 'max-age=31536000', url);
      }
      const page = await server.app.inject({ method: 'GET', url: '/' });
      assert.equal(policy(page).has('upgrade-insecure-requests'), true);
    });

    it("allows exactly the index page's own inline script, by its hash", async () => {
      const digest = createHash('sha256').update(inline).digest('base64');
      const page = await server.app.inject({ method: 'GET', url: '/' });
      assert.deepEqual(policy(page).get('script-src'), ["'self'", `'sha256-${digest}'`]);
    });
  });
});

describe('inline script hashes', () => {
  it('hashes the text of inline scripts only, once each', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index.js"></script><script>one()</script>' +
      '<SCRIPT nonce="x">two()</SCRIPT ><script>one()</script><script></script>';
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    assert.deepEqual(inlineScriptHashes(html), [sha('one()'), sha('two()')]);
    assert.deepEqual(inlineScriptHashes('<!doctype html><title>x</title>'), []);
  });
});

describe('settings', () => {
  it('refuses a CONSOLE_ENDPOINT that is neither a path nor an http(s) URL', () => {
    assert.throws(() => loadSettings({ CONSOLE_ENDPOINT: 'ftp://api.example.com' }), /CONSOLE_ENDPOINT/);
    assert.throws(() => loadSettings({ CONSOLE_ENDPOINT: 'api' }), /CONSOLE_ENDPOINT/);
    assert.equal(loadSettings({}).CONSOLE_ENDPOINT, '/api');
    assert.equal(loadSettings({ BASE_PATH: '/alerta/api/' }).CONSOLE_ENDPOINT, '/alerta/api');
    assert.equal(loadSettings({ HSTS_ENABLED: 'yes' }).HSTS_ENABLED, true);
  });
});
