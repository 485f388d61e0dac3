import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface Listed {
  status: string;
  page: number;
  pageSize: number;
  pages: number;
  more: boolean;
  total: number;
  alerts: {
    id: string;
    resource: string;
    severity: string;
    status: string;
    rawData: string | null;
    history: unknown[];
    lastReceiveTime: string;
    createTime: string;
  }[];
  statusCounts: Record<string, number>;
  severityCounts: Record<string, number>;
  lastTime: string;
  autoRefresh: boolean;
}

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');
  const ids: string[] = [];

  const list = async (query: string): Promise<Listed> => {
    const response = await server.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers: admin });
    assert.equal(response.statusCode, 200, response.body);
    return body(response) as unknown as Listed;
  };

  before(async () => {
    server = await startTestServer(engine, { DEFAULT_PAGE_SIZE: '4' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    const severities = ['minor', 'critical', 'warning', 'major', 'critical', 'informational', 'minor'];
    for (const [i, severity] of severities.entries()) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: admin,
        payload: alertBody({
          resource: `host${i}`,
          severity,
          rawData: `raw ${i}`,
          createTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
          ...(i === 2 ? { status: 'ack' } : {}),
        }),
      });
      assert.equal(response.statusCode, 201, response.body);
      ids.push((body(response) as { id: string }).id);
    }
  });
  after(() => server.close());

  it('pages with DEFAULT_PAGE_SIZE, page-size and the older limit', async () => {
    const first = await list('');
    assert.equal(first.total, 7);
    assert.equal(first.pageSize, 4);
    assert.equal(first.pages, 2);
    assert.equal(first.more, true);
    assert.equal(first.alerts.length, 4);
    assert.equal(first.autoRefresh, true);
    const second = await list('?page=2');
    assert.equal(second.alerts.length, 3);
    assert.equal(second.more, false);
    assert.equal((await list('?page-size=3')).pages, 3);
    assert.equal((await list('?limit=2')).pages, 4);
  });

  it('answers 416 outside the pages', async () => {
    for (const page of ['0', '3']) {
      const response = await server.app.inject({ method: 'GET', url: `/api/alerts?page=${page}`, headers: admin });
      assert.equal(response.statusCode, 416);
      assert.equal(body(response).message, 'page out of range: 1-2');
    }
  });

  it('filters by one or several statuses and counts by status and severity', async () => {
    const acked = await list('?status=ack');
    assert.equal(acked.total, 1);
    assert.equal(acked.alerts[0]?.resource, 'host2');
    const both = await list('?status=ack&status=open');
    assert.equal(both.total, 7);
    assert.deepEqual(both.statusCounts, { ack: 1, open: 6 });
    assert.equal(both.severityCounts.critical, 2);
    const none = await list('?status=closed');
    assert.equal(none.total, 0);
    assert.deepEqual(none.alerts, []);
  });

  it('filters text fields exactly, by ~substring and with ! negation', async () => {
    assert.equal((await list('?resource=host1')).total, 1);
    assert.equal((await list('?resource=~HOST')).total, 7);
    assert.equal((await list('?resource!=host1')).total, 6);
    assert.equal((await list('?resource=host1&resource=host2')).total, 2);
    assert.equal((await list('?service=Website')).total, 7);
  });

  it('sorts by severity code, and by dates newest first unless reversed', async () => {
    const bySeverity = await list('?sort-by=severity&page-size=10');
    assert.deepEqual(
      bySeverity.alerts.map((a) => a.severity),
      ['critical', 'critical', 'major', 'minor', 'minor', 'warning', 'informational'],
    );
    const reversed = await list('?sort-by=-severity&page-size=10');
    assert.equal(reversed.alerts[0]?.severity, 'informational');
    const newest = await list('?sort-by=createTime&page-size=10');
    assert.equal(newest.alerts[0]?.resource, 'host6');
    const oldest = await list('?sort-by=-createTime&page-size=10');
    assert.equal(oldest.alerts[0]?.resource, 'host0');
    const received = await list('?sort-by=lastReceiveTime&page-size=10');
    assert.equal(received.alerts[0]?.resource, 'host6');
    const bad = await server.app.inject({ method: 'GET', url: '/api/alerts?sort-by=colour', headers: admin });
    assert.equal(bad.statusCode, 400);
    assert.equal(body(bad).message, "Sorting by 'colour' field not supported.");
  });

  it('leaves out history and rawData unless asked', async () => {
    const plain = await list('');
    assert.ok(plain.alerts.every((a) => a.history.length === 0 && a.rawData === null));
    const full = await list('?show-history=true&show-raw-data=yes');
    assert.ok(full.alerts.every((a) => a.history.length === 1 && a.rawData?.startsWith('raw ')));
  });

  it('ignores a malformed from-date or to-date', async () => {
    assert.equal((await list('?from-date=yesterday&to-date=2026-13-01')).total, 7);
    assert.equal((await list(`?from-date=${new Date(Date.now() + 60_000).toISOString()}`)).total, 0);
  });

  it('reports lastTime as the newest lastReceiveTime on the page', async () => {
    const page = await list('?page-size=10');
    const newest = page.alerts
      .map((a) => a.lastReceiveTime)
      .sort()
      .at(-1);
    assert.equal(page.lastTime, newest);
  });

  it('fetches one alert by id or id prefix, with full history and rawData', async () => {
    const id = ids[3] ?? '';
    for (const wanted of [id, id.slice(0, 8)]) {
      const response = await server.app.inject({ method: 'GET', url: `/api/alert/${wanted}`, headers: admin });
      assert.equal(response.statusCode, 200);
      const result = body(response) as {
        status: string;
        total: number;
        alert: { id: string; rawData: string; history: { type: string }[] };
      };
      assert.equal(result.total, 1);
      assert.equal(result.alert.id, id);
      assert.equal(result.alert.rawData, 'raw 3');
      assert.equal(result.alert.history[0]?.type, 'new');
    }
    const missing = await server.app.inject({ method: 'GET', url: '/api/alert/does-not-exist', headers: admin });
    assert.equal(missing.statusCode, 404);
    assert.equal(body(missing).message, 'not found');
  });
});
