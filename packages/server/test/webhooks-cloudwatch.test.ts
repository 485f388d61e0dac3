import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import {
  assertRefused,
  createWebhookUsers,
  fixture,
  fixtureText,
  guest,
  storedAlert,
  webhookCalls,
} from './support/webhooks.js';

const TOPIC = 'arn:aws:sns:eu-central-1:210987654321:ops-alarms';
/** Amazon SNS labels its JSON text/plain. */
const SNS = { contentType: 'text/plain; charset=UTF-8' };

forEachEngine((engine) => {
  let server: TestServer;
  const { post, getAlert, totalAlerts } = webhookCalls(() => server);

  before(async () => {
    server = await startTestServer(engine, { ALLOWED_ENVIRONMENTS: 'Production,Development,Staging' });
    await createWebhookUsers(server);
  });
  after(() => server.close());

  describe('CloudWatch through Amazon SNS', () => {
    it('stores a subscription confirmation as an informational alert that hands over the SubscribeURL', async () => {
      const message = fixture('cloudwatch', 'subscription-confirmation');
      const alert = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'subscription-confirmation'), SNS));
      assert.equal(alert.resource, TOPIC);
      assert.equal(alert.event, 'SubscriptionConfirmation');
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.severity, 'informational');
      assert.deepEqual(alert.service, ['Unknown']);
      assert.equal(alert.group, 'AWS/CloudWatch');
      assert.equal(alert.origin, TOPIC);
      assert.equal(alert.type, 'cloudwatchAlarm');
      assert.equal(alert.createTime, '2026-11-20T08:14:03.117Z');
      assert.equal(alert.attributes.subscribeUrl, message.SubscribeURL);
      assert.equal(alert.text, `${String(message.Message)} SubscribeURL: ${String(message.SubscribeURL)}`);
      assert.doesNotMatch(alert.text, /<a /);
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), message);
    });

    it('stores an unsubscribe confirmation the same way, so the subscription can be restored', async () => {
      const alert = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'unsubscribe-confirmation'), SNS));
      assert.equal(alert.event, 'UnsubscribeConfirmation');
      assert.equal(alert.severity, 'informational');
      assert.match(String(alert.attributes.subscribeUrl), /^https:\/\/sns\.eu-central-1\.amazonaws\.com\//);
    });

    it('maps an ALARM notification (docs/webhooks.md §CloudWatch table)', async () => {
      const notification = fixture('cloudwatch', 'alarm');
      const alarm = JSON.parse(String(notification.Message)) as { Trigger: unknown };
      const alert = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'alarm'), SNS));
      assert.equal(alert.resource, 'LoadBalancer:app/api-prod/50dc6c495c0c9188');
      assert.equal(alert.event, 'api-5xx-rate');
      assert.equal(alert.environment, 'Production');
      assert.equal(alert.severity, 'major');
      assert.equal(alert.status, 'open');
      assert.deepEqual(alert.service, ['210987654321']);
      assert.equal(alert.group, 'AWS/ApplicationELB');
      assert.equal(alert.value, 'ALARM');
      assert.equal(alert.text, 'Load balancer answers more than 5% 5xx');
      assert.deepEqual(alert.tags, ['EU (Frankfurt)']);
      assert.equal(alert.attributes.incidentKey, 'api-5xx-rate');
      assert.deepEqual(alert.attributes.thresholdInfo, alarm.Trigger);
      assert.equal(alert.origin, TOPIC);
      assert.equal(alert.type, 'cloudwatchAlarm');
      assert.equal(alert.createTime, '2026-11-22T03:05:12.533Z');
      assert.deepEqual(JSON.parse(alert.rawData ?? 'null'), alarm);
    });

    it('follows the alarm through INSUFFICIENT_DATA (warning) to OK (closed), as one alert', async () => {
      const first = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'alarm'), SNS));
      const unknown = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'insufficient-data'), SNS));
      assert.equal(unknown.id, first.id);
      assert.equal(unknown.severity, 'warning');
      assert.equal(unknown.value, 'INSUFFICIENT_DATA');
      const ok = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'ok'), SNS));
      assert.equal(ok.id, first.id);
      assert.equal(ok.severity, 'normal');
      assert.equal(ok.status, 'closed');
      assert.deepEqual((await getAlert(ok.id)).history.map((entry) => entry.status).slice(-2), ['open', 'closed']);
    });

    it('takes JSON sent as application/json too, and the query string defaults', async () => {
      const response = await post('cloudwatch', fixture('cloudwatch', 'alarm'), {
        query: '?environment=Staging&severity=critical&customer=Acme&timeout=600',
      });
      const alert = storedAlert(response);
      assert.equal(alert.environment, 'Staging');
      assert.equal(alert.severity, 'critical');
      assert.equal(alert.customer, 'Acme');
      assert.equal(alert.timeout, 600);
    });

    it('maps a metric-math alarm: no dimensions, no namespace, no description', async () => {
      const alert = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'metric-math'), SNS));
      assert.equal(alert.resource, 'ops-alarms');
      assert.equal(alert.event, 'checkout-error-ratio');
      assert.equal(alert.group, 'AWS/CloudWatch');
      assert.match(alert.text, /^Threshold Crossed: 1 out of the last 1 datapoints/);
    });

    const notification = fixture('cloudwatch', 'alarm');
    const bad: [string, unknown, RegExp][] = [
      ['an unknown SNS type', { ...notification, Type: 'Broadcast' }, /^No SNS notification in payload$/],
      ['no Type', { ...notification, Type: undefined }, /'Type'/],
      ['no TopicArn', { ...notification, TopicArn: undefined }, /'TopicArn'/],
      ['a Message that is not JSON', { ...notification, Message: 'disk full' }, /not a Cloudwatch notification/],
      ['a Message without Trigger', { ...notification, Message: '{"AlarmName":"x"}' }, /not a Cloudwatch notification/],
      [
        'an alarm without AlarmName',
        { ...notification, Message: JSON.stringify({ ...JSON.parse(String(notification.Message)), AlarmName: 3 }) },
        /'Message\.AlarmName'/,
      ],
      ['text that is not JSON', 'Type=Notification', /Failed to decode JSON object/],
      ['an empty body', '', /No SNS notification in payload/],
    ];
    for (const [name, payload, message] of bad) {
      it(`${name} → 400, nothing stored`, async () => {
        const before = await totalAlerts();
        const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
        await assertRefused(await post('cloudwatch', text, SNS), message, { before, after: totalAlerts });
      });
    }

    it('needs write:webhooks', async () => {
      const response = await post('cloudwatch', fixtureText('cloudwatch', 'alarm'), { ...SNS, headers: guest });
      assert.equal(response.statusCode, 403);
    });
  });
});
