import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SettingsError, loadSettings } from '../src/settings.js';
import { alertClient } from './support/alerts.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

describe('alert change and housekeeping settings', () => {
  it('default as docs/api/ingest.md#history, docs/api/ingest.md#timeouts, docs/api/management.md#housekeeping say', () => {
    const s = loadSettings({});
    assert.equal(s.HISTORY_ON_VALUE_CHANGE, true);
    assert.equal(s.DEFAULT_PREVIOUS_SEVERITY, null);
    assert.equal(s.ACK_TIMEOUT, 0);
    assert.equal(s.SHELVE_TIMEOUT, 7200);
    assert.equal(s.DELETE_EXPIRED_AFTER, 7200);
    assert.equal(s.DELETE_INFO_AFTER, 43200);
    assert.equal(s.HOUSEKEEPING_INTERVAL, 60);
  });

  it('read from the environment', () => {
    const s = loadSettings({
      HISTORY_ON_VALUE_CHANGE: 'off',
      DEFAULT_PREVIOUS_SEVERITY: 'unknown',
      DELETE_EXPIRED_AFTER: '60',
      DELETE_INFO_AFTER: '0',
      HOUSEKEEPING_INTERVAL: '0',
    });
    assert.equal(s.HISTORY_ON_VALUE_CHANGE, false);
    assert.equal(s.DEFAULT_PREVIOUS_SEVERITY, 'unknown');
    assert.equal(s.DELETE_EXPIRED_AFTER, 60);
    assert.equal(s.DELETE_INFO_AFTER, 0);
    assert.equal(s.HOUSEKEEPING_INTERVAL, 0);
  });

  it('refuse a previous severity the alarm model does not have, and negative seconds', () => {
    assert.throws(() => loadSettings({ DEFAULT_PREVIOUS_SEVERITY: 'High' }), SettingsError);
    assert.throws(
      () => loadSettings({ ALARM_MODEL: 'ISA_18_2', DEFAULT_PREVIOUS_SEVERITY: 'indeterminate' }),
      /DEFAULT_PREVIOUS_SEVERITY.*OK/,
    );
    assert.equal(
      loadSettings({ ALARM_MODEL: 'ISA_18_2', DEFAULT_PREVIOUS_SEVERITY: 'Low' }).DEFAULT_PREVIOUS_SEVERITY,
      'Low',
    );
    assert.throws(() => loadSettings({ HOUSEKEEPING_INTERVAL: '-5' }), /HOUSEKEEPING_INTERVAL/);
    assert.throws(() => loadSettings({ DELETE_EXPIRED_AFTER: '2h' }), /DELETE_EXPIRED_AFTER/);
  });
});

forEachEngine((engine) => {
  let server: TestServer;
  const client = alertClient(() => server, basic('root', 'root-password'));

  before(async () => {
    server = await startTestServer(engine, {
      ALERT_TIMEOUT: '120',
      ACK_TIMEOUT: '30',
      SHELVE_TIMEOUT: '45',
      DEFAULT_PREVIOUS_SEVERITY: 'warning',
    });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  it('GET /config shows the timeouts and the previous-severity default', async () => {
    const config = body(await server.app.inject({ method: 'GET', url: '/api/config' }));
    assert.deepEqual(config.timeouts, { alert: 120, heartbeat: 86400, ack: 30, shelve: 45 });
    const model = config.alarm_model as { defaults: Record<string, string> };
    assert.deepEqual(model.defaults, { status: 'open', normal_severity: 'normal', previous_severity: 'warning' });
  });

  it('gives new alerts DEFAULT_PREVIOUS_SEVERITY, and acks and shelves the configured timeouts', async () => {
    const alert = await client.create({ resource: 'settings01', severity: 'minor' });
    assert.equal(alert.previousSeverity, 'warning');
    assert.equal(alert.trendIndication, 'moreSevere');
    assert.equal(alert.timeout, 120);
    await client.action(alert.id, 'ack');
    await client.action(alert.id, 'shelve');
    const stored = await client.get(alert.id);
    assert.deepEqual(
      stored.history.map((h) => [h.type, h.timeout]),
      [
        ['new', 120],
        ['ack', 30],
        ['shelve', 45],
      ],
    );
  });
});
