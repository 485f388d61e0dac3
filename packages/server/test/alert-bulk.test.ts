import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AlertJson, alertClient, assertError } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface BulkJson {
  status: string;
  updated: string[];
  count: number;
}

/**
 * The bulk endpoints of docs/api/alerts.md: selection by the GET /alerts query, synchronous, answering what changed.
 */
forEachEngine((engine) => {
  let server: TestServer;
  const client = alertClient(() => server, basic('olga', 'olga-password'));
  const guest = alertClient(() => server, basic('gus', 'gus-password'));
  let group = 0;

  before(async () => {
    server = await startTestServer(engine);
    await createUser(server.store, { login: 'olga', password: 'olga-password', roles: ['user'] });
    await createUser(server.store, { login: 'gus', password: 'gus-password', roles: ['guest'] });
  });
  after(() => server.close());

  /** Three alerts in a group of their own, plus one outside it that no bulk call may touch. */
  async function batch(): Promise<{ name: string; inside: AlertJson[]; outside: AlertJson }> {
    const name = `bulk${(group += 1)}`;
    const inside = [];
    for (const resource of ['a', 'b', 'c'])
      inside.push(await client.create({ resource: `${name}-${resource}`, group: name }));
    const outside = await client.create({ resource: `${name}-out`, group: `${name}-other` });
    return { name, inside, outside };
  }
  const sorted = (ids: string[]) => [...ids].sort();
  const idsOf = (alerts: AlertJson[]) => sorted(alerts.map((a) => a.id));
  async function bulk(method: 'PUT' | 'DELETE', path: string, query: string, payload?: unknown) {
    const response = await client.send(method, `/_bulk/alerts${path}?${query}`, payload);
    assert.equal(response.statusCode, 200, response.body);
    return body(response) as unknown as BulkJson & { deleted?: string[] };
  }

  it('PUT /_bulk/alerts/status changes every selected alert with a `status` entry', async () => {
    const { name, inside, outside } = await batch();
    const result = await bulk('PUT', '/status', `group=${name}`, { status: 'ack' });
    assert.equal(result.status, 'ok');
    assert.deepEqual(sorted(result.updated), idsOf(inside));
    assert.equal(result.count, 3);
    for (const alert of inside) {
      const stored = await client.get(alert.id);
      assert.equal(stored.status, 'ack');
      assert.deepEqual([stored.history.at(-1)?.type, stored.history.at(-1)?.text], ['status', 'bulk status update']);
      assert.equal(stored.history.at(-1)?.user, 'olga');
    }
    assert.equal((await client.get(outside.id)).status, 'open');
  });

  it('PUT /_bulk/alerts/action answers 200 with the alerts the action changed, leaving out invalid ones', async () => {
    const { name, inside, outside } = await batch();
    const [first] = inside;
    assert.ok(first !== undefined);
    await client.action(first.id, 'ack');
    const result = await bulk('PUT', '/action', `group=${name}`, { action: 'ack', text: 'all mine' });
    assert.deepEqual(sorted(result.updated), idsOf(inside.slice(1)));
    assert.equal(result.count, 2);
    for (const alert of inside) assert.equal((await client.get(alert.id)).status, 'ack');
    assert.equal((await client.get(outside.id)).status, 'open');
  });

  it('PUT /_bulk/alerts/tag and /untag', async () => {
    const { name, inside, outside } = await batch();
    const tagged = await bulk('PUT', '/tag', `group=${name}`, { tags: ['x', 'y'] });
    assert.deepEqual(sorted(tagged.updated), idsOf(inside));
    for (const alert of inside) assert.deepEqual((await client.get(alert.id)).tags, ['x', 'y']);
    const untagged = await bulk('PUT', '/untag', `group=${name}&resource=${name}-a`, { tags: ['x'] });
    assert.deepEqual(untagged.updated, [inside[0]?.id]);
    assert.deepEqual((await client.get(inside[0]?.id ?? '')).tags, ['y']);
    assert.deepEqual((await client.get(outside.id)).tags, []);
  });

  it('PUT /_bulk/alerts/attributes merges and deletes', async () => {
    const { name, inside, outside } = await batch();
    await bulk('PUT', '/attributes', `group=${name}`, { attributes: { owner: 'ops', ip: null } });
    for (const alert of inside) assert.deepEqual((await client.get(alert.id)).attributes, { owner: 'ops' });
    assert.equal((await client.get(outside.id)).attributes.owner, undefined);
  });

  it('DELETE /_bulk/alerts deletes the selection and answers `deleted`', async () => {
    const { name, inside, outside } = await batch();
    const result = await bulk('DELETE', '', `group=${name}`);
    assert.deepEqual(sorted(result.deleted ?? []), idsOf(inside));
    assert.equal(result.count, 3);
    for (const alert of inside) assertError(await client.send('GET', `/alert/${alert.id}`), 404);
    assert.equal((await client.get(outside.id)).id, outside.id);
  });

  it('selects with the full GET /alerts query: negation, several values, ids', async () => {
    const { name, inside } = await batch();
    const [a, b] = inside;
    assert.ok(a !== undefined && b !== undefined);
    const negated = await bulk('PUT', '/tag', `group=${name}&resource!=${name}-a`, { tags: ['neg'] });
    assert.equal(negated.count, 2);
    const ids = await bulk('PUT', '/tag', `id=${a.id}&id=${b.id.slice(0, 12)}`, { tags: ['byid'] });
    assert.deepEqual(sorted(ids.updated), sorted([a.id, b.id]));
  });

  it('answers an empty result when nothing matches', async () => {
    const result = await bulk('PUT', '/status', 'group=nothing-here', { status: 'ack' });
    assert.deepEqual(result, { status: 'ok', updated: [], count: 0 });
  });

  const bad: [string, string, string, unknown, number, string | RegExp][] = [
    ['an unknown status', 'PUT', '/status', { status: 'sleeping' }, 400, /Status \(sleeping\)/],
    ['no status', 'PUT', '/status', {}, 400, "must supply 'status' as json data"],
    ['no action', 'PUT', '/action', { text: 'x' }, 400, "must supply 'action' as json data"],
    ['no tags', 'PUT', '/tag', {}, 400, "must supply 'tags' as json list"],
    ['tags not a list', 'PUT', '/untag', { tags: 'x' }, 400, "must supply 'tags' as json list"],
    ['no attributes', 'PUT', '/attributes', { attributes: 3 }, 400, "must supply 'attributes' as json data"],
    ['an unknown filter', 'DELETE', '', undefined, 400, 'Invalid filter parameter: colour'],
  ];
  for (const [name, method, path, payload, code, message] of bad) {
    it(`${code} for ${name}, nothing changed`, async () => {
      const { name: groupName, inside } = await batch();
      const query = path === '' ? `group=${groupName}&colour=red` : `group=${groupName}`;
      const response = await client.send(method as 'PUT' | 'DELETE', `/_bulk/alerts${path}?${query}`, payload);
      assertError(response, code, message);
      for (const alert of inside) assert.deepEqual(await client.get(alert.id), alert);
    });
  }

  describe('scopes', () => {
    it('403 for a caller without write:alerts', async () => {
      const { name, inside } = await batch();
      assertError(await guest.put(`/_bulk/alerts/status?group=${name}`, { status: 'ack' }), 403);
      assertError(await guest.send('DELETE', `/_bulk/alerts?group=${name}`), 403);
      for (const alert of inside) assert.deepEqual(await client.get(alert.id), alert);
    });
  });
});
