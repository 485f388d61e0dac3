import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface BlackoutJson {
  id: string;
  href: string;
  priority: number;
  environment: string;
  service: string[];
  resource: string | null;
  event: string | null;
  group: string | null;
  tags: string[];
  origin: string | null;
  customer: string | null;
  startTime: string;
  endTime: string;
  duration: number;
  status: string;
  remaining: number;
  user: string | null;
  createTime: string;
  text: string;
}

const inSeconds = (s: number): string => new Date(Date.now() + s * 1000).toISOString();

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');
  const user = basic('alice', 'alice-password');
  const guest = basic('guest', 'guest-password');

  before(async () => {
    server = await startTestServer(engine, { BLACKOUT_DURATION: '600' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    await createUser(server.store, { login: 'alice', password: 'alice-password', roles: ['user'] });
    await createUser(server.store, { login: 'guest', password: 'guest-password', roles: ['guest'] });
  });
  after(() => server.close());

  const request = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    server.app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = async (payload: Record<string, unknown>, headers = admin): Promise<BlackoutJson> => {
    const response = await request('POST', '/blackout', payload, headers);
    assert.equal(response.statusCode, 201, response.body);
    return (body(response) as { blackout: BlackoutJson }).blackout;
  };
  const total = async (query = ''): Promise<number> =>
    (body(await request('GET', `/blackouts${query}`)) as { total: number }).total;

  describe('blackout CRUD', () => {
    it('creates with 201, Location and every field of docs/api/blackouts.md', async () => {
      const response = await request('POST', '/blackout', {
        environment: 'Production',
        service: ['Web'],
        text: 'maintenance',
        duration: 120,
      });
      assert.equal(response.statusCode, 201, response.body);
      const result = body(response) as { status: string; id: string; blackout: BlackoutJson };
      assert.equal(result.status, 'ok');
      const b = result.blackout;
      assert.equal(b.id, result.id);
      assert.equal(response.headers.location, b.href);
      assert.match(b.href, new RegExp(`/api/blackout/${b.id}$`));
      assert.equal(b.environment, 'Production');
      assert.deepEqual(b.service, ['Web']);
      assert.equal(b.resource, null);
      assert.deepEqual(b.tags, []);
      assert.equal(b.duration, 120);
      assert.equal(Date.parse(b.endTime) - Date.parse(b.startTime), 120_000);
      assert.equal(b.status, 'active');
      assert.equal(b.remaining, 120);
      assert.equal(b.user, 'root');
      assert.equal(b.text, 'maintenance');
      assert.equal(b.priority, 3);
      assert.equal(b.customer, null);
      assert.ok(b.createTime.endsWith('Z'));
    });

    it('defaults the duration to BLACKOUT_DURATION and derives it from an end time', async () => {
      assert.equal((await create({ environment: 'Development' })).duration, 600);
      // `alerta blackout --duration 0` asks for the default, as the reference reads it.
      const zero = await create({ environment: 'Development', duration: 0 });
      assert.equal(zero.duration, 600);
      assert.equal(Date.parse(zero.endTime) - Date.parse(zero.startTime), 600_000);
      const start = inSeconds(60);
      const end = new Date(Date.parse(start) + 90_000).toISOString();
      const b = await create({ environment: 'Development', startTime: start, endTime: end, duration: 5 });
      assert.equal(b.duration, 90);
      assert.equal(b.endTime, end);
    });

    it('gets by id or prefix, lists, and deletes', async () => {
      const b = await create({ environment: 'Development', resource: 'crud01' });
      const got = await request('GET', `/blackout/${b.id.slice(0, 8)}`);
      assert.equal(got.statusCode, 200);
      assert.equal((body(got) as { blackout: BlackoutJson }).blackout.id, b.id);
      const listed = body(await request('GET', '/blackouts?resource=crud01')) as {
        blackouts: BlackoutJson[];
        total: number;
        page: number;
        pages: number;
        more: boolean;
      };
      assert.equal(listed.total, 1);
      assert.equal(listed.blackouts[0]?.id, b.id);
      assert.equal(listed.pages, 1);
      assert.equal(listed.more, false);
      const deleted = await request('DELETE', `/blackout/${b.id}`);
      assert.deepEqual(body(deleted), { status: 'ok' });
      assert.equal((await request('GET', `/blackout/${b.id}`)).statusCode, 404);
      assert.equal((await request('DELETE', `/blackout/${b.id}`)).statusCode, 404);
      const empty = body(await request('GET', '/blackouts?resource=crud01'));
      assert.equal(empty.message, 'not found');
      assert.equal(empty.total, 0);
    });

    it('updates any subset, sets the user to the caller, and keeps the end time when the duration changes', async () => {
      const b = await create({ environment: 'Development', resource: 'upd01', duration: 300 });
      const response = await request('PUT', `/blackout/${b.id}`, { duration: 60, text: 'changed', event: 'E1' }, user);
      assert.equal(response.statusCode, 200, response.body);
      const updated = (body(response) as { blackout: BlackoutJson }).blackout;
      assert.equal(updated.duration, 60);
      assert.equal(updated.endTime, b.endTime);
      assert.equal(updated.text, 'changed');
      assert.equal(updated.event, 'E1');
      assert.equal(updated.resource, 'upd01');
      assert.equal(updated.user, 'alice');
      assert.equal(updated.priority, 6);
      const end = inSeconds(30);
      const moved = (body(await request('PUT', `/blackout/${b.id}`, { endTime: end })) as { blackout: BlackoutJson })
        .blackout;
      assert.equal(moved.endTime, end);
      assert.equal(moved.user, 'root');
      assert.equal((await request('PUT', '/blackout/no-such-id', { text: 'x' })).statusCode, 404);
    });

    it('honours user and customer from the body only with admin:blackouts', async () => {
      const byAdmin = await create({ environment: 'Development', user: 'someone', customer: 'acme' });
      assert.equal(byAdmin.user, 'someone');
      assert.equal(byAdmin.customer, 'acme');
      const byUser = await create({ environment: 'Development', user: 'someone' }, user);
      assert.equal(byUser.user, 'alice');
      const refused = await request('POST', '/blackout', { environment: 'Development', customer: 'acme' }, user);
      assert.equal(refused.statusCode, 400);
    });

    it('needs the blackout scopes', async () => {
      assert.equal((await request('POST', '/blackout', { environment: 'Development' }, guest)).statusCode, 403);
      assert.equal((await request('GET', '/blackouts', undefined, guest)).statusCode, 403);
    });
  });

  describe('priority (docs/api/blackouts.md)', () => {
    const cases: [string, Record<string, unknown>, number][] = [
      ['environment only', {}, 0],
      ['resource without event', { resource: 'r' }, 2],
      ['service', { service: ['s'] }, 3],
      ['event without resource', { event: 'e' }, 4],
      ['group', { group: 'g' }, 5],
      ['resource and event', { resource: 'r', event: 'e' }, 6],
      ['resource, event and tags', { resource: 'r', event: 'e', tags: ['t'] }, 6],
      ['tags', { tags: ['t'] }, 7],
      ['origin', { origin: 'o' }, 8],
      ['origin over resource', { origin: 'o', resource: 'r' }, 8],
      ['service before event', { service: ['s'], event: 'e' }, 3],
    ];
    for (const [name, fields, priority] of cases) {
      it(`${name} → ${priority}`, async () => {
        assert.equal((await create({ environment: 'Development', ...fields })).priority, priority);
      });
    }
  });

  describe('status and remaining', () => {
    it('pending before the start, with the whole duration remaining', async () => {
      const b = await create({ environment: 'Development', resource: 'st-pending', startTime: inSeconds(3600) });
      assert.equal(b.status, 'pending');
      assert.equal(b.remaining, 600);
    });

    it('expired after the end, with nothing remaining', async () => {
      const b = await create({
        environment: 'Development',
        resource: 'st-expired',
        startTime: inSeconds(-120),
        endTime: inSeconds(-60),
      });
      assert.equal(b.status, 'expired');
      assert.equal(b.remaining, 0);
    });

    it('active in the window, remaining as integer seconds in GET and list', async () => {
      const b = await create({ environment: 'Development', resource: 'st-active', startTime: inSeconds(-100) });
      assert.equal(b.status, 'active');
      const got = (body(await request('GET', `/blackout/${b.id}`)) as { blackout: BlackoutJson }).blackout;
      assert.ok(Number.isInteger(got.remaining), String(got.remaining));
      assert.ok(got.remaining > 490 && got.remaining <= 500, String(got.remaining));
      const listed = (body(await request('GET', '/blackouts?resource=st-active')) as { blackouts: BlackoutJson[] })
        .blackouts[0];
      assert.equal(typeof listed?.remaining, 'number');
    });

    it('filters by status, repeatable, and sorts', async () => {
      const only = async (query: string) =>
        (
          body(await request('GET', `/blackouts?resource=~st-${query}&sort-by=resource`)) as {
            blackouts: BlackoutJson[];
          }
        ).blackouts.map((b) => b.resource);
      assert.deepEqual(await only('&status=pending'), ['st-pending']);
      assert.deepEqual(await only('&status=expired'), ['st-expired']);
      assert.deepEqual(await only('&status=active'), ['st-active']);
      assert.deepEqual(await only('&status=active&status=expired'), ['st-active', 'st-expired']);
      const reversed = (
        body(await request('GET', '/blackouts?resource=~st-&sort-by=-resource')) as { blackouts: BlackoutJson[] }
      ).blackouts.map((b) => b.resource);
      assert.deepEqual(reversed, ['st-pending', 'st-expired', 'st-active']);
      assert.equal((await request('GET', '/blackouts?status=over')).statusCode, 400);
      assert.equal((await request('GET', '/blackouts?colour=red')).statusCode, 400);
      assert.equal((await request('GET', '/blackouts?sort-by=colour')).statusCode, 400);
      assert.equal((await request('GET', '/blackouts?page=99')).statusCode, 416);
    });
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['missing environment', {}, /^'environment'$/],
      ['environment not a string', { environment: 1 }, /environment/],
      ['empty resource', { resource: '' }, /resource/],
      ['empty event', { event: '' }, /event/],
      ['empty group', { group: '' }, /group/],
      ['empty origin', { origin: '' }, /origin/],
      ['service not a list', { service: 'Web' }, /'service' must be a list/],
      ['tags not a list', { tags: 't' }, /'tags' must be a list/],
      ['bad start date', { startTime: '2026-01-01 00:00:00' }, /ISO 8601/],
      ['bad end date', { endTime: '2026-01-01T00:00:00+02:00' }, /ISO 8601/],
      ['negative duration', { duration: -5 }, /duration/],
      ['fractional duration', { duration: 1.5 }, /duration/],
      ['duration as text', { duration: '60' }, /duration/],
      ['end before start', { startTime: inSeconds(100), endTime: inSeconds(50) }, /endTime/],
    ];
    for (const [name, fields, message] of cases) {
      it(`${name} → 400, nothing written`, async () => {
        const before = await total();
        const payload = name === 'missing environment' ? fields : { environment: 'Development', ...fields };
        const response = await request('POST', '/blackout', payload);
        assert.equal(response.statusCode, 400, response.body);
        const result = body(response);
        assert.equal(result.status, 'error');
        assert.match(String(result.message), message);
        assert.equal(await total(), before);
      });
    }

    it('rejects bad updates and leaves the blackout as it was', async () => {
      const b = await create({ environment: 'Development', resource: 'val-upd' });
      for (const payload of [{ duration: -1 }, { resource: '' }, { startTime: 'tomorrow' }, { tags: 'x' }]) {
        assert.equal((await request('PUT', `/blackout/${b.id}`, payload)).statusCode, 400, JSON.stringify(payload));
      }
      const got = (body(await request('GET', `/blackout/${b.id}`)) as { blackout: BlackoutJson }).blackout;
      assert.deepEqual({ ...got, remaining: b.remaining }, b);
    });
  });
});
