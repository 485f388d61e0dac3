import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { openDatabase } from './support/database.js';
import { forEachEngine } from './support/engines.js';
import { SseClient } from './support/sse.js';
import { SharedAnswers } from '../src/http/shared-answers.js';

const admin = basic('root', 'root-password');

interface Listing {
  total: number;
  alerts: { id: string; status: string }[];
}

// docs/api/stream.md#shared-answers
forEachEngine((engine) => {
  describe('answers shared while nothing changed', () => {
    let server: TestServer & { url: string };
    let reads = 0;
    const streams: SseClient[] = [];

    const list = async (headers: Record<string, string>, query = 'environment=Production'): Promise<Listing> => {
      const response = await server.app.inject({ method: 'GET', url: `/api/alerts?${query}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      return body(response) as unknown as Listing;
    };
    const post = async (url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
      const response = await server.app.inject({ method, url: `/api${url}`, headers: admin, payload });
      assert.ok(response.statusCode < 300, response.body);
      return body(response);
    };
    const openStream = async (headers: Record<string, string>) => {
      const client = await SseClient.open(`${server.url}/alerts/stream`, headers);
      assert.equal(client.status, 200, client.body);
      streams.push(client);
      await client.nextNamed('hello');
      return client;
    };

    before(async () => {
      server = await (async () => {
        const started = await startTestServer(engine, { CUSTOMER_VIEWS: 'true' });
        const address = await started.app.listen({ port: 0, host: '127.0.0.1' });
        return { ...started, url: `${address}/api` };
      })();
      await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
      await createUser(server.store, { login: 'ops1', password: 'ops-password', email: 'ops1@acme.test' });
      await createUser(server.store, { login: 'ops2', password: 'ops-password', email: 'ops2@acme.test' });
      await createUser(server.store, { login: 'beta', password: 'beta-password', email: 'ops@beta.test' });
      await post('/customer', { customer: 'Acme', match: 'acme.test' });
      await post('/customer', { customer: 'Beta', match: 'beta.test' });
      const alerts = server.store.alerts;
      const countAndList = alerts.countAndList.bind(alerts);
      alerts.countAndList = (...args) => {
        reads += 1;
        return countAndList(...args);
      };
    });
    after(async () => {
      for (const stream of streams) stream.close();
      await server.close();
    });

    it('reads the database for every ask while no stream is open on the process', async () => {
      await post('/alert', alertBody({ resource: 'shared01', customer: 'Acme' }));
      const before = reads;
      await list(basic('ops1', 'ops-password'));
      await list(basic('ops1', 'ops-password'));
      assert.equal(reads - before, 2);
    });

    it('gives callers who see the same the answer of the first while nothing changed, and a fresh one after a change', async () => {
      const stream = await openStream(basic('ops1', 'ops-password'));
      const first = await list(basic('ops1', 'ops-password'));
      const before = reads;
      const second = await list(basic('ops2', 'ops-password'));
      assert.deepEqual(second, first);
      assert.equal(reads - before, 0, 'the second ask was answered without reading the alerts');

      // Asked at once after the change's answer, before the stream has told of it: the answer has it.
      const created = (await post('/alert', alertBody({ resource: 'shared02', customer: 'Acme' }))).alert as {
        id: string;
      };
      const after = await list(basic('ops2', 'ops-password'));
      assert.equal(after.total, first.total + 1);
      assert.ok(after.alerts.some((a) => a.id === created.id));
      await stream.nextChange('alerts', (c) => c.id === created.id);

      // An action, likewise.
      await post(`/alert/${created.id}/status`, { status: 'ack', text: 'mine' }, 'PUT');
      const acked = await list(basic('ops1', 'ops-password'));
      assert.equal(acked.alerts.find((a) => a.id === created.id)?.status, 'ack');
    });

    it('makes one answer for callers who ask the same at once, as consoles woken by one event do', async () => {
      await openStream(admin);
      await post('/alert', alertBody({ resource: 'shared-at-once', customer: 'Acme' }));
      const query = 'environment=Production&sort-by=lastReceiveTime';
      // The change above is read by the hub before the asks, so they all find the same state.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = reads;
      const answers = await Promise.all(Array.from({ length: 20 }, () => list(admin, query)));
      assert.equal(reads - before, 1, 'one read of the alerts for twenty asks');
      assert.ok(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0])));
    });

    it('shares the grouped views and the facets, and answers them afresh after an action', async () => {
      const aggregates = server.store.aggregates;
      const made = { grouped: 0, facets: 0 };
      const grouped = aggregates.grouped.bind(aggregates);
      const facets = aggregates.facets.bind(aggregates);
      aggregates.grouped = (...args) => {
        made.grouped += 1;
        return grouped(...args);
      };
      aggregates.facets = (...args) => {
        made.facets += 1;
        return facets(...args);
      };
      const ask = async (path: string, headers: Record<string, string>) => {
        const response = await server.app.inject({ method: 'GET', url: `/api${path}`, headers });
        assert.equal(response.statusCode, 200, response.body);
        return body(response);
      };
      const stream = await openStream(admin);
      const created = (await post('/alert', alertBody({ resource: 'grouped01', service: ['Web'], customer: 'Acme' })))
        .alert as { id: string };
      await stream.nextChange('alerts', (c) => c.id === created.id);
      const groupedPath = '/alerts/grouped?status=open&group-by=service&group-by=resource';
      const facetsPath = '/alerts/facets?status=open&fields=resource';
      const ops = basic('ops1', 'ops-password');
      const answers = await Promise.all(Array.from({ length: 10 }, () => ask(groupedPath, ops)));
      const first = answers[0] ?? {};
      const facetAnswers = await Promise.all(Array.from({ length: 10 }, () => ask(facetsPath, ops)));
      assert.deepEqual(made, { grouped: 1, facets: 1 }, 'one answer of each for ten consoles asking at once');
      assert.ok(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(first)));
      assert.ok(facetAnswers.every((answer) => JSON.stringify(answer) === JSON.stringify(facetAnswers[0])));
      const web = (first.groups as { key: string; count: number }[]).find((g) => g.key === 'Web');
      assert.ok(web !== undefined && web.count >= 1);

      // Another customer asks the same: its own answer, without Acme's alert.
      const beta = await ask(groupedPath, basic('beta', 'beta-password'));
      assert.equal(made.grouped, 2);
      const betaKeys = (beta.groups as { subgroups: { key: string }[] }[]).flatMap((g) =>
        g.subgroups.map((s) => s.key),
      );
      assert.ok(!betaKeys.includes('grouped01'));

      // Acked at once: the next ask, before the stream has told of it, counts it acked.
      await post(`/alert/${created.id}/status`, { status: 'ack', text: 'mine' }, 'PUT');
      const after = await ask(groupedPath, ops);
      const webAfter = (after.groups as { key: string; count: number }[]).find((g) => g.key === 'Web');
      assert.equal(webAfter?.count ?? 0, web.count - 1);
      const facetsAfter = await ask(facetsPath, ops);
      assert.equal(Number(facetsAfter.total), Number(facetAnswers[0]?.total) - 1);
      assert.deepEqual(made, { grouped: 3, facets: 2 });
    });

    it('never gives one customer’s answer to a caller of another', async () => {
      await openStream(basic('beta', 'beta-password'));
      await post('/alert', alertBody({ resource: 'shared03', customer: 'Beta' }));
      const acme = await list(basic('ops1', 'ops-password'));
      const beta = await list(basic('beta', 'beta-password'));
      const everyone = await list(admin);
      assert.ok(acme.alerts.every((a) => !beta.alerts.some((b) => b.id === a.id)));
      assert.equal(everyone.total, acme.total + beta.total);
    });

    it('gives a fresh answer after a change made outside the server, which its stream has not told of yet', async () => {
      const stream = await openStream(admin);
      const created = (await post('/alert', alertBody({ resource: 'shared04', customer: 'Acme' }))).alert as {
        id: string;
      };
      await stream.nextChange('alerts', (c) => c.id === created.id);
      const seen = await list(admin);
      assert.ok(seen.alerts.some((a) => a.id === created.id));
      // The same question once more is shared…
      const before = reads;
      await list(admin);
      assert.equal(reads - before, 0);
      // …until a change commits, whoever made it: here a connection of its own, as a script's would be.
      const db = openDatabase(server.settings.database);
      try {
        await sql`delete from alerts where id = ${created.id}`.execute(db);
      } finally {
        await db.destroy();
      }
      const after = await list(admin);
      assert.ok(!after.alerts.some((a) => a.id === created.id));
      assert.equal(after.total, seen.total - 1);
    });

    it('still tags a shared answer, and answers 304 to a caller who holds it', async () => {
      await openStream(admin);
      const first = await server.app.inject({ method: 'GET', url: '/api/alerts?status=open', headers: admin });
      const etag = first.headers.etag;
      assert.equal(typeof etag, 'string');
      const before = reads;
      const again = await server.app.inject({
        method: 'GET',
        url: '/api/alerts?status=open',
        headers: { ...admin, 'if-none-match': String(etag) },
      });
      assert.equal(again.statusCode, 304);
      const plain = await server.app.inject({ method: 'GET', url: '/api/alerts?status=open', headers: admin });
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.headers.etag, etag);
      assert.equal(plain.body, first.body);
      assert.equal(reads - before, 0, 'both asks after the first were shared');
    });

    it('sends a shared answer compressed as a fresh one: brotli, gzip or plain, as the caller accepts', async () => {
      const stream = await openStream(admin);
      let last = '';
      for (let n = 0; n < 8; n += 1) {
        const posted = await post(
          '/alert',
          alertBody({ resource: `zip-${String(n)}`, text: 'a text long enough to compress '.repeat(4) }),
        );
        last = (posted.alert as { id: string }).id;
      }
      // The stream has heard of the last change: no read of the hub comes between the asks below.
      await stream.nextChange('alerts', (c) => c.id === last);
      const ask = (encoding: string) =>
        server.app.inject({
          method: 'GET',
          url: '/api/alerts?status=open&sort-by=resource',
          headers: { ...admin, 'accept-encoding': encoding },
        });
      const fresh = await ask('br');
      assert.equal(fresh.headers['content-encoding'], 'br');
      const json = brotliDecompressSync(fresh.rawPayload).toString('utf8');
      assert.ok(json.length >= 1024, 'the answer is large enough to be compressed');
      const before = reads;
      const cases: [string, string | undefined, (bytes: Buffer) => Buffer][] = [
        ['br', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['x-gzip', 'gzip', gunzipSync],
        ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
        ['br;q=0, gzip;q=0', undefined, (bytes) => bytes],
        ['identity', undefined, (bytes) => bytes],
      ];
      for (const [accepted, encoding, decode] of cases) {
        const shared = await ask(accepted);
        assert.equal(shared.statusCode, 200, accepted);
        assert.equal(shared.headers['content-encoding'], encoding, accepted);
        assert.equal(shared.headers.etag, fresh.headers.etag, accepted);
        assert.match(String(shared.headers['content-type']), /^application\/json/, accepted);
        if (encoding !== undefined) assert.match(String(shared.headers.vary), /accept-encoding/i, accepted);
        assert.equal(Number(shared.headers['content-length']), shared.rawPayload.length, accepted);
        assert.equal(decode(shared.rawPayload).toString('utf8'), json, accepted);
      }
      assert.equal(reads - before, 0, 'every ask after the first was shared');
    });
  });
});

describe('shared answers: the check that nothing changed', () => {
  const hubWith = (reads: number) => {
    const hub = {
      reads,
      checks: 0,
      async readsAll(asked: number): Promise<boolean> {
        hub.checks += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return asked === hub.reads;
      },
    };
    return hub;
  };

  it('is shared by callers who asked before it started, never by one who asked after', async () => {
    const shared = new SharedAnswers();
    const hub = hubWith(7);
    shared.follow(hub);
    const askedAt = performance.now();
    const results = await Promise.all(Array.from({ length: 10 }, () => shared.current(7, askedAt)));
    assert.deepEqual(results, Array<boolean>(10).fill(true));
    assert.equal(hub.checks, 1, 'one check for ten callers who asked before it');
    assert.equal(await shared.current(7, performance.now()), true);
    assert.equal(hub.checks, 2, 'a caller who asked after the last check started gets a check of its own');
    hub.reads = 8;
    assert.equal(await shared.current(7, askedAt), true, 'an older check still tells of its own time');
    assert.equal(await shared.current(8, askedAt), true);
    assert.equal(hub.checks, 3, 'a check of another state is not shared');
  });

  it('says no when the check fails', async () => {
    const shared = new SharedAnswers();
    shared.follow({
      reads: 1,
      readsAll: () => Promise.reject(new Error('the database is away')),
    });
    assert.equal(await shared.current(1, performance.now()), false);
  });
});
