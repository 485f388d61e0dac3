import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ALERTA_MODEL } from '@alerta/contract';
import { type HousekeepingSettings, housekeep } from '../src/domain/housekeeping.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { ago, storePastAlert } from './support/past-alerts.js';

const passSettings: HousekeepingSettings = {
  model: ALERTA_MODEL,
  ackTimeout: 0,
  shelveTimeout: 7200,
  historyLimit: 100,
  deleteExpiredAfter: 7200,
  deleteInfoAfter: 43200,
};

interface ReportJson {
  expired: string[];
  unshelve: string[];
  unack: string[];
}

/**
 * Spec README: housekeeping is safe with several server processes on one PostgreSQL database. Two server instances
 * (each with its own connection pool) share one database and run passes at the same time, through the endpoint and
 * through the scheduler's non-waiting path; every alert must be handled exactly once, and a second pass must not run
 * while another holds the advisory lock. (SQLite databases belong to one process, so this runs on PostgreSQL only.)
 */
forEachEngine((engine) => {
  if (engine.name !== 'postgres') return;
  let first: TestServer;
  let second: TestServer;

  before(async () => {
    first = await startTestServer(engine, { HOUSEKEEPING_INTERVAL: '0' });
    const { database } = first.settings;
    assert.equal(database.engine, 'postgres');
    second = await startTestServer(engine, {
      HOUSEKEEPING_INTERVAL: '0',
      DATABASE_URL: database.engine === 'postgres' ? database.url : '',
    });
    await createUser(first.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(async () => {
    await first.close();
    await second.close();
  });

  it('handles each alert exactly once when two processes run passes concurrently', async () => {
    const expiring: string[] = [];
    const shelved: string[] = [];
    const acked: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      expiring.push((await storePastAlert(first.store, { timeout: 60, receivedAgo: 120 })).id);
    }
    for (let i = 0; i < 10; i += 1) {
      const shelve = [{ type: 'shelve', status: 'shelved', timeout: 30, updateTime: ago(60) }];
      shelved.push((await storePastAlert(first.store, { status: 'shelved', receivedAgo: 100 }, shelve)).id);
      const ack = [{ type: 'ack', status: 'ack', timeout: 30, updateTime: ago(60) }];
      acked.push((await storePastAlert(first.store, { status: 'ack', receivedAgo: 100 }, ack)).id);
    }

    const viaEndpoint = (server: TestServer) => async (): Promise<ReportJson> => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/management/housekeeping',
        headers: basic('root', 'root-password'),
      });
      assert.equal(response.statusCode, 200, response.body);
      return body(response) as unknown as ReportJson;
    };
    const viaScheduler = (server: TestServer) => async (): Promise<ReportJson> => {
      // What the built-in scheduler does: a pass that gives up when another one holds the lock.
      const outcome = await server.store.housekeeping.run((tx) => housekeep(tx, passSettings, new Date()), {
        wait: false,
      });
      return outcome.ran ? outcome.value : { expired: [], unshelve: [], unack: [] };
    };
    const passes = [first, second, first, second].flatMap((server) => [viaEndpoint(server), viaScheduler(server)]);
    const reports = await Promise.all(passes.map((pass) => pass()));

    const all = (key: keyof ReportJson) => reports.flatMap((report) => report[key]).sort();
    assert.deepEqual(all('expired'), [...expiring].sort());
    assert.deepEqual(all('unshelve'), [...shelved].sort());
    assert.deepEqual(all('unack'), [...acked].sort());
    for (const id of [...expiring, ...shelved, ...acked]) {
      const stored = await second.store.alerts.get(id);
      const handled = stored?.history.filter((h) => h.type === 'expired' || h.type === 'timeout') ?? [];
      assert.equal(handled.length, 1, id);
    }
  });

  it('commits each alert a pass changes at once, so an action holding another alert never deadlocks with it', async () => {
    // Same event, status and severity: expiring the first and acknowledging the second touch the same tally row.
    const first1 = await storePastAlert(first.store, { event: 'Shared', timeout: 60, receivedAgo: 300 });
    const held = await storePastAlert(first.store, { event: 'Shared', timeout: 60, receivedAgo: 120 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding: () => void = () => undefined;
    const isHolding = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const action = first.store.alertChanges.change(held.id, async (locked) => {
      holding();
      await gate;
      await locked.save({ ...locked.alert, status: 'ack' }, [], 100);
    });
    await isHolding;
    const pass = second.store.housekeeping.run((tx) => housekeep(tx, passSettings, new Date()), { wait: true });

    // The pass expires the older alert and commits it while it waits for the one the action holds.
    let seen = await second.store.alerts.get(first1.id);
    for (let tries = 0; seen?.alert.status !== 'expired' && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await second.store.alerts.get(first1.id);
    }
    assert.equal(seen?.alert.status, 'expired');
    release();
    assert.deepEqual(await action, { found: true, value: undefined });
    const outcome = await pass;
    assert.ok(outcome.ran);
    assert.deepEqual([...outcome.value.expired].sort(), [first1.id, held.id].sort());
    assert.equal((await first.store.alerts.get(held.id))?.alert.status, 'expired');
  });

  it('lets only one process run a pass at a time: a non-waiting pass elsewhere is skipped', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const long = first.store.housekeeping.run(
      async () => {
        started();
        await held;
        return 'first';
      },
      { wait: false },
    );
    await running;
    const skipped = await second.store.housekeeping.run(() => Promise.resolve('second'), { wait: false });
    assert.deepEqual(skipped, { ran: false });
    const waiting = second.store.housekeeping.run(() => Promise.resolve('second'), { wait: true });
    release();
    assert.deepEqual(await long, { ran: true, value: 'first' });
    assert.deepEqual(await waiting, { ran: true, value: 'second' });
    assert.deepEqual(await second.store.housekeeping.run(() => Promise.resolve('again'), { wait: false }), {
      ran: true,
      value: 'again',
    });
  });
});
