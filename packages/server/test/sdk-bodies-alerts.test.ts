import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AlertJson, assertError } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { sdk, sdkDate } from './support/sdk-bodies.js';

/**
 * Alerts, their changes and heartbeats sent exactly as the official SDK sends them (README "Senders"): every optional
 * field null when not given, which means "not given", so the defaults apply.
 */
forEachEngine((engine) => {
  let server: TestServer;
  const operator = basic('olga', 'olga-password');
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    server.app.inject({ method, url: `/api${url}`, headers: operator, ...(payload === undefined ? {} : { payload }) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) => {
    const response = await send(method, url, payload);
    assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
    return body(response);
  };
  const alert = async (id: string) => (await ok('GET', `/alert/${id}`)).alert as AlertJson;

  before(async () => {
    server = await startTestServer(engine, {
      ALERT_TIMEOUT: '600',
      HEARTBEAT_TIMEOUT: '900',
      REQUIRE_SERVICE: 'false',
    });
    await createUser(server.store, { login: 'olga', password: 'olga-password', roles: ['user'] });
  });
  after(() => server.close());

  describe('POST /alert (send_alert)', () => {
    it('stores the defaults for every null field', async () => {
      const sent = sdk.sendAlert('web01', 'HighLoad', { environment: 'Production', service: ['web'] });
      const answer = await ok('POST', '/alert', sent);
      const stored = await alert(answer.id as string);
      assert.match(stored.id, /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        {
          environment: stored.environment,
          severity: stored.severity,
          status: stored.status,
          group: stored.group,
          value: stored.value,
          text: stored.text,
          type: stored.type,
          timeout: stored.timeout,
          rawData: stored.rawData,
          customer: stored.customer,
          tags: stored.tags,
          attributes: Object.keys(stored.attributes).filter((k) => k !== 'ip'),
        },
        {
          environment: 'Production',
          // The model's normal severity: a new normal alert is closed (docs/api/alarm-models.md#the-alerta-model).
          severity: 'normal',
          status: 'closed',
          group: 'Misc',
          value: null,
          text: '',
          type: 'exceptionAlert',
          timeout: 600,
          rawData: null,
          customer: null,
          tags: [],
          attributes: [],
        },
      );
      assert.equal(typeof stored.origin, 'string');
      assert.notEqual(stored.origin, '');
    });

    it('stores what the sender gave, its createTime to the millisecond', async () => {
      const sent = sdk.sendAlert('web02', 'DiskFull', {
        environment: 'Development',
        severity: 'major',
        service: ['storage'],
        value: '97%',
        text: 'disk full',
        tags: ['linux'],
        attributes: { region: 'eu' },
        origin: 'cli/host',
        timeout: 120,
        raw_data: 'raw',
      });
      const stored = await alert((await ok('POST', '/alert', sent)).id as string);
      assert.equal(stored.createTime, sent.createTime);
      assert.deepEqual(
        [stored.environment, stored.severity, stored.value, stored.text, stored.origin, stored.timeout, stored.rawData],
        ['Development', 'major', '97%', 'disk full', 'cli/host', 120, 'raw'],
      );
      assert.deepEqual([stored.tags, stored.attributes.region], [['linux'], 'eu']);
    });

    it('still refuses a wrong type, naming the field, and a null resource as missing', async () => {
      assertError(await send('POST', '/alert', { ...sdk.sendAlert('r', 'e'), timeout: 'soon' }), 400, /'timeout'/);
      assertError(await send('POST', '/alert', { ...sdk.sendAlert('r', 'e'), tags: 'a' }), 400, /'tags'/);
      assertError(await send('POST', '/alert', { ...sdk.sendAlert('r', 'e'), resource: null }), 400, /"resource"/);
      // As in the reference, no environment is the empty one, which the reject policy refuses (docs/api/ingest.md).
      assertError(await send('POST', '/alert', sdk.sendAlert('r', 'e')), 403, /environment does not match/);
    });
  });

  describe('status, action, tags, attributes and notes (set_status, action, alert_note …)', () => {
    it('take the default text and timeouts for null', async () => {
      const { id } = await ok(
        'POST',
        '/alert',
        sdk.sendAlert('web03', 'Down', { environment: 'Production', severity: 'major', timeout: 300 }),
      );
      const path = `/alert/${id as string}`;
      await ok('PUT', `${path}/status`, { status: 'ack', text: null, timeout: null });
      let stored = await alert(id as string);
      assert.deepEqual([stored.status, stored.timeout], ['ack', 300]);
      await ok('PUT', `${path}/action`, { action: 'unack', text: null, timeout: null });
      await ok('PUT', `${path}/action`, sdk.action('shelve', 'later'));
      stored = await alert(id as string);
      assert.deepEqual([stored.status, stored.history.at(-1)?.text], ['shelved', 'later']);
      await ok('PUT', `${path}/action`, { action: 'unshelve', text: null, timeout: null });
      assert.equal((await alert(id as string)).history.at(-1)?.text, 'unshelve operator action');

      await ok('PUT', `${path}/tag`, { tags: ['a', 'b'] });
      await ok('PUT', `${path}/untag`, { tags: ['a'] });
      await ok('PUT', `${path}/attributes`, { attributes: { owner: 'ops', gone: null } });
      const note = await ok('PUT', `${path}/note`, sdk.alertNote('looking'));
      const noteId = (note.note as { id: string }).id;
      const edited = await ok('PUT', `${path}/note/${noteId}`, { text: null, note: 'still looking', attributes: null });
      stored = await alert(id as string);
      assert.deepEqual([stored.tags, stored.attributes.owner], [['b'], 'ops']);
      assert.equal((edited.note as { text: string }).text, 'still looking');
      assertError(await send('PUT', `${path}/note`, sdk.alertNote(null)), 400, "must supply 'note' text");
      assertError(await send('PUT', `${path}/status`, { status: null, text: null }), 400, /must supply 'status'/);
    });

    it('bulk changes take the same bodies', async () => {
      await ok('POST', '/alert', sdk.sendAlert('bulk01', 'Bulk', { environment: 'Production', severity: 'minor' }));
      const changed = await ok('PUT', '/_bulk/alerts/status?resource=bulk01', {
        status: 'ack',
        text: null,
        timeout: null,
      });
      assert.equal(changed.count, 1);
      const acted = await ok('PUT', '/_bulk/alerts/action?resource=bulk01', {
        action: 'unack',
        text: null,
        timeout: null,
      });
      assert.equal(acted.count, 1);
    });
  });

  describe('POST /heartbeat (heartbeat)', () => {
    it('stores the defaults for null timeout and customer, and the SDK createTime', async () => {
      const sent = sdk.heartbeat('cron/host1', { tags: ['nightly'], attributes: { environment: 'Production' } });
      const { heartbeat } = await ok('POST', '/heartbeat', sent);
      const stored = heartbeat as { id: string; origin: string; timeout: number; customer: null; createTime: string };
      assert.deepEqual(
        [stored.origin, stored.timeout, stored.customer, stored.createTime],
        ['cron/host1', 900, null, sent.createTime],
      );
      const again = await ok('POST', '/heartbeat', sdk.heartbeat('cron/host1', { timeout: 60 }));
      assert.deepEqual(
        [(again.heartbeat as { id: string }).id, (again.heartbeat as { timeout: number }).timeout],
        [stored.id, 60],
      );
    });

    it('a null origin takes the server default; a wrong type is a 400 naming the field', async () => {
      const { heartbeat } = await ok('POST', '/heartbeat', { ...sdk.heartbeat(null), createTime: null });
      assert.notEqual((heartbeat as { origin: string }).origin, '');
      assertError(await send('POST', '/heartbeat', { ...sdk.heartbeat('x'), timeout: '60' }), 400, /'timeout'/);
      assertError(await send('POST', '/heartbeat', { ...sdk.heartbeat('x'), createTime: sdkDate().slice(0, 10) }), 400);
    });
  });
});
