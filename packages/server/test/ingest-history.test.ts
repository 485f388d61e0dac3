import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { alertClient, historyTypes } from './support/alerts.js';
import { type TestServer, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/**
 * docs/api/ingest.md#history (history on ingest), docs/api/ingest.md#transition-inputs (transition inputs) and the
 * ingest examples of docs/api/alarm-models.md#the-alerta-model.
 */
forEachEngine((engine) => {
  let server: TestServer;
  let limited: TestServer;
  let quiet: TestServer;
  const client = alertClient(() => server, basic('root', 'root-password'));
  const limitedClient = alertClient(() => limited, basic('root', 'root-password'));
  const quietClient = alertClient(() => quiet, basic('root', 'root-password'));
  let n = 0;
  const name = () => `hist${(n += 1)}`;

  before(async () => {
    server = await startTestServer(engine, { ALERT_TIMEOUT: '600' });
    limited = await startTestServer(engine, { HISTORY_LIMIT: '5' });
    quiet = await startTestServer(engine, { HISTORY_ON_VALUE_CHANGE: 'false' });
    for (const s of [server, limited, quiet]) {
      await createUser(s.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    }
  });
  after(async () => {
    await server.close();
    await limited.close();
    await quiet.close();
  });

  describe('entries (docs/api/ingest.md#history)', () => {
    it('new: one `new` entry with the alert id, initial status, createTime, caller and timeout', async () => {
      const alert = await client.create({ resource: name(), createTime: '2026-03-01T10:00:00.000Z', timeout: 30 });
      assert.equal(alert.history.length, 1);
      const [entry] = alert.history;
      assert.equal(entry?.type, 'new');
      assert.equal(entry?.id, alert.id);
      assert.equal(entry?.status, 'open');
      assert.equal(entry?.updateTime, '2026-03-01T10:00:00.000Z');
      assert.equal(entry?.user, 'root');
      assert.equal(entry?.timeout, 30);
    });

    it('duplicate: a `value` entry when the value changes, none when it repeats', async () => {
      const resource = name();
      await client.create({ resource, value: '1' });
      await client.create({ resource, value: '1' });
      const alert = await client.create({ resource, value: '2', id: 'value-change-1' });
      assert.deepEqual(historyTypes(alert), ['new', 'value']);
      assert.equal(alert.history[1]?.id, 'value-change-1');
      assert.equal(alert.history[1]?.value, '2');
    });

    it('duplicate: no `value` entry with HISTORY_ON_VALUE_CHANGE off', async () => {
      const resource = name();
      await quietClient.create({ resource, value: '1' });
      const alert = await quietClient.create({ resource, value: '2' });
      assert.deepEqual(historyTypes(alert), ['new']);
      assert.equal(alert.value, '2');
    });

    it('duplicate: a `status` entry when the status changes, with the incoming id and createTime', async () => {
      const resource = name();
      const first = await client.create({ resource });
      await client.put(`/alert/${first.id}/status`, { status: 'closed' });
      const alert = await client.create({ resource, id: 'reopen-1', createTime: '2026-03-02T00:00:00.000Z' });
      assert.equal(alert.status, 'open', 'a duplicate of a manually closed alert reopens it');
      // History is ordered by updateTime, and the entry carries the sender's (older) createTime.
      assert.deepEqual(historyTypes(alert), ['status', 'new', 'status']);
      const entry = alert.history.find((h) => h.id === 'reopen-1');
      assert.equal(entry?.type, 'status');
      assert.equal(entry?.updateTime, '2026-03-02T00:00:00.000Z');
      assert.equal(entry?.status, 'open');
    });

    it('correlate: always a `severity` entry, even for another event of the same severity', async () => {
      const resource = name();
      await client.create({ resource, event: 'NodeDown', correlate: ['NodeUp'] });
      const alert = await client.create({ resource, event: 'NodeUp', correlate: ['NodeDown'], id: 'cor-2' });
      assert.equal(alert.severity, 'major');
      assert.deepEqual(historyTypes(alert), ['new', 'severity']);
      assert.equal(alert.history[1]?.id, 'cor-2');
      assert.equal(alert.history[1]?.status, 'open');
    });

    it('keeps the newest HISTORY_LIMIT entries: the documented live sequence', async () => {
      const resource = name();
      const first = await limitedClient.create({ resource, value: '100' });
      await limitedClient.create({ resource, value: '101' });
      await limitedClient.put(`/alert/${first.id}/status`, { status: 'ack' });
      await limitedClient.create({ resource, value: '102' });
      await limitedClient.create({ resource, value: '99', severity: 'critical' });
      await limitedClient.create({ resource, value: '104', severity: 'minor' });
      const alert = await limitedClient.create({ resource, value: '105', severity: 'minor' });
      assert.deepEqual(historyTypes(alert), ['status', 'value', 'severity', 'severity', 'value']);
      assert.deepEqual(
        alert.history.map((h) => h.value),
        ['101', '102', '99', '104', '105'],
      );
    });
  });

  describe('transition inputs (docs/api/ingest.md#transition-inputs) and ingest examples (docs/api/alarm-models.md#the-alerta-model)', () => {
    it('warning → major stays open', async () => {
      const resource = name();
      await client.create({ resource, severity: 'warning' });
      assert.equal((await client.create({ resource, severity: 'major' })).status, 'open');
    });

    it('an acked alert re-alarms on a worse severity and stays acked on an equal or lower one', async () => {
      const resource = name();
      const alert = await client.create({ resource, severity: 'minor' });
      assert.equal((await client.action(alert.id, 'ack')).statusCode, 200);
      assert.equal((await client.create({ resource, severity: 'minor' })).status, 'ack', 'duplicate');
      assert.equal((await client.create({ resource, severity: 'warning' })).status, 'ack', 'less severe');
      assert.equal((await client.create({ resource, severity: 'critical' })).status, 'open', 'more severe');
    });

    it('auto-closes on a normal severity and reopens on a non-normal duplicate or correlation', async () => {
      const resource = name();
      await client.create({ resource, severity: 'major' });
      const closed = await client.create({ resource, severity: 'ok' });
      assert.equal(closed.status, 'closed');
      assert.equal(closed.severity, 'ok');
      assert.equal((await client.create({ resource, severity: 'ok' })).status, 'closed', 'normal duplicate');
      assert.equal((await client.create({ resource, severity: 'minor' })).status, 'open', 'correlation');
    });

    it('a duplicate reopens an expired alert with a `status` entry', async () => {
      const resource = name();
      const alert = await client.create({ resource });
      await client.put(`/alert/${alert.id}/status`, { status: 'expired' });
      const reopened = await client.create({ resource });
      assert.equal(reopened.status, 'open');
      assert.deepEqual(historyTypes(reopened), ['new', 'status', 'status']);
    });

    it('a closed alert that was shelved before closing returns to shelved (previous status)', async () => {
      const resource = name();
      const alert = await client.create({ resource, severity: 'major' });
      await client.action(alert.id, 'shelve');
      await client.action(alert.id, 'close');
      const back = await client.create({ resource, severity: 'major' });
      assert.equal(back.status, 'shelved');
    });

    it('a shelved alert stays shelved on duplicates and worse severities, and closes on a normal one', async () => {
      const resource = name();
      const alert = await client.create({ resource, severity: 'minor' });
      await client.action(alert.id, 'shelve');
      assert.equal((await client.create({ resource, severity: 'minor' })).status, 'shelved');
      assert.equal((await client.create({ resource, severity: 'critical' })).status, 'shelved');
      assert.equal((await client.create({ resource, severity: 'normal' })).status, 'closed');
    });

    it('takes the current status from the latest history entry, not only the row', async () => {
      const resource = name();
      const alert = await client.create({ resource });
      await client.put(`/alert/${alert.id}/status`, { status: 'ack' });
      const dup = await client.create({ resource, value: 'changed' });
      assert.equal(dup.status, 'ack');
      assert.deepEqual(historyTypes(dup), ['new', 'status', 'value']);
    });

    it('honours an incoming status, closing instead when the severity is normal', async () => {
      assert.equal((await client.create({ resource: name(), status: 'ack' })).status, 'ack');
      assert.equal((await client.create({ resource: name(), status: 'ack', severity: 'cleared' })).status, 'closed');
    });
  });
});
