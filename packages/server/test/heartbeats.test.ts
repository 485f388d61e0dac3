import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface HeartbeatJson {
  id: string;
  href: string;
  origin: string;
  tags: string[];
  attributes: Record<string, unknown>;
  type: string;
  createTime: string;
  timeout: number;
  maxLatency: number;
  receiveTime: string;
  customer: string | null;
  latency: number;
  since: number;
  status: string;
}

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');
  const reader = basic('reader', 'reader-password');

  before(async () => {
    server = await startTestServer(engine, { HEARTBEAT_TIMEOUT: '120', HEARTBEAT_MAX_LATENCY: '2000' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    await createUser(server.store, { login: 'reader', password: 'reader-password', roles: ['guest'] });
  });
  after(() => server.close());

  const post = (payload: unknown, headers = admin) =>
    server.app.inject({ method: 'POST', url: '/api/heartbeat', headers, payload: payload as Record<string, unknown> });
  const get = (url: string, headers = admin) => server.app.inject({ method: 'GET', url: `/api${url}`, headers });
  const list = async (query = ''): Promise<{ heartbeats: HeartbeatJson[]; total: number }> =>
    body(await get(`/heartbeats${query}`)) as unknown as { heartbeats: HeartbeatJson[]; total: number };

  /** Writes a heartbeat as if it had been received in the past (the store computes latency and expiry from it). */
  const receivedAgo = (origin: string, ms: number, timeout: number, latency = 0) => {
    // One clock reading for both times, so the latency is exact whatever the clock does between them.
    const received = Date.now() - ms;
    return server.store.heartbeats.upsert({
      id: `hb-${origin}`,
      origin,
      tags: [],
      attributes: {},
      type: 'Heartbeat',
      createTime: new Date(received - latency).toISOString(),
      timeout,
      receiveTime: new Date(received).toISOString(),
      customer: null,
    });
  };

  describe('heartbeats', () => {
    it('creates a heartbeat with every field of docs/api/heartbeats.md#status', async () => {
      const response = await post({ origin: 'cron/host1', tags: ['a', 'b'], attributes: { x: 1 }, timeout: 60 });
      assert.equal(response.statusCode, 201, response.body);
      const result = body(response) as { status: string; id: string; heartbeat: HeartbeatJson };
      assert.equal(result.status, 'ok');
      const hb = result.heartbeat;
      assert.equal(hb.id, result.id);
      assert.match(hb.href, new RegExp(`/api/heartbeat/${hb.id}$`));
      assert.equal(hb.origin, 'cron/host1');
      assert.deepEqual(hb.tags, ['a', 'b']);
      assert.deepEqual(hb.attributes, { x: 1 });
      assert.equal(hb.type, 'Heartbeat');
      assert.equal(hb.timeout, 60);
      assert.equal(hb.maxLatency, 2000);
      assert.equal(hb.customer, null);
      assert.equal(hb.status, 'ok');
      assert.equal(hb.since, 0);
      assert.ok(Number.isInteger(hb.latency));
      assert.equal(hb.createTime, hb.receiveTime);
    });

    it('uses the server origin, HEARTBEAT_TIMEOUT and ignores type', async () => {
      const response = await post({ type: 'Other' });
      const hb = (body(response) as { heartbeat: HeartbeatJson }).heartbeat;
      assert.equal(hb.type, 'Heartbeat');
      assert.equal(hb.timeout, 120);
      assert.match(hb.origin, /.+\/.+/);
    });

    it('upserts by origin and keeps the original id', async () => {
      const first = body(await post({ origin: 'upsert/1', tags: ['old'], timeout: 30 })) as { id: string };
      const second = await post({ origin: 'upsert/1', tags: ['new'], timeout: 90 });
      assert.equal(second.statusCode, 201);
      const result = body(second) as { id: string; heartbeat: HeartbeatJson };
      assert.equal(result.id, first.id);
      assert.deepEqual(result.heartbeat.tags, ['new']);
      assert.equal(result.heartbeat.timeout, 90);
      assert.equal((await list('?origin=upsert/1')).total, 1);
    });

    it('keeps one heartbeat when the first beats of an origin arrive together', async () => {
      const responses = await Promise.all([1, 2, 3, 4, 5].map(() => post({ origin: 'race/1' })));
      assert.deepEqual(
        responses.map((r) => r.statusCode),
        [201, 201, 201, 201, 201],
      );
      const ids = new Set(responses.map((r) => (body(r) as { id: string }).id));
      assert.equal(ids.size, 1);
      assert.equal((await list('?origin=race/1')).total, 1);
    });

    it('gets by id and id prefix, and 404 for an unknown id', async () => {
      const { id } = body(await post({ origin: 'get/1' })) as { id: string };
      const full = await get(`/heartbeat/${id}`);
      assert.equal(full.statusCode, 200);
      assert.equal((body(full) as { total: number }).total, 1);
      const prefix = await get(`/heartbeat/${id.slice(0, 8)}`);
      assert.equal((body(prefix) as { heartbeat: HeartbeatJson }).heartbeat.id, id);
      const missing = await get('/heartbeat/00000000-no-such');
      assert.equal(missing.statusCode, 404);
      assert.equal(body(missing).status, 'error');
    });

    it('deletes, then 404', async () => {
      const { id } = body(await post({ origin: 'delete/1' })) as { id: string };
      const deleted = await server.app.inject({ method: 'DELETE', url: `/api/heartbeat/${id}`, headers: admin });
      assert.equal(deleted.statusCode, 200);
      assert.deepEqual(body(deleted), { status: 'ok' });
      assert.equal((await get(`/heartbeat/${id}`)).statusCode, 404);
      const again = await server.app.inject({ method: 'DELETE', url: `/api/heartbeat/${id}`, headers: admin });
      assert.equal(again.statusCode, 404);
    });

    it('turns ok, then slow, then expired as time passes', async () => {
      // Margins of many seconds, so a slow machine cannot tip a heartbeat over a boundary.
      await receivedAgo('time/ok', 1000, 60);
      await receivedAgo('time/slow', 1000, 60, 2500);
      await receivedAgo('time/expired', 70_000, 60);
      await receivedAgo('time/edge', 30_000, 60);
      const byOrigin = async (origin: string) =>
        (await list(`?origin=${origin}`)).heartbeats[0] ?? assert.fail(`no heartbeat ${origin}`);
      const ok = await byOrigin('time/ok');
      assert.equal(ok.status, 'ok');
      assert.ok(ok.since >= 1 && ok.since < 30, String(ok.since));
      const slow = await byOrigin('time/slow');
      assert.equal(slow.status, 'slow');
      assert.equal(slow.latency, 2500);
      const expired = await byOrigin('time/expired');
      assert.equal(expired.status, 'expired');
      assert.ok(expired.since >= 70, String(expired.since));
    });

    it('expires in SQL exactly when since exceeds the timeout', async () => {
      const received = '2026-01-01T00:00:00.000Z';
      await server.store.heartbeats.upsert({
        id: 'hb-boundary',
        origin: 'boundary/1',
        tags: [],
        attributes: {},
        type: 'Heartbeat',
        createTime: received,
        timeout: 5,
        receiveTime: received,
        customer: null,
      });
      const expiredAt = async (now: string) => {
        const query = {
          filters: [{ field: 'origin', negate: false, values: ['boundary/1'] }],
          statuses: ['expired'],
          sort: [],
          now,
        };
        return (await server.store.heartbeats.list(query, 2000, { offset: 0, limit: 10 })).length === 1;
      };
      // since = 5 (not > 5) until a full sixth second has passed.
      assert.equal(await expiredAt('2026-01-01T00:00:05.999Z'), false);
      assert.equal(await expiredAt('2026-01-01T00:00:06.000Z'), true);
      const withSince = async (since: string, negate = false) => {
        const query = {
          filters: [
            { field: 'origin', negate: false, values: ['boundary/1'] },
            { field: 'since', negate, values: [since] },
          ],
          statuses: [],
          sort: [],
          now: '2026-01-01T00:00:10.500Z',
        };
        return (await server.store.heartbeats.list(query, 2000, { offset: 0, limit: 10 })).length;
      };
      assert.equal(await withSince('10'), 1);
      assert.equal(await withSince('9'), 0);
      assert.equal(await withSince('11'), 0);
      assert.equal(await withSince('10', true), 0);
      assert.equal((await get('/heartbeats?since=soon')).statusCode, 400);
      await server.app.inject({ method: 'DELETE', url: '/api/heartbeat/hb-boundary', headers: admin });
    });

    it('filters by computed status in SQL, total ignoring the status filter', async () => {
      const statusesOf = (result: { heartbeats: HeartbeatJson[] }) => [
        ...new Set(result.heartbeats.map((h) => h.status)),
      ];
      const expired = await list('?origin=~time/&status=expired');
      assert.deepEqual(statusesOf(expired), ['expired']);
      assert.deepEqual(
        expired.heartbeats.map((h) => h.origin),
        ['time/expired'],
      );
      assert.equal(expired.total, 4);
      const some = await list('?origin=~time/&status=ok&status=slow&sort-by=origin');
      assert.deepEqual(
        some.heartbeats.map((h) => h.origin),
        ['time/edge', 'time/ok', 'time/slow'],
      );
    });

    it('filters and sorts by an attribute', async () => {
      await post({ origin: 'attr/1', attributes: { region: 'eu', rack: 'b' } });
      await post({ origin: 'attr/2', attributes: { region: 'us', rack: 'a' } });
      const eu = await list('?attributes.region=eu');
      assert.deepEqual(
        eu.heartbeats.map((h) => h.origin),
        ['attr/1'],
      );
      const byRack = await list('?origin=~attr/&sort-by=attributes.rack');
      assert.deepEqual(
        byRack.heartbeats.map((h) => h.origin),
        ['attr/2', 'attr/1'],
      );
      assert.equal((await get('/heartbeats?attributes=eu')).statusCode, 400);
    });

    it('pages and sorts', async () => {
      const first = (await get('/heartbeats?origin=~time/&sort-by=origin&page-size=2&page=1')).json<{
        heartbeats: HeartbeatJson[];
        pages: number;
        more: boolean;
      }>();
      assert.deepEqual(
        first.heartbeats.map((h) => h.origin),
        ['time/edge', 'time/expired'],
      );
      assert.equal(first.pages, 2);
      assert.equal(first.more, true);
      const reversed = await list('?origin=~time/&sort-by=-origin&page-size=1');
      assert.equal(reversed.heartbeats[0]?.origin, 'time/slow');
      const bySince = (await list('?origin=~time/&sort-by=since')).heartbeats.map((h) => h.origin);
      assert.deepEqual(bySince.slice(2), ['time/edge', 'time/expired']);
      const bySinceReversed = (await list('?origin=~time/&sort-by=-since')).heartbeats.map((h) => h.origin);
      assert.deepEqual(bySinceReversed.slice(0, 2), ['time/expired', 'time/edge']);
      assert.equal((await get('/heartbeats?page=9')).statusCode, 416);
    });

    it('converts an alert with a heartbeat event and answers 202', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: admin,
        payload: alertBody({ event: 'Heartbeat', origin: 'converted/1', tags: ['t1'], timeout: 300 }),
      });
      assert.equal(response.statusCode, 202, response.body);
      const result = body(response) as { status: string; message: string; id: string };
      assert.equal(result.status, 'ok');
      assert.equal(result.message, 'Alert converted to Heartbeat');
      const hb = (body(await get(`/heartbeat/${result.id}`)) as { heartbeat: HeartbeatJson }).heartbeat;
      assert.equal(hb.origin, 'converted/1');
      assert.equal(hb.timeout, 300);
      assert.deepEqual(hb.tags, ['t1']);
      assert.deepEqual(hb.attributes, {
        environment: 'Production',
        severity: 'major',
        service: ['Website'],
        group: 'Misc',
      });
      const alerts = body(await get('/alerts?event=Heartbeat')) as { total: number };
      assert.equal(alerts.total, 0);
    });

    it('rejects bad input with 400 and writes nothing', async () => {
      const before = (await list()).total;
      const cases: unknown[] = [
        { origin: 12 },
        { origin: '' },
        { tags: 'a' },
        { tags: [1] },
        { attributes: [] },
        { timeout: 'soon' },
        { timeout: -1 },
        { timeout: 1.5 },
        { createTime: '2026-01-01' },
        { createTime: '2026-13-01T00:00:00.000Z' },
        { customer: '' },
      ];
      for (const payload of cases) {
        const response = await post(payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.equal(body(response).status, 'error');
      }
      const notObject = await server.app.inject({
        method: 'POST',
        url: '/api/heartbeat',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '[1]',
      });
      assert.equal(notObject.statusCode, 400);
      assert.equal((await list()).total, before);
      assert.equal((await get('/heartbeats?status=dead')).statusCode, 400);
      assert.equal((await get('/heartbeats?colour=red')).statusCode, 400);
      assert.equal((await get('/heartbeats?sort-by=colour')).statusCode, 400);
      assert.equal((await get('/heartbeats?timeout=abc')).statusCode, 400);
    });

    it('needs the heartbeat scopes', async () => {
      assert.equal((await post({ origin: 'nope' }, reader)).statusCode, 403);
      assert.equal((await get('/heartbeats', reader)).statusCode, 403);
    });
  });

  describe('healthcheck', () => {
    it('answers 503 HEARTBEAT_STALE once a heartbeat is older than four timeouts', async () => {
      const healthy = await server.app.inject({ method: 'GET', url: '/api/management/healthcheck' });
      assert.equal(healthy.statusCode, 200, healthy.body);
      assert.equal(healthy.body, 'OK');
      // Expired (7 s > 5 s) but not stale: 7 s < 4 × 5 s.
      await receivedAgo('stale/1', 25_000, 5);
      const stale = await server.app.inject({ method: 'GET', url: '/api/management/healthcheck' });
      assert.equal(stale.statusCode, 503);
      assert.equal(stale.body, 'HEARTBEAT_STALE: stale/1');
    });
  });
});
