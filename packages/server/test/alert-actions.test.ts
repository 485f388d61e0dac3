import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AlertJson, alertClient, assertError } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/**
 * PUT /alert/{id}/action over HTTP: every transition of docs/api/alarm-models.md#the-alerta-model,
 * docs/api/alarm-models.md#the-isa-182-model, the 409s, timeouts of docs/api/ingest.md#timeouts.
 */
forEachEngine((engine) => {
  let server: TestServer;
  let isa: TestServer;
  const client = alertClient(() => server, basic('olga', 'olga-password'));
  const isaClient = alertClient(() => isa, basic('olga', 'olga-password'));
  let n = 0;
  const fresh = (overrides: Record<string, unknown> = {}) =>
    client.create({ resource: `act${(n += 1)}`, ...overrides });

  before(async () => {
    server = await startTestServer(engine, { ALERT_TIMEOUT: '600', ACK_TIMEOUT: '900', SHELVE_TIMEOUT: '1800' });
    isa = await startTestServer(engine, { ALARM_MODEL: 'ISA_18_2' });
    for (const s of [server, isa]) {
      await createUser(s.store, { login: 'olga', password: 'olga-password', roles: ['user'] });
    }
  });
  after(async () => {
    await server.close();
    await isa.close();
  });

  /** Runs the action, expects 200 and returns the alert after it. */
  async function act(c: typeof client, id: string, action: string, extra: Record<string, unknown> = {}) {
    const response = await c.action(id, action, extra);
    assert.equal(response.statusCode, 200, `${action}: ${response.body}`);
    assert.deepEqual(body(response), { status: 'ok' });
    return c.get(id);
  }
  const last = (alert: AlertJson) => alert.history.at(-1);

  describe('ALERTA model (docs/api/alarm-models.md#the-alerta-model)', () => {
    it('open → ack → open → shelved → open, each recorded with the action, caller and text', async () => {
      const alert = await fresh();
      let now = await act(client, alert.id, 'ack', { text: 'mine' });
      assert.equal(now.status, 'ack');
      assert.deepEqual(
        { type: last(now)?.type, user: last(now)?.user, text: last(now)?.text, status: last(now)?.status },
        { type: 'ack', user: 'olga', text: 'mine', status: 'ack' },
      );
      now = await act(client, alert.id, 'unack');
      assert.equal(now.status, 'open');
      assert.equal(last(now)?.text, 'unack operator action');
      assert.equal((await act(client, alert.id, 'shelve')).status, 'shelved');
      assert.equal((await act(client, alert.id, 'unshelve')).status, 'open');
      assert.equal((await act(client, alert.id, 'shelve')).status, 'shelved');
      assert.equal((await act(client, alert.id, 'open')).status, 'open');
    });

    it('unshelve returns to ack when the alert was acked before shelving', async () => {
      const alert = await fresh();
      await act(client, alert.id, 'ack');
      await act(client, alert.id, 'shelve');
      assert.equal((await act(client, alert.id, 'unshelve')).status, 'ack');
    });

    it('close takes the normal severity and keeps the old one as previousSeverity; open restores it', async () => {
      const alert = await fresh({ severity: 'critical' });
      const closed = await act(client, alert.id, 'close');
      assert.equal(closed.status, 'closed');
      assert.equal(closed.severity, 'normal');
      assert.equal(closed.previousSeverity, 'critical');
      assert.equal(closed.trendIndication, 'lessSevere');
      assert.equal(last(closed)?.severity, 'normal');
      const reopened = await act(client, alert.id, 'open');
      assert.equal(reopened.status, 'open');
      assert.equal(reopened.severity, 'critical');
      assert.equal(reopened.previousSeverity, 'normal');
    });

    it('closes from ack and from shelved', async () => {
      const acked = await fresh();
      await act(client, acked.id, 'ack');
      assert.equal((await act(client, acked.id, 'close')).status, 'closed');
      const shelved = await fresh();
      await act(client, shelved.id, 'shelve');
      assert.equal((await act(client, shelved.id, 'close')).status, 'closed');
    });

    const conflicts: [string, string[], string, RegExp][] = [
      ['open when open', [], 'open', /^alert is already in open status$/],
      ['ack when acked', ['ack'], 'ack', /^alert is already in ack status$/],
      ['unack when open', [], 'unack', /ack status/],
      ['unshelve when open', [], 'unshelve', /shelved status/],
      ['ack when shelved', ['shelve'], 'ack', /shelved/],
      ['shelve when shelved', ['shelve'], 'shelve', /shelved/],
      ['ack when closed', ['close'], 'ack', /closed/],
      ['shelve when closed', ['close'], 'shelve', /closed/],
      ['close when closed', ['close'], 'close', /closed/],
      ['ack when expired', ['expired'], 'ack', /expired/],
    ];
    for (const [name, steps, action, message] of conflicts) {
      it(`409 for ${name}, alert unchanged`, async () => {
        const alert = await fresh();
        for (const step of steps) await act(client, alert.id, step);
        const before = await client.get(alert.id);
        assertError(await client.action(alert.id, action), 409, message);
        assert.deepEqual(await client.get(alert.id), before);
      });
    }

    it('expired and timeout actions work from any status; open reopens an expired alert', async () => {
      const alert = await fresh();
      await act(client, alert.id, 'ack');
      assert.equal((await act(client, alert.id, 'expired')).status, 'expired');
      assert.equal((await act(client, alert.id, 'open')).status, 'open');
      await act(client, alert.id, 'ack');
      assert.equal((await act(client, alert.id, 'timeout')).status, 'open');
    });

    it('blackout: close closes, other actions return to the status before the blackout', async () => {
      const alert = await fresh();
      await act(client, alert.id, 'ack');
      await client.put(`/alert/${alert.id}/status`, { status: 'blackout' });
      assert.equal((await act(client, alert.id, 'assign')).status, 'ack');
      await client.put(`/alert/${alert.id}/status`, { status: 'blackout' });
      assert.equal((await act(client, alert.id, 'close')).status, 'closed');
    });

    it('assign has no rules of its own: the status stays (docs/api/alarm-models.md#the-alerta-model rule 5)', async () => {
      const alert = await fresh();
      await client.put(`/alert/${alert.id}/status`, { status: 'assign' });
      const after = await act(client, alert.id, 'ack');
      assert.equal(after.status, 'assign');
      assert.equal(last(after)?.type, 'ack');
    });

    it('accepts a custom action: no change, history type `action`', async () => {
      const alert = await fresh();
      const after = await act(client, alert.id, 'createTicket', { text: 'INC-1' });
      assert.equal(after.status, 'open');
      assert.equal(after.severity, 'major');
      assert.deepEqual([last(after)?.type, last(after)?.text, last(after)?.user], ['action', 'INC-1', 'olga']);
    });

    it('records action timeouts as docs/api/ingest.md#timeouts says', async () => {
      const alert = await fresh({ timeout: 300 });
      const timeouts: (number | null | undefined)[] = [];
      const record = async (action: string, extra: Record<string, unknown> = {}) =>
        timeouts.push(last(await act(client, alert.id, action, extra))?.timeout);
      await record('ack'); // ACK_TIMEOUT
      await record('unack'); // the entry before the ack: `new`, the alert timeout
      await record('ack', { timeout: 60 });
      await record('unack', { timeout: 5 });
      await record('shelve'); // SHELVE_TIMEOUT
      await record('unshelve', { timeout: 7 });
      await record('close'); // the alert timeout
      assert.deepEqual(timeouts, [900, 300, 60, 5, 1800, 7, 300]);
      assert.equal((await client.get(alert.id)).timeout, 300, 'action timeouts never touch the alert');
    });

    const bad: [string, unknown, string | RegExp][] = [
      ['no action', { text: 'x' }, "must supply 'action' as json data"],
      ['an action that is not a string', { action: 1 }, "'action' must be a string"],
      ['an empty action', { action: '' }, "'action' must not be empty"],
      ['a bad timeout', { action: 'ack', timeout: 'soon' }, "'timeout' must be an integer"],
      ['a text that is not a string', { action: 'ack', text: [] }, "'text' must be a string"],
      ['a very long action', { action: 'x'.repeat(300) }, /at most 255/],
    ];
    for (const [name, payload, message] of bad) {
      it(`400 for ${name}, alert unchanged`, async () => {
        const alert = await fresh();
        assertError(await client.put(`/alert/${alert.id}/action`, payload), 400, message);
        assert.deepEqual(await client.get(alert.id), alert);
      });
    }

    it('404 for an unknown alert', async () => {
      assertError(await client.action('nope', 'ack'), 404, 'not found');
    });

    it('serialises concurrent actions: exactly one of many parallel acks succeeds', async () => {
      const alert = await fresh();
      const responses = await Promise.all(Array.from({ length: 8 }, () => client.action(alert.id, 'ack')));
      const codes = responses.map((r) => r.statusCode).sort();
      assert.deepEqual(codes, [200, 409, 409, 409, 409, 409, 409, 409]);
      const stored = await client.get(alert.id);
      assert.equal(stored.history.filter((h) => h.type === 'ack').length, 1);
    });
  });

  describe('ISA 18.2 model (docs/api/alarm-models.md#the-isa-182-model)', () => {
    const fresh18 = (overrides: Record<string, unknown> = {}) =>
      isaClient.create({ resource: `isa${(n += 1)}`, severity: 'High', ...overrides });

    it('High → UNACK, Critical stays UNACK, OK → RTNUN, ack → NORM', async () => {
      const alert = await fresh18();
      assert.equal(alert.status, 'UNACK');
      assert.equal(alert.previousSeverity, 'OK');
      assert.equal((await fresh18({ resource: alert.resource, severity: 'Critical' })).status, 'UNACK');
      assert.equal((await fresh18({ resource: alert.resource, severity: 'OK' })).status, 'RTNUN');
      assert.equal((await act(isaClient, alert.id, 'ack')).status, 'NORM');
    });

    it('ack → ACKED, unack → UNACK, shelve → SHLVD, unshelve by severity', async () => {
      const alert = await fresh18();
      assert.equal((await act(isaClient, alert.id, 'ack')).status, 'ACKED');
      assert.equal((await act(isaClient, alert.id, 'unack')).status, 'UNACK');
      assert.equal((await act(isaClient, alert.id, 'shelve')).status, 'SHLVD');
      assert.equal((await act(isaClient, alert.id, 'unshelve')).status, 'UNACK');
    });

    it('ACKED re-alarms to UNACK on a worse severity and returns to NORM on OK', async () => {
      const alert = await fresh18({ severity: 'Low' });
      await act(isaClient, alert.id, 'ack');
      assert.equal((await fresh18({ resource: alert.resource, severity: 'High' })).status, 'UNACK');
      await act(isaClient, alert.id, 'ack');
      assert.equal((await fresh18({ resource: alert.resource, severity: 'OK' })).status, 'NORM');
    });

    it('a new OK alert is NORM; OOSRV and DSUPR return by severity', async () => {
      assert.equal((await fresh18({ severity: 'OK' })).status, 'NORM');
      const alert = await fresh18({ status: 'OOSRV' });
      assert.equal(alert.status, 'OOSRV');
      assert.equal((await fresh18({ resource: alert.resource, severity: 'Medium' })).status, 'UNACK');
    });

    it('takes only its own statuses and severities; other actions are recorded without a change', async () => {
      const alert = await fresh18();
      assertError(await isaClient.put(`/alert/${alert.id}/status`, { status: 'open' }), 400, /Status \(open\)/);
      assert.equal((await isaClient.put(`/alert/${alert.id}/status`, { status: 'ACKED' })).statusCode, 200);
      assertError(await isaClient.send('POST', '/alert', { resource: 'x', event: 'y', severity: 'major' }), 400);
      const after = await act(isaClient, alert.id, 'close');
      assert.equal(after.status, 'ACKED');
      assert.equal(last(after)?.type, 'close');
    });
  });
});
