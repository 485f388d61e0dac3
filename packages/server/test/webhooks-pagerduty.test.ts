import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { body } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import {
  type Refusal,
  acme,
  createAcmeUser,
  fixture,
  guest,
  itRefusesEach,
  webhookServer,
} from './support/webhooks.js';

forEachEngine((engine) => {
  const calls = webhookServer(engine, { CUSTOMER_VIEWS: 'true' }, createAcmeUser);
  const { post, get, getAlert, sendAlert } = calls;

  const statusesOf = async (id: string) => (await getAlert(id)).history.map((h) => [h.type, h.status, h.text]);

  describe('PagerDuty', () => {
    it('v2: acknowledges one incident and resolves another; other message types change nothing', async () => {
      const acked = await sendAlert({ resource: 'pd-1', event: 'api-5xx-rate' });
      const resolved = await sendAlert({ resource: 'pd-2', event: 'disk-full' });
      const payload = fixture('pagerduty', 'v2-messages', { ackId: acked.id, resolveId: resolved.id });
      const response = await post('pagerduty', payload);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(body(response), { status: 'ok' });
      const ack = await getAlert(acked.id);
      assert.equal(ack.status, 'ack');
      assert.deepEqual(ack.history.at(-1), {
        ...ack.history.at(-1),
        type: 'status',
        status: 'ack',
        text: 'Incident #4121 (https://shop.pagerduty.com/incidents/Q2L7XK4) acknowledged by Ana Lima',
        user: 'root',
      });
      const closed = await getAlert(resolved.id);
      assert.equal(closed.status, 'closed');
      assert.deepEqual(
        closed.history.map((h) => h.text).at(-1),
        'Incident #4122 (https://shop.pagerduty.com/incidents/Q9B3WD8) resolved by Ravi Menon',
      );
      assert.equal(closed.history.length, 2);
    });

    it('v2: every type of message sets its status', async () => {
      const alert = await sendAlert({ resource: 'pd-types' });
      const v2 = fixture('pagerduty', 'v2-messages', { ackId: alert.id });
      const [template] = v2.messages as Record<string, unknown>[];
      const message = (type: string) => ({ ...template, type });
      const types = ['incident.assign', 'incident.escalate', 'incident.acknowledge', 'incident.unacknowledge'];
      const response = await post('pagerduty', { messages: types.map(message) });
      assert.equal(response.statusCode, 200, response.body);
      const history = await statusesOf(alert.id);
      assert.deepEqual(
        history.slice(-4).map(([, status, text]) => [status, String(text).replace(/ \(https:[^)]+\)/, '')]),
        [
          ['assign', 'Incident #4121 manually assigned to Ana Lima'],
          ['open', 'Incident #4121 escalated to Ana Lima'],
          ['ack', 'Incident #4121 acknowledged by Ana Lima'],
          ['open', 'Incident #4121 unacknowledged due to timeout'],
        ],
      );
    });

    it('v3 (ours): incident.acknowledged acks, incident.resolved closes, a ping changes nothing', async () => {
      const alert = await sendAlert({ resource: 'pd-v3' });
      const ack = await post('pagerduty', fixture('pagerduty', 'v3-acknowledged', { alertId: alert.id }));
      assert.equal(ack.statusCode, 200, ack.body);
      assert.equal((await getAlert(alert.id)).status, 'ack');
      const ping = await post('pagerduty', fixture('pagerduty', 'v3-ping'));
      assert.equal(ping.statusCode, 200, ping.body);
      const resolve = await post('pagerduty', fixture('pagerduty', 'v3-resolved', { alertId: alert.id }));
      assert.equal(resolve.statusCode, 200, resolve.body);
      const history = await statusesOf(alert.id);
      assert.deepEqual(history.slice(-2), [
        ['status', 'ack', 'Incident #4130 (https://shop.pagerduty.com/incidents/Q4H8PJ0) acknowledged by Ana Lima'],
        ['status', 'closed', 'Incident #4130 (https://shop.pagerduty.com/incidents/Q4H8PJ0) resolved by Ravi Menon'],
      ]);
    });

    it('an unknown incident key → 404 and nothing changes, not even the messages before it', async () => {
      const alert = await sendAlert({ resource: 'pd-partial' });
      const payload = fixture('pagerduty', 'v2-messages', { ackId: alert.id, resolveId: 'no-such-alert' });
      const response = await post('pagerduty', payload);
      assert.equal(response.statusCode, 404, response.body);
      assert.equal(body(response).message, 'not found');
      assert.equal((await getAlert(alert.id)).status, 'open');
    });

    it("another customer's alert is not found", async () => {
      const alert = await sendAlert({ resource: 'pd-other', customer: 'Other' });
      const payload = fixture('pagerduty', 'v3-acknowledged', { alertId: alert.id });
      const response = await post('pagerduty', payload, { headers: acme });
      assert.equal(response.statusCode, 404, response.body);
      assert.equal((await getAlert(alert.id)).status, 'open');
    });

    const v2 = fixture('pagerduty', 'v2-messages', { ackId: 'a', resolveId: 'b' });
    const [first] = v2.messages as Record<string, unknown>[];
    const withoutKey = JSON.parse(
      JSON.stringify(first).replace('"incident_key":"a"', '"incident_key":null'),
    ) as unknown;
    const refusals: Refusal[] = [
      ['no messages', { event_type: 'incident.trigger' }, /no messages in PagerDuty data payload/],
      ['an empty list of messages', { messages: [] }, /no messages in PagerDuty data payload/],
      ['a message without data', { messages: [{ type: 'incident.trigger' }] }, /'messages\.0\.data'/],
      ['a message without incident key', { messages: [withoutKey] }, /^no incident key in PagerDuty data payload$/],
      [
        'a v3 event without incident key',
        { event: { event_type: 'incident.resolved', data: { number: 3 } } },
        /^no incident key in PagerDuty data payload$/,
      ],
      ['a v3 event without event_type', { event: { data: { incident_key: 'a' } } }, /^'event\.event_type': /],
    ];
    itRefusesEach(calls, 'pagerduty', refusals, { outcome: 'nothing changed' });

    it('needs write:webhooks; GET is a 400 naming the missing messages', async () => {
      assert.equal((await post('pagerduty', v2, { headers: guest })).statusCode, 403);
      const answer = await get('pagerduty');
      assert.equal(answer.statusCode, 400);
      assert.equal(body(answer).message, 'no messages in PagerDuty data payload');
    });
  });
});
