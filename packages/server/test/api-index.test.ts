import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, body, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface IndexJson {
  status: string;
  uri: string;
  data: { description: string };
  links: { rel: string; href: string; method: string }[];
}

/**
 * GET /api/ (docs/api/README.md#small-routes): every route of the API, as the reference's index lists them, open to
 * anyone.
 */
forEachEngine((engine) => {
  let server: TestServer;
  let behindProxy: TestServer;

  before(async () => {
    server = await startTestServer(engine);
    behindProxy = await startTestServer(engine, { BASE_URL: 'https://alerta.example.com/api' });
  });
  after(async () => {
    await server.close();
    await behindProxy.close();
  });

  const index = async (target: TestServer, url: string): Promise<IndexJson> => {
    const response = await target.app.inject({ method: 'GET', url });
    assert.equal(response.statusCode, 200, response.body);
    return body(response) as unknown as IndexJson;
  };

  describe('GET /api/', () => {
    it('answers without credentials, although AUTH_REQUIRED is on, with and without the trailing slash', async () => {
      assert.equal(server.settings.AUTH_REQUIRED, true);
      const withSlash = await index(server, '/api/');
      assert.deepEqual(await index(server, '/api'), withSlash);
      assert.equal(withSlash.status, 'ok');
      assert.equal(withSlash.uri, 'http://localhost:80/api');
      assert.deepEqual(withSlash.data, { description: 'Alerta API' });
    });

    it('lists the routes with their name, absolute href and method, sorted by href', async () => {
      const { links } = await index(server, '/api/');
      const listed = links.map((l) => `${l.method} ${l.href.replace('http://localhost:80/api', '')}`);
      for (const route of [
        'GET /',
        'GET /_',
        'POST /alert',
        'GET /alert/<id>',
        'DELETE /alert/<id>',
        'PUT /alert/<id>/status',
        'GET /alerts',
        'POST /heartbeat',
        'PUT /blackout/<id>',
        'POST /key',
        'PUT /user/me',
        'POST /auth/signup',
        'GET /oembed.<format>',
        'POST /webhooks/<name>',
      ]) {
        assert.ok(listed.includes(route), `${route} listed`);
      }
      assert.equal(new Set(listed).size, listed.length, 'each route and method once');
      const hrefs = links.map((l) => l.href);
      assert.deepEqual(hrefs, [...hrefs].sort());
      assert.ok(links.every((l) => !['HEAD', 'OPTIONS'].includes(l.method)));
      const names = Object.fromEntries(links.map((l) => [`${l.method} ${l.href}`, l.rel]));
      assert.equal(names['GET http://localhost:80/api/'], 'index');
      assert.equal(names['GET http://localhost:80/api/alerts'], 'get_alerts');
      assert.equal(names['PUT http://localhost:80/api/alert/<id>/status'], 'put_alert_status');
    });

    it('lists only routes that exist: each answers its method with something other than "no such route"', async () => {
      const { links } = await index(server, '/api/');
      for (const link of links) {
        const url = link.href.replace('http://localhost:80', '').replace(/<[^>]+>/g, 'x');
        const response = await server.app.inject({ method: link.method as 'GET', url });
        assert.notEqual(response.statusCode, 405, `${link.method} ${url}`);
        if (response.statusCode === 404 && String(response.headers['content-type']).includes('json')) {
          assert.doesNotMatch(String(body(response).message), /^404 Not Found: The requested URL/, url);
        }
      }
    });

    it('writes hrefs under BASE_URL when it is set', async () => {
      const { uri, links } = await index(behindProxy, '/api/');
      assert.equal(uri, 'https://alerta.example.com/api');
      assert.ok(links.every((l) => l.href.startsWith('https://alerta.example.com/api/')));
    });
  });
});
