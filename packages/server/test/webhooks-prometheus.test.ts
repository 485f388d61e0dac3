import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { body } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import {
  type Refusal,
  assertAlertFields,
  guest,
  itRefusesEach,
  rawDataOf,
  storedAlert,
  webhookServer,
} from './support/webhooks.js';

function prometheusItem(status: string, labels: Record<string, string>, annotations: Record<string, string> = {}) {
  return {
    status,
    labels,
    annotations,
    startsAt: '2026-11-22T03:00:00.000Z',
    endsAt: status === 'resolved' ? '2026-11-22T03:10:00.000Z' : '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus:9090/graph?g0.expr=up',
    fingerprint: 'abc123',
  };
}

function alertmanager(alerts: unknown[], extra: Record<string, unknown> = {}) {
  return {
    version: '4',
    groupKey: '{}:{alertname="x"}',
    truncatedAlerts: 0,
    status: 'firing',
    receiver: 'alerta',
    groupLabels: {},
    commonLabels: {},
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    alerts,
    ...extra,
  };
}

forEachEngine((engine) => {
  const calls = webhookServer(engine, { ALLOWED_ENVIRONMENTS: 'Production,Development,Staging' });
  const { post, getAlert, totalAlerts, createBlackout } = calls;

  describe('Prometheus Alertmanager', () => {
    const firing = prometheusItem(
      'firing',
      {
        alertname: 'DiskFull',
        instance: 'db01:9100',
        severity: 'critical',
        service: 'Database,Storage',
        job: 'node',
        monitor: 'dc1',
        region: 'eu',
        timeout: '600',
      },
      { description: 'disk on {instance} is full', summary: 'disk full', value: '97', runbook: 'http://wiki/disk' },
    );

    it('maps a firing alert (docs/webhooks.md#prometheus)', async () => {
      const response = await post('prometheus', alertmanager([firing]));
      const alert = storedAlert(response);
      const result = body(response) as { status: string; id: string };
      assert.equal(result.status, 'ok');
      assertAlertFields(alert, {
        id: result.id,
        resource: 'db01:9100',
        event: 'DiskFull',
        environment: 'Production',
        severity: 'critical',
        status: 'open',
        service: ['Database', 'Storage'],
        group: 'node',
        origin: 'prometheus/dc1',
        type: 'prometheusAlert',
        timeout: 600,
        value: '97',
        text: 'disk on db01:9100 is full',
        tags: ['region=eu'],
        attributes: {
          startsAt: '2026-11-22T03:00:00.000Z',
          externalUrl: 'http://alertmanager:9093',
          moreInfo: 'http://prometheus:9090/graph?g0.expr=up',
          runbook: 'http://wiki/disk',
          summary: 'disk full',
        },
      });
      assert.deepEqual(rawDataOf(alert), firing);
    });

    it('closes the alert when resolved', async () => {
      const resolved = { ...firing, status: 'resolved' };
      const alert = storedAlert(await post('prometheus', alertmanager([resolved], { status: 'resolved' })));
      assertAlertFields(alert, { severity: 'normal', status: 'closed', resource: 'db01:9100' });
    });

    it('uses the defaults: warning, Prometheus group, prometheus/- origin, generated text, no service', async () => {
      const item = prometheusItem('firing', { alertname: 'Up', exported_instance: 'exp1', instance: 'inst1' });
      const response = await post('prometheus', alertmanager([item]), { query: '?service=Web&environment=Staging' });
      assertAlertFields(storedAlert(response), {
        resource: 'exp1',
        severity: 'warning',
        group: 'Prometheus',
        origin: 'prometheus/-',
        environment: 'Staging',
        service: ['Web'],
        text: 'WARNING: exp1 is Up',
        tags: ['instance=inst1'],
      });
    });

    it('labels name the event, environment, customer, correlate and group; an annotation alertname wins', async () => {
      const named = prometheusItem(
        'firing',
        {
          alertname: 'Disk',
          event: 'DiskAlmostFull',
          instance: 'db02',
          environment: 'Development',
          customer: 'Acme',
          correlate: 'DiskOk,DiskAlmostFull',
          group: 'Storage',
          job: 'node',
          service: 'Database',
          timeout: 'soon',
        },
        { summary: '{instance} of {cluster}', 'rule.id$': 'r1' },
      );
      const labels = { alertname: 'Disk', instance: 'db03', service: 'Database' };
      const renamed = prometheusItem('suppressed', labels, { alertname: 'DiskRenamed' });
      const response = await post('prometheus', alertmanager([named, renamed]), { query: '?timeout=300' });
      assert.equal(response.statusCode, 201, response.body);
      const [namedId = '', renamedId = ''] = (body(response) as { ids: string[] }).ids;
      assertAlertFields(await getAlert(namedId), {
        event: 'DiskAlmostFull',
        environment: 'Development',
        customer: 'Acme',
        correlate: ['DiskOk', 'DiskAlmostFull'],
        group: 'Storage',
        // A label timeout that is not a whole number leaves ?timeout=.
        timeout: 300,
        // The placeholder {cluster} names no label, so the value stays as it is.
        text: '{instance} of {cluster}',
        tags: ['alertname=Disk', 'job=node'],
        attributes: { endsAt: '0001-01-01T00:00:00Z', rule_id_: 'r1' },
      });
      assertAlertFields(await getAlert(renamedId), {
        event: 'DiskRenamed',
        severity: 'unknown',
        text: 'UNKNOWN: db03 is DiskRenamed',
        attributes: { alertname: undefined },
      });
    });

    it('the query string gives severity, group, origin, customer and timeout where the labels give none', async () => {
      const bare = prometheusItem('firing', { alertname: 'Bare', instance: 'q1', service: 'Web' });
      const labelled = prometheusItem('firing', {
        alertname: 'Labelled',
        instance: 'q2',
        service: 'Web',
        severity: 'critical',
        job: 'node',
        monitor: 'dc2',
        customer: 'Beta',
        timeout: '60',
      });
      const query = '?severity=minor&group=Ops&origin=lab&customer=Acme&timeout=120&environment=Staging';
      const response = await post('prometheus', alertmanager([bare, labelled]), { query });
      assert.equal(response.statusCode, 201, response.body);
      const [bareId = '', labelledId = ''] = (body(response) as { ids: string[] }).ids;
      assertAlertFields(await getAlert(bareId), {
        environment: 'Staging',
        severity: 'minor',
        group: 'Ops',
        origin: 'lab',
        customer: 'Acme',
        timeout: 120,
      });
      assertAlertFields(await getAlert(labelledId), {
        environment: 'Staging',
        severity: 'critical',
        group: 'node',
        origin: 'prometheus/dc2',
        customer: 'Beta',
        timeout: 60,
      });
    });

    it('answers on /webhooks/prometheus/{path} too', async () => {
      const item = prometheusItem('firing', { alertname: 'Pathed', instance: 'p1', service: 'Web' });
      const alert = storedAlert(await post('prometheus/extra/path', alertmanager([item])));
      assert.equal(alert.event, 'Pathed');
    });

    it('answers several alerts with their ids', async () => {
      const items = ['h1', 'h2'].map((host) =>
        prometheusItem('firing', { alertname: 'Load', instance: host, service: 'Web' }),
      );
      const response = await post('prometheus', alertmanager(items));
      assert.equal(response.statusCode, 201);
      const result = body(response) as { ids: string[] };
      assert.equal(result.ids.length, 2);
      assert.equal((await getAlert(result.ids[1] ?? '')).resource, 'h2');
    });

    it('goes through the policy: no service → 403, nothing written', async () => {
      const before = await totalAlerts();
      const item = prometheusItem('firing', { alertname: 'NoService', instance: 'x' });
      const response = await post('prometheus', alertmanager([item]));
      assert.equal(response.statusCode, 403);
      assert.equal(body(response).message, '[POLICY] Alert must define a service');
      assert.equal(await totalAlerts(), before);
    });

    it('goes through blackouts and heartbeats', async () => {
      await createBlackout({ environment: 'Development', resource: 'quiet' });
      const quiet = prometheusItem('firing', {
        alertname: 'X',
        instance: 'quiet',
        environment: 'Development',
        service: 'S',
      });
      const suppressed = await post('prometheus', alertmanager([quiet]));
      assert.equal(suppressed.statusCode, 202);
      assert.equal(body(suppressed).message, 'Suppressed alert during blackout period');
      const beat = prometheusItem('firing', { alertname: 'Heartbeat', instance: 'x', service: 'S', monitor: 'hb' });
      const converted = await post('prometheus', alertmanager([beat]));
      assert.equal(converted.statusCode, 202);
      assert.equal(body(converted).message, 'Alert converted to Heartbeat');
    });

    it('stores every alert of a payload whose first alert a blackout suppresses', async () => {
      await createBlackout({ environment: 'Development', resource: 'hushed' });
      const labels = { alertname: 'Mixed', environment: 'Development', service: 'S' };
      const items = ['hushed', 'loud-1', 'loud-2'].map((instance) => prometheusItem('firing', { ...labels, instance }));
      const response = await post('prometheus', alertmanager(items));
      assert.equal(response.statusCode, 201, response.body);
      const ids = (body(response) as { ids: string[] }).ids;
      assert.deepEqual(await Promise.all(ids.map(async (id) => (await getAlert(id)).resource)), ['loud-1', 'loud-2']);
    });

    it('needs write:webhooks', async () => {
      const response = await post('prometheus', alertmanager([]), { headers: guest });
      assert.equal(response.statusCode, 403);
    });

    const refusals: Refusal[] = [
      ['without alerts', { status: 'firing' }, /^no alerts in Prometheus notification payload$/],
      ['alerts not a list', { alerts: {} }, /^no alerts in Prometheus notification payload$/],
      ['an item without labels', alertmanager([{ status: 'firing' }]), /^'alerts\.0\.labels': /],
      ['a label not a string', alertmanager([{ status: 'firing', labels: { a: 1 } }]), /^'alerts\.0\.labels\.a': /],
      [
        'a timeout default that is not a number',
        alertmanager([]),
        /^'timeout' must be an integer$/,
        { query: '?timeout=soon' },
      ],
      ['a body that is not an object', [], /^the request body must be a JSON object$/],
      ['an item without status', alertmanager([{ labels: { alertname: 'x' } }]), /^'alerts\.0\.status': /],
      [
        'an annotation not a string',
        alertmanager([{ status: 'firing', labels: {}, annotations: { runbook: ['a'] } }]),
        /^'alerts\.0\.annotations\.runbook': /,
      ],
    ];
    itRefusesEach(calls, 'prometheus', refusals);
  });
});
