import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ALERT_CSV_COLUMNS } from '@alerta/contract';
import type { LightMyRequestResponse } from 'fastify';
import { CSV_PAGE_SIZE } from '../src/routes/alert-csv.js';
import { type TestServer, alertBody, apiClient, basic, body, createUser, startTestServer } from './support/app.js';
import { assertError } from './support/alerts.js';
import { readCsvExport } from './support/csv.js';
import { forEachEngine } from './support/engines.js';

type Json = Record<string, unknown>;

const ADMIN = basic('boss', 'boss-password');

/** The file's rows as objects by column, after checking the byte-order mark and the header. */
function records(response: LightMyRequestResponse): Record<string, string>[] {
  assert.equal(response.statusCode, 200, response.body);
  assert.ok(response.body.startsWith('\uFEFF'), 'a byte-order mark first');
  const [header, ...rows] = readCsvExport(response.body);
  assert.deepEqual(header, [...ALERT_CSV_COLUMNS]);
  return rows.map((cells) => {
    assert.equal(cells.length, ALERT_CSV_COLUMNS.length);
    return Object.fromEntries(ALERT_CSV_COLUMNS.map((column, i) => [column, cells[i] ?? '']));
  });
}

/** docs/api/alerts.md#get-alertscsv */
forEachEngine((engine) => {
  describe('GET /alerts.csv (docs/api/alerts.md#get-alertscsv)', () => {
    let server: TestServer;
    const { ok } = apiClient(() => server);
    const csv = (query: string, headers: Json = ADMIN) =>
      server.app.inject({ method: 'GET', url: `/api/alerts.csv${query}`, headers: headers as Record<string, string> });
    const listed = async (query: string) => {
      const page = await ok('GET', `/alerts${query}${query === '' ? '?' : '&'}page-size=10000`, ADMIN);
      return (page.alerts as Json[]).map((a) => a.id as string);
    };
    const MANY = CSV_PAGE_SIZE * 2 + 7;

    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'nobody', password: 'nobody-password', roles: ['nothing'] });
      // More alerts than two of the route's pages, sent a few at a time.
      for (let start = 0; start < MANY; start += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, MANY - start) }, (_, i) =>
            ok(
              'POST',
              '/alert',
              ADMIN,
              alertBody({
                resource: `host${String(start + i).padStart(4, '0')}`,
                environment: (start + i) % 3 === 0 ? 'Development' : 'Production',
                severity: (start + i) % 2 === 0 ? 'major' : 'minor',
              }),
            ),
          ),
        );
      }
    });
    after(() => server.close());

    it('answers every alert, over several internal pages, each once, as a named attachment', async () => {
      const response = await csv('?sort-by=resource');
      assert.match(String(response.headers['content-type']), /^text\/csv; charset=utf-8/);
      assert.match(
        String(response.headers['content-disposition']),
        /^attachment; filename="alerts-\d{8}T\d{6}Z\.csv"$/,
      );
      const rows = records(response);
      assert.equal(rows.length, MANY);
      assert.equal(new Set(rows.map((r) => r.id)).size, MANY);
      const resources = rows.map((r) => r.resource ?? '');
      assert.deepEqual(resources, [...resources].sort());
      assert.deepEqual(new Set(rows.map((r) => r.id)), new Set(await listed('')));
    });

    it('keeps the order of sort-by, with the id deciding ties, the same on every request', async () => {
      const first = records(await csv('?sort-by=severity&sort-by=-resource'));
      const again = records(await csv('?sort-by=severity&sort-by=-resource'));
      assert.deepEqual(
        first.map((r) => r.id),
        again.map((r) => r.id),
      );
      const majors = first.findIndex((r) => r.severity === 'minor');
      assert.ok(first.slice(0, majors).every((r) => r.severity === 'major'));
      assert.ok(first.slice(majors).every((r) => r.severity === 'minor'));
      const unsorted = records(await csv(''));
      assert.equal(new Set(unsorted.map((r) => r.id)).size, MANY);
    });

    it('selects with the filters and the query language of GET /alerts', async () => {
      for (const query of [
        '?environment=Development',
        '?environment!=Development&severity=minor',
        '?q=resource:host00*',
        '?resource=~host01&q=severity:major',
      ]) {
        const ids = records(await csv(query)).map((r) => r.id);
        const expected = await listed(query);
        assert.ok(expected.length > 0, query);
        assert.deepEqual(new Set(ids), new Set(expected), query);
        assert.equal(ids.length, expected.length, query);
      }
      assert.deepEqual(records(await csv('?resource=nothing-like-this')), []);
    });

    it('quotes as RFC 4180 says and defuses cells that would start a formula', async () => {
      const sent = await ok(
        'POST',
        '/alert',
        ADMIN,
        alertBody({
          resource: '=HYPERLINK("http://evil.example","x")',
          event: '+cmd',
          environment: 'Development',
          service: ['-a', 'b'],
          group: '@SUM(A1)',
          value: '\tx',
          text: 'a "quoted", multi\r\nline text',
          tags: ['one', 'two'],
          attributes: { region: 'EU', n: -5 },
          rawData: '\rraw',
          origin: ' =x',
        }),
      );
      const id = sent.id as string;
      const response = await csv(`?id=${id}`);
      const [row] = records(response);
      assert.ok(row !== undefined);
      assert.equal(row.resource, `'=HYPERLINK("http://evil.example","x")`);
      assert.equal(row.event, `'+cmd`);
      assert.equal(row.service, `'-a,b`);
      assert.equal(row.group, `'@SUM(A1)`);
      assert.equal(row.value, `'\tx`);
      assert.equal(row.text, 'a "quoted", multi\r\nline text');
      assert.equal(row.tags, 'one,two');
      assert.deepEqual(JSON.parse(row.attributes ?? ''), { region: 'EU', n: -5, ip: '127.0.0.1' });
      assert.equal(row.rawData, `'\rraw`);
      assert.equal(row.origin, `' =x`);
      assert.equal(row.duplicateCount, '0');
      assert.equal(row.repeat, 'false');
      assert.equal(row.customer, '');
      assert.match(row.createTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // The raw text: the quote goes inside the double quotes, inner quotes doubled.
      assert.ok(response.body.includes(`"'=HYPERLINK(""http://evil.example"",""x"")"`));
      await ok('DELETE', `/alert/${id}`, ADMIN);
    });

    it('answers bad parameters with the same 400s as GET /alerts', async () => {
      for (const query of ['?colour=red', '?sort-by=colour', '?q=resource:(', '?page=x', '?page-size=0', '?x=%00']) {
        const fromCsv = await csv(query);
        const fromList = await server.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers: ADMIN });
        assertError(fromCsv, 400);
        assert.equal(body(fromCsv).message, body(fromList).message, query);
        assert.deepEqual(body(fromCsv).errors, body(fromList).errors, query);
      }
    });

    it('needs read:alerts, as GET /alerts does', async () => {
      assertError(await csv('', {}), 401);
      assertError(await csv('', basic('nobody', 'nobody-password')), 403);
    });

    it('writes each alert once, skipping none, while alerts move, go and come during the export', async () => {
      const query = '?sort-by=lastReceiveTime';
      const before = records(await csv(query));
      assert.ok(before.length > CSV_PAGE_SIZE * 2);
      // Two alerts the first page does not hold: one is sent again, which moves it to the other end of the order, and
      // one is deleted; and a new alert comes. They change once the first page is written.
      const moved = before.at(-1);
      const deleted = before.at(-2);
      assert.ok(moved !== undefined && deleted !== undefined);
      const alerts = server.store.alerts;
      const byIds = alerts.byIds.bind(alerts);
      let pages = 0;
      alerts.byIds = async (ids, customers) => {
        pages += 1;
        if (pages === 2) {
          const { resource, environment, severity } = moved;
          await ok('POST', '/alert', ADMIN, alertBody({ resource, environment, severity, text: 'sent again' }));
          await ok('DELETE', `/alert/${deleted.id ?? ''}`, ADMIN);
          await ok('POST', '/alert', ADMIN, alertBody({ resource: 'came-during-export' }));
        }
        return byIds(ids, customers);
      };
      let during: Record<string, string>[];
      try {
        during = records(await csv(query));
      } finally {
        Reflect.deleteProperty(alerts, 'byIds');
      }
      assert.ok(pages > 2);
      const ids = during.map((r) => r.id);
      assert.equal(new Set(ids).size, ids.length, 'no alert twice');
      assert.deepEqual(
        ids,
        before.map((r) => r.id).filter((id) => id !== deleted.id),
        'every alert of the start but the deleted one, in the order of the start',
      );
      assert.equal(during.at(-1)?.text, 'sent again', 'an alert as it is when its turn comes');
      // The next export has the alert sent again at the other end, the new one, and not the deleted one.
      const after = records(await csv(query)).map((r) => r.id);
      assert.equal(after.length, before.length);
      assert.notEqual(after.at(-1), moved.id);
      assert.ok(!after.includes(deleted.id ?? ''));
    });
  });

  describe('GET /alerts.csv with CUSTOMER_VIEWS (docs/api/customers.md)', () => {
    let server: TestServer;
    const { ok } = apiClient(() => server);
    const ALICE = basic('alice', 'alice-password');

    before(async () => {
      server = await startTestServer(engine, { CUSTOMER_VIEWS: 'true', ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'alice', password: 'alice-password', email: 'alice@acme.test' });
      await ok('POST', '/customer', ADMIN, { match: 'acme.test', customer: 'Acme' });
      for (const [resource, customer] of [
        ['acme-web', 'Acme'],
        ['acme-db', 'Acme'],
        ['globex-web', 'Globex'],
      ] as const) {
        await ok('POST', '/alert', ADMIN, alertBody({ resource, customer }));
      }
    });
    after(() => server.close());

    it("answers only the caller's customers' alerts, whatever the filter asks", async () => {
      const read = async (query: string, headers: Record<string, string>) =>
        records(await server.app.inject({ method: 'GET', url: `/api/alerts.csv${query}`, headers }))
          .map((r) => `${r.resource ?? ''}/${r.customer ?? ''}`)
          .sort();
      assert.deepEqual(await read('', ALICE), ['acme-db/Acme', 'acme-web/Acme']);
      assert.deepEqual(await read('?customer=Globex', ALICE), []);
      assert.deepEqual(await read('', ADMIN), ['acme-db/Acme', 'acme-web/Acme', 'globex-web/Globex']);
    });
  });
});
