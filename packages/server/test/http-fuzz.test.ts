import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import fc from 'fast-check';
import { type TestServer, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import {
  type FuzzFixtures,
  type FuzzRequest,
  type FuzzRoute,
  type FuzzSend,
  describeRequest,
  fuzzRequest,
  harvest,
  makeFixtures,
  routesFromIndex,
} from './support/http-fuzz-arbitraries.js';

/**
 * Random requests, good and bad, to every route of the API's index (docs/api/README.md#small-routes), with every kind
 * of credentials: no answer is a server error, and every refusal has the error envelope (docs/api/conventions.md).
 * bench/fuzz.ts sends the same requests at scale over raw sockets. FUZZ_SEED and FUZZ_RUNS change the run; a failure
 * prints the seed that reproduces it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_200);
const BODY_LIMIT = 65_536;
const ADMIN = { login: 'root@example.com', password: 'root-password-1' };

forEachEngine((engine) => {
  let server: TestServer;
  let fixtures: FuzzFixtures;
  let routes: FuzzRoute[];

  const send: FuzzSend = async (method, url, headers, body) => {
    const response = await server.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers,
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.body };
  };

  before(async () => {
    server = await startTestServer(engine, {
      AUTH_REQUIRED: 'true',
      CUSTOMER_VIEWS: 'true',
      ALLOWED_ENVIRONMENTS: 'Production,Development,Staging,QA,Lab',
      MAX_CONTENT_LENGTH: String(BODY_LIMIT),
      // Mail for a forgotten password fails at once instead of waiting for a mail server.
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
    });
    await createUser(server.store, { login: ADMIN.login, password: ADMIN.password, roles: ['admin'] });
    fixtures = await makeFixtures(send, ADMIN);
    const index = JSON.parse((await send('GET', '/', {})).body) as {
      uri: string;
      links: { href: string; method: string }[];
    };
    routes = routesFromIndex(index.links, index.uri);
  });
  after(() => server.close());

  const inject = (request: FuzzRequest) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of request.headers) headers[name.toLowerCase()] = value;
    return server.app.inject({
      method: request.method as 'GET',
      url: `/api${request.url}`,
      headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
  };

  it('answers every generated request below 500, refusals in the error envelope', async () => {
    assert.ok(routes.length > 100, `the index lists ${routes.length} routes`);
    let refused = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fuzzRequest(fixtures, routes, { bodyLimit: BODY_LIMIT, wire: false }), async (request) => {
        const response = await inject(request);
        const what = `${describeRequest(request)}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;
        assert.ok(response.statusCode < 500, what);
        harvest(fixtures, request, response.statusCode, response.body);
        if (response.statusCode < 400) {
          accepted += 1;
          return;
        }
        refused += 1;
        if (request.method === 'HEAD') return;
        assert.match(String(response.headers['content-type']), /^application\/json/, what);
        const envelope = response.json<Record<string, unknown>>();
        assert.equal(envelope.status, 'error', what);
        assert.equal(envelope.code, response.statusCode, what);
        assert.equal(typeof envelope.message, 'string', what);
      }),
      {
        seed: SEED,
        numRuns: RUNS,
        // The counterexample shrunk, as one readable request, with the seed and path that make it again.
        reporter: (details) => {
          if (!details.failed) return;
          const error =
            details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(
            `fuzzing failed after ${details.numRuns} requests; FUZZ_SEED=${details.seed} reproduces it ` +
              `(fast-check path ${String(details.counterexamplePath)}):\n${error}`,
          );
        },
      },
    );
    // Both sides of validation were reached, not only the refusals.
    assert.ok(accepted > RUNS / 10, `${accepted} accepted of ${RUNS}`);
    assert.ok(refused > RUNS / 10, `${refused} refused of ${RUNS}`);
  });

  it('still answers its healthcheck and its credentials after the fuzzing', async () => {
    const health = await send('GET', '/management/healthcheck', {});
    assert.equal(health.status, 200, health.body);
    const alerts = await send('GET', '/alerts?page-size=1', { Authorization: `Bearer ${fixtures.adminToken}` });
    assert.equal(alerts.status, 200, alerts.body);
  });
});
