import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { alertClient, assertError, historyTypes } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { openDatabase } from './support/database.js';
import { forEachEngine } from './support/engines.js';
import { ago, storePastAlert } from './support/past-alerts.js';

interface ReportJson {
  status: string;
  expired: string[];
  unshelve: string[];
  unack: string[];
  count: number;
}

/** docs/api/management.md#housekeeping housekeeping, with past timestamps written into the store instead of waiting. */
forEachEngine((engine) => {
  let server: TestServer;
  const admin = alertClient(() => server, basic('root', 'root-password'));
  const operator = alertClient(() => server, basic('olga', 'olga-password'));

  before(async () => {
    server = await startTestServer(engine, { HOUSEKEEPING_INTERVAL: '0' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    await createUser(server.store, { login: 'olga', password: 'olga-password', roles: ['user'] });
  });
  after(() => server.close());

  async function housekeeping(query = ''): Promise<ReportJson> {
    const response = await admin.send('GET', `/management/housekeeping${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return body(response) as unknown as ReportJson;
  }
  const exists = async (id: string) => (await admin.send('GET', `/alert/${id}`)).statusCode === 200;

  it('deletes closed and expired alerts after DELETE_EXPIRED_AFTER and informational ones after DELETE_INFO_AFTER', async () => {
    const hour = 3600;
    const oldClosed = await storePastAlert(server.store, { status: 'closed', receivedAgo: 3 * hour });
    const oldExpired = await storePastAlert(server.store, { status: 'expired', receivedAgo: 3 * hour });
    const recentClosed = await storePastAlert(server.store, { status: 'closed', receivedAgo: hour });
    const oldOpen = await storePastAlert(server.store, { status: 'open', receivedAgo: 3 * hour });
    const oldInfo = await storePastAlert(server.store, { severity: 'informational', receivedAgo: 13 * hour });
    const recentInfo = await storePastAlert(server.store, { severity: 'informational', receivedAgo: 11 * hour });
    const report = await housekeeping();
    assert.deepEqual(report, { status: 'ok', expired: [], unshelve: [], unack: [], count: 0 });
    assert.equal(await exists(oldClosed.id), false);
    assert.equal(await exists(oldExpired.id), false);
    assert.equal(await exists(oldInfo.id), false);
    for (const kept of [recentClosed, oldOpen, recentInfo]) assert.equal(await exists(kept.id), true);

    await housekeeping('?expired=0.5&info=10');
    assert.equal(await exists(recentClosed.id), false);
    assert.equal(await exists(recentInfo.id), false);
    assert.equal(await exists(oldOpen.id), true);
  });

  it('expires alerts whose timeout has run out, whatever their status, once', async () => {
    const open = await storePastAlert(server.store, { timeout: 60, receivedAgo: 120 });
    const acked = await storePastAlert(server.store, { status: 'ack', timeout: 60, receivedAgo: 120 });
    const closed = await storePastAlert(server.store, { status: 'closed', timeout: 60, receivedAgo: 120 });
    const fresh = await storePastAlert(server.store, { timeout: 600, receivedAgo: 120 });
    const never = await storePastAlert(server.store, { timeout: 0, receivedAgo: 100_000 });
    const report = await housekeeping();
    assert.deepEqual([...report.expired].sort(), [open.id, acked.id, closed.id].sort());
    assert.equal(report.count, 3);
    for (const id of [open.id, acked.id, closed.id]) {
      const alert = await admin.get(id);
      assert.equal(alert.status, 'expired');
      assert.equal(alert.history.at(-1)?.type, 'expired');
      assert.equal(alert.history.at(-1)?.user, null);
    }
    assert.equal((await admin.get(fresh.id)).status, 'open');
    assert.equal((await admin.get(never.id)).status, 'open');
    assert.deepEqual((await housekeeping()).expired, [], 'an expired alert is not expired again');
    const again = await admin.create({ resource: open.resource, event: open.event, severity: open.severity });
    assert.equal(again.id, open.id);
    assert.equal(again.status, 'open', 'a duplicate reopens an expired alert');
    assert.equal(again.history.at(-1)?.type, 'status');
  });

  it('unshelves after the shelve entry’s timeout, back to ack when acked before', async () => {
    const shelved = await storePastAlert(server.store, { status: 'shelved', receivedAgo: 600 }, [
      { type: 'shelve', status: 'shelved', timeout: 60, updateTime: ago(120) },
    ]);
    const ackedFirst = await storePastAlert(server.store, { status: 'shelved', receivedAgo: 600 }, [
      { type: 'ack', status: 'ack', timeout: 0, updateTime: ago(500) },
      { type: 'shelve', status: 'shelved', timeout: 60, updateTime: ago(120) },
    ]);
    const waiting = await storePastAlert(server.store, { status: 'shelved', receivedAgo: 600 }, [
      { type: 'shelve', status: 'shelved', timeout: 600, updateTime: ago(120) },
    ]);
    const forever = await storePastAlert(server.store, { status: 'shelved', receivedAgo: 600 }, [
      { type: 'shelve', status: 'shelved', timeout: 0, updateTime: ago(5000) },
    ]);
    const report = await housekeeping();
    assert.deepEqual([...report.unshelve].sort(), [shelved.id, ackedFirst.id].sort());
    const back = await admin.get(shelved.id);
    assert.equal(back.status, 'open');
    assert.deepEqual(historyTypes(back), ['new', 'shelve', 'timeout']);
    assert.equal((await admin.get(ackedFirst.id)).status, 'ack');
    assert.equal((await admin.get(waiting.id)).status, 'shelved');
    assert.equal((await admin.get(forever.id)).status, 'shelved');
  });

  it('unacks after the ack entry’s timeout; an ack timeout of 0 never ends', async () => {
    const acked = await storePastAlert(server.store, { status: 'ack', receivedAgo: 600 }, [
      { type: 'ack', status: 'ack', timeout: 60, updateTime: ago(120) },
    ]);
    const forever = await storePastAlert(server.store, { status: 'ack', receivedAgo: 600 }, [
      { type: 'ack', status: 'ack', timeout: 0, updateTime: ago(100_000) },
    ]);
    const report = await housekeeping();
    assert.deepEqual(report.unack, [acked.id]);
    assert.equal((await admin.get(acked.id)).status, 'open');
    assert.equal((await admin.get(forever.id)).status, 'ack');
  });

  it('answers POST too, without a JSON body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/management/housekeeping',
      headers: basic('root', 'root-password'),
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(body(response).status, 'ok');
  });

  it('400 for thresholds that are not hours; 403 without admin:management', async () => {
    const kept = await storePastAlert(server.store, { status: 'closed', receivedAgo: 60 });
    assertError(await admin.send('GET', '/management/housekeeping?expired=soon'), 400, /'expired' must be/);
    assertError(await admin.send('GET', '/management/housekeeping?info=-1'), 400, /'info' must be/);
    assertError(await operator.send('GET', '/management/housekeeping?expired=0'), 403);
    assert.equal(await exists(kept.id), true);
  });

  it('drops SAML sign-in claims kept past their time, and only those', async () => {
    const now = new Date().toISOString();
    // The kept claim goes in first: a claim drops spent ones itself, and this test is about housekeeping doing it.
    assert.equal(await server.store.samlSignIns.claim('_kept', ago(-600), now), true);
    assert.equal(await server.store.samlSignIns.claim('_spent', ago(1), now), true);
    const db = openDatabase(server.settings.database);
    try {
      const claims = async () =>
        (await db.selectFrom('saml_sign_ins').select('id').orderBy('id').execute()).map((row) => row.id);
      assert.deepEqual(await claims(), ['_kept', '_spent']);
      await housekeeping();
      assert.deepEqual(await claims(), ['_kept']);
    } finally {
      await db.destroy();
    }
  });

  // The scheduler's timers run on a mocked clock that only the test moves: a pass is seen to start (the store's
  // housekeeping.run is called) exactly when the clock reaches it, and not at all once the server has closed.
  describe('scheduler', () => {
    it('runs passes on its own every HOUSEKEEPING_INTERVAL seconds, each timed from the end of the last', async (t) => {
      t.mock.timers.enable({ apis: ['setTimeout'] });
      const scheduled = await startTestServer(engine, { HOUSEKEEPING_INTERVAL: '1' });
      try {
        const runs = t.mock.method(scheduled.store.housekeeping, 'run');
        const alert = await storePastAlert(scheduled.store, { timeout: 1, receivedAgo: 60 });
        t.mock.timers.tick(999);
        assert.equal(runs.mock.callCount(), 0, 'no pass before the interval');
        t.mock.timers.tick(1);
        assert.equal(runs.mock.callCount(), 1);
        const outcome = await runs.mock.calls[0]?.result;
        assert.deepEqual(outcome, { ran: true, value: { expired: [alert.id], unshelve: [], unack: [] } });
        assert.equal((await scheduled.store.alerts.get(alert.id))?.alert.status, 'expired');
        // The next pass is armed once the last has ended (a turn of the event loop after its outcome).
        await new Promise((resolve) => setImmediate(resolve));
        t.mock.timers.tick(999);
        assert.equal(runs.mock.callCount(), 1);
        t.mock.timers.tick(1);
        assert.equal(runs.mock.callCount(), 2);
        await runs.mock.calls[1]?.result;
      } finally {
        await scheduled.close();
      }
    });

    it('runs no pass once the server has closed', async (t) => {
      t.mock.timers.enable({ apis: ['setTimeout'] });
      const stopping = await startTestServer(engine, { HOUSEKEEPING_INTERVAL: '1' });
      const runs = t.mock.method(stopping.store.housekeeping, 'run');
      await stopping.app.close();
      const alert = await storePastAlert(stopping.store, { timeout: 1, receivedAgo: 60 });
      t.mock.timers.tick(10_000);
      assert.equal(runs.mock.callCount(), 0);
      assert.equal((await stopping.store.alerts.get(alert.id))?.alert.status, 'open');
      await stopping.store.close();
    });
  });

  describe('under ISA 18.2', () => {
    let isa: TestServer;
    const isaAdmin = alertClient(() => isa, basic('root', 'root-password'));
    before(async () => {
      isa = await startTestServer(engine, { ALARM_MODEL: 'ISA_18_2' });
      await createUser(isa.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    });
    after(() => isa.close());

    it('never expires (the model has no expired status) and ends shelves and acks with unshelve and unack', async () => {
      const isaAlert = { severity: 'High', previousSeverity: 'OK', receivedAgo: 600 };
      const timedOut = await storePastAlert(isa.store, { ...isaAlert, status: 'UNACK', timeout: 60 });
      const shelved = await storePastAlert(isa.store, { ...isaAlert, status: 'SHLVD' }, [
        { type: 'shelve', status: 'SHLVD', timeout: 60, updateTime: ago(120) },
      ]);
      const acked = await storePastAlert(isa.store, { ...isaAlert, status: 'ACKED' }, [
        { type: 'ack', status: 'ACKED', timeout: 60, updateTime: ago(120) },
      ]);
      const response = await isaAdmin.send('GET', '/management/housekeeping');
      assert.equal(response.statusCode, 200, response.body);
      const report = body(response) as unknown as ReportJson;
      assert.deepEqual([report.expired, report.unshelve, report.unack], [[], [shelved.id], [acked.id]]);
      assert.equal((await isaAdmin.get(timedOut.id)).status, 'UNACK');
      const unshelved = await isaAdmin.get(shelved.id);
      assert.deepEqual([unshelved.status, unshelved.history.at(-1)?.type], ['UNACK', 'unshelve']);
      const unacked = await isaAdmin.get(acked.id);
      assert.deepEqual([unacked.status, unacked.history.at(-1)?.type], ['UNACK', 'unack']);
    });
  });
});
