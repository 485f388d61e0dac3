import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface AlertJson {
  id: string;
  resource: string;
  event: string;
  environment: string;
  severity: string;
  status: string;
  service: string[];
  group: string;
  value: string | null;
  text: string;
  tags: string[];
  attributes: Record<string, unknown>;
  origin: string;
  type: string;
  timeout: number;
  customer: string | null;
  correlate: string[];
  rawData: string | null;
}

const admin = basic('root', 'root-password');

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
  let server: TestServer;

  before(async () => {
    server = await startTestServer(engine, { ALLOWED_ENVIRONMENTS: 'Production,Development,Staging' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    await createUser(server.store, { login: 'guest', password: 'guest-password', roles: ['guest'] });
  });
  after(() => server.close());

  const hook = (name: string, payload: unknown, query = '', headers = admin) =>
    server.app.inject({
      method: 'POST',
      url: `/api/webhooks/${name}${query}`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const alertOf = (response: { body: string }) => (JSON.parse(response.body) as { alert: AlertJson }).alert;
  const getAlert = async (id: string): Promise<AlertJson> =>
    (
      body(await server.app.inject({ method: 'GET', url: `/api/alert/${id}`, headers: admin })) as {
        alert: AlertJson;
      }
    ).alert;
  const totalAlerts = async (): Promise<number> =>
    (body(await server.app.inject({ method: 'GET', url: '/api/alerts', headers: admin })) as { total: number }).total;

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

    it('maps a firing alert (docs/webhooks.md §Prometheus table)', async () => {
      const response = await hook('prometheus', alertmanager([firing]));
      assert.equal(response.statusCode, 201, response.body);
      const result = body(response) as { status: string; id: string };
      assert.equal(result.status, 'ok');
      const alert = alertOf(response);
      assert.equal(alert.id, result.id);
      assert.equal(alert.resource, 'db01:9100');
      assert.equal(alert.event, 'DiskFull');
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.severity, 'critical');
      assert.equal(alert.status, 'open');
      assert.deepEqual(alert.service, ['Database', 'Storage']);
      assert.equal(alert.group, 'node');
      assert.equal(alert.origin, 'prometheus/dc1');
      assert.equal(alert.type, 'prometheusAlert');
      assert.equal(alert.timeout, 600);
      assert.equal(alert.value, '97');
      assert.equal(alert.text, 'disk on db01:9100 is full');
      assert.deepEqual(alert.tags, ['region=eu']);
      assert.equal(alert.attributes.startsAt, '2026-11-22T03:00:00.000Z');
      assert.equal(alert.attributes.externalUrl, 'http://alertmanager:9093');
      assert.equal(alert.attributes.moreInfo, 'http://prometheus:9090/graph?g0.expr=up');
      assert.equal(alert.attributes.runbook, 'http://wiki/disk');
      assert.equal(alert.attributes.summary, 'disk full');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), firing);
    });

    it('closes the alert when resolved', async () => {
      const resolved = { ...firing, status: 'resolved' };
      const response = await hook('prometheus', alertmanager([resolved], { status: 'resolved' }));
      assert.equal(response.statusCode, 201, response.body);
      const alert = alertOf(response);
      assert.equal(alert.severity, 'normal');
      assert.equal(alert.status, 'closed');
      assert.equal(alert.resource, 'db01:9100');
    });

    it('uses the defaults: warning, Prometheus group, prometheus/- origin, generated text, no service', async () => {
      const item = prometheusItem('firing', { alertname: 'Up', exported_instance: 'exp1', instance: 'inst1' });
      const response = await hook('prometheus', alertmanager([item]), '?service=Web&environment=Staging');
      assert.equal(response.statusCode, 201, response.body);
      const alert = alertOf(response);
      assert.equal(alert.resource, 'exp1');
      assert.equal(alert.severity, 'warning');
      assert.equal(alert.group, 'Prometheus');
      assert.equal(alert.origin, 'prometheus/-');
      assert.equal(alert.environment, 'Staging');
      assert.deepEqual(alert.service, ['Web']);
      assert.equal(alert.text, 'WARNING: exp1 is Up');
      assert.deepEqual(alert.tags, ['instance=inst1']);
    });

    it('answers on /webhooks/prometheus/{path} too', async () => {
      const item = prometheusItem('firing', { alertname: 'Pathed', instance: 'p1', service: 'Web' });
      const response = await hook('prometheus/extra/path', alertmanager([item]));
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(alertOf(response).event, 'Pathed');
    });

    it('answers several alerts with their ids', async () => {
      const items = ['h1', 'h2'].map((host) =>
        prometheusItem('firing', { alertname: 'Load', instance: host, service: 'Web' }),
      );
      const response = await hook('prometheus', alertmanager(items));
      assert.equal(response.statusCode, 201);
      const result = body(response) as { ids: string[] };
      assert.equal(result.ids.length, 2);
      assert.equal((await getAlert(result.ids[1] ?? '')).resource, 'h2');
    });

    it('goes through the policy: no service → 403, nothing written', async () => {
      const before = await totalAlerts();
      const item = prometheusItem('firing', { alertname: 'NoService', instance: 'x' });
      const response = await hook('prometheus', alertmanager([item]));
      assert.equal(response.statusCode, 403);
      assert.equal(body(response).message, '[POLICY] Alert must define a service');
      assert.equal(await totalAlerts(), before);
    });

    it('goes through blackouts and heartbeats', async () => {
      await server.app.inject({
        method: 'POST',
        url: '/api/blackout',
        headers: admin,
        payload: { environment: 'Development', resource: 'quiet' },
      });
      const quiet = prometheusItem('firing', {
        alertname: 'X',
        instance: 'quiet',
        environment: 'Development',
        service: 'S',
      });
      const suppressed = await hook('prometheus', alertmanager([quiet]));
      assert.equal(suppressed.statusCode, 202);
      assert.equal(body(suppressed).message, 'Suppressed alert during blackout period');
      const beat = prometheusItem('firing', { alertname: 'Heartbeat', instance: 'x', service: 'S', monitor: 'hb' });
      const converted = await hook('prometheus', alertmanager([beat]));
      assert.equal(converted.statusCode, 202);
      assert.equal(body(converted).message, 'Alert converted to Heartbeat');
    });

    it('stores every alert of a payload whose first alert a blackout suppresses', async () => {
      await server.app.inject({
        method: 'POST',
        url: '/api/blackout',
        headers: admin,
        payload: { environment: 'Development', resource: 'hushed' },
      });
      const labels = { alertname: 'Mixed', environment: 'Development', service: 'S' };
      const items = ['hushed', 'loud-1', 'loud-2'].map((instance) => prometheusItem('firing', { ...labels, instance }));
      const response = await hook('prometheus', alertmanager(items));
      assert.equal(response.statusCode, 201, response.body);
      const ids = (body(response) as { ids: string[] }).ids;
      assert.deepEqual(await Promise.all(ids.map(async (id) => (await getAlert(id)).resource)), ['loud-1', 'loud-2']);
    });
  });

  describe('Grafana', () => {
    const legacy = {
      ruleId: 7,
      ruleName: 'High CPU',
      ruleUrl: 'http://grafana/d/abc',
      state: 'alerting',
      title: '[Alerting] High CPU',
      message: 'CPU is high',
      imageUrl: 'http://grafana/render/abc.png',
      tags: { severity: 'minor', 'team.name': 'ops' },
      evalMatches: [
        { metric: 'web01', value: 93.5, tags: { severity: 'critical' } },
        { metric: 'web02', value: 88, tags: null },
      ],
    };

    it('maps a legacy alerting payload, one alert per match', async () => {
      const response = await hook('grafana', legacy, '?service=Platform');
      assert.equal(response.statusCode, 201, response.body);
      const ids = (body(response) as { ids: string[] }).ids;
      assert.equal(ids.length, 2);
      const first = await getAlert(ids[0] ?? '');
      assert.equal(first.resource, 'web01');
      assert.equal(first.event, 'High CPU');
      assert.equal(first.severity, 'critical');
      assert.equal(first.value, '93.5');
      assert.equal(first.text, 'CPU is high');
      assert.equal(first.environment, 'Production');
      assert.equal(first.group, 'Performance');
      assert.equal(first.origin, 'Grafana');
      assert.equal(first.type, 'grafanaAlert');
      assert.deepEqual(first.service, ['Platform']);
      assert.equal(first.attributes.ruleId, '7');
      assert.equal(first.attributes.ruleUrl, 'http://grafana/d/abc');
      assert.equal(first.attributes.imageUrl, 'http://grafana/render/abc.png');
      assert.equal(first.attributes.team_name, 'ops');
      const second = await getAlert(ids[1] ?? '');
      assert.equal(second.severity, 'minor');
    });

    it('closes every alert of the rule on a legacy ok', async () => {
      const response = await hook('grafana', { ...legacy, state: 'ok', evalMatches: [] }, '?service=Platform');
      assert.equal(response.statusCode, 201, response.body);
      const ids = (body(response) as { ids: string[] }).ids;
      assert.equal(ids.length, 2);
      for (const id of ids) {
        const alert = await getAlert(id);
        assert.equal(alert.status, 'closed');
        assert.equal(alert.severity, 'normal');
      }
    });

    it('falls back to the title when the message is empty', async () => {
      const payload = { ...legacy, ruleId: 8, message: '', evalMatches: [{ metric: 'web09', value: 1 }] };
      const response = await hook('grafana', payload, '?service=Platform');
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(alertOf(response).text, '[Alerting] High CPU');
    });

    it('rejects other legacy states', async () => {
      const response = await hook('grafana', { ...legacy, state: 'paused' });
      assert.equal(response.statusCode, 400);
    });

    const unified = (status: string) => ({
      receiver: 'alerta',
      status,
      orgId: 1,
      alerts: [
        {
          status,
          labels: { alertname: 'Latency', instance: 'api01', grafana_folder: 'Backend', service: 'API', team: 'core' },
          annotations: { summary: 'latency high' },
          startsAt: '2026-11-22T03:00:00.000Z',
          endsAt: '0001-01-01T00:00:00Z',
          generatorURL: 'http://grafana/alerting/grafana/abc/view',
          fingerprint: 'f1',
          silenceURL: 'http://grafana/alerting/silence/new',
          dashboardURL: 'http://grafana/d/xyz',
          panelURL: '',
          values: { A: 812 },
          valueString: "[ var='A' value=812 ]",
        },
      ],
      groupLabels: {},
      commonLabels: {},
      commonAnnotations: {},
      externalURL: 'http://grafana/',
      version: '1',
      groupKey: 'k',
      truncatedAlerts: 0,
      title: '[FIRING:1] Latency',
      state: 'alerting',
      message: 'latency',
    });

    it('maps a unified alerting payload', async () => {
      const response = await hook('grafana', unified('firing'));
      assert.equal(response.statusCode, 201, response.body);
      const alert = alertOf(response);
      assert.equal(alert.resource, 'api01');
      assert.equal(alert.event, 'Latency');
      assert.equal(alert.severity, 'warning');
      assert.equal(alert.group, 'Grafana');
      assert.equal(alert.origin, 'grafana/Backend');
      assert.equal(alert.type, 'grafanaAlert');
      assert.equal(alert.value, "[ var='A' value=812 ]");
      assert.equal(alert.text, 'latency high');
      assert.deepEqual(alert.service, ['API']);
      assert.deepEqual(alert.tags, ['team=core']);
      assert.equal(alert.attributes.silenceURL, 'http://grafana/alerting/silence/new');
      assert.equal(alert.attributes.dashboardURL, 'http://grafana/d/xyz');
      assert.equal(alert.attributes.panelURL, undefined);
      assert.equal(alert.attributes.moreInfo, 'http://grafana/alerting/grafana/abc/view');
    });

    it('closes a unified alert when resolved', async () => {
      const alert = alertOf(await hook('grafana', unified('resolved')));
      assert.equal(alert.status, 'closed');
    });
  });

  describe('errors', () => {
    it('404 for an unknown webhook', async () => {
      const response = await hook('nagios', { a: 1 });
      assert.equal(response.statusCode, 404);
      assert.equal(body(response).message, "Custom webhook 'nagios' not found.");
    });

    it('GET: 404 for an unknown webhook, a 400 naming the missing payload for the built-ins', async () => {
      const get = (path: string, headers = admin) =>
        server.app.inject({ method: 'GET', url: `/api/webhooks/${path}`, headers });
      const unknown = await get('nagios?host=web01');
      assert.equal(unknown.statusCode, 404);
      assert.equal(body(unknown).message, "Custom webhook 'nagios' not found.");
      assert.equal((await get('nagios/extra')).statusCode, 404);
      assert.equal((await get('toString')).statusCode, 404);
      const before = await totalAlerts();
      for (const [path, message, sender] of [
        ['prometheus', 'no alerts in Prometheus notification payload', 'Alertmanager'],
        ['prometheus/extra?environment=Production', 'no alerts in Prometheus notification payload', 'Alertmanager'],
        ['grafana?state=alerting', 'no alerts in Grafana notification payload', 'Grafana'],
      ] as const) {
        const response = await get(path);
        assert.equal(response.statusCode, 400, response.body);
        const error = body(response) as { status: string; message: string; errors: string[] };
        assert.equal(error.status, 'error');
        assert.equal(error.message, message);
        assert.match(error.errors[0] ?? '', new RegExp(`${sender} sends .* POST`));
      }
      assert.equal(await totalAlerts(), before);
      assert.equal((await get('prometheus', basic('guest', 'guest-password'))).statusCode, 403);
      assert.equal((await server.app.inject({ method: 'GET', url: '/api/webhooks/prometheus' })).statusCode, 401);
    });

    it('needs write:webhooks', async () => {
      const response = await hook('prometheus', alertmanager([]), '', basic('guest', 'guest-password'));
      assert.equal(response.statusCode, 403);
    });

    const bad: [string, string, unknown, RegExp][] = [
      ['prometheus without alerts', 'prometheus', { status: 'firing' }, /no alerts in Prometheus notification payload/],
      ['prometheus alerts not a list', 'prometheus', { alerts: {} }, /no alerts/],
      ['prometheus item without labels', 'prometheus', alertmanager([{ status: 'firing' }]), /labels/],
      ['prometheus label not a string', 'prometheus', alertmanager([{ status: 'firing', labels: { a: 1 } }]), /labels/],
      ['prometheus bad timeout default', 'prometheus?timeout=soon', alertmanager([]), /timeout/],
      ['grafana without state', 'grafana', { ruleName: 'x' }, /state/],
      ['grafana match without metric', 'grafana', { state: 'alerting', evalMatches: [{ value: 1 }] }, /metric/],
      ['grafana unified item without status', 'grafana', { alerts: [{ labels: {} }] }, /status/],
    ];
    for (const [name, path, payload, message] of bad) {
      it(`${name} → 400, nothing written`, async () => {
        const before = await totalAlerts();
        const [webhook = '', query = ''] = path.split('?');
        const response = await hook(webhook, payload, query === '' ? '' : `?${query}`);
        assert.equal(response.statusCode, 400, response.body);
        assert.equal(body(response).status, 'error');
        assert.match(String(body(response).message), message);
        assert.equal(await totalAlerts(), before);
      });
    }

    it('a body that is not an object → 400', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/webhooks/prometheus',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '[]',
      });
      assert.equal(response.statusCode, 400);
    });
  });
});
