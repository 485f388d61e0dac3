import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, basic, bearer, body, createUser, loginToken, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/**
 * Every API route and the scope docs/api/README.md gives it: a scope string, `null` for "any authenticated caller", or
 * `'public'` for no check at all. A route the server registers without a row here fails the test, and so does a row
 * for a route that does not exist.
 */
const ROUTES: Record<string, string | null> = {
  'GET /': 'public',
  'GET /_': 'public',
  'GET /config': 'public',
  'GET /management/healthcheck': 'public',
  'GET /management/gtg': 'public',
  'POST /auth/login': 'public',
  'POST /auth/signup': 'public',
  'POST /auth/confirm/:token': 'public',
  'POST /auth/forgot': 'public',
  'POST /auth/reset/:token': 'public',
  'POST /auth/openid': 'public',
  'POST /auth/keycloak': 'public',
  'POST /auth/azure': 'public',
  'POST /auth/google': 'public',
  'POST /auth/gitlab': 'public',
  'POST /auth/cognito': 'public',
  'POST /auth/pingfederate': 'public',
  'POST /auth/github': 'public',
  'POST /auth/cas': 'public',
  'GET /auth/saml': 'public',
  'POST /auth/saml': 'public',
  'GET /auth/saml/metadata.xml': 'public',
  'GET /auth/logout': 'public',
  'POST /auth/logout': 'public',
  'GET /management': 'public',
  // The OpenAPI document and its reference page are documentation (docs/api/README.md#openapi-document).
  'GET /openapi.json': 'public',
  'GET /docs': 'public',
  'GET /docs/*': 'public',
  'GET /docs/json': 'public',
  'GET /docs/yaml': 'public',
  'GET /docs/static/index.html': 'public',
  'GET /docs/static/swagger-initializer.js': 'public',
  'GET /management/properties': 'admin:management',
  'GET /management/switchboard': 'admin:management',
  'POST /management/switchboard': 'admin:management',
  'GET /management/housekeeping': 'admin:management',
  'POST /management/housekeeping': 'admin:management',
  'GET /management/manifest': 'read:management',
  'GET /management/status': 'read:management',
  'GET /management/metrics': 'read:management',

  'POST /alert': 'write:alerts',
  'GET /alert/:id': 'read:alerts',
  'DELETE /alert/:id': 'delete:alerts',
  'PUT /alert/:id/status': 'write:alerts',
  'PUT /alert/:id/action': 'write:alerts',
  'PUT /alert/:id/attributes': 'write:alerts',
  'PUT /alert/:id/tag': 'write:alerts',
  'PUT /alert/:id/untag': 'write:alerts',
  'PUT /alert/:id/note': 'write:alerts',
  'GET /alert/:id/notes': 'read:alerts',
  'PUT /alert/:id/note/:noteId': 'write:alerts',
  'DELETE /alert/:id/note/:noteId': 'write:alerts',
  'GET /alerts': 'read:alerts',
  'GET /alerts.csv': 'read:alerts',
  'GET /alerts/stream': 'read:alerts',
  'GET /alerts/count': 'read:alerts',
  'GET /alerts/history': 'read:alerts',
  'GET /alerts/top10/count': 'read:alerts',
  'GET /alerts/top10/flapping': 'read:alerts',
  'GET /alerts/top10/standing': 'read:alerts',
  'GET /alerts/topn/count': 'read:alerts',
  'GET /alerts/topn/flapping': 'read:alerts',
  'GET /alerts/topn/standing': 'read:alerts',
  'GET /alerts/tags': 'read:alerts',
  'GET /alerts/groups': 'read:alerts',
  'GET /alerts/grouped': 'read:alerts',
  'GET /alerts/facets': 'read:alerts',
  'GET /environments': 'read:alerts',
  'GET /oembed': 'read:oembed',
  'GET /oembed.:format': 'read:oembed',
  'GET /userinfo': 'read:userinfo',
  'GET /services': 'read:alerts',
  'DELETE /_bulk/alerts': 'write:alerts',
  'PUT /_bulk/alerts/status': 'write:alerts',
  'PUT /_bulk/alerts/action': 'write:alerts',
  'PUT /_bulk/alerts/attributes': 'write:alerts',
  'PUT /_bulk/alerts/tag': 'write:alerts',
  'PUT /_bulk/alerts/untag': 'write:alerts',

  'POST /heartbeat': 'write:heartbeats',
  'GET /heartbeat/:id': 'read:heartbeats',
  'DELETE /heartbeat/:id': 'write:heartbeats',
  'GET /heartbeats': 'read:heartbeats',

  'POST /blackout': 'write:blackouts',
  'GET /blackout/:id': 'read:blackouts',
  'PUT /blackout/:id': 'write:blackouts',
  'DELETE /blackout/:id': 'write:blackouts',
  'GET /blackouts': 'read:blackouts',

  'GET /webhooks/:name': 'write:webhooks',
  'GET /webhooks/:name/*': 'write:webhooks',
  'POST /webhooks/:name': 'write:webhooks',
  'POST /webhooks/:name/*': 'write:webhooks',

  'POST /key': 'write:keys',
  'GET /key/:key': 'read:keys',
  'PUT /key/:key': 'write:keys',
  'DELETE /key/:key': 'admin:keys',
  'GET /keys': 'read:keys',

  'POST /user': 'admin:users',
  'GET /user/me': null,
  'PUT /user/me': null,
  'GET /user/me/attributes': null,
  'PUT /user/me/attributes': null,
  'GET /user/:id': 'admin:users',
  'PUT /user/:id': 'admin:users',
  'DELETE /user/:id': 'admin:users',
  'GET /user/:id/groups': 'admin:users',
  'GET /user/:id/attributes': 'admin:users',
  'PUT /user/:id/attributes': 'admin:users',
  'GET /users': 'admin:users',

  'POST /group': 'admin:groups',
  'GET /group/:id': 'read:groups',
  'PUT /group/:id': 'admin:groups',
  'DELETE /group/:id': 'admin:groups',
  'GET /group/:id/users': 'read:groups',
  'PUT /group/:id/user/:userId': 'admin:groups',
  'DELETE /group/:id/user/:userId': 'admin:groups',
  'GET /groups': 'read:groups',

  'POST /perm': 'admin:perms',
  'GET /perm/:id': 'read:perms',
  'PUT /perm/:id': 'admin:perms',
  'DELETE /perm/:id': 'admin:perms',
  'GET /perms': 'read:perms',
  'GET /scopes': 'read:perms',

  'POST /customer': 'admin:customers',
  'GET /customer/:id': 'read:customers',
  'PUT /customer/:id': 'admin:customers',
  'DELETE /customer/:id': 'admin:customers',
  'GET /customers': 'read:customers',
};

