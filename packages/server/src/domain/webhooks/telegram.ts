import { z } from 'zod';
import { capitalise, nonEmpty } from './defaults.js';

/** A Telegram Bot API update; only `callback_query` (an inline button pressed) is acted on (docs/webhooks.md#telegram). */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().optional(),
  callback_query: z
    .looseObject({
      id: z.string(),
      from: z.looseObject({
        id: z.number(),
        first_name: z.string().nullish(),
        last_name: z.string().nullish(),
        username: z.string().nullish(),
      }),
      message: z
        .looseObject({
          message_id: z.number(),
          chat: z.looseObject({ id: z.union([z.number(), z.string()]) }),
          text: z.string().nullish(),
        })
        .optional(),
      inline_message_id: z.string().optional(),
      data: z.string(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
export type TelegramCallback = NonNullable<TelegramUpdate['callback_query']>;

export const TELEGRAM_ACTIONS: readonly string[] = ['open', 'ack', 'close', 'watch', 'unwatch', 'blackout'];

/** `/ack 4c3b…` → the action and the alert id, or undefined when the data has another form. */
export function telegramCommand(data: string): { action: string; alertId: string } | undefined {
  const match = /^\/?([a-z]+)\s+(\S+)\s*$/i.exec(data.trim());
  if (match === null) return undefined;
  const [, action = '', alertId = ''] = match;
  return { action: action.toLowerCase(), alertId };
}

/** "First Last", whichever of them Telegram gives, else the username or the numeric id. */
export function telegramUser(from: TelegramCallback['from']): string {
  const name = [from.first_name, from.last_name].filter((part) => nonEmpty(part) !== undefined).join(' ');
  return name !== '' ? name : (nonEmpty(from.username) ?? String(from.id));
}

/** Legacy Markdown, which editMessageText is asked to parse, gives `_ * [ \`` a meaning: they are escaped. */
export const escapeMarkdown = (text: string): string => text.replace(/([_*[`])/g, '\\$1');

interface ReplyAlert {
  id: string;
  severity: string;
  event: string;
  resource: string;
}

/** An inline keyboard button that sends `/<action> <alert id>` back to this webhook. */
const button = (action: string, alertId: string) => ({
  text: capitalise(action),
  callback_data: `/${action} ${alertId}`,
});

/**
 * The text and buttons that replace the message whose button was pressed (docs/webhooks.md#telegram): its first
 * line becomes a summary of the alert (a link to the console when DASHBOARD_URL is set), the rest stays, and a last
 * line says what was done. Watching keeps buttons (with the opposite watch action); other actions remove them.
 * `notice` is the short answer to the button press itself.
 */
export function telegramReply(
  alert: ReplyAlert,
  action: string,
  user: string,
  previousText: string,
  dashboardUrl: string,
): { text: string; keyboard: { text: string; callback_data: string }[][]; notice: string } {
  const shortId = alert.id.slice(0, 8);
  const watching = action === 'watch' || action === 'unwatch';
  const reply = watching
    ? `User \`${user.replace(/`/g, "'")}\` is _${action}ing_ alert ${shortId}`
    : `The status of alert ${shortId} is *${action}* now!`;
  const label = dashboardUrl === '' ? shortId : `[${shortId}](${dashboardUrl}/alert/${alert.id})`;
  const severity = capitalise(alert.severity);
  const log = previousText.split('\n').slice(1).join('\n');
  const heading = `${label} *${escapeMarkdown(`${severity} - ${alert.event} on ${alert.resource}`)}*`;
  const text = [heading, escapeMarkdown(log), reply].join('\n');
  const keyboard = watching
    ? [[button(action === 'watch' ? 'unwatch' : 'watch', alert.id), button('ack', alert.id), button('close', alert.id)]]
    : [];
  return { text, keyboard, notice: `Alert ${shortId}: ${action}` };
}
