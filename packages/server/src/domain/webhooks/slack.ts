import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameSecret } from '../../auth/same-secret.js';
import { capitalise } from './defaults.js';

const slackAction = z.looseObject({ name: z.string().optional(), value: z.string().optional() });
const attachment = z.looseObject({ actions: z.array(slackAction).optional() });

/** The `payload` field of a Slack interactive message action (docs/webhooks.md#slack). */
export const slackActionSchema = z.looseObject({
  type: z.string().optional(),
  token: z.string().optional(),
  callback_id: z.string({ error: 'no alert id (callback_id) in Slack action' }).min(1, 'no alert id in Slack action'),
  user: z.looseObject({ name: z.string().min(1, 'no user name in Slack action') }, 'no user in Slack action'),
  actions: z
    .array(z.looseObject({ value: z.string().min(1, 'no action value in Slack action') }), 'no actions in Slack action')
    .min(1, 'no actions in Slack action'),
  original_message: z.looseObject({ attachments: z.array(attachment).optional() }).optional(),
});
export type SlackAction = z.infer<typeof slackActionSchema>;

/** Actions that change the alert's status, and the two that watch it. */
export const SLACK_STATUS_ACTIONS: readonly string[] = ['open', 'ack', 'close'];
export const WATCH_ACTIONS: readonly string[] = ['watch', 'unwatch'];

/**
 * Slack's request signature: `v0=` + HMAC-SHA256 of `v0:<timestamp>:<body>` under the signing secret, with the
 * timestamp within five minutes of now (docs/webhooks.md#slack, SLACK_SIGNING_SECRET).
 */
export function slackSignatureValid(
  secret: string,
  request: { timestamp: string | undefined; signature: string | undefined; body: string },
  nowSeconds: number,
): boolean {
  const { timestamp, signature, body } = request;
  if (timestamp === undefined || signature === undefined || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return sameSecret(signature, expected);
}

/**
 * The message Slack shows in place of the one whose button was pressed: a status change drops every button and adds
 * a note of what was done; watch and unwatch swap that one button for its opposite (docs/webhooks.md#slack).
 */
export function slackAnswer(
  payload: SlackAction,
  action: string,
  alert: { id: string; status: string; link: string },
): Record<string, unknown> {
  const shortId = alert.id.slice(0, 8);
  const original = structuredClone(payload.original_message ?? {});
  const attachments = original.attachments ?? [];
  if (WATCH_ACTIONS.includes(action)) {
    const next = action === 'watch' ? 'unwatch' : 'watch';
    for (const item of attachments) {
      for (const button of item.actions ?? []) {
        if (button.value === action) Object.assign(button, { name: next, value: next, text: capitalise(next) });
      }
    }
    return original;
  }
  const message = `The status of alert ${shortId} is ${capitalise(alert.status)} now!`;
  for (const item of attachments) delete item.actions;
  attachments.push({
    fallback: message,
    pretext: 'Action done!',
    color: '#808080',
    title: message,
    title_link: alert.link,
  });
  return { ...original, attachments };
}

/** The history text of a status change made from Slack. */
export const slackActionText = (user: string): string => `status change via #slack by ${user}`;