type Caller =
  | 'anonymous'
  | 'anonymous, ALLOW_READONLY'
  | 'guest'
  | 'read-only key'
  | 'read-write key'
  | 'user'
  | 'user of another customer'
  | 'admin';
const CALLERS: readonly Caller[] = [
  'anonymous',
  'anonymous, ALLOW_READONLY',
  'guest',
  'read-only key',
  'read-write key',
  'user',
  'user of another customer',
  'admin',
];

/**
 * Routes that change the caller's own account: any user may call them with their own session, whatever their scopes,
 * but an API key needs `write:users`, so that a read-only key cannot set its owner's password.
 */
const OWN_ACCOUNT_WRITES: ReadonlySet<string> = new Set(['PUT /user/me', 'PUT /user/me/attributes']);

/** Routes about the caller's login token: other credentials pass the scope check but have no token (401). */
const BEARER_ONLY: ReadonlySet<string> = new Set(['GET /userinfo']);
const BEARER_CALLERS: ReadonlySet<Caller> = new Set(['guest', 'user', 'admin']);

/**
 * With CUSTOMER_VIEWS, the user of another customer calls the routes of one record with the ids of a record that
 * belongs to someone else's customer, and with bodies that would be accepted: each must answer 404, as if the record
 * did not exist (docs/api/customers.md). The other routes are called as for any user.
 */
