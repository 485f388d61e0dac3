import type { FastifyRequest } from 'fastify';
import { type AppContext, principalOf } from '../context.js';
import { sameSecret } from '../auth/same-secret.js';
import { checkStatus } from '../domain/alert-changes.js';
import { newBlackout } from '../domain/blackout.js';
import {
  isPagerDutyV3,
  pagerDutyV2Changes,
  pagerDutyV2Schema,
  pagerDutyV3Changes,
  pagerDutyV3Schema,
} from '../domain/webhooks/pagerduty.js';
import {
  SLACK_STATUS_ACTIONS,
  WATCH_ACTIONS,
  slackActionSchema,
  slackActionText,
  slackAnswer,
  slackSignatureValid,
} from '../domain/webhooks/slack.js';
import {
  TELEGRAM_ACTIONS,
  type TelegramCallback,
  telegramCommand,
  telegramReply,
  telegramUpdateSchema,
  telegramUser,
} from '../domain/webhooks/telegram.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { LockedAlert } from '../store/change-types.js';
import type { AlertRecord } from '../store/types.js';
import { actorOf, alertChanges, alertIdOf } from './change-support.js';
import { FormBody, type Webhook, jsonPayload, parse } from './webhooks-support.js';
import { callTelegram } from './webhooks-telegram.js';

/** Runs one change on the alert and gives it back as stored afterwards. */
async function changeAlert(
  context: AppContext,
  request: FastifyRequest,
  id: string,
  work: (locked: LockedAlert) => Promise<void>,
): Promise<AlertRecord> {
  const outcome = await context.store.alertChanges.change(id, work);
  const changed = outcome.found ? await context.store.alerts.get(id, principalOf(request).customers) : undefined;
  if (changed === undefined) throw notFound();
  return changed.alert;
}

/** The change a watch, unwatch or status action makes (docs/webhooks.md#slack, §Telegram). */
function workFor(context: AppContext, request: FastifyRequest, action: string, user: string, text: string) {
  const changes = alertChanges(context, actorOf(request));
  if (action === 'watch') return changes.tag([`watch:${user}`]);
  if (action === 'unwatch') return changes.untag([`watch:${user}`]);
  return changes.action({ action, text });
}

const pagerduty: Webhook = {
  sender: 'PagerDuty',
  noPayload: 'no messages in PagerDuty data payload',
  receive: async (context, request) => {
    const body = jsonPayload(request.body, pagerduty);
    const changes = isPagerDutyV3(body)
      ? pagerDutyV3Changes(parse(pagerDutyV3Schema, body))
      : pagerDutyV2Changes(parse(pagerDutyV2Schema, body));
    if ('problem' in changes) throw badRequest(changes.problem);
    // Every incident must name a known alert and a status of the alarm model before anything changes.
    const targets = [];
    for (const change of changes) {
      checkStatus(context.model, change.status);
      targets.push({ id: await alertIdOf(context, request, change.incidentKey), change });
    }
    const actor = actorOf(request);
    for (const { id, change } of targets) {
      const work = alertChanges(context, actor).status({ status: change.status, text: change.text }, '');
      if (!(await context.store.alertChanges.change(id, work)).found) throw notFound();
    }
    return { code: 200, body: { status: 'ok' } };
  },
};

const slack: Webhook = {
  sender: 'Slack',
  noPayload: 'no payload in Slack action',
  receive: async (context, request) => {
    const form = request.body;
    if (!(form instanceof FormBody)) {
      throw badRequest('no payload in Slack action', ["Slack posts its actions as a form with a 'payload' field"]);
    }
    const { SLACK_SIGNING_SECRET: signingSecret, SLACK_VERIFICATION_TOKEN: token } = context.settings;
    if (signingSecret !== '') {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const signed = { timestamp: header('x-slack-request-timestamp'), signature: header('x-slack-signature') };
      if (!slackSignatureValid(signingSecret, { ...signed, body: form.raw }, Math.floor(Date.now() / 1000))) {
        throw new ApiError(403, 'Slack request signature does not match');
      }
    }
    const text = form.fields.get('payload');
    if (text === undefined || text.trim() === '') throw badRequest('no payload in Slack action');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest('Failed to decode JSON object', ["the 'payload' field is not JSON"]);
    }
    const payload = parse(slackActionSchema, json, 'payload.');
    if (token !== '' && !sameSecret(payload.token ?? '', token)) {
      throw new ApiError(403, 'Slack verification token does not match');
    }
    const action = payload.actions[0]?.value ?? '';
    if (!SLACK_STATUS_ACTIONS.includes(action) && !WATCH_ACTIONS.includes(action)) {
      throw badRequest('Unsupported #slack action', [`'${action}' is none of open, ack, close, watch, unwatch`]);
    }
    const user = payload.user.name;
    const id = await alertIdOf(context, request, payload.callback_id, 'alert not found for #slack message');
    const alert = await changeAlert(
      context,
      request,
      id,
      workFor(context, request, action, user, slackActionText(user)),
    );
    const dashboard = context.settings.DASHBOARD_URL;
    const link = dashboard !== '' ? `${dashboard}/alert/${id}` : `${context.apiRoot(request)}/alert/${id}`;
    return { code: 201, body: slackAnswer(payload, action, { id, status: alert.status, link }) };
  },
};

