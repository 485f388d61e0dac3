import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { openDatabase } from './support/database.js';
import { type Engine, forEachEngine } from './support/engines.js';
import { type SseClient as Client, SseClient, changesOf, dataOf } from './support/sse.js';
import { fixture } from './support/webhooks.js';

const admin = basic('root', 'root-password');
const guest = basic('guest', 'guest-password');

/** A test server listening on a free port, with the users the tests sign in as. */
async function listeningServer(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<TestServer & { url: string }> {
  const server = await startTestServer(engine, env);
  await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  await createUser(server.store, { login: 'guest', password: 'guest-password', roles: ['guest'] });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...server, url: `${address}/api` };
}

/** Opens a stream and waits for its hello. */
async function openStream(url: string, headers: Record<string, string>): Promise<{ client: Client; position: string }> {
  const client = await SseClient.open(`${url}/alerts/stream`, headers);
  assert.equal(client.status, 200, client.body);
  const hello = await client.nextNamed('hello');
  const position = String(dataOf(hello).position);
  assert.equal(hello.id, position);
  return { client, position };
}

/** The next change of the alert `id` the stream hears. */
const alertChange = (client: Client, id: string, timeoutMs?: number): Promise<Record<string, unknown>> =>
  client.nextChange('alerts', (c) => c.id === id, timeoutMs);

/** The next change of the heartbeat or blackout `id` the stream hears in events named `name`. */
const monitorChange = (client: Client, name: string, id: string): Promise<Record<string, unknown>> =>
  client.nextChange(name, (c) => c.id === id);

