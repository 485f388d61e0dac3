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

  describe('New Relic', () => {
    it('maps an open incident (docs/webhooks.md §New Relic table)', async () => {
      const payload = fixture('newrelic', 'incident-open');
      const alert = storedAlert(await post('newrelic', payload));
      assert.equal(alert.resource, 'checkout-api');
      assert.equal(alert.event, 'Error percentage above 5%');
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.severity, 'critical');
      assert.equal(alert.status, 'open');
      assert.deepEqual(alert.service, ['Shop (Production)']);
      assert.equal(alert.group, 'Application');
      assert.equal(alert.text, "Error percentage > 5.0% for at least 5 minutes on 'checkout-api'");
      assert.deepEqual(alert.tags, ['team:payments', 'tier:1']);
      assert.equal(alert.attributes.incident_url, 'https://alerts.newrelic.com/accounts/3904512/incidents/251778031');
      assert.equal(alert.attributes.runbook_url, 'https://wiki.example.com/runbooks/checkout-errors');
      assert.equal(alert.origin, 'New Relic/v1.0');
      assert.equal(alert.type, 'incident');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), payload);
    });

    it('acknowledged, then closed: the same alert is acked, then closed', async () => {
      const open = storedAlert(await post('newrelic', fixture('newrelic', 'incident-open')));
      const acked = storedAlert(await post('newrelic', fixture('newrelic', 'incident-acknowledged')));
      assert.equal(acked.id, open.id);
      assert.equal(acked.status, 'ack');
      assert.equal(acked.severity, 'critical');
      const closed = storedAlert(await post('newrelic', fixture('newrelic', 'incident-closed')));
      assert.equal(closed.id, open.id);
      assert.equal(closed.status, 'closed');
      assert.equal(closed.severity, 'normal');
    });

    it('INFO is informational, and a target without a name is the resource "unknown"', async () => {
      const alert = storedAlert(await post('newrelic', fixture('newrelic', 'incident-info')));
      assert.equal(alert.severity, 'informational');
      assert.equal(alert.resource, 'unknown');
      assert.deepEqual(alert.tags, []);
      assert.equal(alert.attributes.runbook_url, undefined);
    });

    it('maps a workflow issue (ours): priority, policies as services, closed closes it', async () => {
      const activated = storedAlert(await post('newrelic', fixture('newrelic', 'issue-activated')));
      assert.equal(activated.resource, 'search-02');
      assert.equal(activated.event, 'Memory used above 90%');
      assert.equal(activated.severity, 'major');
      assert.deepEqual(activated.service, ['Search cluster']);
      assert.equal(activated.group, 'New Relic');
      assert.equal(activated.text, "Memory Used % > 90 for at least 5 minutes on 'search-02'");
      assert.equal(activated.attributes.issueId, '7d4f0c2e-5b9a-4e61-8a3d-2f1e0c9b8a76');
      assert.deepEqual(activated.attributes.impactedEntities, ['search-02', 'search-03']);
      assert.equal(activated.origin, 'New Relic/workflow');
      assert.equal(activated.type, 'issue');
      const closed = storedAlert(await post('newrelic', fixture('newrelic', 'issue-closed')));
      assert.equal(closed.id, activated.id);
      assert.equal(closed.status, 'closed');
    });

    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['a payload of legacy alerting (no version)', { condition_name: 'x', severity: 'CRITICAL' }, /Legacy Alerting/],
      ['an incident without targets', { ...fixture('newrelic', 'incident-open'), targets: 'app' }, /'targets'/],
      [
        'an incident without a state',
        { ...fixture('newrelic', 'incident-open'), current_state: null },
        /current_state/,
      ],
    ];
    for (const [name, payload, message] of bad) {
      it(`${name} → 400, nothing stored`, async () => {
        await assertRefused(await post('newrelic', payload), message, {
          before: await totalAlerts(),
          after: totalAlerts,
        });
      });
    }
  });

  describe('Stackdriver (Cloud Monitoring)', () => {
    it('maps an open incident, with the JSON documentation overriding fields (docs/webhooks.md §Stackdriver)', async () => {
      const payload = fixture('stackdriver', 'incident-open');
      const alert = storedAlert(await post('stackdriver', payload));
      assert.equal(alert.resource, 'checkout-7f9c instance');
      assert.equal(alert.event, 'CPU utilization above 90%');
      assert.equal(alert.environment, 'Staging');
      assert.equal(alert.severity, 'major');
      assert.equal(alert.status, 'open');
      assert.deepEqual(alert.service, ['Checkout VM health']);
      assert.equal(alert.group, 'Compute');
      assert.equal(alert.text, 'checkout-7f9c is running hot');
      assert.deepEqual(alert.attributes, {
        incidentId: '0.nq8xf3k2m1zp',
        resourceId: '6401938264117765218',
        moreInfo:
          'https://console.cloud.google.com/monitoring/alerting/incidents/0.nq8xf3k2m1zp?project=shop-prod-4821',
        startedAt: 1795489200,
        ip: '127.0.0.1',
      });
      assert.equal(alert.origin, 'Stackdriver');
      assert.equal(alert.type, 'stackdriverAlert');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), payload);
    });

    it('a closed incident closes the alert; markdown documentation is left alone', async () => {
      const alert = storedAlert(await post('stackdriver', fixture('stackdriver', 'incident-closed')));
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.group, 'Cloud');
      assert.equal(alert.severity, 'normal');
      assert.equal(alert.status, 'closed');
      assert.match(alert.text, /returned to normal/);
      assert.equal(alert.attributes.endedAt, 1795490100);
    });

    it('an acknowledged incident acks it, an unknown state is indeterminate', async () => {
      const { incident } = fixture('stackdriver', 'incident-closed') as { incident: Record<string, unknown> };
      const base = { ...incident, resource_name: 'pool-9', severity: 'Warning' };
      const open = storedAlert(await post('stackdriver', { incident: { ...base, state: 'open' }, version: '1.2' }));
      assert.equal(open.severity, 'warning');
      const acked = storedAlert(await post('stackdriver', { incident: { ...base, state: 'acknowledged' } }));
      assert.equal(acked.id, open.id);
      assert.equal(acked.status, 'ack');
      const odd = storedAlert(
        await post('stackdriver', { incident: { ...base, resource_name: 'pool-10', state: 'x' } }),
      );
      assert.equal(odd.severity, 'indeterminate');
    });

    it('takes the Pub/Sub push form (ours): the same incident, base64 in message.data', async () => {
      const alert = storedAlert(
        await post('stackdriver', fixture('stackdriver', 'pubsub-push'), { query: '?group=X' }),
      );
      assert.equal(alert.resource, 'checkout-7f9c instance');
      assert.equal(alert.environment, 'Staging');
      assert.equal(alert.group, 'Compute');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), fixture('stackdriver', 'incident-open'));
    });

    const { incident } = fixture('stackdriver', 'incident-open') as { incident: Record<string, unknown> };
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['no incident', { version: '1.2' }, /no incident in Stackdriver notification payload/],
      [
        'an incident without condition',
        { incident: { ...incident, condition_name: undefined } },
        /'incident\.condition_name'/,
      ],
      ['started_at that is not a number', { incident: { ...incident, started_at: 'today' } }, /'incident\.started_at'/],
      ['a push whose data is not JSON', { message: { data: Buffer.from('hi').toString('base64') } }, /message\.data/],
      ['a push without data', { message: {}, subscription: 's' }, /'message\.data'/],
    ];
    for (const [name, payload, message] of bad) {
      it(`${name} → 400, nothing stored`, async () => {
        await assertRefused(await post('stackdriver', payload), message, {
          before: await totalAlerts(),
          after: totalAlerts,
        });
      });
    }
  });
});
