import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './html.js';

/**
 * JSON that can sit inside a <script> element: `<`, `>` and `&` cannot end the element or open a comment, and
 * U+2028/U+2029 (line breaks to older JavaScript parsers) cannot end a string. Still valid JSON.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Exact origins only: postMessage never goes to `*`, nor to an entry that is not an origin. */
function exactOrigins(candidates: readonly string[]): string[] {
  return candidates.flatMap((candidate) => {
    try {
      const { origin } = new URL(candidate);
      return /^https?:\/\//.test(candidate) && origin === candidate.replace(/\/+$/, '') ? [origin] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Answers with a page that hands `message` to the window that opened it, for each allowed origin and the page's own
 * (docs/api/auth.md#routes POST /auth/saml; a browser delivers it only to an opener of that origin), then closes
 * itself. Its one script runs by nonce; the policy allows nothing else, and the page is never cached (it may carry a
 * token).
 */
export function sendPostMessagePage(
  reply: FastifyReply,
  status: number,
  message: { status: 'ok'; token: string } | { status: 'error'; message: string },
  origins: readonly string[],
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const data = scriptJson({ message, origins: exactOrigins(origins) });
  const script =
    `var data = ${data};\n` +
    'var origins = data.origins;\n' +
    'if (origins.indexOf(window.location.origin) === -1) origins.push(window.location.origin);\n' +
    'if (window.opener) origins.forEach(function (origin) { window.opener.postMessage(data.message, origin); });\n' +
    'window.close();\n';
  const text = message.status === 'ok' ? 'Signed in. You can close this window.' : message.message;
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title>' +
    `<script nonce="${nonce}">\n${script}</script></head><body><p>${escapeHtml(text)}</p></body></html>`;
  return reply
    .code(status)
    .headers({
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    })
    .type('text/html; charset=utf-8')
    .send(html);
}
