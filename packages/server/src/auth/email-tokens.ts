import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.js';

export type EmailTokenPurpose = 'confirm' | 'reset';

/** docs/api/auth.md#passwords-and-sign-up: confirm and reset links stay valid for 15 minutes. */
export const EMAIL_TOKEN_SECONDS = 900;

/*
 * A token is `<user id, base64url>.<expiry, base36 seconds>.<nonce>.<MAC>`: short enough for a URL path segment (a JWT
 * is not), and signed with a key per purpose derived from SECRET_KEY, so neither a login token nor the other kind of
 * mail token passes for it. The MAC is HMAC-SHA256 cut to 128 bits; the nonce makes each token new, so a second mail in
 * the same second still replaces the first.
 */
function mac(secret: string, purpose: EmailTokenPurpose, body: string): Buffer {
  const key = createHmac('sha256', secret).update(`alerta email token: ${purpose}`).digest();
  return createHmac('sha256', key).update(body).digest().subarray(0, 16);
}

/** What the users table keeps of an issued token: enough to recognise it, not enough to use it. */
export function emailTokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function signEmailToken(
  secret: string,
  purpose: EmailTokenPurpose,
  userId: string,
  now: number = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + EMAIL_TOKEN_SECONDS;
  const user = Buffer.from(userId, 'utf8').toString('base64url');
  const body = `${user}.${expires.toString(36)}.${randomBytes(6).toString('base64url')}`;
  return `${body}.${mac(secret, purpose, body).toString('base64url')}`;
}

/** The user id a mail token was issued for; 401 when it has expired, 400 when it is not one of ours. */
export function verifyEmailToken(
  secret: string,
  purpose: EmailTokenPurpose,
  token: string,
  now: number = Date.now(),
): string {
  const invalid = new ApiError(400, 'invalid token');
  const parts = token.split('.');
  const [user, expiry, nonce, signature] = parts;
  if (parts.length !== 4 || user === undefined || expiry === undefined || signature === undefined) throw invalid;
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(secret, purpose, `${user}.${expiry}.${nonce ?? ''}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalid;
  if (Number.parseInt(expiry, 36) * 1000 <= now) throw new ApiError(401, `${purpose} token has expired`);
  return Buffer.from(user, 'base64url').toString('utf8');
}
