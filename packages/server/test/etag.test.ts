import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type TestServer, alertBody, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');

  before(async () => {
    server = await startTestServer(engine, { CORS_ORIGINS: 'http://console.example' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  const list = (headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/api/alerts?status=open', headers: { ...admin, ...headers } });

  it('tags answers to GET and answers 304 without a body while the answer is the same', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: admin,
      payload: alertBody({ resource: 'e1' }),
    });
    const first = await list();
    assert.equal(first.statusCode, 200);
    const etag = first.headers.etag;
    assert.match(String(etag), /^"[\w-]{27}"$/);

    const again = await list({ 'if-none-match': String(etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, etag);
    // A list of tags, a weak form and * match too (RFC 9110).
    assert.equal((await list({ 'if-none-match': `"other", W/${String(etag)}` })).statusCode, 304);
    assert.equal((await list({ 'if-none-match': '*' })).statusCode, 304);
    assert.equal((await list({ 'if-none-match': '"other"' })).statusCode, 200);

    // Any change to the answer gives a new tag and the whole answer.
    await server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: admin,
      payload: alertBody({ resource: 'e1', value: 'changed' }),
    });
    const changed = await list({ 'if-none-match': String(etag) });
    assert.equal(changed.statusCode, 200);
    assert.notEqual(changed.headers.etag, etag);
    assert.equal((JSON.parse(changed.body) as { alerts: { value: string }[] }).alerts[0]?.value, 'changed');
  });

  it('tags neither errors nor writes, and lets a browser on another origin read and send the tag', async () => {
    const refused = await server.app.inject({ method: 'GET', url: '/api/alerts', headers: { 'if-none-match': '*' } });
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.headers.etag, undefined);
    const written = await server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: admin,
      payload: alertBody(),
    });
    assert.equal(written.headers.etag, undefined);

    const cross = await list({ origin: 'http://console.example' });
    assert.equal(cross.headers['access-control-expose-headers'], 'ETag');
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/alerts',
      headers: { origin: 'http://console.example', 'access-control-request-method': 'GET' },
    });
    assert.match(String(preflight.headers['access-control-allow-headers']), /If-None-Match/);
  });
});
