import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { body } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { type Refusal, assertAlertFields, itRefusesEach, storedAlert, webhookServer } from './support/webhooks.js';

/** A legacy alerting notification (Grafana 10 and before) of rule 7, with two matches. */
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

/** A unified alerting notification (Grafana 8 and later) of one alert. */
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

forEachEngine((engine) => {
  const calls = webhookServer(engine);
  const { post, getAlert } = calls;

  describe('Grafana', () => {
    it('maps a legacy alerting payload, one alert per match', async () => {
      const response = await post('grafana', legacy, { query: '?service=Platform' });
      assert.equal(response.statusCode, 201, response.body);
      const ids = (body(response) as { ids: string[] }).ids;
      assert.equal(ids.length, 2);
      assertAlertFields(await getAlert(ids[0] ?? ''), {
        resource: 'web01',
        event: 'High CPU',
        severity: 'critical',
        value: '93.5',
        text: 'CPU is high',
        environment: 'Production',
        group: 'Performance',
        origin: 'Grafana',
        type: 'grafanaAlert',
        service: ['Platform'],
        attributes: {
          ruleId: '7',
          ruleUrl: 'http://grafana/d/abc',
          imageUrl: 'http://grafana/render/abc.png',
          team_name: 'ops',
        },
      });
      assert.equal((await getAlert(ids[1] ?? '')).severity, 'minor');
    });

    it('closes every alert of the rule on a legacy ok', async () => {
      const response = await post(
        'grafana',
        { ...legacy, state: 'ok', evalMatches: [] },
        { query: '?service=Platform' },
      );
      assert.equal(response.statusCode, 201, response.body);
      const ids = (body(response) as { ids: string[] }).ids;
      assert.equal(ids.length, 2);
      for (const id of ids) assertAlertFields(await getAlert(id), { status: 'closed', severity: 'normal' });
    });

    it('falls back to the title when the message is empty', async () => {
      const payload = { ...legacy, ruleId: 8, message: '', evalMatches: [{ metric: 'web09', value: 1 }] };
      const alert = storedAlert(await post('grafana', payload, { query: '?service=Platform' }));
      assert.equal(alert.text, '[Alerting] High CPU');
    });

    it('legacy: the query string gives what the tags do not; service Grafana without ?service=', async () => {
      const payload = { ...legacy, ruleId: 10, tags: {}, evalMatches: [{ metric: 'db01', value: null }] };
      const query = '?severity=warning&group=Ops&origin=lab&environment=Development&customer=Acme&timeout=900';
      assertAlertFields(storedAlert(await post('grafana', payload, { query })), {
        severity: 'warning',
        group: 'Ops',
        origin: 'lab',
        environment: 'Development',
        customer: 'Acme',
        timeout: 900,
        service: ['Grafana'],
        value: null,
      });
    });

    it('legacy: tags win over the query string, and the service tag adds to ?service=', async () => {
      const tags = {
        environment: 'Development',
        group: 'DB',
        origin: 'grafana-eu',
        customer: 'Beta',
        service: 'DB,Cache',
      };
      const payload = { ...legacy, ruleId: 11, tags: { severity: 'minor' }, evalMatches: [{ metric: 'db02', tags }] };
      const query = '?service=Platform&environment=Production&group=Ops&origin=lab&customer=Acme&severity=major';
      assertAlertFields(storedAlert(await post('grafana', payload, { query })), {
        severity: 'minor',
        environment: 'Development',
        group: 'DB',
        origin: 'grafana-eu',
        customer: 'Beta',
        service: ['Platform', 'DB', 'Cache'],
      });
    });

    it('maps a unified alerting payload', async () => {
      assertAlertFields(storedAlert(await post('grafana', unified('firing'))), {
        resource: 'api01',
        event: 'Latency',
        severity: 'warning',
        group: 'Grafana',
        origin: 'grafana/Backend',
        type: 'grafanaAlert',
        value: "[ var='A' value=812 ]",
        text: 'latency high',
        service: ['API'],
        tags: ['team=core'],
        attributes: {
          silenceURL: 'http://grafana/alerting/silence/new',
          dashboardURL: 'http://grafana/d/xyz',
          panelURL: undefined,
          moreInfo: 'http://grafana/alerting/grafana/abc/view',
        },
      });
    });

    it('closes a unified alert when resolved', async () => {
      const alert = storedAlert(await post('grafana', unified('resolved')));
      assert.equal(alert.status, 'closed');
    });

    it('unified: without a folder the origin is ?origin=, else grafana; an empty valueString leaves the annotation', async () => {
      const [item] = unified('firing').alerts;
      const labels = { alertname: 'Errors', instance: 'api02', service: 'API' };
      const bare = {
        ...unified('firing'),
        alerts: [{ ...item, labels, annotations: { value: '12' }, valueString: '' }],
      };
      const queried = storedAlert(await post('grafana', bare, { query: '?origin=lab&group=Ops' }));
      assertAlertFields(queried, { origin: 'lab', group: 'Ops', value: '12', attributes: { value: undefined } });
      const other = { ...bare, alerts: [{ ...item, labels: { ...labels, instance: 'api03' } }] };
      assert.equal(storedAlert(await post('grafana', other)).origin, 'grafana');
    });

    const refusals: Refusal[] = [
      [
        'a legacy state other than alerting and ok',
        { ...legacy, state: 'paused' },
        /^Grafana state 'paused' is not supported$/,
      ],
      ['a legacy payload without state', { ruleName: 'x' }, /^'state': /],
      [
        'a legacy match without metric',
        { state: 'alerting', evalMatches: [{ value: 1 }] },
        /^'evalMatches\.0\.metric': /,
      ],
      ['a unified item without status', { alerts: [{ labels: {} }] }, /^'alerts\.0\.status': /],
    ];
    itRefusesEach(calls, 'grafana', refusals);
  });
});
