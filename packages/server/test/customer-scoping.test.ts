import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type TestServer,
  alertBody,
  apiClient,
  type ApiMethod,
  basic,
  bearer,
  body,
  createUser,
  loginToken,
  startTestServer,
} from './support/app.js';
import { forEachEngine } from './support/engines.js';

type Json = Record<string, unknown>;

const ADMIN = basic('boss', 'boss-password');
/** Acme, through the domain of her email. */
const ALICE = basic('alice', 'alice-password');
/** Globex, through his login. */
const BOB = basic('bob', 'bob-password');
/** Acme and Globex, through a group. */
const DAVE = basic('dave', 'dave-password');
/** No customer lookup at all. */
const CAROL = basic('carol', 'carol-password');

/**
 * docs/api/customers.md with CUSTOMER_VIEWS on: every read of alerts, heartbeats, blackouts and keys shows only the
 * caller's customers, writes are assigned to them, and another customer's records answer 404 as if they did not exist.
 */
forEachEngine((engine) => {
  describe('customer scoping (docs/api/customers.md)', () => {
    let server: TestServer;
    const ids = { acme: [] as string[], globex: '', none: '', initech: '' };

    const { call, ok } = apiClient(() => server);
    const postAlert = async (headers: Json, fields: Json) => {
      const created = await ok('POST', '/alert', headers, alertBody(fields));
      return created.alert as Json;
    };

    before(async () => {
      server = await startTestServer(engine, { CUSTOMER_VIEWS: 'true', ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'alice', password: 'alice-password', email: 'alice@acme.test' });
      await createUser(server.store, { login: 'bob', password: 'bob-password' });
      await createUser(server.store, { login: 'carol', password: 'carol-password' });
      await createUser(server.store, { login: 'dave', password: 'dave-password' });
      await ok('POST', '/customer', ADMIN, { match: 'acme.test', customer: 'Acme' });
      await ok('POST', '/customer', ADMIN, { match: 'bob', customer: 'Globex' });
      await ok('POST', '/customer', ADMIN, { match: 'both', customer: 'Acme' });
      const group = await ok('POST', '/group', ADMIN, { name: 'both', text: 'Acme and Globex' });
      const daveId = (await server.store.users.findByLoginOrEmail('dave'))?.id ?? '';
      await ok('PUT', `/group/${(group.group as Json).id as string}/user/${daveId}`, ADMIN, {});
      await ok('POST', '/customer', ADMIN, { match: 'dave', customer: 'Globex' });

      for (const resource of ['acme-web', 'acme-db']) {
        const alert = await postAlert(ALICE, {
          resource,
          service: ['Shop'],
          group: 'AcmeGroup',
          tags: ['acme-tag'],
          severity: 'major',
        });
        ids.acme.push(alert.id as string);
      }
      // A severity change, so the flapping and standing lists have something to show.
      await postAlert(ALICE, { resource: 'acme-web', service: ['Shop'], group: 'AcmeGroup', severity: 'critical' });
      const globex = await postAlert(BOB, {
        resource: 'globex-web',
        environment: 'Development',
        service: ['Portal'],
        group: 'GlobexGroup',
        tags: ['globex-tag'],
      });
      await postAlert(BOB, {
        resource: 'globex-web',
        environment: 'Development',
        service: ['Portal'],
        severity: 'minor',
      });
      ids.globex = globex.id as string;
      ids.none = (await postAlert(ADMIN, { resource: 'shared', service: ['Shared'] })).id as string;
      ids.initech = (await postAlert(ADMIN, { resource: 'ini', customer: 'Initech' })).id as string;
    });
    after(() => server.close());

    it('assigns the caller’s customer to new alerts; only admins name another', async () => {
      const mine = await call('GET', `/alert/${ids.acme[0] ?? ''}`, ALICE);
      assert.equal((mine.body.alert as Json).customer, 'Acme');
      assert.equal(((await call('GET', `/alert/${ids.globex}`, BOB)).body.alert as Json).customer, 'Globex');
      assert.equal(((await call('GET', `/alert/${ids.none}`, ADMIN)).body.alert as Json).customer, null);
      const refused = await call('POST', '/alert', ALICE, alertBody({ resource: 'x', customer: 'Globex' }));
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, "not allowed to set customer to 'Globex'");
      const named = await call('POST', '/alert', ALICE, alertBody({ resource: 'named', customer: 'Acme' }));
      assert.equal(named.status, 201);
      assert.equal((named.body.alert as Json).customer, 'Acme');
      await ok('DELETE', `/alert/${named.body.id as string}`, ALICE);
    });

    it('makes a caller with several customers choose one', async () => {
      const unnamed = await call('POST', '/alert', DAVE, alertBody({ resource: 'dave-1' }));
      assert.equal(unnamed.status, 400);
      assert.equal(unnamed.body.message, 'must define customer as more than one possibility');
      const named = await call('POST', '/alert', DAVE, alertBody({ resource: 'dave-1', customer: 'Globex' }));
      assert.equal(named.status, 201, named.raw);
      assert.equal((named.body.alert as Json).customer, 'Globex');
      const seen = await ok('GET', '/alerts', DAVE);
      assert.deepEqual(new Set((seen.alerts as Json[]).map((a) => a.customer)), new Set(['Acme', 'Globex']));
      await ok('DELETE', `/alert/${named.body.id as string}`, ADMIN);
    });

    it('refuses a user without any customer lookup', async () => {
      const refused = await call('GET', '/alerts', CAROL);
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, "No customer lookup configured for user 'carol' or 'example.com,user'");
      assert.equal((await call('POST', '/alert', CAROL, alertBody())).status, 403);
    });

    it('lists, counts and finds only the caller’s alerts', async () => {
      for (const [who, headers, customers] of [
        ['alice', ALICE, ['Acme']],
        ['bob', BOB, ['Globex']],
      ] as const) {
        const list = await ok('GET', '/alerts?show-history=true', headers);
        const alerts = list.alerts as Json[];
        assert.ok(alerts.length > 0, who);
        assert.deepEqual([...new Set(alerts.map((a) => a.customer))], customers, who);
        assert.equal(list.total, alerts.length, who);
        const count = await ok('GET', '/alerts/count', headers);
        assert.equal(count.total, alerts.length, who);
        const counted = await ok('GET', '/alerts/count?from-date=1970-01-01T00:00:00.000Z', headers);
        assert.deepEqual(counted, count, who);
        const history = await ok('GET', '/alerts/history', headers);
        assert.ok((history.history as Json[]).length > 0, who);
        assert.deepEqual([...new Set((history.history as Json[]).map((h) => h.customer))], customers, who);
        // Asking for another customer by filter finds nothing rather than widening the view.
        const other = await ok('GET', `/alerts/count?customer=${who === 'alice' ? 'Globex' : 'Acme'}`, headers);
        assert.equal(other.total, 0, who);
      }
      const everything = await ok('GET', '/alerts', ADMIN);
      assert.equal(everything.total, 5);
    });

    it('hides another customer’s alert by id, id prefix and notes', async () => {
      assert.equal((await call('GET', `/alert/${ids.globex}`, ALICE)).status, 404);
      assert.equal((await call('GET', `/alert/${ids.globex.slice(0, 8)}`, ALICE)).status, 404);
      assert.equal((await call('GET', `/alert/${ids.globex}/notes`, ALICE)).status, 404);
      assert.equal((await call('GET', `/alert/${ids.none}`, ALICE)).status, 404);
      assert.equal((await call('GET', `/alerts?id=${ids.globex.slice(0, 8)}`, ALICE)).body.total, 0);
      assert.equal((await call('GET', `/alert/${ids.globex}`, ADMIN)).status, 200);
      assert.equal((await call('GET', `/alert/${ids.acme[0] ?? ''}`, ADMIN)).status, 200);
    });

    it('answers every aggregate from the caller’s alerts only', async () => {
      const aliceTop = await ok('GET', '/alerts/top10/count?group-by=resource', ALICE);
      assert.deepEqual((aliceTop.top10 as Json[]).map((r) => r.resource).sort(), ['acme-db', 'acme-web']);
      const byEvent = await ok('GET', '/alerts/top10/count', ALICE);
      const resources = (byEvent.top10 as Json[]).flatMap((r) => (r.resources as Json[]).map((x) => x.id));
      assert.deepEqual(resources.sort(), [...ids.acme].sort());
      for (const kind of ['flapping', 'standing']) {
        const top = await ok('GET', `/alerts/top10/${kind}?group-by=resource`, BOB);
        assert.deepEqual(
          (top.top10 as Json[]).map((r) => r.resource),
          ['globex-web'],
          kind,
        );
      }
      const environments = await ok('GET', '/environments', ALICE);
      assert.deepEqual(
        (environments.environments as Json[]).map((e) => [e.environment, e.count]),
        [['Production', 2]],
      );
      const counted = await ok('GET', '/environments?from-date=1970-01-01T00:00:00.000Z', ALICE);
      assert.deepEqual(counted.environments, environments.environments);
      const withPage = await ok('GET', '/alerts?show-environments=true', ALICE);
      assert.deepEqual(withPage.environments, environments.environments);
      const services = await ok('GET', '/services', BOB);
      assert.deepEqual(
        (services.services as Json[]).map((s) => [s.environment, s.service, s.count]),
        [['Development', 'Portal', 1]],
      );
      const countedServices = await ok('GET', '/services?from-date=1970-01-01T00:00:00.000Z', BOB);
      assert.deepEqual(countedServices.services, services.services);
      const groups = await ok('GET', '/alerts/groups', ALICE);
      assert.deepEqual(
        (groups.groups as Json[]).map((g) => g.group),
        ['AcmeGroup'],
      );
      const tags = await ok('GET', '/alerts/tags', BOB);
      assert.deepEqual(
        (tags.tags as Json[]).map((t) => t.tag),
        ['globex-tag'],
      );
      const all = await ok('GET', '/environments', ADMIN);
      assert.deepEqual(
        (all.environments as Json[]).map((e) => e.environment),
        ['Development', 'Production'],
      );
    });

    it('refuses changes, notes and deletes on another customer’s alert with 404', async () => {
      const note = await ok('PUT', `/alert/${ids.globex}/note`, BOB, { text: 'bob was here' });
      const noteId = note.id as string;
      const attempts: [ApiMethod, string, Json | undefined][] = [
        ['PUT', `/alert/${ids.globex}/status`, { status: 'ack', text: '' }],
        ['PUT', `/alert/${ids.globex}/action`, { action: 'ack' }],
        ['PUT', `/alert/${ids.globex}/tag`, { tags: ['alice'] }],
        ['PUT', `/alert/${ids.globex}/untag`, { tags: ['globex-tag'] }],
        ['PUT', `/alert/${ids.globex}/attributes`, { attributes: { owner: 'alice' } }],
        ['PUT', `/alert/${ids.globex}/note`, { text: 'alice was here' }],
        ['PUT', `/alert/${ids.globex}/note/${noteId}`, { text: 'edited by alice' }],
        ['DELETE', `/alert/${ids.globex}/note/${noteId}`, undefined],
        ['DELETE', `/alert/${ids.globex}`, undefined],
        ['DELETE', `/alert/${ids.globex.slice(0, 8)}`, undefined],
      ];
      for (const [method, url, payload] of attempts) {
        const response = await call(method, url, ALICE, payload);
        assert.equal(response.status, 404, `${method} ${url}: ${response.raw}`);
      }
      const untouched = (await ok('GET', `/alert/${ids.globex}`, BOB)).alert as Json;
      assert.equal(untouched.status, 'open');
      assert.deepEqual(untouched.tags, ['globex-tag']);
      assert.deepEqual(Object.keys(untouched.attributes as Json).includes('owner'), false);
      const notes = await ok('GET', `/alert/${ids.globex}/notes`, BOB);
      assert.deepEqual(
        (notes.notes as Json[]).map((n) => n.text),
        ['bob was here'],
      );
      // The owner may.
      await ok('PUT', `/alert/${ids.acme[1] ?? ''}/tag`, ALICE, { tags: ['mine'] });
    });

    it('changes only the caller’s alerts in bulk', async () => {
      const tagged = await ok('PUT', '/_bulk/alerts/tag', ALICE, { tags: ['bulk'] });
      assert.deepEqual((tagged.updated as string[]).sort(), [...ids.acme].sort());
      const deleted = await ok('DELETE', '/_bulk/alerts?resource=globex-web', ALICE);
      assert.equal(deleted.count, 0);
      const status = await ok('PUT', '/_bulk/alerts/status?environment=Development', ALICE, { status: 'closed' });
      assert.equal(status.count, 0);
      assert.equal((await call('GET', `/alert/${ids.globex}`, ADMIN)).status, 200);
      assert.ok(!(((await ok('GET', `/alert/${ids.none}`, ADMIN)).alert as Json).tags as string[]).includes('bulk'));
    });

    it('scopes heartbeats: assigned on POST, filtered in lists, 404 for another customer’s', async () => {
      const alices = (await ok('POST', '/heartbeat', ALICE, { origin: 'cron/host' })).heartbeat as Json;
      const bobs = (await ok('POST', '/heartbeat', BOB, { origin: 'cron/host' })).heartbeat as Json;
      assert.equal(alices.customer, 'Acme');
      assert.equal(bobs.customer, 'Globex');
      assert.notEqual(alices.id, bobs.id);
      assert.equal((await call('POST', '/heartbeat', ALICE, { origin: 'x', customer: 'Globex' })).status, 400);
      const list = await ok('GET', '/heartbeats', ALICE);
      assert.deepEqual(
        (list.heartbeats as Json[]).map((h) => h.id),
        [alices.id],
      );
      assert.equal(list.total, 1);
      assert.equal((await call('GET', `/heartbeat/${bobs.id as string}`, ALICE)).status, 404);
      assert.equal((await call('DELETE', `/heartbeat/${bobs.id as string}`, ALICE)).status, 404);
      assert.equal((await call('GET', `/heartbeat/${bobs.id as string}`, BOB)).status, 200);
      assert.equal((await ok('GET', '/heartbeats', ADMIN)).total, 2);
      await ok('DELETE', `/heartbeat/${alices.id as string}`, ALICE);
    });

    it('scopes blackouts: assigned on POST, filtered in lists, 404 for another customer’s', async () => {
      const alices = (await ok('POST', '/blackout', ALICE, { environment: 'Production', resource: 'a' }))
        .blackout as Json;
      const bobs = (await ok('POST', '/blackout', BOB, { environment: 'Development', resource: 'b' })).blackout as Json;
      assert.equal(alices.customer, 'Acme');
      assert.equal(bobs.customer, 'Globex');
      const refused = await call('POST', '/blackout', ALICE, { environment: 'Production', customer: 'Globex' });
      assert.equal(refused.status, 400);
      const list = await ok('GET', '/blackouts', ALICE);
      assert.deepEqual(
        (list.blackouts as Json[]).map((b) => b.id),
        [alices.id],
      );
      const bobsId = bobs.id as string;
      assert.equal((await call('GET', `/blackout/${bobsId}`, ALICE)).status, 404);
      assert.equal((await call('PUT', `/blackout/${bobsId}`, ALICE, { text: 'mine now' })).status, 404);
      assert.equal((await call('DELETE', `/blackout/${bobsId}`, ALICE)).status, 404);
      assert.equal(((await ok('GET', `/blackout/${bobsId}`, BOB)).blackout as Json).text, '');
      const moved = await call('PUT', `/blackout/${alices.id as string}`, ALICE, { customer: 'Globex' });
      assert.equal(moved.status, 400);
      assert.equal((await ok('GET', '/blackouts', ADMIN)).total, 2);
      await ok('DELETE', `/blackout/${bobsId}`, BOB);
      await ok('DELETE', `/blackout/${alices.id as string}`, ALICE);
    });

    it('gives a key without a customer the customers of its owner', async () => {
      // Keys made before CUSTOMER_VIEWS was turned on name no customer.
      await server.store.keys.create({
        id: 'older-key',
        key: 'older-key-of-bob-without-a-customer-0000',
        user: 'bob',
        scopes: ['read'],
        text: 'from before customer views',
        expireTime: new Date(Date.now() + 86_400_000).toISOString(),
        count: 0,
        lastUsedTime: null,
        customer: null,
      });
      const key = { 'x-api-key': 'older-key-of-bob-without-a-customer-0000' };
      const seen = await ok('GET', '/alerts', key);
      assert.deepEqual([...new Set((seen.alerts as Json[]).map((a) => a.customer))], ['Globex']);
      assert.equal((await call('GET', `/alert/${ids.none}`, key)).status, 404);
    });

    it('scopes API keys: a key carries its customer, and sees only that customer’s alerts', async () => {
      const created = await ok('POST', '/key', ALICE, { text: 'alice ci' });
      assert.equal((created.data as Json).customer, 'Acme');
      const key = { 'x-api-key': created.key as string };
      const seen = await ok('GET', '/alerts', key);
      assert.deepEqual([...new Set((seen.alerts as Json[]).map((a) => a.customer))], ['Acme']);
      const posted = await postAlert(key, { resource: 'by-key' });
      assert.equal(posted.customer, 'Acme');
      await ok('DELETE', `/alert/${posted.id as string}`, key);
      assert.equal((await call('POST', '/key', ALICE, { customer: 'Globex' })).status, 400);
      // A key an admin narrows to one customer sees only that customer, admin scopes or not.
      const narrowed = await ok('POST', '/key', ADMIN, { type: 'read-write', customer: 'Globex', text: 'globex only' });
      assert.ok(((narrowed.data as Json).scopes as string[]).includes('admin'));
      const globexKey = { 'x-api-key': narrowed.key as string };
      const globex = await ok('GET', '/alerts', globexKey);
      assert.deepEqual([...new Set((globex.alerts as Json[]).map((a) => a.customer))], ['Globex']);
      assert.equal((await call('GET', `/alert/${ids.acme[0] ?? ''}`, globexKey)).status, 404);
      const keys = await ok('GET', '/keys', ALICE);
      assert.deepEqual(
        (keys.keys as Json[]).map((k) => k.text),
        ['alice ci'],
      );
      assert.equal((await call('GET', `/key/${narrowed.key as string}`, ALICE)).status, 404);
    });

    it('puts the customers in login tokens, and refuses a login without any', async () => {
      const claims = (token: string) =>
        JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Json;
      assert.deepEqual(claims(await loginToken(server.app, 'alice', 'alice-password')).customers, ['Acme']);
      assert.equal(claims(await loginToken(server.app, 'boss', 'boss-password')).customers, undefined);
      const refused = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'carol', password: 'carol-password' },
      });
      assert.equal(refused.statusCode, 403);
    });

    it('resolves the customers of bearer tokens on every request', async () => {
      const token = bearer(await loginToken(server.app, 'bob', 'bob-password'));
      const seen = await ok('GET', '/alerts', token);
      assert.deepEqual([...new Set((seen.alerts as Json[]).map((a) => a.customer))], ['Globex']);
      assert.equal((await call('GET', `/alert/${ids.acme[0] ?? ''}`, token)).status, 404);
    });
  });

  describe('anonymous readers with customer views (ALLOW_READONLY)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { CUSTOMER_VIEWS: 'true', ALLOW_READONLY: 'true', ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
    });
    after(() => server.close());

    it('shows them no customer’s alerts, nor those without a customer', async () => {
      const inject = (headers: Record<string, string>, method: ApiMethod, url: string, payload?: Json) =>
        server.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
      const acme = body(await inject(ADMIN, 'POST', '/alert', alertBody({ customer: 'Acme' })));
      const none = body(await inject(ADMIN, 'POST', '/alert', alertBody({ resource: 'shared' })));
      assert.equal(body(await inject({}, 'GET', '/alerts')).total, 0);
      assert.equal(body(await inject({}, 'GET', '/alerts/count')).total, 0);
      assert.equal((await inject({}, 'GET', `/alert/${acme.id as string}`)).statusCode, 404);
      assert.equal((await inject({}, 'GET', `/alert/${none.id as string}`)).statusCode, 404);
      assert.equal(body(await inject(ADMIN, 'GET', '/alerts')).total, 2);
    });
  });

  describe('customer scoping off (CUSTOMER_VIEWS false)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'carol', password: 'carol-password' });
    });
    after(() => server.close());

    it('shows everyone every alert, and lets only admins name a customer', async () => {
      const inject = (headers: Record<string, string>, method: ApiMethod, url: string, payload?: Json) =>
        server.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
      assert.equal((await inject(ADMIN, 'POST', '/alert', alertBody({ customer: 'Acme' }))).statusCode, 201);
      assert.equal((await inject(CAROL, 'POST', '/alert', alertBody({ customer: 'Acme' }))).statusCode, 400);
      assert.equal((await inject(CAROL, 'POST', '/alert', alertBody({ resource: 'c' }))).statusCode, 201);
      const list = body(await inject(CAROL, 'GET', '/alerts'));
      assert.equal(list.total, 2);
    });
  });
});
