import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { body } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { type Refusal, admin, fixture, guest, itRefusesEach, webhookServer } from './support/webhooks.js';

const FORM = 'application/x-www-form-urlencoded';
const TOKEN = 'vT4yQ9mN2kD8sX1cR7bL5wJ3';
const SIGNING_SECRET = '8f742231b10e8888abcd99yyyzzz85a5';

/** Slack posts the action as one form field, `payload`, holding JSON. */
const form = (payload: unknown) => `payload=${encodeURIComponent(JSON.stringify(payload))}`;

interface SlackMessage {
  attachments: { actions?: { name: string; value: string; text: string }[]; title?: string; title_link?: string }[];
}

forEachEngine((engine) => {
  const calls = webhookServer(engine, {
    SLACK_VERIFICATION_TOKEN: TOKEN,
    DASHBOARD_URL: 'https://alerta.example.com/',
  });
  const { post, getAlert, sendAlert } = calls;

  const slack = (payload: unknown, headers = admin) => post('slack', form(payload), { contentType: FORM, headers });

  describe('Slack', () => {
    it('ack: acks the alert and answers the message without buttons, saying what was done', async () => {
      const alert = await sendAlert({ resource: 'slack-1' });
      const response = await slack(fixture('slack', 'ack', { alertId: alert.id }));
      assert.equal(response.statusCode, 201, response.body);
      const stored = await getAlert(alert.id);
      assert.equal(stored.status, 'ack');
      assert.deepEqual(
        [stored.history.at(-1)?.type, stored.history.at(-1)?.text, stored.history.at(-1)?.user],
        ['ack', 'status change via #slack by ana.lima', 'root'],
      );
      const answer = body(response) as unknown as SlackMessage;
      assert.equal(answer.attachments.length, 2);
      assert.equal(answer.attachments[0]?.actions, undefined);
      assert.deepEqual(answer.attachments[1], {
        fallback: `The status of alert ${alert.id.slice(0, 8)} is Ack now!`,
        pretext: 'Action done!',
        color: '#808080',
        title: `The status of alert ${alert.id.slice(0, 8)} is Ack now!`,
        title_link: `https://alerta.example.com/alert/${alert.id}`,
      });
    });

    it('close and open by a short id; a second ack is the alarm model’s 409', async () => {
      const alert = await sendAlert({ resource: 'slack-2' });
      const action = (value: string) => ({
        ...fixture('slack', 'ack', { alertId: alert.id.slice(0, 8) }),
        actions: [{ name: value, type: 'button', value }],
      });
      assert.equal((await slack(action('ack'))).statusCode, 201);
      const again = await slack(action('ack'));
      assert.equal(again.statusCode, 409, again.body);
      assert.equal(body(again).message, 'alert is already in ack status');
      assert.equal((await slack(action('close'))).statusCode, 201);
      assert.equal((await getAlert(alert.id)).status, 'closed');
      assert.equal((await slack(action('open'))).statusCode, 201);
      assert.equal((await getAlert(alert.id)).status, 'open');
    });

    it('watch tags the alert watch:<user> and swaps the button for Unwatch; unwatch removes the tag (ours)', async () => {
      const alert = await sendAlert({ resource: 'slack-3', tags: ['db'] });
      const watched = await slack(fixture('slack', 'watch', { alertId: alert.id }));
      assert.equal(watched.statusCode, 201, watched.body);
      assert.deepEqual((await getAlert(alert.id)).tags, ['db', 'watch:ana.lima']);
      const buttons = (body(watched) as unknown as SlackMessage).attachments[0]?.actions ?? [];
      assert.deepEqual(
        buttons.map((b) => [b.name, b.value, b.text]),
        [
          ['ack', 'ack', 'Ack'],
          ['close', 'close', 'Close'],
          ['unwatch', 'unwatch', 'Unwatch'],
        ],
      );
      const unwatch = { ...fixture('slack', 'watch', { alertId: alert.id }), actions: [{ value: 'unwatch' }] };
      assert.equal((await slack(unwatch)).statusCode, 201);
      const stored = await getAlert(alert.id);
      assert.deepEqual(stored.tags, ['db']);
      assert.equal(stored.status, 'open');
    });

    it('an unknown alert → 404', async () => {
      const response = await slack(fixture('slack', 'ack', { alertId: 'no-such-alert' }));
      assert.equal(response.statusCode, 404);
      assert.equal(body(response).message, 'alert not found for #slack message');
    });

    it('a wrong or missing verification token (SLACK_VERIFICATION_TOKEN) → 403, nothing changed', async () => {
      const alert = await sendAlert({ resource: 'slack-4' });
      for (const token of ['not-the-token', undefined]) {
        const response = await slack({ ...fixture('slack', 'ack', { alertId: alert.id }), token });
        assert.equal(response.statusCode, 403, response.body);
        assert.equal(body(response).message, 'Slack verification token does not match');
      }
      assert.equal((await getAlert(alert.id)).status, 'open');
    });

    const ack = fixture('slack', 'ack', { alertId: 'x' });
    const refusals: Refusal[] = [
      ['no payload field', 'text=hello', /^no payload in Slack action$/],
      ['a payload that is not JSON', 'payload=%7Bnot-json', /Failed to decode JSON object/],
      ['no callback_id', form({ ...ack, callback_id: undefined }), /callback_id/],
      ['no user', form({ ...ack, user: undefined }), /no user in Slack action/],
      ['no actions', form({ ...ack, actions: [] }), /no actions in Slack action/],
      [
        'a user without a name',
        form({ ...ack, user: { id: 'U1', name: '' } }),
        /^'payload\.user\.name': no user name in Slack action$/,
      ],
      ['an action without a value', form({ ...ack, actions: [{ name: 'ack' }] }), /^'payload\.actions\.0\.value': /],
      ['an unsupported action', form({ ...ack, actions: [{ value: 'shelve' }] }), /^Unsupported #slack action$/],
    ];
    itRefusesEach(calls, 'slack', refusals, { contentType: FORM, outcome: 'nothing changed' });

    it('JSON instead of a form → 400; needs write:webhooks', async () => {
      const json = await post('slack', ack);
      assert.equal(json.statusCode, 400);
      assert.match(String(body(json).message), /no payload in Slack action/);
      assert.equal((await slack(ack, guest)).statusCode, 403);
    });
  });

  describe('Slack with SLACK_SIGNING_SECRET (ours)', () => {
    const signed = webhookServer(engine, { SLACK_SIGNING_SECRET: SIGNING_SECRET });

    const signature = (timestamp: number, text: string, secret = SIGNING_SECRET) =>
      `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${text}`).digest('hex')}`;

    it('takes a correctly signed action and refuses a wrong, stale or missing signature', async () => {
      const alert = await signed.sendAlert({ resource: 'slack-signed' });
      const text = form(fixture('slack', 'ack', { alertId: alert.id }));
      const now = Math.floor(Date.now() / 1000);
      const postSigned = (timestamp: number, sig: string | undefined) =>
        signed.post('slack', text, {
          contentType: FORM,
          headers: {
            ...admin,
            'x-slack-request-timestamp': String(timestamp),
            ...(sig !== undefined ? { 'x-slack-signature': sig } : {}),
          },
        });
      for (const [timestamp, sig] of [
        [now, signature(now, text, 'another-secret')],
        [now - 600, signature(now - 600, text)],
        [now, undefined],
        [now, signature(now, `${text}&x=1`)],
      ] as const) {
        const refused = await postSigned(timestamp, sig);
        assert.equal(refused.statusCode, 403, refused.body);
        assert.equal(body(refused).message, 'Slack request signature does not match');
      }
      assert.equal((await signed.getAlert(alert.id)).status, 'open');
      const accepted = await postSigned(now, signature(now, text));
      assert.equal(accepted.statusCode, 201, accepted.body);
      assert.equal((await signed.getAlert(alert.id)).status, 'ack');
    });

    it('without DASHBOARD_URL the message links to the alert in the API', async () => {
      const alert = await signed.sendAlert({ resource: 'slack-link' });
      const text = form({ ...fixture('slack', 'ack', { alertId: alert.id }), token: undefined });
      const now = Math.floor(Date.now() / 1000);
      const headers = { ...admin, 'x-slack-request-timestamp': String(now), 'x-slack-signature': signature(now, text) };
      const response = await signed.post('slack', text, { contentType: FORM, headers });
      const answer = body(response) as unknown as SlackMessage;
      assert.equal(answer.attachments.at(-1)?.title_link, `http://localhost:80/api/alert/${alert.id}`);
    });
  });
});
