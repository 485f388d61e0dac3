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

  describe('New Relic', () => {
    it('maps an open incident (docs/webhooks.md#new-relic)', async () => {
      const payload = fixture('newrelic', 'incident-open');
      const alert = storedAlert(await post('newrelic', payload));
      assertAlertFields(alert, {
        resource: 'checkout-api',
        event: 'Error percentage above 5%',
        environment: 'Production',
        severity: 'critical',
        status: 'open',
        service: ['Shop (Production)'],
        group: 'Application',
        text: "Error percentage > 5.0% for at least 5 minutes on 'checkout-api'",
        tags: ['team:payments', 'tier:1'],
        attributes: {
          incident_url: 'https://alerts.newrelic.com/accounts/3904512/incidents/251778031',
          runbook_url: 'https://wiki.example.com/runbooks/checkout-errors',
        },
        origin: 'New Relic/v1.0',
        type: 'incident',
      });
      assert.deepEqual(rawDataOf(alert), payload);
    });

    it('acknowledged, then closed: the same alert is acked, then closed', async () => {
      const open = storedAlert(await post('newrelic', fixture('newrelic', 'incident-open')));
      const acked = storedAlert(await post('newrelic', fixture('newrelic', 'incident-acknowledged')));
      assertAlertFields(acked, { id: open.id, status: 'ack', severity: 'critical' });
      const closed = storedAlert(await post('newrelic', fixture('newrelic', 'incident-closed')));
      assertAlertFields(closed, { id: open.id, status: 'closed', severity: 'normal' });
    });

    it('INFO is informational, and a target without a name is the resource "unknown"', async () => {
      assertAlertFields(storedAlert(await post('newrelic', fixture('newrelic', 'incident-info'))), {
        severity: 'informational',
        resource: 'unknown',
        tags: [],
        attributes: { runbook_url: undefined },
      });
    });

    it('maps a workflow issue (ours): priority, policies as services, closed closes it', async () => {
      const activated = storedAlert(await post('newrelic', fixture('newrelic', 'issue-activated')));
      assertAlertFields(activated, {
        resource: 'search-02',
        event: 'Memory used above 90%',
        severity: 'major',
        service: ['Search cluster'],
        group: 'New Relic',
        text: "Memory Used % > 90 for at least 5 minutes on 'search-02'",
        attributes: {
          issueId: '7d4f0c2e-5b9a-4e61-8a3d-2f1e0c9b8a76',
          impactedEntities: ['search-02', 'search-03'],
        },
        origin: 'New Relic/workflow',
        type: 'issue',
      });
      const closed = storedAlert(await post('newrelic', fixture('newrelic', 'issue-closed')));
      assertAlertFields(closed, { id: activated.id, status: 'closed' });
    });

    it('an incident takes environment, customer and timeout from the query string, and ?group= for a target without a type', async () => {
      const incident = fixture('newrelic', 'incident-open');
      const targets = [{ name: 'search-api', labels: null }];
      const payload = { ...incident, condition_name: 'Latency', severity: 'SEVERE', targets };
      const query = '?environment=Staging&customer=Acme&timeout=900&group=Search&severity=minor';
      assertAlertFields(storedAlert(await post('newrelic', payload, { query })), {
        resource: 'search-api',
        environment: 'Staging',
        customer: 'Acme',
        timeout: 900,
        group: 'Search',
        // A severity the Alerta model does not have; ?severity= is not read for incidents.
        severity: 'unknown',
        tags: [],
      });
    });

    it('an issue takes ?severity= for another priority, ?service= without policies, ?group= and ?origin=', async () => {
      const issue = fixture('newrelic', 'issue-activated');
      const payload = { ...issue, id: 'issue-2', priority: 'URGENT', state: 'ACKNOWLEDGED', alertPolicyNames: [] };
      const query = '?severity=minor&service=Search&group=Ops&origin=nr&environment=Staging';
      assertAlertFields(storedAlert(await post('newrelic', payload, { query })), {
        severity: 'minor',
        status: 'ack',
        service: ['Search'],
        group: 'Ops',
        origin: 'nr',
        environment: 'Staging',
      });
    });

    const newRelicRefusals: Refusal[] = [
      ['a payload of legacy alerting (no version)', { condition_name: 'x', severity: 'CRITICAL' }, /Legacy Alerting/],
      ['an incident without targets', { ...fixture('newrelic', 'incident-open'), targets: 'app' }, /'targets'/],
      [
        'an incident without a state',
        { ...fixture('newrelic', 'incident-open'), current_state: null },
        /current_state/,
      ],
      ...missingFieldRefusals(['account_name', 'event_type', 'severity'], (field) => ({
        ...fixture('newrelic', 'incident-open'),
        [field]: undefined,
      })),
      ['an issue without id', { ...fixture('newrelic', 'issue-activated'), id: '' }, /^'id': /],
    ];
    itRefusesEach(calls, 'newrelic', newRelicRefusals);
  });

  describe('Stackdriver (Cloud Monitoring)', () => {
    it('maps an open incident, with the JSON documentation overriding fields (docs/webhooks.md#stackdriver)', async () => {
      const payload = fixture('stackdriver', 'incident-open');
      const alert = storedAlert(await post('stackdriver', payload));
      assertAlertFields(alert, {
        resource: 'checkout-7f9c instance',
        event: 'CPU utilization above 90%',
        environment: 'Staging',
        severity: 'major',
        status: 'open',
        service: ['Checkout VM health'],
        group: 'Compute',
        text: 'checkout-7f9c is running hot',
        origin: 'Stackdriver',
        type: 'stackdriverAlert',
      });
      // Every attribute, not only those named: the documentation's keys must not become attributes.
      assert.deepEqual(alert.attributes, {
        incidentId: '0.nq8xf3k2m1zp',
        resourceId: '6401938264117765218',
        moreInfo:
          'https://console.cloud.google.com/monitoring/alerting/incidents/0.nq8xf3k2m1zp?project=shop-prod-4821',
        startedAt: 1795489200,
        ip: '127.0.0.1',
      });
      assert.deepEqual(rawDataOf(alert), payload);
    });

    it('a closed incident closes the alert; markdown documentation is left alone', async () => {
      const alert = storedAlert(await post('stackdriver', fixture('stackdriver', 'incident-closed')));
      assertAlertFields(alert, {
        environment: 'Production',
        group: 'Cloud',
        severity: 'normal',
        status: 'closed',
        attributes: { endedAt: 1795490100 },
      });
      assert.match(alert.text, /returned to normal/);
    });

    it('an acknowledged incident acks it, an unknown state is indeterminate', async () => {
      const { incident } = fixture('stackdriver', 'incident-closed') as { incident: Record<string, unknown> };
      const base = { ...incident, resource_name: 'pool-9', severity: 'Warning' };
      const open = storedAlert(await post('stackdriver', { incident: { ...base, state: 'open' }, version: '1.2' }));
      assert.equal(open.severity, 'warning');
      const acked = storedAlert(await post('stackdriver', { incident: { ...base, state: 'acknowledged' } }));
      assertAlertFields(acked, { id: open.id, status: 'ack' });
      const odd = storedAlert(
        await post('stackdriver', { incident: { ...base, resource_name: 'pool-10', state: 'x' } }),
      );
      assert.equal(odd.severity, 'indeterminate');
    });

    it('takes the Pub/Sub push form (ours): the same incident, base64 in message.data', async () => {
      const alert = storedAlert(
        await post('stackdriver', fixture('stackdriver', 'pubsub-push'), { query: '?group=X' }),
      );
      assertAlertFields(alert, { resource: 'checkout-7f9c instance', environment: 'Staging', group: 'Compute' });
      assert.deepEqual(rawDataOf(alert), fixture('stackdriver', 'incident-open'));
    });

    it('the query string gives environment, severity, origin, customer and timeout where the incident gives none', async () => {
      const { incident } = fixture('stackdriver', 'incident-closed') as { incident: Record<string, unknown> };
      const open = { ...incident, resource_name: 'pool-11', state: 'open' };
      const query = '?environment=Staging&severity=minor&origin=gcp&customer=Acme&timeout=600&group=Pools';
      assertAlertFields(storedAlert(await post('stackdriver', { incident: open }, { query })), {
        environment: 'Staging',
        // Cloud Monitoring's "No severity".
        severity: 'minor',
        origin: 'gcp',
        customer: 'Acme',
        timeout: 600,
        group: 'Pools',
      });
      const overrides = JSON.stringify({
        origin: 'policy',
        customer: 'Beta',
        group: 'Pool',
        environment: 'Development',
      });
      const documented = { ...open, resource_name: 'pool-12', documentation: { content: overrides } };
      assertAlertFields(storedAlert(await post('stackdriver', { incident: documented }, { query })), {
        environment: 'Development',
        origin: 'policy',
        customer: 'Beta',
        group: 'Pool',
      });
    });

    const { incident } = fixture('stackdriver', 'incident-open') as { incident: Record<string, unknown> };
    const closed = fixture('stackdriver', 'incident-closed') as { incident: Record<string, unknown> };
    const stackdriverRefusals: Refusal[] = [
      ['no incident', { version: '1.2' }, /no incident in Stackdriver notification payload/],
      [
        'an incident without condition',
        { incident: { ...incident, condition_name: undefined } },
        /'incident\.condition_name'/,
      ],
      ['started_at that is not a number', { incident: { ...incident, started_at: 'today' } }, /'incident\.started_at'/],
      ['a push whose data is not JSON', { message: { data: Buffer.from('hi').toString('base64') } }, /message\.data/],
      ['a push without data', { message: {}, subscription: 's' }, /'message\.data'/],
      ...missingFieldRefusals(
        ['incident_id', 'resource_name', 'state', 'summary'],
        // The closed incident's documentation is Markdown, which gives no summary in place of the one removed.
        (field) => ({ incident: { ...closed.incident, [field]: undefined } }),
        'incident.',
      ),
    ];
    itRefusesEach(calls, 'stackdriver', stackdriverRefusals);
  });
});
