import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forEachEngine } from './support/engines.js';
import {
  type Refusal,
  assertAlertFields,
  fixture,
  fixtureText,
  guest,
  itRefusesEach,
  rawDataOf,
  storedAlert,
  webhookServer,
} from './support/webhooks.js';

const TOPIC = 'arn:aws:sns:eu-central-1:210987654321:ops-alarms';
/** Amazon SNS labels its JSON text/plain. */
const SNS = { contentType: 'text/plain; charset=UTF-8' };

forEachEngine((engine) => {
  const calls = webhookServer(engine, { ALLOWED_ENVIRONMENTS: 'Production,Development,Staging' });
  const { post, getAlert } = calls;

  describe('CloudWatch through Amazon SNS', () => {
    it('stores a subscription confirmation as an informational alert that hands over the SubscribeURL', async () => {
      const message = fixture('cloudwatch', 'subscription-confirmation');
      const alert = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'subscription-confirmation'), SNS));
      assertAlertFields(alert, {
        resource: TOPIC,
        event: 'SubscriptionConfirmation',
        environment: 'Production',
        severity: 'informational',
        service: ['Unknown'],
        group: 'AWS/CloudWatch',
        origin: TOPIC,
        type: 'cloudwatchAlarm',
        createTime: '2026-11-20T08:14:03.117Z',
        attributes: { subscribeUrl: message.SubscribeURL },
        text: `${String(message.Message)} SubscribeURL: ${String(message.SubscribeURL)}`,
      });
      assert.doesNotMatch(alert.text, /<a /);
      assert.deepEqual(rawDataOf(alert), message);
    });

    it('stores an unsubscribe confirmation the same way, so the subscription can be restored', async () => {
      const alert = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'unsubscribe-confirmation'), SNS));
      assert.equal(alert.event, 'UnsubscribeConfirmation');
      assert.equal(alert.severity, 'informational');
      assert.match(String(alert.attributes.subscribeUrl), /^https:\/\/sns\.eu-central-1\.amazonaws\.com\//);
    });

    it('maps an ALARM notification (docs/webhooks.md#cloudwatch)', async () => {
      const notification = fixture('cloudwatch', 'alarm');
      const alarm = JSON.parse(String(notification.Message)) as { Trigger: unknown };
      const alert = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'alarm'), SNS));
      assertAlertFields(alert, {
        resource: 'LoadBalancer:app/api-prod/50dc6c495c0c9188',
        event: 'api-5xx-rate',
        environment: 'Production',
        severity: 'major',
        status: 'open',
        service: ['210987654321'],
        group: 'AWS/ApplicationELB',
        value: 'ALARM',
        text: 'Load balancer answers more than 5% 5xx',
        tags: ['EU (Frankfurt)'],
        attributes: { incidentKey: 'api-5xx-rate', thresholdInfo: alarm.Trigger },
        origin: TOPIC,
        type: 'cloudwatchAlarm',
        createTime: '2026-11-22T03:05:12.533Z',
      });
      assert.deepEqual(rawDataOf(alert), alarm);
    });

    it('follows the alarm through INSUFFICIENT_DATA (warning) to OK (closed), as one alert', async () => {
      const first = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'alarm'), SNS));
      const unknown = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'insufficient-data'), SNS));
      assertAlertFields(unknown, { id: first.id, severity: 'warning', value: 'INSUFFICIENT_DATA' });
      const ok = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'ok'), SNS));
      assertAlertFields(ok, { id: first.id, severity: 'normal', status: 'closed' });
      assert.deepEqual((await getAlert(ok.id)).history.map((entry) => entry.status).slice(-2), ['open', 'closed']);
    });

    it('takes JSON sent as application/json too, and the query string defaults', async () => {
      const response = await post('cloudwatch', fixture('cloudwatch', 'alarm'), {
        query: '?environment=Staging&severity=critical&customer=Acme&timeout=600',
      });
      assertAlertFields(storedAlert(response), {
        environment: 'Staging',
        severity: 'critical',
        customer: 'Acme',
        timeout: 600,
      });
    });

    it('maps a metric-math alarm: no dimensions, no namespace, no description', async () => {
      const alert = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'metric-math'), SNS));
      assertAlertFields(alert, { resource: 'ops-alarms', event: 'checkout-error-ratio', group: 'AWS/CloudWatch' });
      assert.match(alert.text, /^Threshold Crossed: 1 out of the last 1 datapoints/);
    });

    // Each of these posts to Development, so that it makes a new alert: a duplicate keeps the first one's group.
    it('a confirmation takes service and group from the query string', async () => {
      const text = fixtureText('cloudwatch', 'unsubscribe-confirmation');
      const alert = storedAlert(
        await post('cloudwatch', text, { ...SNS, query: '?environment=Development&service=Billing&group=SNS' }),
      );
      assertAlertFields(alert, { service: ['Billing'], group: 'SNS' });
    });

    it("an alarm's namespace wins over ?group=, which names the group of a metric-math alarm", async () => {
      const options = { ...SNS, query: '?environment=Development&group=Checkout' };
      const mathAlarm = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'metric-math'), options));
      assert.equal(mathAlarm.group, 'Checkout');
      const elbAlarm = storedAlert(await post('cloudwatch', fixtureText('cloudwatch', 'alarm'), options));
      assert.equal(elbAlarm.group, 'AWS/ApplicationELB');
    });

    const notification = fixture('cloudwatch', 'alarm');
    /** The notification with its alarm (the JSON text in `Message`) changed. */
    const withAlarm = (changes: Record<string, unknown>) => ({
      ...notification,
      Message: JSON.stringify({ ...(JSON.parse(String(notification.Message)) as object), ...changes }),
    });

    it('an alarm state other than ALARM, INSUFFICIENT_DATA and OK is unknown', async () => {
      const payload = withAlarm({ AlarmName: 'odd', NewStateValue: 'PAUSED' });
      const alert = storedAlert(await post('cloudwatch', payload, SNS));
      assertAlertFields(alert, { event: 'odd', severity: 'unknown', value: 'PAUSED' });
    });

    const refusals: Refusal[] = [
      ['an unknown SNS type', { ...notification, Type: 'Broadcast' }, /^No SNS notification in payload$/],
      ['no Type', { ...notification, Type: undefined }, /'Type'/],
      ['no TopicArn', { ...notification, TopicArn: undefined }, /'TopicArn'/],
      ['a Message that is not JSON', { ...notification, Message: 'disk full' }, /not a Cloudwatch notification/],
      ['a Message without Trigger', { ...notification, Message: '{"AlarmName":"x"}' }, /not a Cloudwatch notification/],
      ['an alarm without AlarmName', withAlarm({ AlarmName: 3 }), /'Message\.AlarmName'/],
      ['an alarm without AWSAccountId', withAlarm({ AWSAccountId: undefined }), /^'Message\.AWSAccountId': /],
      ['an alarm without NewStateValue', withAlarm({ NewStateValue: undefined }), /^'Message\.NewStateValue': /],
      ['no Message', { ...notification, Message: undefined }, /^'Message': /],
      ['text that is not JSON', 'Type=Notification', /Failed to decode JSON object/],
      ['an empty body', '', /No SNS notification in payload/],
    ];
    itRefusesEach(calls, 'cloudwatch', refusals, SNS);

    it('needs write:webhooks', async () => {
      const response = await post('cloudwatch', fixtureText('cloudwatch', 'alarm'), { ...SNS, headers: guest });
      assert.equal(response.statusCode, 403);
    });
  });
});
