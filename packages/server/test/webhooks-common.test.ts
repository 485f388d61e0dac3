import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { body } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { acme, admin, createAcmeUser, fixture, guest, storedAlert, webhookServer } from './support/webhooks.js';

/** Each webhook's words for a missing payload, and who posts it (docs/webhooks.md#calling-a-webhook). */
const GET_ANSWERS: [string, string, string][] = [
  ['prometheus', 'no alerts in Prometheus notification payload', 'Alertmanager'],
  ['grafana', 'no alerts in Grafana notification payload', 'Grafana'],
  ['cloudwatch', 'No SNS notification in payload', 'Amazon SNS'],
  ['graylog', 'no alert in Graylog notification payload', 'Graylog'],
  ['newrelic', 'no incident in New Relic notification payload', 'New Relic'],
  ['pagerduty', 'no messages in PagerDuty data payload', 'PagerDuty'],
  ['pingdom', 'no check in Pingdom notification payload', 'Pingdom'],
  ['riemann', 'no event in Riemann payload', 'Riemann'],
  ['serverdensity', 'no alert in Server Density notification payload', 'Server Density'],
  ['slack', 'no payload in Slack action', 'Slack'],
  ['stackdriver', 'no incident in Stackdriver notification payload', 'Cloud Monitoring'],
];

forEachEngine((engine) => {
  const { server, post, get, getAlert, sendAlert, totalAlerts, createBlackout } = webhookServer(
    engine,
    { CUSTOMER_VIEWS: 'true' },
    createAcmeUser,
  );

  describe('what the webhooks share', () => {
    it('404 for an unknown webhook', async () => {
      const response = await post('nagios', { a: 1 });
      assert.equal(response.statusCode, 404);
      assert.equal(body(response).message, "Custom webhook 'nagios' not found.");
    });

    it('GET: 404 for an unknown webhook, a 400 naming the missing payload for the built-ins', async () => {
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
      assert.equal((await get('prometheus', guest)).statusCode, 403);
      assert.equal((await get('prometheus', {})).statusCode, 401);
    });

    it('GET answers 400 with the missing payload named, and stores nothing', async () => {
      const before = await totalAlerts();
      for (const [name, message, sender] of GET_ANSWERS) {
        const response = await get(`${name}?x=1`);
        assert.equal(response.statusCode, 400, `${name}: ${response.body}`);
        assert.equal(body(response).message, message);
        assert.deepEqual(body(response).errors, [`${sender} sends its notifications as the body of a POST`]);
        assert.equal((await get(name, guest)).statusCode, 403);
      }
      assert.equal(await totalAlerts(), before);
    });

    it('a POST without a body answers with the missing payload named, and stores nothing', async () => {
      const before = await totalAlerts();
      for (const [name, message] of GET_ANSWERS.filter(([webhook]) => webhook !== 'slack')) {
        const response = await server().app.inject({ method: 'POST', url: `/api/webhooks/${name}`, headers: admin });
        assert.equal(response.statusCode, 400, `${name}: ${response.body}`);
        assert.equal(body(response).message, message);
      }
      assert.equal(await totalAlerts(), before);
    });

    it('/webhooks/{name}/{path} reaches the webhook', async () => {
      const alert = storedAlert(await post('pingdom/any/path', fixture('pingdom', 'down')));
      assert.equal(alert.resource, 'Shop front page');
    });

    it("a user's alerts get their customer; naming another customer is refused before anything is stored", async () => {
      const alert = storedAlert(await post('riemann', fixture('riemann', 'event'), { headers: acme }));
      assert.equal(alert.customer, 'Acme');
      const before = await totalAlerts();
      const response = await post('riemann', fixture('riemann', 'event'), { headers: acme, query: '?customer=Other' });
      assert.equal(response.statusCode, 400);
      assert.equal(body(response).message, "not allowed to set customer to 'Other'");
      assert.equal(await totalAlerts(), before);
    });

    it('go through the policy: an incident without a policy name has no service → 403, nothing stored', async () => {
      const { incident } = fixture('stackdriver', 'incident-closed') as { incident: Record<string, unknown> };
      const before = await totalAlerts();
      const response = await post('stackdriver', { incident: { ...incident, policy_name: null } });
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(body(response).message, '[POLICY] Alert must define a service');
      assert.equal(await totalAlerts(), before);
      const served = storedAlert(
        await post('stackdriver', { incident: { ...incident, policy_name: null } }, { query: '?service=Shop' }),
      );
      assert.deepEqual(served.service, ['Shop']);
    });

    it('go through blackouts: a suppressed alert answers 202 and is not stored', async () => {
      await createBlackout({ environment: 'Production', resource: 'worker-07' });
      const before = await totalAlerts();
      const response = await post('serverdensity', fixture('serverdensity', 'alert'));
      assert.equal(response.statusCode, 202, response.body);
      assert.equal(body(response).message, 'Suppressed alert during blackout period');
      assert.equal(await totalAlerts(), before);
    });

    it('de-duplicate: the same notification twice is one alert with a duplicate count', async () => {
      const first = storedAlert(await post('newrelic', fixture('newrelic', 'incident-open')));
      const second = storedAlert(await post('newrelic', fixture('newrelic', 'incident-open')));
      assert.equal(second.id, first.id);
      assert.equal(second.duplicateCount, 1);
    });
  });

  describe('with sender-api-allow OFF', () => {
    const turn = (state: 'ON' | 'OFF') =>
      server().app.inject({
        method: 'POST',
        url: '/api/management/switchboard',
        headers: admin,
        payload: { 'sender-api-allow': state },
      });
    after(() => turn('ON'));

    it('new alerts are turned away with 503; PagerDuty still changes stored alerts', async () => {
      const alert = await sendAlert({ resource: 'switched' });
      assert.equal((await turn('OFF')).statusCode, 200);
      const before = await totalAlerts();
      const refused = await post('pingdom', fixture('pingdom', 'down'));
      assert.equal(refused.statusCode, 503, refused.body);
      assert.equal(await totalAlerts(), before);
      const ack = await post('pagerduty', fixture('pagerduty', 'v3-acknowledged', { alertId: alert.id }));
      assert.equal(ack.statusCode, 200, ack.body);
      assert.equal((await getAlert(alert.id)).status, 'ack');
    });
  });

  describe('under the ISA 18.2 alarm model', () => {
    const isa = webhookServer(engine, { ALARM_MODEL: 'ISA_18_2' });

    it("closing notifications use the model's normal severity", async () => {
      const fixed = storedAlert(await isa.post('serverdensity', fixture('serverdensity', 'fixed')));
      assert.equal(fixed.severity, 'OK');
      const closed = storedAlert(await isa.post('stackdriver', fixture('stackdriver', 'incident-closed')));
      assert.equal(closed.severity, 'OK');
    });

    it('PagerDuty statuses are not statuses of the model: 400 naming the valid ones, nothing changed', async () => {
      const alert = await isa.sendAlert({ severity: 'High' });
      const response = await isa.post('pagerduty', fixture('pagerduty', 'v3-acknowledged', { alertId: alert.id }));
      assert.equal(response.statusCode, 400, response.body);
      assert.match(String(body(response).message), /^Status \(ack\) is not valid; valid statuses are: NORM, UNACK/);
      assert.equal((await isa.getAlert(alert.id)).status, alert.status);
    });
  });
});
