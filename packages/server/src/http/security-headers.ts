import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions as AllHelmetOptions } from 'helmet';
import type { Settings } from '../settings.js';

/**
 * Browser features neither console uses. Helmet does not send Permissions-Policy, so it is added beside it. Autoplay
 * (the new-alert sound), fullscreen (the kiosk view) and the clipboard (copy buttons) stay allowed to our own pages.
 * Only features Chromium knows: it logs an error on the console for any other name in the header.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * `'sha256-…'` sources for each inline script of the console's index.html. Our own build has none, so its policy
 * allows scripts from this origin only; a console built elsewhere and served through CONSOLE_DIR (the predecessor's
 * index.html restores a deep link with one small inline script) gets exactly its own inline scripts and nothing more.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

function readIndexHtml(consoleDir: string): string {
  try {
    return readFileSync(join(consoleDir, 'index.html'), 'utf8');
  } catch {
    return '';
  }
}

/** The origin of the API the console is told to call, when it is a full URL; a path stays on the console's origin. */
function endpointOrigin(endpoint: string): string | undefined {
  return /^https?:\/\//.test(endpoint) ? new URL(endpoint).origin : undefined;
}

/**
 * The policy of the console's pages (README.md#security-headers): scripts only from this origin (no inline script,
 * no eval unless CONSOLE_UNSAFE_EVAL says the console needs it), styles from this origin plus the style elements and attributes Mantine
 * writes at run time, images from here, data: URLs (Mantine's icons) and https (avatars from the sign-in's `picture`),
 * calls to this origin and to the API named in config.json, no plugins, no framing.
 */