const FOREIGN_RECORD_ROUTES: Record<string, Record<string, unknown> | undefined> = {
  'GET /alert/:id': undefined,
  'DELETE /alert/:id': undefined,
  'PUT /alert/:id/status': { status: 'ack' },
  'PUT /alert/:id/action': { action: 'ack' },
  'PUT /alert/:id/attributes': { attributes: { owner: 'someone else' } },
  'PUT /alert/:id/tag': { tags: ['foreign'] },
  'PUT /alert/:id/untag': { tags: ['mine'] },
  'PUT /alert/:id/note': { text: 'foreign note' },
  'GET /alert/:id/notes': undefined,
  'PUT /alert/:id/note/:noteId': { text: 'edited' },
  'DELETE /alert/:id/note/:noteId': undefined,
  'GET /heartbeat/:id': undefined,
  'DELETE /heartbeat/:id': undefined,
  'GET /blackout/:id': undefined,
  'PUT /blackout/:id': { text: 'taken over' },
  'DELETE /blackout/:id': undefined,
  'GET /key/:key': undefined,
  'PUT /key/:key': { text: 'taken over' },
};

/**
 * What each caller may do, written out from docs/api/auth.md rather than computed with the server's own scope code:
 * READONLY_SCOPES and a read-only key are `read`; a guest holds GUEST_DEFAULT_SCOPES, `read:alerts`; a read-write key
 * and a plain user are `read write` (DELETE_SCOPES is empty, so write covers delete); an admin holds everything.
 */
function expected(caller: Caller, scope: string | null, route: string): 'allowed' | 401 | 403 | 404 {
  if (caller === 'anonymous') return 401;
  if (caller === 'read-only key' && OWN_ACCOUNT_WRITES.has(route)) return 403;
  const allowed = BEARER_ONLY.has(route) && !BEARER_CALLERS.has(caller) ? 401 : 'allowed';
  if (scope === null || caller === 'admin') return allowed;
  if (caller === 'guest') return scope === 'read:alerts' ? allowed : 403;
  const action = scope.split(':')[0];
  if (caller === 'anonymous, ALLOW_READONLY' || caller === 'read-only key') return action === 'read' ? allowed : 403;
  const granted = action === 'read' || action === 'write' || action === 'delete';
  if (caller === 'user of another customer' && granted && route in FOREIGN_RECORD_ROUTES) return 404;
  return granted ? allowed : 403;
}

/** The API routes of `printRoutes`' tree, as `METHOD /path` without the base path; HEAD mirrors GET. */
function registeredRoutes(tree: string, basePath: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const parent = stack[depth - 1] ?? '';
    const fragment = match[2] ?? '';
    // The tree leaves out the slash between a parameter and a wildcard that follows it.
    const path = parent + (fragment.startsWith('*') && !parent.endsWith('/') ? `/${fragment}` : fragment);
    stack[depth] = path;
    stack.length = depth + 1;
    if (path !== basePath && !path.startsWith(`${basePath}/`)) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== '' && method !== 'HEAD') routes.push(`${method} ${path.slice(basePath.length) || '/'}`);
    }
  }
  return routes.sort();
}

