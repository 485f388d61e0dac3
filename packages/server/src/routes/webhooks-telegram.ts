import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../settings.js';

/** How long one call to the Telegram Bot API may take before we give up on it. */
const TELEGRAM_TIMEOUT_MS = 5000;

type TelegramSettings = Pick<Settings, 'TELEGRAM_TOKEN' | 'TELEGRAM_API_URL'>;

/**
 * One Bot API method (`<TELEGRAM_API_URL>/bot<TELEGRAM_TOKEN>/<method>`), JSON in and out. A failure is logged and
 * otherwise ignored: the alert has changed already, and the answer to Telegram's update must not depend on it
 * (docs/webhooks.md#telegram). Nothing is sent without TELEGRAM_TOKEN.
 */
export async function callTelegram(
  settings: TelegramSettings,
  log: FastifyBaseLogger,
  method: string,
  body: Record<string, unknown>,
): Promise<void> {
  if (settings.TELEGRAM_TOKEN === '') return;
  const url = `${settings.TELEGRAM_API_URL}/bot${settings.TELEGRAM_TOKEN}/${method}`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TELEGRAM_TIMEOUT_MS),
    });
    if (!response.ok) {
      // The Bot API says why in `description`; the URL, which holds the token, stays out of the log.
      const answer = (await response.text()).slice(0, 500);
      log.warn({ method, status: response.status, answer }, 'Telegram refused a webhook reply');
    }
  } catch (error) {
    log.warn(
      { method, error: error instanceof Error ? error.message : String(error) },
      'Telegram could not be reached',
    );
  }
}
