import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allowedOrigin, parseCorsOrigins } from '../src/http/cors-origins.js';
import { SettingsError, loadSettings } from '../src/settings.js';
import { type TestServer, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

// The reference's default CORS_ORIGINS (README, settings), written the comma-separated way.
const ALERTA_DEFAULT = 'http://localhost,http://localhost:8000,https?://\\w*\\.?local\\.alerta\\.io:?\\d*/?.*';

describe('CORS_ORIGINS entries', () => {
  it('tells exact origins, `*` and regular expressions apart as flask-cors does', () => {
    const origins = parseCorsOrigins(['https://console.example', '*', 'http://localhost:\\d+', '^https://a\\.b$']);
    assert.equal(origins.any, true);
    assert.deepEqual(origins.exact, ['https://console.example']);
    assert.equal(origins.patterns.length, 2);
  });

  it('matches a regular expression against the whole origin, without regard to case', () => {
    const origins = parseCorsOrigins(['http://localhost:\\d+', 'https://console.example']);
    assert.equal(allowedOrigin('http://localhost:5173', origins), 'http://localhost:5173');
    assert.equal(allowedOrigin('HTTP://LOCALHOST:5173', origins), 'HTTP://LOCALHOST:5173');
    assert.equal(allowedOrigin('https://Console.Example', origins), 'https://Console.Example');
    assert.equal(allowedOrigin('http://localhost:80.evil.example', origins), undefined);
    assert.equal(allowedOrigin('http://evil.example/http://localhost:1', origins), undefined);
    assert.equal(allowedOrigin(undefined, origins), undefined);
  });

  it('runs in time linear in the origin, even for a pattern that backtracks in other engines', () => {
    const origins = parseCorsOrigins(['(a+)+$']);
    const started = process.hrtime.bigint();
    assert.equal(allowedOrigin(`${'a'.repeat(50_000)}!`, origins), undefined);
    // Generous: a backtracking engine takes longer than the age of the universe here.
    assert.ok(process.hrtime.bigint() - started < 5_000_000_000n);
  });

  it('stops the server at start on an entry RE2 cannot compile, naming the variable', () => {
    for (const bad of ['http://(localhost', 'https://(?=evil)', '[z-a]']) {
      assert.throws(
        () => loadSettings({ CORS_ORIGINS: `https://ok.example,${bad}` }),
        (error: unknown) =>
          error instanceof SettingsError &&
          error.message.startsWith('Invalid setting CORS_ORIGINS=') &&
          error.message.includes(`'${bad}' is not a regular expression RE2 accepts`),
      );
    }
  });

  it("accepts the reference's default list, and by default allows no other origin", () => {
    const alerta = loadSettings({ CORS_ORIGINS: ALERTA_DEFAULT }).corsOrigins;
    assert.equal(allowedOrigin('http://web.local.alerta.io:8080', alerta), 'http://web.local.alerta.io:8080');
    assert.equal(allowedOrigin('http://localhost:8000', alerta), 'http://localhost:8000');
    assert.equal(allowedOrigin('http://localhost:8001', alerta), undefined);
    assert.equal(allowedOrigin('http://localhost', loadSettings({}).corsOrigins), undefined);
  });
});

forEachEngine((engine) => {
  describe('CORS with regular expression entries over HTTP', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, {
        CORS_ORIGINS:
          '["https://console.example", "^https://[a-z0-9-]+\\\\.example\\\\.com$", "http://localhost:\\\\d+"]',
      });
    });
    after(() => server.close());

    const get = (origin: string) => server.app.inject({ method: 'GET', url: '/api/config', headers: { origin } });

    it('echoes an origin a pattern matches, with Vary: Origin, on answers and preflights', async () => {
      const answer = await get('https://ops.example.com');
      assert.equal(answer.headers['access-control-allow-origin'], 'https://ops.example.com');
      assert.equal(answer.headers.vary, 'Origin');
      assert.equal(
        (await get('http://localhost:3000')).headers['access-control-allow-origin'],
        'http://localhost:3000',
      );
      const preflight = await server.app.inject({
        method: 'OPTIONS',
        url: '/api/alerts',
        headers: { origin: 'https://ops.example.com', 'access-control-request-method': 'PUT' },
      });
      assert.equal(preflight.statusCode, 200);
      assert.equal(preflight.headers['access-control-allow-origin'], 'https://ops.example.com');
      assert.match(String(preflight.headers['access-control-allow-methods']), /PUT/);
    });

    it('gives no CORS header to origins that match only part of a pattern, or none', async () => {
      for (const origin of ['https://ops.example.com.evil.test', 'https://a.b.example.com', 'http://localhost:1x']) {
        assert.equal((await get(origin)).headers['access-control-allow-origin'], undefined, origin);
      }
      const preflight = await server.app.inject({
        method: 'OPTIONS',
        url: '/api/alerts',
        headers: { origin: 'https://evil.test', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.headers['access-control-allow-origin'], undefined);
    });
  });
});
