import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');

  before(async () => {
    server = await startTestServer(engine, { MAX_CONTENT_LENGTH: '2048', CORS_ORIGINS: 'http://console.example' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  const alertCount = async (): Promise<number> => {
    const response = await server.app.inject({ method: 'GET', url: '/api/alerts', headers: admin });
    return body(response).total as number;
  };

  it('echoes X-Request-ID, falls back to X-Amzn-Trace-Id, else makes one', async () => {
    const own = await server.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(own.headers['x-request-id'], 'abc-123');
    assert.equal(body(own).requestId, 'abc-123');

    const trace = 'Root=1-67891233-abcdef012345678912345678';
    const amzn = await server.app.inject({ method: 'GET', url: '/api/_', headers: { 'x-amzn-trace-id': trace } });
    assert.equal(amzn.headers['x-request-id'], trace);

    const fresh = await server.app.inject({ method: 'GET', url: '/api/_' });
    assert.match(String(fresh.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('answers 404 with the error envelope for unknown API routes', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no/such/route' });
    assert.equal(response.statusCode, 404);
    const envelope = body(response);
    assert.equal(envelope.status, 'error');
    assert.equal(envelope.code, 404);
    assert.match(String(envelope.message), /^404 Not Found/);
    assert.ok(Array.isArray(envelope.errors));
    assert.equal(envelope.requestId, response.headers['x-request-id']);
  });

  it('answers a path the router cannot take with 400 or 414 in the error envelope', async () => {
    for (const [url, code, message] of [
      ['/api/alert/%zz', 400, '400 Bad Request: The requested URL could not be decoded.'],
      ['/api/group/%E0%A4%A/users', 400, '400 Bad Request: The requested URL could not be decoded.'],
      [`/api/alert/${'x'.repeat(3_000)}`, 414, '414 Request-URI Too Long: The length of the requested URL exceeds …'],
    ] as const) {
      const response = await server.app.inject({ method: 'GET', url, headers: { ...admin, 'x-request-id': 'r-1' } });
      assert.equal(response.statusCode, code, url);
      const envelope = body(response);
      assert.equal(envelope.status, 'error');
      assert.equal(envelope.code, code);
      assert.equal(envelope.requestId, 'r-1');
      assert.ok(String(envelope.message).startsWith(message.replace(' …', '')), String(envelope.message));
      assert.ok(!String(envelope.message).includes('xxx'), 'the path is not echoed');
    }
  });

  it('refuses NUL characters in the path, the query and the body, and lone surrogates in the body, with a 400 naming where', async () => {
    const before = await alertCount();
    const cases: [string, string, unknown, string, string[]][] = [
      ['GET', '/api/alert/a%00b', undefined, 'Invalid path', ['NUL characters are not allowed']],
      ['GET', '/api/heartbeat/%00', undefined, 'Invalid path', ['NUL characters are not allowed']],
      ['GET', '/api/blackouts?text=%00', undefined, 'Invalid query string', ['NUL characters are not allowed']],
      // Checked before the credentials, which may come in the query.
      [
        'POST',
        '/api/heartbeat?api-key=a%00b',
        { origin: 'x' },
        'Invalid query string',
        ['NUL characters are not allowed'],
      ],
      [
        'POST',
        '/api/alert',
        alertBody({ attributes: { note: 'a\u0000b' } }),
        'NUL characters are not allowed in the request body',
        ["'attributes.note' holds a NUL character"],
      ],
      [
        'POST',
        '/api/heartbeat',
        { origin: 'x', tags: ['ok', '\u0000'] },
        'NUL characters are not allowed in the request body',
        ["'tags.1' holds a NUL character"],
      ],
      [
        'PUT',
        '/api/user/me/attributes',
        { attributes: { ['k\u0000']: 1 } },
        'NUL characters are not allowed in the request body',
        ["'attributes.k\\u0000' holds a NUL character"],
      ],
      [
        'PUT',
        '/api/user/me/attributes',
        { attributes: { note: 'half \ud800 a pair' } },
        'The request body must be valid Unicode',
        ["'attributes.note' holds an unpaired surrogate"],
      ],
    ];
    for (const [method, url, payload, message, errors] of cases) {
      const response = await server.app.inject({
        method: method as 'GET',
        url,
        headers: admin,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      assert.equal(body(response).message, message, url);
      assert.deepEqual(body(response).errors, errors, url);
    }
    assert.equal(await alertCount(), before);
  });

  it('refuses a body nested more than 100 levels deep with a 400, and takes one nested 100 deep', async () => {
    const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nest(depth - 1) });
    const before = await alertCount();
    for (const [method, url, payload] of [
      ['PUT', '/api/user/me/attributes', { attributes: nest(100) }],
      ['POST', '/api/alert', alertBody({ attributes: { deep: nest(99) } })],
    ] as const) {
      const response = await server.app.inject({ method, url, headers: admin, payload: payload as object });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      assert.equal(body(response).message, 'The request body is nested too deeply');
      assert.deepEqual(body(response).errors, ['objects and lists may nest at most 100 levels deep']);
    }
    assert.equal(await alertCount(), before);
    const shallow = await server.app.inject({
      method: 'PUT',
      url: '/api/user/me/attributes',
      headers: admin,
      payload: { attributes: nest(99) },
    });
    assert.equal(shallow.statusCode, 200, shallow.body);
  });

  it('refuses a page or page size too large for the database with a 400', async () => {
    for (const url of ['/api/alerts?page-size=999999999999999999999', '/api/alerts/top10/count?page-size=2147483648']) {
      const response = await server.app.inject({ method: 'GET', url, headers: admin });
      assert.equal(response.statusCode, 400, response.body);
      assert.match(String(body(response).message), /must be at most 2147483647/);
    }
    const widest = await server.app.inject({ method: 'GET', url: '/api/alerts?page-size=2147483647', headers: admin });
    assert.equal(widest.statusCode, 200, widest.body);
    const farthest = await server.app.inject({
      method: 'GET',
      url: '/api/blackouts?page=2147483647&page-size=2147483647',
      headers: admin,
    });
    assert.equal(farthest.statusCode, 200, farthest.body);
  });

  it('answers 405 for a known path with the wrong method', async () => {
    const response = await server.app.inject({ method: 'DELETE', url: '/api/alerts' });
    assert.equal(response.statusCode, 405);
    assert.equal(body(response).code, 405);
    assert.match(String(response.headers.allow), /GET/);
    const post = await server.app.inject({ method: 'PUT', url: '/api/alert/some-id' });
    assert.equal(post.statusCode, 405);
  });

  it('answers 415 when POST does not send JSON', async () => {
    const before = await alertCount();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: 'resource=x',
    });
    assert.equal(response.statusCode, 415);
    assert.equal(body(response).message, "POST and PUT requests must set 'Content-type' to 'application/json'");
    const none = await server.app.inject({ method: 'POST', url: '/api/alert', headers: admin });
    assert.equal(none.statusCode, 415);
    assert.equal(await alertCount(), before);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"resource": "x",',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(body(response).status, 'error');
    assert.equal(body(response).code, 400);
  });

  it('answers 413 when the body is larger than MAX_CONTENT_LENGTH', async () => {
    const before = await alertCount();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: admin,
      payload: alertBody({ text: 'x'.repeat(5000) }),
    });
    assert.equal(response.statusCode, 413);
    assert.equal(body(response).code, 413);
    assert.equal(await alertCount(), before);
  });

  it('rejects unknown query parameters on /alerts but accepts every filter field', async () => {
    const bad = await server.app.inject({ method: 'GET', url: '/api/alerts?colour=red', headers: admin });
    assert.equal(bad.statusCode, 400);
    assert.equal(body(bad).message, 'Invalid filter parameter: colour');
    const fields = [
      'resource=a',
      'event=b',
      'environment!=Development',
      'service=Web',
      'group=Misc',
      'tag=x',
      'attributes.region=eu',
      'origin=o',
      'type=t',
      'customer=c',
      'duplicateCount=0',
      'repeat=false',
      'previousSeverity=normal',
      'trendIndication=noChange',
      'lastReceiveId=abc',
      'q=anything',
      '_=123',
      'show-history=true',
    ];
    const ok = await server.app.inject({ method: 'GET', url: `/api/alerts?${fields.join('&')}`, headers: admin });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(body(ok).total, 0);
    assert.equal(body(ok).message, 'not found');
  });

  it('serves /_ and the health check as plain OK', async () => {
    const ping = await server.app.inject({ method: 'GET', url: '/api/_' });
    assert.equal(ping.statusCode, 200);
    assert.equal(ping.body, 'OK');
    const health = await server.app.inject({ method: 'GET', url: '/api/management/healthcheck' });
    assert.equal(health.statusCode, 200);
    assert.equal(health.body, 'OK');
  });

  it('serves every GET /config key of docs/api/config.md', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/config', headers: { host: 'alerts.test' } });
    assert.equal(response.statusCode, 200);
    const config = body(response);
    const keys = [
      'debug',
      'endpoint',
      'alarm_model',
      'auth_required',
      'allow_readonly',
      'readonly_scopes',
      'provider',
      'customer_views',
      'signup_enabled',
      'email_verification',
      'client_id',
      'azure_tenant',
      'aws_region',
      'cognito_domain',
      'github_url',
      'gitlab_url',
      'keycloak_url',
      'keycloak_realm',
      'oidc_auth_url',
      'site_logo_url',
      'severity',
      'colors',
      'timeouts',
      'blackouts',
      'dates',
      'font',
      'audio',
      'columns',
      'sort_by',
      'filter',
      'indicators',
      'actions',
      'tracking_id',
      'refresh_interval',
      'environments',
      'clipboard_template',
    ];
    for (const key of keys) assert.ok(key in config, `missing ${key}`);
    assert.equal(config.endpoint, 'http://alerts.test/api');
    assert.equal(config.auth_required, true);
    assert.deepEqual(config.timeouts, { alert: 86400, heartbeat: 86400, ack: 0, shelve: 7200 });
    assert.deepEqual(config.sort_by, ['severity', 'lastReceiveTime']);
    const model = config.alarm_model as { name: string; defaults: { status: string } };
    assert.equal(model.name, 'Alerta 9.1.0');
    assert.equal(model.defaults.status, 'open');
  });

  it('answers the health check with 503 and other routes with 500 when the store is closed, without leaking details', async () => {
    const broken = await startTestServer(engine, { AUTH_REQUIRED: 'false' });
    await broken.store.close();
    const health = await broken.app.inject({ method: 'GET', url: '/api/management/healthcheck' });
    assert.equal(health.statusCode, 503);
    const response = await broken.app.inject({ method: 'GET', url: '/api/alerts' });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(body(response), {
      status: 'error',
      message: 'An internal error has occurred!',
      code: 500,
      errors: null,
      requestId: response.headers['x-request-id'],
    });
    await broken.app.close();
  });

  it('allows CORS only for CORS_ORIGINS', async () => {
    const allowed = await server.app.inject({
      method: 'GET',
      url: '/api/_',
      headers: { origin: 'http://console.example' },
    });
    assert.equal(allowed.headers['access-control-allow-origin'], 'http://console.example');
    const other = await server.app.inject({ method: 'GET', url: '/api/_', headers: { origin: 'http://evil.example' } });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/alerts',
      headers: { origin: 'http://console.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.statusCode, 200);
    assert.match(String(preflight.headers['access-control-allow-methods']), /PUT/);
  });
});
