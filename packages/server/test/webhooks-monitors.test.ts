import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { assertRefused, createWebhookUsers, fixture, storedAlert, webhookCalls } from './support/webhooks.js';

forEachEngine((engine) => {
  let server: TestServer;
  const { post, totalAlerts } = webhookCalls(() => server);

  before(async () => {
    server = await startTestServer(engine, { ALLOWED_ENVIRONMENTS: 'Production,Development,Staging' });
    await createWebhookUsers(server);
  });
  after(() => server.close());

  describe('Graylog', () => {
    it('maps a stream alert with the query string settings (docs/webhooks.md §Graylog table)', async () => {
      const payload = fixture('graylog', 'stream-alert');
      const query = '?event=LoginFailures&event_type=securityAlert&service=Auth,SSH&severity=major';
      const alert = storedAlert(await post('graylog', payload, { query }));
      assert.equal(alert.resource, 'SSH authentication');
      assert.equal(alert.event, 'LoginFailures');
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.severity, 'major');
      assert.deepEqual(alert.service, ['Auth', 'SSH']);
      assert.equal(alert.group, 'Misc');
      assert.equal(alert.value, 'n/a');
      assert.match(alert.text, /^Stream had 14 messages in the last 5 minutes/);
      assert.deepEqual(alert.attributes, { checkId: '9b1c6a8e-3f2d-4c51-a7e0-5d4f3b2a1c90', ip: '127.0.0.1' });
      assert.equal(alert.origin, 'Graylog');
      assert.equal(alert.type, 'securityAlert');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), payload);
    });

    it("uses the reference's defaults: event Alert, service test, severity critical, type performanceAlert", async () => {
      const alert = storedAlert(
        await post('graylog', fixture('graylog', 'stream-alert'), { query: '?group=Security' }),
      );
      assert.equal(alert.event, 'Alert');
      assert.deepEqual(alert.service, ['test']);
      assert.equal(alert.severity, 'critical');
      assert.equal(alert.type, 'performanceAlert');
      assert.equal(alert.group, 'Security');
    });

    it('maps an event notification of Graylog 3.1 and later (ours)', async () => {
      const alert = storedAlert(await post('graylog', fixture('graylog', 'event-notification')));
      assert.equal(alert.resource, 'db-03');
      assert.equal(alert.event, 'Disk errors');
      assert.equal(alert.severity, 'critical');
      assert.equal(alert.text, 'Disk errors - count()=7.0');
      assert.equal(alert.createTime, '2026-11-22T03:12:00.000Z');
      assert.equal(alert.attributes.eventDefinitionId, '6540f1c2a9e8b7d6c5f4e3a1');
      assert.equal(alert.attributes.eventId, '01JDBX7Q4N8K2M5R9T3V6W1Y0Z');
      assert.equal(alert.attributes.priority, 3);
      assert.equal(alert.attributes.device_name, 'nvme1n1');
      assert.equal(alert.attributes.source, 'db-03');
    });

    it('a stream alert without a stream title → 400, nothing stored', async () => {
      const payload = { ...fixture('graylog', 'stream-alert'), stream: { id: 'x' } };
      await assertRefused(await post('graylog', payload), /'stream\.title'/, {
        before: await totalAlerts(),
        after: totalAlerts,
      });
    });

    it('an event without its message → 400, nothing stored', async () => {
      const payload = fixture('graylog', 'event-notification');
      const event = { ...(payload.event as Record<string, unknown>), message: undefined };
      await assertRefused(await post('graylog', { ...payload, event }), /'event\.message'/, {
        before: await totalAlerts(),
        after: totalAlerts,
      });
    });
  });

  describe('Pingdom', () => {
    it('maps a DOWN check of high importance (docs/webhooks.md §Pingdom table)', async () => {
      const payload = fixture('pingdom', 'down');
      const alert = storedAlert(await post('pingdom', payload));
      assert.equal(alert.resource, 'Shop front page');
      assert.equal(alert.event, 'DOWN');
      assert.deepEqual(alert.correlate, ['UP', 'DOWN']);
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.severity, 'critical');
      assert.deepEqual(alert.service, ['HTTP']);
      assert.equal(alert.group, 'Network');
      assert.equal(alert.value, 'HTTP Error 502');
      assert.equal(alert.text, 'HIGH: HTTP Server Error 502 Bad Gateway');
      assert.deepEqual(alert.tags, ['shop', 'frontend']);
      assert.equal(alert.attributes.checkId, 9318842);
      assert.equal(alert.origin, 'Pingdom');
      assert.equal(alert.type, 'availabilityAlert');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), payload);
    });

    it('UP closes the DOWN alert, which it correlates with', async () => {
      const down = storedAlert(await post('pingdom', fixture('pingdom', 'down')));
      const up = storedAlert(await post('pingdom', fixture('pingdom', 'up')));
      assert.equal(up.id, down.id);
      assert.equal(up.event, 'UP');
      assert.equal(up.severity, 'normal');
      assert.equal(up.status, 'closed');
      assert.equal(up.text, 'HIGH: OK');
    });

    it('a check of low importance is a warning', async () => {
      const alert = storedAlert(await post('pingdom', fixture('pingdom', 'down-low')));
      assert.equal(alert.severity, 'warning');
      assert.equal(alert.text, 'LOW: Timeout (> 30000 ms)');
    });

    it('a check without a name → 400, nothing stored', async () => {
      const payload = { ...fixture('pingdom', 'down'), check_name: '' };
      await assertRefused(await post('pingdom', payload), /'check_name'/, {
        before: await totalAlerts(),
        after: totalAlerts,
      });
    });
  });

  describe('Riemann', () => {
    it('maps an event with its own environment, group and event name (docs/webhooks.md §Riemann table)', async () => {
      const payload = fixture('riemann', 'event');
      const alert = storedAlert(await post('riemann', payload));
      assert.equal(alert.resource, 'cache-04-redis memory');
      assert.equal(alert.event, 'RedisMemoryHigh');
      assert.equal(alert.environment, 'Development');
      assert.equal(alert.severity, 'critical');
      assert.deepEqual(alert.service, ['redis memory']);
      assert.equal(alert.group, 'Cache');
      assert.equal(alert.value, '0.97');
      assert.equal(alert.text, 'used_memory is 97% of maxmemory');
      assert.deepEqual(alert.tags, ['redis', 'cache']);
      assert.equal(alert.origin, 'Riemann');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), payload);
    });

    it('falls back to the service as event, Performance as group', async () => {
      const alert = storedAlert(await post('riemann', fixture('riemann', 'event-minimal')));
      assert.equal(alert.resource, 'web-11-nginx 5xx');
      assert.equal(alert.event, 'nginx 5xx');
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.severity, 'ok');
      assert.equal(alert.status, 'closed');
      assert.equal(alert.group, 'Performance');
      assert.equal(alert.value, '1');
    });

    it('an event without a host, or with tags that are not a list → 400, nothing stored', async () => {
      const before = await totalAlerts();
      const event = fixture('riemann', 'event');
      await assertRefused(await post('riemann', { ...event, host: null }), /'host'/, { before, after: totalAlerts });
      await assertRefused(await post('riemann', { ...event, tags: 'redis' }), /'tags'/, { before, after: totalAlerts });
    });
  });

  describe('Server Density', () => {
    it('maps an alert (docs/webhooks.md §Server Density table)', async () => {
      const payload = fixture('serverdensity', 'alert');
      const alert = storedAlert(await post('serverdensity', payload));
      assert.equal(alert.resource, 'worker-07');
      assert.equal(alert.event, 'loadAvrg');
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.severity, 'critical');
      assert.deepEqual(alert.service, ['device']);
      assert.equal(alert.group, 'system');
      assert.equal(alert.value, '8');
      assert.equal(alert.text, 'Alert created for device:worker-07');
      assert.deepEqual(alert.tags, ['cloud']);
      assert.equal(alert.attributes.alertId, '5f2b9c1d8e7a6b5c4d3e2f10');
      assert.equal(alert.attributes.itemId, '5a9e3f7c2b1d4e6f8a0b1c2d');
      assert.equal(alert.origin, 'ServerDensity');
      assert.equal(alert.type, 'serverDensityAlert');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), payload);
    });

    it('a fixed alert closes it', async () => {
      const open = storedAlert(await post('serverdensity', fixture('serverdensity', 'alert')));
      const fixed = storedAlert(await post('serverdensity', fixture('serverdensity', 'fixed')));
      assert.equal(fixed.id, open.id);
      assert.equal(fixed.severity, 'normal');
      assert.equal(fixed.status, 'closed');
    });

    it('an alert whose fixed is not a boolean → 400, nothing stored', async () => {
      const payload = { ...fixture('serverdensity', 'alert'), fixed: 'no' };
      await assertRefused(await post('serverdensity', payload), /'fixed'/, {
        before: await totalAlerts(),
        after: totalAlerts,
      });
    });
  });
});