/**
 * Telegram's `/blackout`: a blackout of the alert's environment, resource and event for BLACKOUT_DURATION, with the
 * alert's customer so that it silences no other customer's alerts (docs/webhooks.md#telegram).
 */
async function blackoutFromTelegram(
  context: AppContext,
  request: FastifyRequest,
  id: string,
  user: string,
): Promise<AlertRecord> {
  const principal = principalOf(request);
  const stored = await context.store.alerts.get(id, principal.customers);
  if (stored === undefined) throw notFound();
  const { environment, resource, event, customer } = stored.alert;
  const input = { environment, resource, event, text: `blackout via Telegram by ${user}` };
  const who = { user: principal.login, customer };
  const now = new Date().toISOString();
  await context.store.blackouts.create(newBlackout(input, who, context.settings.BLACKOUT_DURATION, now));
  return stored.alert;
}

/** Edits the message whose button was pressed (in its chat, or inline by its id), then answers the query. */
async function replyInTelegram(
  context: AppContext,
  request: FastifyRequest,
  callback: TelegramCallback,
  reply: ReturnType<typeof telegramReply>,
): Promise<void> {
  const { settings } = context;
  const where =
    callback.message !== undefined
      ? { chat_id: callback.message.chat.id, message_id: callback.message.message_id }
      : callback.inline_message_id !== undefined
        ? { inline_message_id: callback.inline_message_id }
        : undefined;
  if (where !== undefined) {
    await callTelegram(settings, request.log, 'editMessageText', {
      ...where,
      text: reply.text,
      parse_mode: 'Markdown',
      reply_markup: { inline_keyboard: reply.keyboard },
    });
  }
  // Ours: Telegram shows a progress indicator on the button until the query is answered.
  await callTelegram(settings, request.log, 'answerCallbackQuery', {
    callback_query_id: callback.id,
    text: reply.notice,
  });
}

const NO_CALLBACK = { status: 'ok', message: 'no callback_query in Telegram message' };

const telegram: Webhook = {
  sender: 'Telegram',
  noPayload: 'no callback_query in Telegram message',
  get: { code: 200, body: NO_CALLBACK },
  receive: async (context, request) => {
    const update = parse(telegramUpdateSchema, jsonPayload(request.body, telegram));
    const callback = update.callback_query;
    if (callback === undefined) return { code: 200, body: NO_CALLBACK };
    const command = telegramCommand(callback.data);
    if (command === undefined) throw badRequest("Telegram callback data must be '/<action> <alert id>'");
    const { action, alertId } = command;
    if (!TELEGRAM_ACTIONS.includes(action)) {
      throw badRequest('Unsupported Telegram action', [`'${action}' is none of ${TELEGRAM_ACTIONS.join(', ')}`]);
    }
    const principal = principalOf(request);
    const found = await context.store.alertChanges.resolveId(alertId, principal.customers);
    if (found.kind === 'ambiguous') throw badRequest(`alert id prefix '${alertId}' matches more than one alert`);
    // As in the reference, an unknown alert is a 200 that says so: Telegram would only send the update again.
    if (found.kind === 'missing') {
      return { code: 200, body: { status: 'error', message: 'alert not found for Telegram message' } };
    }
    const user = telegramUser(callback.from);
    const alert =
      action === 'blackout'
        ? await blackoutFromTelegram(context, request, found.id, user)
        : await changeAlert(
            context,
            request,
            found.id,
            workFor(context, request, action, user, 'status change via Telegram'),
          );
    await replyInTelegram(
      context,
      request,
      callback,
      telegramReply(alert, action, user, callback.message?.text ?? '', context.settings.DASHBOARD_URL),
    );
    return { code: 200, body: { status: 'ok' } };
  },
};

/** The webhooks that change stored alerts and give their own answers (docs/webhooks.md). */
export const ACTION_WEBHOOKS: Readonly<Record<string, Webhook>> = { pagerduty, slack, telegram };