forEachEngine((engine) => {
  describe('GET /alerts/stream', () => {
    let server: TestServer & { url: string };
    const clients: Client[] = [];
    const open = async (headers = admin) => {
      const opened = await openStream(server.url, headers);
      clients.push(opened.client);
      return opened;
    };
    const inject = async (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown) => {
      const response = await server.app.inject({
        method,
        url: `/api${url}`,
        headers: admin,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      assert.ok(response.statusCode < 300, `${method} ${url}: ${response.body}`);
      return body(response);
    };
    const postAlert = async (overrides: Record<string, unknown>) =>
      ((await inject('POST', '/alert', alertBody(overrides))).alert as { id: string }).id;

    before(async () => {
      // Each test keeps its streams open until the end: room for all of them.
      server = await listeningServer(engine, { STREAM_MAX_PER_USER: '100' });
    });
    after(async () => {
      for (const client of clients) client.close();
      await server.close();
    });

    it('answers with the headers of docs/api/stream.md, a retry line and hello, never compressed', async () => {
      const client = await SseClient.open(`${server.url}/alerts/stream`, {
        ...admin,
        'accept-encoding': 'gzip, br',
      });
      clients.push(client);
      assert.equal(client.status, 200);
      assert.equal(client.headers['content-type'], 'text/event-stream; charset=utf-8');
      assert.equal(client.headers['cache-control'], 'no-cache, no-transform');
      assert.equal(client.headers['x-accel-buffering'], 'no');
      assert.equal(client.headers['content-encoding'], undefined);
      const hello = await client.nextNamed('hello');
      assert.match(hello.id ?? '', /^\d+$/);
      assert.equal(client.retry, 3000);
      const config = await inject('GET', '/config');
      assert.deepEqual(config.stream, { path: '/alerts/stream', keepalive: 15 });
    });

    it('tells of every way an alert changes', async () => {
      const { client } = await open();
      const id = await postAlert({ resource: 'paths01', severity: 'minor' });
      const created = await alertChange(client, id);
      assert.equal(created.op, 'created');
      assert.equal(created.severity, 'minor');
      assert.equal(created.environment, 'Production');
      assert.equal(created.status, 'open');
      assert.equal(typeof created.lastReceiveTime, 'string');

      await postAlert({ resource: 'paths01', severity: 'minor' });
      const duplicate = await alertChange(client, id);
      assert.equal(duplicate.op, 'changed');
      assert.equal(duplicate.repeat, true);

      await inject('PUT', `/alert/${id}/status`, { status: 'ack', text: 'looking' });
      const acked = await alertChange(client, id);
      assert.equal(acked.status, 'ack');
      assert.equal(acked.repeat, false);

      await inject('PUT', `/alert/${id}/action`, { action: 'shelve', text: 'later' });
      assert.equal((await alertChange(client, id)).status, 'shelved');
      await inject('PUT', `/alert/${id}/tag`, { tags: ['t1'] });
      assert.equal((await alertChange(client, id)).op, 'changed');
      await inject('PUT', `/alert/${id}/attributes`, { attributes: { region: 'eu' } });
      assert.equal((await alertChange(client, id)).op, 'changed');
      await inject('PUT', '/_bulk/alerts/status?resource=paths01', { status: 'open', text: 'bulk' });
      assert.equal((await alertChange(client, id)).status, 'open');
      await inject('DELETE', `/alert/${id}`);
      const deleted = await alertChange(client, id);
      assert.equal(deleted.op, 'deleted');
      assert.equal(deleted.status, 'open');
    });

    it('logs what a program other than the server writes into the database, which needs nothing registered', async () => {
      const { client } = await open();
      const id = await postAlert({ resource: 'elsewhere01' });
      assert.equal((await alertChange(client, id)).op, 'created');
      // A connection of its own, as a script or a database tool would have: no function of the server's on it.
      const db = openDatabase(server.settings.database);
      try {
        await sql`delete from alerts where id = ${id}`.execute(db);
      } finally {
        await db.destroy();
      }
      // On SQLite the server's reader wakes at its own next write; on PostgreSQL the trigger's notification wakes it.
      const marker = await postAlert({ resource: 'elsewhere02' });
      await alertChange(client, marker);
      const ops = client.events
        .flatMap((e) => (e.event === 'alerts' ? changesOf(e) : []))
        .filter((c) => c.id === id)
        .map((c) => c.op);
      assert.deepEqual(ops, ['created', 'deleted']);
    });

    it('stays silent on writes that change nothing of an alert: a note, a tag it already has', async () => {
      const { client } = await open();
      const id = await postAlert({ resource: 'quiet01', tags: ['known'] });
      await alertChange(client, id);
      await inject('PUT', `/alert/${id}/note`, { text: 'a note adds history, not a change' });
      await inject('PUT', `/alert/${id}/tag`, { tags: ['known'] });
      // Heard after whatever the writes above published, since it was made after them.
      const marker = await postAlert({ resource: 'quiet02' });
      await alertChange(client, marker);
      const heard = client.events.flatMap((e) => (e.event === 'alerts' ? changesOf(e) : [])).filter((c) => c.id === id);
      assert.equal(heard.length, 1);
    });

    it('tells of alerts a webhook stores', async () => {
      const { client } = await open();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/webhooks/prometheus',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: JSON.stringify(fixture('prometheus', 'node-filesystem')),
      });
      assert.ok(response.statusCode < 300, response.body);
      const answer = body(response);
      const ids = (answer.ids ?? [answer.id]) as string[];
      assert.ok(ids.length > 0, response.body);
      for (const id of ids) assert.equal((await alertChange(client, id)).op, 'created');
    });

    it('tells of housekeeping expiring and deleting alerts', async () => {
      const { client } = await open();
      const id = await postAlert({ resource: 'hk01', timeout: 1 });
      await alertChange(client, id);
      // The timeout is one second of the server's clock: let it pass before the pass looks.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await inject('GET', '/management/housekeeping');
      assert.equal((await alertChange(client, id)).status, 'expired');
      await inject('GET', '/management/housekeeping?expired=0');
      assert.equal((await alertChange(client, id)).op, 'deleted');
    });

    it('tells of heartbeats and blackouts', async () => {
      const { client } = await open();
      const heartbeat = (await inject('POST', '/heartbeat', { origin: 'stream/test', timeout: 60 })).id as string;
      assert.equal((await monitorChange(client, 'heartbeats', heartbeat)).op, 'created');
      await inject('POST', '/heartbeat', { origin: 'stream/test', timeout: 60 });
      assert.equal((await monitorChange(client, 'heartbeats', heartbeat)).op, 'changed');
      await inject('DELETE', `/heartbeat/${heartbeat}`);
      assert.equal((await monitorChange(client, 'heartbeats', heartbeat)).op, 'deleted');

      const blackout = (await inject('POST', '/blackout', { environment: 'Production', resource: 'bo01' }))
        .id as string;
      assert.equal((await monitorChange(client, 'blackouts', blackout)).op, 'created');
      await inject('PUT', `/blackout/${blackout}`, { text: 'maintenance' });
      assert.equal((await monitorChange(client, 'blackouts', blackout)).op, 'changed');
      await inject('DELETE', `/blackout/${blackout}`);
      assert.equal((await monitorChange(client, 'blackouts', blackout)).op, 'deleted');
    });

    it('tells of each alert a bulk change changes', async () => {
      const { client } = await open();
      const a = await postAlert({ resource: 'together1' });
      const b = await postAlert({ resource: 'together2' });
      await alertChange(client, a);
      await alertChange(client, b);
      await inject('PUT', '/_bulk/alerts/status?resource=~together', { status: 'ack', text: 'both' });
      assert.equal((await alertChange(client, a)).status, 'ack');
      assert.equal((await alertChange(client, b)).status, 'ack');
      const ack = client.events.filter((e) => e.event === 'alerts' && changesOf(e).some((c) => c.status === 'ack'));
      const ids = ack.flatMap((e) => changesOf(e).map((c) => c.id));
      assert.deepEqual(ids.slice(-2).sort(), [a, b].sort());
    });

    it('names the alerts created and counts the other changes when one read brings more than 20', async () => {
      const { client } = await open();
      const ids: string[] = [];
      for (let n = 0; n < 25; n += 1) ids.push(await postAlert({ resource: `burst${String(n).padStart(2, '0')}` }));
      await alertChange(client, ids.at(-1) ?? '');
      const heardBefore = client.events.length;
      // One statement changes all 25 (as a script might): one read of the log.
      const db = openDatabase(server.settings.database);
      try {
        await sql`update alerts set status = 'ack' where resource like 'burst%'`.execute(db);
      } finally {
        await db.destroy();
      }
      // On SQLite the reader wakes at the server's next write; this alert is created with or after the burst.
      const marker = await postAlert({ resource: 'after-the-burst' });
      await client.nextChange('alerts', (c) => c.id === marker);
      const after = client.events.slice(heardBefore).filter((e) => e.event === 'alerts');
      const omitted = after.reduce((sum, e) => sum + Number(dataOf(e).omitted ?? 0), 0);
      assert.equal(omitted, 25, JSON.stringify(after.map((e) => e.data)));
      const named = after.flatMap(changesOf).map((c) => c.id);
      assert.deepEqual(named, [marker], 'only the alert created is named');
      // The next change on its own is named again.
      await inject('PUT', `/alert/${ids[0] ?? ''}/status`, { status: 'open', text: 'this one again' });
      assert.equal((await alertChange(client, ids[0] ?? '')).status, 'open');
    });

    it('resumes after Last-Event-ID with nothing missed', async () => {
      const first = await open();
      const a = await postAlert({ resource: 'resume1' });
      await alertChange(first.client, a);
      const seen = first.client.events.at(-1);
      assert.ok(seen !== undefined);
      first.client.close();
      const missed = [await postAlert({ resource: 'resume2' }), await postAlert({ resource: 'resume3' })];
      const again = await SseClient.open(`${server.url}/alerts/stream`, { ...admin, 'last-event-id': seen.id ?? '' });
      clients.push(again);
      const hello = await again.nextNamed('hello');
      assert.equal(hello.id, seen.id);
      for (const id of missed) assert.equal((await alertChange(again, id)).op, 'created');
      assert.ok(!again.events.some((e) => e.event === 'resync'));
      // Live changes follow the replay.
      const live = await postAlert({ resource: 'resume4' });
      assert.equal((await alertChange(again, live)).op, 'created');
    });

    it('asks for a resync when the position is past the log or not one it gave, and refuses a malformed one', async () => {
      const future = await SseClient.open(`${server.url}/alerts/stream`, { ...admin, 'last-event-id': '99999999' });
      clients.push(future);
      await future.nextNamed('hello');
      assert.equal(dataOf(await future.nextNamed('resync')).reason, 'unknown');

      const { position } = await open();
      await postAlert({ resource: 'expire1' });
      await postAlert({ resource: 'expire2' });
      // Everything up to now is dropped, as STREAM_HISTORY would after ten minutes.
      await server.store.changeLog.prune(new Date(Date.now() + 60_000).toISOString());
      await postAlert({ resource: 'expire3' });
      const late = await SseClient.open(`${server.url}/alerts/stream`, { ...admin, 'last-event-id': position });
      clients.push(late);
      await late.nextNamed('hello');
      assert.equal(dataOf(await late.nextNamed('resync')).reason, 'expired');

      const bad = await SseClient.open(`${server.url}/alerts/stream`, { ...admin, 'last-event-id': 'abc' });
      assert.equal(bad.status, 400);
      assert.match(String((JSON.parse(bad.body) as { message: string }).message), /Last-Event-ID/);
      const query = await SseClient.open(`${server.url}/alerts/stream?since=1`, admin);
      assert.equal(query.status, 400);
    });

    it('drops old entries through housekeeping, keeping the newest', async () => {
      await postAlert({ resource: 'prune1' });
      await postAlert({ resource: 'prune2' });
      const before = await server.store.changeLog.bounds();
      assert.ok(before !== undefined && before.max > before.min);
      await server.store.housekeeping.run((tx) => tx.dropChanges(new Date(Date.now() + 60_000).toISOString()), {
        wait: true,
      });
      assert.deepEqual(await server.store.changeLog.bounds(), { min: before.max, max: before.max });
    });

    it('never opens a stream for a key in the URL', async () => {
      const key = (await inject('POST', '/key', { scopes: ['read'], text: 'in a URL' })).key as string;
      const inUrl = await SseClient.open(`${server.url}/alerts/stream?api-key=${key}`);
      assert.equal(inUrl.status, 400);
      assert.equal((await SseClient.open(`${server.url}/alerts/stream?api-key=wrong`)).status, 401);
    });

    it('needs read:alerts, and heartbeats and blackouts need their own read scopes', async () => {
      const anonymous = await SseClient.open(`${server.url}/alerts/stream`);
      assert.equal(anonymous.status, 401);
      const { client } = await open(guest);
      const heartbeat = (await inject('POST', '/heartbeat', { origin: 'stream/guest', timeout: 60 })).id as string;
      const blackout = (await inject('POST', '/blackout', { environment: 'Production', resource: 'bo-g' }))
        .id as string;
      const alert = await postAlert({ resource: 'guest01' });
      await alertChange(client, alert);
      assert.ok(!client.events.some((e) => e.event === 'heartbeats' || e.event === 'blackouts'));
      await inject('DELETE', `/heartbeat/${heartbeat}`);
      await inject('DELETE', `/blackout/${blackout}`);
    });

    it('sends keep-alive comments and ends its streams when the server shuts down', async () => {
      const quick = await listeningServer(engine, { STREAM_KEEPALIVE: '1' });
      const { client } = await openStream(quick.url, admin);
      await client.until(() => client.comments.includes('keepalive'), 5_000);
      await quick.close();
      await client.closed();
    });
  });

  describe('STREAM_ENABLED=false', () => {
    let server: TestServer & { url: string };
    before(async () => {
      server = await listeningServer(engine, { STREAM_ENABLED: 'false' });
    });
    after(() => server.close());

    it('answers 404 and GET /config names no stream', async () => {
      const client = await SseClient.open(`${server.url}/alerts/stream`, admin);
      assert.equal(client.status, 404);
      const config = await server.app.inject({ method: 'GET', url: '/api/config' });
      assert.equal(body(config).stream, undefined);
    });
  });

  describe('GET /alerts/stream limits', () => {
    let server: TestServer & { url: string };
    before(async () => {
      server = await listeningServer(engine, { STREAM_MAX_PER_USER: '2', STREAM_MAX_CONNECTIONS: '3' });
      await createUser(server.store, { login: 'other', password: 'other-password', roles: ['user'] });
    });
    after(() => server.close());

    it('refuses a stream past STREAM_MAX_PER_USER or STREAM_MAX_CONNECTIONS with 429, and a closed stream frees its slot', async () => {
      const one = await openStream(server.url, admin);
      const two = await openStream(server.url, admin);
      const third = await SseClient.open(`${server.url}/alerts/stream`, admin);
      assert.equal(third.status, 429);
      assert.equal(third.headers['retry-after'], '10');
      assert.match((JSON.parse(third.body) as { message: string }).message, /STREAM_MAX_PER_USER/);
      assert.equal((JSON.parse(third.body) as { status: string }).status, 'error');

      const other = await openStream(server.url, basic('other', 'other-password'));
      const fourth = await SseClient.open(`${server.url}/alerts/stream`, guest);
      assert.equal(fourth.status, 429);
      assert.match((JSON.parse(fourth.body) as { message: string }).message, /STREAM_MAX_CONNECTIONS/);

      one.client.close();
      other.client.close();
      // The slot is free once the server has seen the client go.
      let again: Client | undefined;
      for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
        again = await SseClient.open(`${server.url}/alerts/stream`, admin);
        if (again.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(again?.status, 200);
      await again?.nextNamed('hello');
      again?.close();
      two.client.close();
    });
  });

  describe('GET /alerts/stream with CUSTOMER_VIEWS', () => {
    let server: TestServer & { url: string };
    const acme = basic('acme', 'acme-password');
    const clients: Client[] = [];
    before(async () => {
      server = await listeningServer(engine, { CUSTOMER_VIEWS: 'true' });
      for (const [customer, match] of [
        ['Acme', 'acme.test'],
        ['Beta', 'beta.test'],
      ]) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/customer',
          headers: admin,
          payload: { customer, match },
        });
        assert.equal(response.statusCode, 201, response.body);
      }
      await createUser(server.store, { login: 'acme', password: 'acme-password', email: 'ops@acme.test' });
    });
    after(async () => {
      for (const client of clients) client.close();
      await server.close();
    });

    const post = async (url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
      const response = await server.app.inject({ method, url: `/api${url}`, headers: admin, payload });
      assert.ok(response.statusCode < 300, response.body);
      return body(response);
    };

    it('tells a customer only of its own alerts, heartbeats and blackouts, and of a move away as a deletion', async () => {
      const { client } = await openStream(server.url, acme);
      clients.push(client);
      const beta = ((await post('/alert', alertBody({ resource: 'b1', customer: 'Beta' }))).alert as { id: string }).id;
      const betaBlackout = (await post('/blackout', { environment: 'Production', customer: 'Beta' })).id as string;
      const own = ((await post('/alert', alertBody({ resource: 'a1', customer: 'Acme' }))).alert as { id: string }).id;
      assert.equal((await alertChange(client, own)).op, 'created');
      const ownBlackout = (await post('/blackout', { environment: 'Production', customer: 'Acme' })).id as string;
      assert.equal((await monitorChange(client, 'blackouts', ownBlackout)).op, 'created');

      // A blackout moved to another customer: its old customer hears it go.
      await post(`/blackout/${ownBlackout}`, { customer: 'Beta' }, 'PUT');
      assert.equal((await monitorChange(client, 'blackouts', ownBlackout)).op, 'deleted');
      // An alert moved between customers (no route does it; the database may): likewise.
      const db = openDatabase(server.settings.database);
      try {
        await sql`update alerts set customer = 'Beta' where id = ${own}`.execute(db);
      } finally {
        await db.destroy();
      }
      // Another write wakes the reader on SQLite, where the change above came from a connection of its own.
      const marker = ((await post('/alert', alertBody({ resource: 'a2', customer: 'Acme' }))).alert as { id: string })
        .id;
      await alertChange(client, marker);
      const moved = client.events
        .flatMap((e) => (e.event === 'alerts' ? changesOf(e) : []))
        .filter((c) => c.id === own);
      assert.deepEqual(
        moved.map((c) => c.op),
        ['created', 'deleted'],
      );
      const ids = client.events.flatMap(changesOf).map((c) => c.id);
      assert.ok(!ids.includes(beta) && !ids.includes(betaBlackout), JSON.stringify(ids));
    });
  });
});
