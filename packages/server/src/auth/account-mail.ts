import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { UserRecord } from '../store/types.js';
import { type EmailTokenPurpose, emailTokenDigest, signEmailToken } from './email-tokens.js';
import type { Mailer } from './mailer.js';

/**
 * Where the console lives: BASE_URL without BASE_PATH, or the request's own root. The Referer the reference uses is
 * not trusted, since whoever asks for a reset mail could point its link, and the token in it, at their own site.
 */
export function consoleRoot(context: AppContext, request: FastifyRequest): string {
  const { BASE_URL, BASE_PATH } = context.settings;
  if (BASE_URL === '') return `${request.protocol}://${request.host}`;
  return BASE_URL.endsWith(BASE_PATH) ? BASE_URL.slice(0, -BASE_PATH.length) : BASE_URL;
}

const WORDING: Record<EmailTokenPurpose, { subject: string; intro: string }> = {
  confirm: {
    subject: 'Confirm your email address',
    intro: 'Please confirm your email address for Alerta by opening this link within 15 minutes:',
  },
  reset: {
    subject: 'Reset your password',
    intro:
      'Someone asked to reset the Alerta password of this address. To choose a new one, open this link within 15 minutes:',
  },
};

/**
 * Issues a mail token (replacing any earlier one of the user) and mails its console link
 * (docs/api/auth.md#passwords-and-sign-up). The mail goes out in the background.
 */
export async function mailToken(
  context: AppContext,
  mailer: Mailer,
  request: FastifyRequest,
  user: UserRecord,
  purpose: EmailTokenPurpose,
): Promise<void> {
  if (user.email === null) return;
  const token = signEmailToken(context.secretKey, purpose, user.id);
  await context.store.users.setEmailToken(user.id, emailTokenDigest(token));
  const link = `${consoleRoot(context, request)}/${purpose}/${token}`;
  const { subject, intro } = WORDING[purpose];
  const ignore = 'If you did not ask for this, you can ignore this mail.';
  void mailer.deliver({ to: user.email, subject, text: `Hello ${user.name},\n\n${intro}\n\n${link}\n\n${ignore}\n` });
}