forEachEngine((engine) => {
  describe('permission matrix: every route × every kind of caller', () => {
    let strict: TestServer;
    let readonly: TestServer;
    let customers: TestServer;
    const headers = new Map<Caller, Record<string, string>>();
    /** Path parameters naming the records of the Acme user, for the Globex user's calls. */
    const foreign = { alert: '', note: '', heartbeat: '', blackout: '', key: '' };

    /** The Acme user's records on the CUSTOMER_VIEWS server. */
    async function ownedRecords(): Promise<void> {
      const lookups: [string, string][] = [
        ['acme', 'Acme'],
        ['globex', 'Globex'],
      ];
      for (const [match, customer] of lookups) {
        await createUser(customers.store, { login: match, password: `${match}-password` });
        await customers.store.customers.create({ id: `lookup-${match}`, match, customer });
      }
      const owner = basic('acme', 'acme-password');
      const create = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
        const response = await customers.app.inject({ method, url: `/api${url}`, headers: owner, payload });
        assert.ok(response.statusCode < 300, response.body);
        return body(response);
      };
      const alert = await create('POST', '/alert', {
        resource: 'matrix-web',
        event: 'HttpError',
        environment: 'Production',
        service: ['Web'],
        tags: ['mine'],
      });
      foreign.alert = alert.id as string;
      foreign.note = (await create('PUT', `/alert/${foreign.alert}/note`, { text: 'own note' })).id as string;
      foreign.heartbeat = (await create('POST', '/heartbeat', { origin: 'matrix/cron' })).id as string;
      foreign.blackout = (await create('POST', '/blackout', { environment: 'Development' })).id as string;
      foreign.key = (await create('POST', '/key', { text: 'own key' })).key as string;
      headers.set('user of another customer', basic('globex', 'globex-password'));
    }

    /** The URL of a route for a caller: unknown ids, or for the other customer's user the Acme user's records. */
    function urlFor(caller: Caller, route: string, path: string): string {
      if (caller !== 'user of another customer' || !(route in FOREIGN_RECORD_ROUTES)) {
        return `/api${path.replace(/:\w+/g, 'matrix-missing').replace('*', 'x')}`;
      }
      const record = path.startsWith('/alert/')
        ? foreign.alert
        : path.startsWith('/heartbeat/')
          ? foreign.heartbeat
          : path.startsWith('/blackout/')
            ? foreign.blackout
            : foreign.key;
      return `/api${path.replace(':noteId', foreign.note).replace(/:\w+/, record)}`;
    }

    before(async () => {
      strict = await startTestServer(engine, { ADMIN_USERS: 'boss' });
      readonly = await startTestServer(engine, { ALLOW_READONLY: 'true' });
      customers = await startTestServer(engine, { ADMIN_USERS: 'boss', CUSTOMER_VIEWS: 'true' });
      await ownedRecords();
      await createUser(strict.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(strict.store, { login: 'alice', password: 'alice-password' });
      await createUser(strict.store, { login: 'gus', password: 'gus-password', roles: ['guest'] });
      const admin = bearer(await loginToken(strict.app, 'boss', 'boss-password'));
      const user = bearer(await loginToken(strict.app, 'alice', 'alice-password'));
      const key = async (scopes: string[]) => {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/api/key',
          headers: user,
          payload: { scopes },
        });
        return { 'x-api-key': body(response).key as string };
      };
      headers.set('anonymous', {});
      headers.set('anonymous, ALLOW_READONLY', {});
      headers.set('guest', bearer(await loginToken(strict.app, 'gus', 'gus-password')));
      headers.set('read-only key', await key(['read']));
      headers.set('read-write key', await key(['read', 'write']));
      headers.set('user', user);
      headers.set('admin', admin);
    });
    after(async () => {
      await strict.close();
      await readonly.close();
      await customers.close();
    });

    it('has exactly one row for each registered route', () => {
      const registered = registeredRoutes(strict.app.printRoutes({ commonPrefix: false }), '/api');
      assert.ok(registered.length > 50, `found only ${registered.length} routes`);
      assert.deepEqual(
        registered.filter((r) => !(r in ROUTES)),
        [],
        'routes without a row in the matrix',
      );
      assert.deepEqual(
        Object.keys(ROUTES).filter((r) => !registered.includes(r)),
        [],
        'rows for routes that are not registered',
      );
    });

    for (const [route, scope] of Object.entries(ROUTES)) {
      it(`${route} [${scope ?? 'authenticated'}]`, async () => {
        const [method = 'GET', path = '/'] = route.split(' ');
        const outcomes: string[] = [];
        const statuses = new Set<number>();
        for (const caller of CALLERS) {
          const server =
            caller === 'anonymous, ALLOW_READONLY'
              ? readonly
              : caller === 'user of another customer'
                ? customers
                : strict;
          const payload =
            caller === 'user of another customer'
              ? (FOREIGN_RECORD_ROUTES[route] ?? {})
              : ({} as Record<string, unknown>);
          const response = await server.app.inject({
            method: method as 'GET',
            url: urlFor(caller, route, path),
            // The live stream's answer never ends: a position that is none makes it a 400 once the caller is let in.
            headers: { ...headers.get(caller), ...(path === '/alerts/stream' ? { 'last-event-id': 'none' } : {}) },
            ...(method === 'POST' || method === 'PUT' ? { payload } : {}),
          });
          const got = response.statusCode;
          // A public route answers the same whoever calls (POST /auth/login with no body is its own 401).
          if (scope === 'public') {
            statuses.add(got);
            if (got >= 500) outcomes.push(`${caller}: got ${got}`);
            continue;
          }
          const want = expected(caller, scope, route);
          // An allowed call may still be refused for its empty body or unknown id, but never fail on the server.
          const ok = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
          if (!ok) outcomes.push(`${caller}: expected ${want}, got ${got} ${response.body.slice(0, 120)}`);
        }
        assert.deepEqual(outcomes, []);
        assert.ok(statuses.size <= 1, `a public route answered ${[...statuses].join(', ')} to different callers`);
      });
    }
  });
});
