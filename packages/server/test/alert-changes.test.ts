import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AlertJson, alertClient, assertError } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

forEachEngine((engine) => {
  let server: TestServer;
  const client = alertClient(() => server, basic('root', 'root-password'));
  const operator = alertClient(() => server, basic('olga', 'olga-password'));
  const guest = alertClient(() => server, basic('gus', 'gus-password'));
  let resource = 0;
  const fresh = (overrides: Record<string, unknown> = {}) =>
    client.create({ resource: `chg${(resource += 1)}`, ...overrides });

  before(async () => {
    server = await startTestServer(engine, { ALERT_TIMEOUT: '600' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    await createUser(server.store, { login: 'olga', password: 'olga-password', roles: ['user'] });
    await createUser(server.store, { login: 'gus', password: 'gus-password', roles: ['guest'] });
  });
  after(() => server.close());

  describe('PUT /alert/{id}/status', () => {
    it('sets a status of the model with a `status` history entry by the caller', async () => {
      const alert = await fresh();
      const response = await operator.put(`/alert/${alert.id}/status`, { status: 'ack', text: 'looking' });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(body(response), { status: 'ok' });
      const stored = await client.get(alert.id);
      assert.equal(stored.status, 'ack');
      assert.notEqual(stored.updateTime, alert.updateTime);
      const last = stored.history.at(-1);
      assert.equal(last?.type, 'status');
      assert.equal(last?.status, 'ack');
      assert.equal(last?.text, 'looking');
      assert.equal(last?.user, 'olga');
      assert.equal(last?.timeout, 600);
    });

    it('takes a timeout as the alert’s new timeout and keeps the old one without', async () => {
      const alert = await fresh();
      await client.put(`/alert/${alert.id}/status`, { status: 'ack', timeout: 120 });
      assert.equal((await client.get(alert.id)).timeout, 120);
      await client.put(`/alert/${alert.id}/status`, { status: 'open' });
      assert.equal((await client.get(alert.id)).timeout, 120);
    });

    it('accepts an unambiguous id prefix', async () => {
      const alert = await fresh();
      const response = await client.put(`/alert/${alert.id.slice(0, 13)}/status`, { status: 'closed' });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((await client.get(alert.id)).status, 'closed');
    });

    const bad: [string, unknown, number, string | RegExp][] = [
      ['an unknown status', { status: 'sleeping' }, 400, /Status \(sleeping\) is not valid.*open, assign, ack/],
      ['a status of the other model', { status: 'UNACK' }, 400, /Status \(UNACK\)/],
      ['no status', { text: 'x' }, 400, "must supply 'status' as json data"],
      ['a status that is not a string', { status: ['ack'] }, 400, "'status' must be a string"],
      ['an empty status', { status: '' }, 400, "'status' must not be empty"],
      ['a text that is not a string', { status: 'ack', text: 5 }, 400, "'text' must be a string"],
      ['a fractional timeout', { status: 'ack', timeout: 2.5 }, 400, "'timeout' must be an integer"],
      ['a negative timeout', { status: 'ack', timeout: -1 }, 400, "'timeout' must be a positive integer"],
      ['a timeout given as text', { status: 'ack', timeout: '60' }, 400, "'timeout' must be an integer"],
      ['a list body', ['ack'], 400, 'the request body must be a JSON object'],
      ['a huge text', { status: 'ack', text: 'x'.repeat(20_000) }, 400, /'text' must be at most/],
    ];
    for (const [name, payload, code, message] of bad) {
      it(`${code} for ${name}, alert unchanged`, async () => {
        const alert = await fresh();
        assertError(await client.put(`/alert/${alert.id}/status`, payload), code, message);
        assert.deepEqual(await client.get(alert.id), alert);
      });
    }

    it('404 for an unknown alert, 413 for a body over the size limit, 415 without JSON', async () => {
      assertError(await client.put('/alert/no-such-alert/status', { status: 'ack' }), 404, 'not found');
      const alert = await fresh();
      const huge = await client.put(`/alert/${alert.id}/status`, { status: 'ack', text: 'x'.repeat(1_100_000) });
      assertError(huge, 413);
      const form = await server.app.inject({
        method: 'PUT',
        url: `/api/alert/${alert.id}/status`,
        headers: { ...basic('root', 'root-password'), 'content-type': 'text/plain' },
        payload: 'status=ack',
      });
      assertError(form, 415);
      assert.deepEqual(await client.get(alert.id), alert);
    });

    it('403 for a caller without write:alerts', async () => {
      const alert = await fresh();
      assertError(await guest.put(`/alert/${alert.id}/status`, { status: 'ack' }), 403);
      assert.equal((await client.get(alert.id)).status, 'open');
    });
  });

  describe('PUT /alert/{id}/tag, /untag and /attributes', () => {
    it('adds tags as a set and removes them', async () => {
      const alert = await fresh({ tags: ['a'] });
      assert.equal((await operator.put(`/alert/${alert.id}/tag`, { tags: ['b', 'a', 'c'] })).statusCode, 200);
      assert.deepEqual((await client.get(alert.id)).tags, ['a', 'b', 'c']);
      assert.equal((await operator.put(`/alert/${alert.id}/untag`, { tags: ['a', 'zz'] })).statusCode, 200);
      const stored = await client.get(alert.id);
      assert.deepEqual(stored.tags, ['b', 'c']);
      assert.equal(stored.history.length, 1, 'tags leave the history alone');
    });

    it('merges attributes and deletes those set to null', async () => {
      const alert = await fresh({ attributes: { region: 'eu', owner: 'ops' } });
      const response = await operator.put(`/alert/${alert.id}/attributes`, {
        attributes: { owner: null, ticket: 42, nested: { a: [1] } },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual((await client.get(alert.id)).attributes, {
        region: 'eu',
        ticket: 42,
        nested: { a: [1] },
        ip: '127.0.0.1',
      });
    });

    const bad: [string, string, unknown, string | RegExp][] = [
      ['tag', 'no tags', {}, "must supply 'tags' as json list"],
      ['tag', 'tags as a string', { tags: 'a' }, "must supply 'tags' as json list"],
      ['untag', 'a number among the tags', { tags: ['a', 1] }, /'tags' must be a list of strings/],
      ['untag', 'no tags', { tag: ['a'] }, "must supply 'tags' as json list"],
      ['attributes', 'no attributes', {}, "must supply 'attributes' as json data"],
      ['attributes', 'a list of attributes', { attributes: ['a'] }, "must supply 'attributes' as json data"],
      ['attributes', 'a key with a dot', { attributes: { 'a.b': 1 } }, /'\.' or '\$'/],
    ];
    for (const [path, name, payload, message] of bad) {
      it(`400 on /${path} for ${name}, alert unchanged`, async () => {
        const alert = await fresh({ tags: ['keep'], attributes: { keep: 1 } });
        assertError(await client.put(`/alert/${alert.id}/${path}`, payload), 400, message);
        assert.deepEqual(await client.get(alert.id), alert);
      });
    }

    it('keeps every tag when many callers tag one alert at once', async () => {
      const alert = await fresh();
      const tags = Array.from({ length: 12 }, (_, i) => `t${i}`);
      const responses = await Promise.all(tags.map((tag) => client.put(`/alert/${alert.id}/tag`, { tags: [tag] })));
      for (const response of responses) assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual([...(await client.get(alert.id)).tags].sort(), [...tags].sort());
    });
  });

  describe('concurrent changes', () => {
    it('loses nothing when duplicates, tags, attributes and notes arrive together', async () => {
      const alert = await fresh();
      const resource = String(alert.resource);
      const work = [];
      for (let i = 0; i < 6; i += 1) {
        work.push(client.create({ resource, tags: [`dup${i}`] }));
        work.push(client.put(`/alert/${alert.id}/tag`, { tags: [`tag${i}`] }));
        work.push(client.put(`/alert/${alert.id}/attributes`, { attributes: { [`k${i}`]: i } }));
        work.push(client.put(`/alert/${alert.id}/note`, { text: `note ${i}` }));
      }
      await Promise.all(work);
      const stored = await client.get(alert.id);
      assert.equal(stored.duplicateCount, 6);
      const expectedTags = Array.from({ length: 6 }, (_, i) => [`dup${i}`, `tag${i}`]).flat();
      assert.deepEqual([...stored.tags].sort(), expectedTags.sort());
      for (let i = 0; i < 6; i += 1) assert.equal(stored.attributes[`k${i}`], i);
      assert.equal(stored.history.filter((h) => h.type === 'note').length, 6);
    });
  });

  describe('DELETE /alert/{id}', () => {
    it('deletes with delete:alerts, then answers 404', async () => {
      const alert = await fresh();
      const response = await client.send('DELETE', `/alert/${alert.id}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(body(response), { status: 'ok' });
      assertError(await client.send('GET', `/alert/${alert.id}`), 404);
      assertError(await client.send('DELETE', `/alert/${alert.id}`), 404, 'not found');
    });

    it('accepts a JSON content type without a body, as some clients send on every request', async () => {
      const alert = await fresh();
      const headers = { ...basic('root', 'root-password'), 'content-type': 'application/json' };
      const response = await server.app.inject({ method: 'DELETE', url: `/api/alert/${alert.id}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      const housekeeping = await server.app.inject({ method: 'POST', url: '/api/management/housekeeping', headers });
      assert.equal(housekeeping.statusCode, 200, housekeeping.body);
    });

    it('403 for a caller without delete:alerts', async () => {
      const alert = await fresh();
      assertError(await guest.send('DELETE', `/alert/${alert.id}`), 403);
      assert.equal((await client.get(alert.id)).id, alert.id);
    });

    it('400 for a prefix that matches more than one alert', async () => {
      await fresh({ id: 'twin-prefix-1' });
      await fresh({ id: 'twin-prefix-2' });
      assertError(await client.send('DELETE', '/alert/twin-prefix'), 400, /more than one alert/);
      assert.equal((await client.get('twin-prefix-1')).id, 'twin-prefix-1');
    });
  });

  describe('deleting an alert', () => {
    it('removes its notes with it', async () => {
      const alert: AlertJson = await fresh();
      await client.put(`/alert/${alert.id}/note`, { text: 'gone soon' });
      assert.equal((await client.send('DELETE', `/alert/${alert.id}`)).statusCode, 200);
      assertError(await client.send('GET', `/alert/${alert.id}/notes`), 404);
      assert.deepEqual(await server.store.alertChanges.notes(alert.id), []);
    });
  });
});
