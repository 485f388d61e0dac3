import assert from 'node:assert/strict';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { body } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import {
  type Refusal,
  admin,
  fixture,
  guest,
  itRefusesEach,
  startWebhookServer,
  webhookCalls,
  webhookServer,
} from './support/webhooks.js';

const BOT_TOKEN = '6024817733:AAH-test-token';

interface BotCall {
  path: string;
  body: Record<string, unknown>;
}

/** A stand-in for the Telegram Bot API on a local port: records each call and answers with `status`. */
async function startBotApi(): Promise<{ url: string; calls: BotCall[]; answer: { status: number }; server: Server }> {
  const calls: BotCall[] = [];
  const answer = { status: 200 };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: answer.status === 200, result: true, description: 'Bad Request' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, answer, server };
}

forEachEngine((engine) => {
  let bot: Awaited<ReturnType<typeof startBotApi>>;
  before(async () => {
    bot = await startBotApi();
  });
  // Hooks run in the order they are registered: the server starts once the bot's stand-in listens, and closes first.
  const calls = webhookServer(engine, () => ({
    TELEGRAM_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: `${bot.url}/`,
    DASHBOARD_URL: 'https://alerta.example.com',
  }));
  after(() => new Promise((resolve) => bot.server.close(resolve)));
  const { server, post, get, getAlert, sendAlert } = calls;
  beforeEach(() => {
    bot.calls.length = 0;
    bot.answer.status = 200;
  });

  const press = (action: string, alertId: string) =>
    post('telegram', fixture('telegram', 'callback-ack', { action, alertId, shortId: alertId.slice(0, 8) }));

  describe('Telegram', () => {
    it('ack: acks the alert, edits the message in its chat and answers the callback', async () => {
      const alert = await sendAlert({ resource: 'tg_1', event: 'disk*full', severity: 'critical' });
      const response = await press('ack', alert.id);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(body(response), { status: 'ok' });
      const stored = await getAlert(alert.id);
      assert.equal(stored.status, 'ack');
      assert.deepEqual(
        [stored.history.at(-1)?.type, stored.history.at(-1)?.text],
        ['ack', 'status change via Telegram'],
      );
      const short = alert.id.slice(0, 8);
      assert.deepEqual(bot.calls, [
        {
          path: `/bot${BOT_TOKEN}/editMessageText`,
          body: {
            chat_id: -1002138455960,
            message_id: 4182,
            text: [
              `[${short}](https://alerta.example.com/alert/${alert.id}) *Critical - disk\\*full on tg\\_1*`,
              'Load balancer answers more than 5% 5xx',
              'Environment: Production',
              `The status of alert ${short} is *ack* now!`,
            ].join('\n'),
            parse_mode: 'Markdown',
            reply_markup: { inline_keyboard: [] },
          },
        },
        {
          path: `/bot${BOT_TOKEN}/answerCallbackQuery`,
          body: { callback_query_id: '3271960412835521903', text: `Alert ${short}: ack` },
        },
      ]);
    });

    it('close and open change the status through the alarm model', async () => {
      const alert = await sendAlert({ resource: 'tg-2' });
      assert.equal((await press('close', alert.id)).statusCode, 200);
      assert.equal((await getAlert(alert.id)).status, 'closed');
      assert.equal((await press('open', alert.id)).statusCode, 200);
      assert.equal((await getAlert(alert.id)).status, 'open');
    });

    it('watch tags watch:<first last> and offers Unwatch, Ack and Close; unwatch removes the tag (ours)', async () => {
      const alert = await sendAlert({ resource: 'tg-3' });
      assert.equal((await press('watch', alert.id)).statusCode, 200);
      assert.deepEqual((await getAlert(alert.id)).tags, ['watch:Ana Lima']);
      const markup = bot.calls[0]?.body.reply_markup as { inline_keyboard: { callback_data: string }[][] };
      assert.deepEqual(
        markup.inline_keyboard[0]?.map((b) => b.callback_data),
        [`/unwatch ${alert.id}`, `/ack ${alert.id}`, `/close ${alert.id}`],
      );
      assert.match(String(bot.calls[0]?.body.text), /User `Ana Lima` is _watching_ alert/);
      assert.equal((await press('unwatch', alert.id)).statusCode, 200);
      assert.deepEqual((await getAlert(alert.id)).tags, []);
    });

    it("blackout: a blackout of the alert's environment, resource and event, for BLACKOUT_DURATION", async () => {
      const alert = await sendAlert({ resource: 'tg-4', event: 'NodeDown' });
      assert.equal((await press('blackout', alert.id)).statusCode, 200);
      const list = await server().app.inject({ method: 'GET', url: '/api/blackouts?resource=tg-4', headers: admin });
      const [blackout] = (body(list) as { blackouts: Record<string, unknown>[] }).blackouts;
      assert.equal(blackout?.environment, 'Production');
      assert.equal(blackout.event, 'NodeDown');
      assert.equal(blackout.duration, 3600);
      assert.equal(blackout.user, 'root');
      assert.equal(blackout.text, 'blackout via Telegram by Ana Lima');
      assert.equal((await getAlert(alert.id)).status, 'open');
      assert.match(String(bot.calls[0]?.body.text), /is \*blackout\* now!$/);
    });

    it('an unknown alert: a 200 that says so, and nothing sent to Telegram', async () => {
      for (const action of ['ack', 'blackout']) {
        const response = await press(action, 'no-such-alert');
        assert.equal(response.statusCode, 200);
        assert.deepEqual(body(response), { status: 'error', message: 'alert not found for Telegram message' });
      }
      assert.deepEqual(bot.calls, []);
    });

    it('an update that is not a button press, or a GET: ok, nothing to do', async () => {
      const expected = { status: 'ok', message: 'no callback_query in Telegram message' };
      const message = await post('telegram', fixture('telegram', 'message'));
      assert.equal(message.statusCode, 200);
      assert.deepEqual(body(message), expected);
      const answer = await get('telegram');
      assert.equal(answer.statusCode, 200);
      assert.deepEqual(body(answer), expected);
      assert.equal((await post('telegram', fixture('telegram', 'message'), { headers: guest })).statusCode, 403);
    });

    it('Telegram refusing or unreachable does not undo the change nor fail the answer', async () => {
      const alert = await sendAlert({ resource: 'tg-5' });
      bot.answer.status = 400;
      assert.equal((await press('ack', alert.id)).statusCode, 200);
      assert.equal((await getAlert(alert.id)).status, 'ack');
      assert.equal(bot.calls.length, 2);
      const offline = await startWebhookServer(engine, {
        TELEGRAM_TOKEN: BOT_TOKEN,
        TELEGRAM_API_URL: 'http://127.0.0.1:9',
      });
      try {
        const offlineCalls = webhookCalls(() => offline);
        const other = await offlineCalls.sendAlert({ resource: 'tg-6' });
        const payload = fixture('telegram', 'callback-ack', { action: 'close', alertId: other.id, shortId: '' });
        assert.equal((await offlineCalls.post('telegram', payload)).statusCode, 200);
        assert.equal((await offlineCalls.getAlert(other.id)).status, 'closed');
      } finally {
        await offline.close();
      }
    });

    const update = fixture('telegram', 'callback-ack', { action: 'ack', alertId: 'x' });
    const query = update.callback_query as Record<string, unknown>;
    const refusals: Refusal[] = [
      ['data without an alert id', { callback_query: { ...query, data: '/ack' } }, /must be '\/<action> <alert id>'/],
      ['an unsupported action', { callback_query: { ...query, data: '/shelve abc' } }, /^Unsupported Telegram action$/],
      ['a callback without id', { callback_query: { ...query, id: undefined } }, /^'callback_query\.id': /],
      ['a callback without from', { callback_query: { ...query, from: undefined } }, /'callback_query\.from'/],
      ['a callback whose data is not text', { callback_query: { ...query, data: 7 } }, /'callback_query\.data'/],
      ['a list instead of an update', [update], /must be a JSON object/],
    ];
    itRefusesEach(calls, 'telegram', refusals, {
      outcome: 'nothing changed or sent',
      alsoCheck: () => assert.deepEqual(bot.calls, []),
    });
  });
});