export function consoleHelmetOptions(settings: Settings, scriptHashes: readonly string[]): HelmetOptions {
  const apiOrigin = endpointOrigin(settings.CONSOLE_ENDPOINT);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, ...(settings.CONSOLE_UNSAFE_EVAL ? ["'unsafe-eval'"] : [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        // Fonts may come inline as data: URLs (the predecessor's icon fonts do); a font cannot run anything.
        fontSrc: ["'self'", 'data:'],
        // The new-alert sound may be a URL of the operator's or the user's choosing (DEFAULT_AUDIO_FILE, preferences).
        mediaSrc: ["'self'", 'https:'],
        connectSrc: apiOrigin === undefined ? ["'self'"] : ["'self'", apiOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Every form of the console is handled by script; sign-in through an identity provider opens a window,
        // which form-action does not govern.
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(settings.HSTS_ENABLED ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The policy of everything that is not a page: scripts, styles, config.json, images, and every API answer. Only a
 * document runs a policy, so these say the least that holds should one be opened as a page (an SVG, a JSON answer):
 * nothing loads, nothing frames it. The API's few small pages (management, switchboard) need no script and no style
 * beyond the browser's; the switchboard's form posts to itself. The SAML sign-in page brings its own policy with a
 * nonce (post-message-page.ts).
 */
const RESOURCE_POLICY: HelmetOptions['contentSecurityPolicy'] = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** The console's files other than its pages: for this origin's pages only. */
const CONSOLE_FILE_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: RESOURCE_POLICY,
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/**
 * The API's answers. Other origins listed in CORS_ORIGINS may call the API from their pages, so the resource policy
 * lets other origins have the answers; CORS decides which of them may read them.
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: RESOURCE_POLICY,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * The OpenAPI reference page under BASE_PATH/docs (docs/api/README.md#openapi-document) and its files. The API's own
 * policy loads nothing, and the page needs its scripts, styles and the document; so this path alone gets: scripts and
 * the document from this origin only (no inline script, no eval, as on the console's pages), the style attributes
 * Swagger UI writes while it renders (`'unsafe-inline'` for styles only, which run nothing), and its icons as data:
 * URLs. Nothing may frame it and nothing is sent anywhere else.
 */
export const DOCS_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/** What differs between the kinds of answer: the content security policy and the resource policy. */
type HelmetOptions = Pick<AllHelmetOptions, 'contentSecurityPolicy' | 'crossOriginResourcePolicy'>;

/** What every answer shares. */
interface SharedOptions {
  crossOriginOpenerPolicy: false;
  crossOriginEmbedderPolicy: false;
  xFrameOptions: { action: 'deny' };
  referrerPolicy: { policy: 'same-origin' };
  strictTransportSecurity: { maxAge: number; includeSubDomains: boolean } | false;
}

type HeaderSet = readonly (readonly [string, string])[];

/**
 * The headers helmet sets for `options`, worked out once: they depend on the options alone, and building helmet's
 * policy strings for every answer was a tenth of the CPU of a console's refresh (bench/LIVE-RESULTS.md).
 */
export function headersOf(shared: SharedOptions, own: HelmetOptions): HeaderSet {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  // Helmet throws on options it does not take; nothing it does for these waits on anything.
  helmet({ ...shared, ...own })(response.req, response, () => undefined);
  return Object.entries(response.getHeaders()).map(([name, value]) => [
    name,
    Array.isArray(value) ? value.join(', ') : String(value),
  ]);
}

/**
 * Headers helmet sends that only a page reads: the origin-keyed agent cluster, DNS prefetching from its links, the old
 * XSS filter and the IE download prompt. An answer that is not a page (a script, a style sheet, JSON) is sent
 * without them: the console's first load is ten answers, and these were a seventh of each one's headers.
 */
const PAGE_ONLY = new Set(['origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection', 'x-download-options']);

/** `headers` less those only a page reads. */
function forResources(headers: HeaderSet): HeaderSet {
  return headers.filter(([name]) => !PAGE_ONLY.has(name));
}

const isHtml = (contentType: unknown): boolean =>
  typeof contentType === 'string' && contentType.trimStart().toLowerCase().startsWith('text/html');

/**
 * Security headers on every answer, through helmet (README.md#security-headers): the console's policy on its pages,
 * a short one on everything else; all share the rest: nosniff, frames denied, referrers kept to this origin, and HSTS
 * only when HSTS_ENABLED says the server is reached over HTTPS.
 */
export function registerSecurityHeaders(app: FastifyInstance, settings: Settings): void {
  const scriptHashes = inlineScriptHashes(readIndexHtml(settings.CONSOLE_DIR));
  if (scriptHashes.length > 0) {
    app.log.info(
      `The console's index.html has ${String(scriptHashes.length)} inline script(s); the policy allows them by hash`,
    );
  }
  const shared: SharedOptions = {
    // Sign-in popups hand their answer back through window.opener, both from the console's own address and from the
    // API's SAML page (README.md#choices-in-the-console); an opener policy would cut that link.
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    // Same-origin requests keep their referrer and a form post its Origin (the switchboard checks it); nothing of the
    // console's addresses, which carry alert ids and filters, goes to other sites.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: settings.HSTS_ENABLED ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
  const docs = headersOf(shared, DOCS_HELMET_OPTIONS);
  const apiPages = headersOf(shared, API_HELMET_OPTIONS);
  const api = forResources(apiPages);
  const pages = [...headersOf(shared, consoleHelmetOptions(settings, scriptHashes))];
  pages.push(['permissions-policy', PERMISSIONS_POLICY]);
  const files = forResources(headersOf(shared, CONSOLE_FILE_OPTIONS));
  const basePath = settings.BASE_PATH;
  const docsPath = `${basePath}/docs`;
  // Chosen when the answer is ready, by what it is: a page of the console gets the console's policy (and the
  // Permissions-Policy, which only pages use), anything else the short one. Every answer passes here, errors and
  // 404s included.
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    let headers: HeaderSet;
    if (path === docsPath || path.startsWith(`${docsPath}/`)) headers = docs;
    else if (path === basePath || path.startsWith(`${basePath}/`)) {
      headers = isHtml(reply.getHeader('content-type')) ? apiPages : api;
    } else if (isHtml(reply.getHeader('content-type'))) headers = pages;
    else headers = files;
    // A header the answer set itself stays: the SAML sign-in page brings its own policy with a nonce.
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
