import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forEachEngine } from './support/engines.js';
import {
  type Refusal,
  assertAlertFields,
  fixture,
  itRefusesEach,
  missingFieldRefusals,
  rawDataOf,
  storedAlert,
  webhookServer,
} from './support/webhooks.js';

forEachEngine((engine) => {
  const calls = webhookServer(engine, { ALLOWED_ENVIRONMENTS: 'Production,Development,Staging' });
  const { post } = calls;

  describe('Graylog', () => {
    it('maps a stream alert with the query string settings (docs/webhooks.md#graylog)', async () => {
      const payload = fixture('graylog', 'stream-alert');
      const query = '?event=LoginFailures&event_type=securityAlert&service=Auth,SSH&severity=major';
      const alert = storedAlert(await post('graylog', payload, { query }));
      assertAlertFields(alert, {
        resource: 'SSH authentication',
        event: 'LoginFailures',
        environment: 'Production',
        severity: 'major',
        service: ['Auth', 'SSH'],
        group: 'Misc',
        value: 'n/a',
        origin: 'Graylog',
        type: 'securityAlert',
      });
      assert.match(alert.text, /^Stream had 14 messages in the last 5 minutes/);
      assert.deepEqual(alert.attributes, { checkId: '9b1c6a8e-3f2d-4c51-a7e0-5d4f3b2a1c90', ip: '127.0.0.1' });
      assert.deepEqual(rawDataOf(alert), payload);
    });

    it("uses the reference's defaults: event Alert, service test, severity critical, type performanceAlert", async () => {
      const alert = storedAlert(
        await post('graylog', fixture('graylog', 'stream-alert'), { query: '?group=Security' }),
      );
      assertAlertFields(alert, {
        event: 'Alert',
        service: ['test'],
        severity: 'critical',
        type: 'performanceAlert',
        group: 'Security',
      });
    });

    it('maps an event notification of Graylog 3.1 and later (ours)', async () => {
      assertAlertFields(storedAlert(await post('graylog', fixture('graylog', 'event-notification'))), {
        resource: 'db-03',
        event: 'Disk errors',
        severity: 'critical',
        text: 'Disk errors - count()=7.0',
        createTime: '2026-11-22T03:12:00.000Z',
        attributes: {
          eventDefinitionId: '6540f1c2a9e8b7d6c5f4e3a1',
          eventId: '01JDBX7Q4N8K2M5R9T3V6W1Y0Z',
          priority: 3,
          device_name: 'nvme1n1',
          source: 'db-03',
        },
      });
    });

    it('the query string gives environment, origin, customer and timeout', async () => {
      const query = '?environment=Staging&origin=gl-eu&customer=Acme&timeout=300';
      assertAlertFields(storedAlert(await post('graylog', fixture('graylog', 'stream-alert'), { query })), {
        environment: 'Staging',
        origin: 'gl-eu',
        customer: 'Acme',
        timeout: 300,
      });
    });

    const event = fixture('graylog', 'event-notification');
    const eventWith = (changes: Record<string, unknown>) => ({
      ...event,
      event: { ...(event.event as Record<string, unknown>), ...changes },
    });

    it('an event without a key is named by its source, else Graylog; ?event= replaces the definition title', async () => {
      const bySource = storedAlert(await post('graylog', eventWith({ key: null }), { query: '?event=DiskErrors' }));
      assertAlertFields(bySource, { resource: 'graylog-node-2', event: 'DiskErrors' });
      const unnamed = storedAlert(await post('graylog', eventWith({ key: '', source: null })));
      assertAlertFields(unnamed, { resource: 'Graylog', event: 'Disk errors' });
    });

    const stream = fixture('graylog', 'stream-alert');
    const checkResult = stream.check_result as Record<string, unknown>;
    const graylogRefusals: Refusal[] = [
      ['a stream alert without a stream title', { ...stream, stream: { id: 'x' } }, /'stream\.title'/],
      ['an event without its message', eventWith({ message: undefined }), /'event\.message'/],
      ['an event without its id', eventWith({ id: undefined }), /^'event\.id': /],
      ['an event without a definition title', { ...event, event_definition_title: '' }, /^'event_definition_title': /],
      [
        'a stream alert without a result description',
        { ...stream, check_result: { ...checkResult, result_description: undefined } },
        /^'check_result\.result_description': /,
      ],
      [
        'a stream alert without a condition id',
        { ...stream, check_result: { ...checkResult, triggered_condition: {} } },
        /^'check_result\.triggered_condition\.id': /,
      ],
    ];
    itRefusesEach(calls, 'graylog', graylogRefusals);
  });

  describe('Pingdom', () => {
    it('maps a DOWN check of high importance (docs/webhooks.md#pingdom)', async () => {
      const payload = fixture('pingdom', 'down');
      const alert = storedAlert(await post('pingdom', payload));
      assertAlertFields(alert, {
        resource: 'Shop front page',
        event: 'DOWN',
        correlate: ['UP', 'DOWN'],
        environment: 'Production',
        severity: 'critical',
        service: ['HTTP'],
        group: 'Network',
        value: 'HTTP Error 502',
        text: 'HIGH: HTTP Server Error 502 Bad Gateway',
        tags: ['shop', 'frontend'],
        attributes: { checkId: 9318842 },
        origin: 'Pingdom',
        type: 'availabilityAlert',
      });
      assert.deepEqual(rawDataOf(alert), payload);
    });

    it('UP closes the DOWN alert, which it correlates with', async () => {
      const down = storedAlert(await post('pingdom', fixture('pingdom', 'down')));
      const up = storedAlert(await post('pingdom', fixture('pingdom', 'up')));
      assertAlertFields(up, { id: down.id, event: 'UP', severity: 'normal', status: 'closed', text: 'HIGH: OK' });
    });

    it('a check of low importance is a warning', async () => {
      const alert = storedAlert(await post('pingdom', fixture('pingdom', 'down-low')));
      assertAlertFields(alert, { severity: 'warning', text: 'LOW: Timeout (> 30000 ms)' });
    });

    it('the query string gives environment, group, origin, customer and timeout', async () => {
      const query = '?environment=Staging&group=Web&origin=pingdom-eu&customer=Acme&timeout=120';
      assertAlertFields(storedAlert(await post('pingdom', fixture('pingdom', 'down-low'), { query })), {
        environment: 'Staging',
        group: 'Web',
        origin: 'pingdom-eu',
        customer: 'Acme',
        timeout: 120,
      });
    });

    const down = fixture('pingdom', 'down');
    const pingdomRefusals: Refusal[] = [
      ['a check without a name', { ...down, check_name: '' }, /'check_name'/],
      ...missingFieldRefusals(
        ['check_id', 'check_type', 'current_state', 'importance_level', 'description', 'long_description'],
        (field) => ({ ...down, [field]: undefined }),
      ),
    ];
    itRefusesEach(calls, 'pingdom', pingdomRefusals);
  });

  describe('Riemann', () => {
    it('maps an event with its own environment, group and event name (docs/webhooks.md#riemann)', async () => {
      const payload = fixture('riemann', 'event');
      const alert = storedAlert(await post('riemann', payload));
      assertAlertFields(alert, {
        resource: 'cache-04-redis memory',
        event: 'RedisMemoryHigh',
        environment: 'Development',
        severity: 'critical',
        service: ['redis memory'],
        group: 'Cache',
        value: '0.97',
        text: 'used_memory is 97% of maxmemory',
        tags: ['redis', 'cache'],
        origin: 'Riemann',
      });
      assert.deepEqual(rawDataOf(alert), payload);
    });

    it('falls back to the service as event, Performance as group', async () => {
      assertAlertFields(storedAlert(await post('riemann', fixture('riemann', 'event-minimal'))), {
        resource: 'web-11-nginx 5xx',
        event: 'nginx 5xx',
        environment: 'Production',
        severity: 'ok',
        status: 'closed',
        group: 'Performance',
        value: '1',
      });
    });

    it('the query string gives environment, severity, group, origin, customer and timeout where the event gives none', async () => {
      const minimal = { ...fixture('riemann', 'event-minimal'), host: 'web-12', state: null };
      const query = '?environment=Staging&severity=major&group=Web&origin=riemann-eu&customer=Acme&timeout=60';
      assertAlertFields(storedAlert(await post('riemann', minimal, { query })), {
        environment: 'Staging',
        severity: 'major',
        group: 'Web',
        origin: 'riemann-eu',
        customer: 'Acme',
        timeout: 60,
      });
      const own = { ...fixture('riemann', 'event'), host: 'cache-05' };
      assertAlertFields(storedAlert(await post('riemann', own, { query })), {
        environment: 'Development',
        severity: 'critical',
        group: 'Cache',
      });
      const unstated = storedAlert(await post('riemann', { ...minimal, host: 'web-13' }));
      assert.equal(unstated.severity, 'unknown');
    });

    const riemannEvent = fixture('riemann', 'event');
    const riemannRefusals: Refusal[] = [
      ['an event without a host', { ...riemannEvent, host: null }, /'host'/],
      ['an event with tags that are not a list', { ...riemannEvent, tags: 'redis' }, /'tags'/],
      ['an event without a service', { ...riemannEvent, service: undefined }, /^'service': /],
      [
        'an event whose state is no severity of the alarm model',
        { ...riemannEvent, state: 'hot' },
        /^Severity \(hot\) is not valid; valid severities are: security, critical, /,
      ],
    ];
    itRefusesEach(calls, 'riemann', riemannRefusals);
  });

  describe('Server Density', () => {
    it('maps an alert (docs/webhooks.md#server-density)', async () => {
      const payload = fixture('serverdensity', 'alert');
      const alert = storedAlert(await post('serverdensity', payload));
      assertAlertFields(alert, {
        resource: 'worker-07',
        event: 'loadAvrg',
        environment: 'Production',
        severity: 'critical',
        service: ['device'],
        group: 'system',
        value: '8',
        text: 'Alert created for device:worker-07',
        tags: ['cloud'],
        attributes: { alertId: '5f2b9c1d8e7a6b5c4d3e2f10', itemId: '5a9e3f7c2b1d4e6f8a0b1c2d' },
        origin: 'ServerDensity',
        type: 'serverDensityAlert',
      });
      assert.deepEqual(rawDataOf(alert), payload);
    });

    it('a fixed alert closes it', async () => {
      const open = storedAlert(await post('serverdensity', fixture('serverdensity', 'alert')));
      const fixed = storedAlert(await post('serverdensity', fixture('serverdensity', 'fixed')));
      assertAlertFields(fixed, { id: open.id, severity: 'normal', status: 'closed' });
    });

    it('the query string gives environment, severity, origin, customer and timeout', async () => {
      const query = '?environment=Staging&severity=minor&origin=sd-eu&customer=Acme&timeout=240';
      assertAlertFields(storedAlert(await post('serverdensity', fixture('serverdensity', 'alert'), { query })), {
        environment: 'Staging',
        severity: 'minor',
        origin: 'sd-eu',
        customer: 'Acme',
        timeout: 240,
      });
    });

    const sdAlert = fixture('serverdensity', 'alert');
    const serverDensityRefusals: Refusal[] = [
      ['an alert whose fixed is not a boolean', { ...sdAlert, fixed: 'no' }, /'fixed'/],
      ...missingFieldRefusals(
        ['alert_id', 'alert_section', 'alert_type', 'fixed', 'item_id', 'item_name', 'item_type'],
        (field) => ({ ...sdAlert, [field]: undefined }),
      ),
    ];
    itRefusesEach(calls, 'serverdensity', serverDensityRefusals);
  });
});
