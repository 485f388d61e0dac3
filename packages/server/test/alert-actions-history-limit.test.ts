import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AlertJson, alertClient, historyTypes } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/**
 * unack and unshelve with a small HISTORY_LIMIT (docs/api/alarm-models.md#the-alerta-model, README "Where we differ"):
 * the status before the ack or shelve comes from the entry before it; once the limit has pushed that entry out, the
 * alert returns to `open` instead of staying acked or shelved.
 */
forEachEngine((engine) => {
  const servers = new Map<number, TestServer>();
  const clientOf = (limit: number) => alertClient(() => servers.get(limit) as TestServer, basic('olga', 'olga-pw-1'));
  let n = 0;

  before(async () => {
    for (const limit of [1, 2]) {
      const server = await startTestServer(engine, { HISTORY_LIMIT: String(limit) });
      await createUser(server.store, { login: 'olga', password: 'olga-pw-1', roles: ['user'] });
      servers.set(limit, server);
    }
  });
  after(async () => {
    for (const server of servers.values()) await server.close();
  });

  async function act(limit: number, id: string, action: string): Promise<AlertJson> {
    const client = clientOf(limit);
    const response = await client.action(id, action);
    assert.equal(response.statusCode, 200, `${action}: ${response.body}`);
    assert.deepEqual(body(response), { status: 'ok' });
    return client.get(id);
  }

  async function note(limit: number, id: string, text: string): Promise<void> {
    const response = await clientOf(limit).put(`/alert/${id}/note`, { text });
    assert.equal(response.statusCode, 201, response.body);
  }

  for (const limit of [1, 2]) {
    describe(`HISTORY_LIMIT=${limit}`, () => {
      it('unack returns an alert to open after notes pushed the ack entry out', async () => {
        const alert = await clientOf(limit).create({ resource: `limit${limit}-ack${(n += 1)}` });
        await act(limit, alert.id, 'ack');
        await note(limit, alert.id, 'looking');
        await note(limit, alert.id, 'still looking');
        const acked = await clientOf(limit).get(alert.id);
        assert.equal(acked.status, 'ack');
        assert.equal(historyTypes(acked).includes('ack'), false);
        assert.equal(acked.history.length, limit);

        const after = await act(limit, alert.id, 'unack');
        assert.equal(after.status, 'open');
        assert.deepEqual(after.history.at(-1)?.type, 'unack');
        assert.equal(after.history.at(-1)?.status, 'open');
      });

      it('unshelve returns an alert to open after duplicates pushed the shelve entry out', async () => {
        const client = clientOf(limit);
        const resource = `limit${limit}-shelve${(n += 1)}`;
        const alert = await client.create({ resource, value: '1' });
        await act(limit, alert.id, 'shelve');
        // A duplicate with a new value adds a `value` entry (docs/api/ingest.md#history), which keeps the status:
        // shelved.
        for (const value of ['2', '3']) await client.create({ resource, value });
        const shelved = await client.get(alert.id);
        assert.equal(shelved.status, 'shelved');
        assert.equal(historyTypes(shelved).includes('shelve'), false);

        assert.equal((await act(limit, alert.id, 'unshelve')).status, 'open');
      });
    });
  }

  it('HISTORY_LIMIT=2: the entry before a shelve still in the history decides, so unshelve goes back to ack', async () => {
    const alert = await clientOf(2).create({ resource: `limit2-acked${(n += 1)}` });
    await act(2, alert.id, 'ack');
    const shelved = await act(2, alert.id, 'shelve');
    assert.deepEqual(historyTypes(shelved), ['ack', 'shelve']);
    assert.equal((await act(2, alert.id, 'unshelve')).status, 'ack');
    assert.equal((await act(2, alert.id, 'unack')).status, 'open');
  });
});
