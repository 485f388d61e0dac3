import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, requireScope } from '../auth/authenticate.js';
import { customersOf } from '../auth/customers.js';
import { HawkVerifier, registerHawkPayloadCheck } from '../auth/hawk.js';
import { tokenAudience } from '../auth/user-token.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';
import { type CorsOrigins, allowedOrigin } from './cors-origins.js';
import { JSON_CONTENT_TYPE_MESSAGE } from './envelope.js';
import { registerEtags } from './etag.js';
import { registerMetricsHook } from './metrics.js';
import { registerSharedAnswers } from './shared-answers.js';
import { registerStoredTextCheck } from './stored-text.js';
import { addVary } from './vary.js';

// Request ids come from clients and proxies; anything odd or long is replaced rather than echoed.
const REQUEST_ID_PATTERN = /^[\w\-.:;=+/]{1,200}$/;

/** docs/api/conventions.md: X-Request-ID, then X-Amzn-Trace-Id, else a new uuid. */
export function requestIdOf(headers: FastifyRequest['headers']): string {
  for (const name of ['x-request-id', 'x-amzn-trace-id']) {
    const value = headers[name];
    if (typeof value === 'string' && REQUEST_ID_PATTERN.test(value)) return value;
  }
  return randomUUID();
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mime = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

// docs/api/conventions.md: the exceptions to the JSON content-type rule. The management routes are outside the api
// blueprint in the reference, so cron jobs may POST to housekeeping without a body. Webhooks take what their senders
// send (docs/webhooks.md: Amazon SNS posts JSON as text/plain, Slack a form).
const FORM_ROUTES = [
  '/auth/logout',
  '/auth/saml',
  '/management/housekeeping',
  '/management/switchboard',
  '/webhooks/:name',
  '/webhooks/:name/*',
];

export function registerHooks(app: FastifyInstance, context: AppContext): void {
  const { settings } = context;
  app.decorateRequest('principal', null);
  // Usage counts of API keys are written in batches; the last batch goes out before the database closes.
  app.addHook('onClose', () => context.apiKeys.close());
  // A user deactivated or deleted through this process loses their tokens at once, not when the cache expires.
  const stopListening = context.store.users.onChange((id) => context.userStatus.forget(id));
  app.addHook('onClose', (_app, done) => {
    stopListening();
    done();
  });
  registerMetricsHook(app, context.metrics, settings.BASE_PATH);
  // Before the entity tags, which then tag a shared answer as they tag a fresh one.
  registerSharedAnswers(app, context.sharedAnswers, settings.BASE_PATH, (request) => context.apiRoot(request));
  registerEtags(app, settings.BASE_PATH);
  registerStoredTextCheck(app, settings.BASE_PATH);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-ID', request.id);
    const origin = allowedOrigin(request.headers.origin, settings.corsOrigins);
    if (origin !== undefined) {
      reply.header('Access-Control-Allow-Origin', origin);
      // The console reads the entity tag to ask again with If-None-Match (etag.ts).
      reply.header('Access-Control-Expose-Headers', 'ETag');
      if (origin !== '*') addVary(reply, 'Origin');
    }
    done(null, payload);
  });

  const auth = {
    settings,
    users: context.store.users,
    store: context.store,
    apiKeys: context.apiKeys,
    hawk: new HawkVerifier(settings.HMAC_AUTH_CREDENTIALS),
    userStatus: context.userStatus,
    loginThrottle: context.loginThrottle,
    secretKey: context.secretKey,
    audience: (r: FastifyRequest) => tokenAudience(context, r),
  };

  // Without Hawk credentials no Hawk header verifies, so no body needs checking either.
  if (settings.HMAC_AUTH_CREDENTIALS.length > 0) registerHawkPayloadCheck(app);

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith(settings.BASE_PATH)) return;
    // Clients that send `Content-Type: application/json` on every request must not get a 400 for a DELETE or a form
    // route without a body: there is nothing to parse.
    const length = request.headers['content-length'];
    const bodiless = length === '0' || (length === undefined && request.headers['transfer-encoding'] === undefined);
    const route = url.slice(settings.BASE_PATH.length);
    if (bodiless && (request.method === 'DELETE' || FORM_ROUTES.includes(route))) {
      delete request.headers['content-type'];
    }
    // docs/api/conventions.md: POST and PUT must send JSON; checked before credentials, as the reference does.
    if (request.method === 'POST' || request.method === 'PUT') {
      const path = url.slice(settings.BASE_PATH.length);
      if (!FORM_ROUTES.includes(path) && !isJson(request.headers['content-type'])) {
        throw new ApiError(415, JSON_CONTENT_TYPE_MESSAGE);
      }
    }
    const scope = request.routeOptions.config.scope;
    if (scope === undefined) return;
    const principal = await authenticate(request, auth);
    if (scope !== null) requireScope(principal, scope, settings);
    // Without CUSTOMER_VIEWS every caller sees every customer, whatever a key names (docs/api/customers.md).
    if (settings.CUSTOMER_VIEWS) {
      request.principal = { ...principal, customers: await customersOf(principal, settings, context.store) };
    } else {
      request.principal = principal.customers === undefined ? principal : { ...principal, customers: undefined };
    }
  });
}

/** CORS preflight answer (docs/api/conventions.md). */
export function preflightHeaders(origin: string | undefined, allowed: CorsOrigins): Record<string, string> {
  const allowOrigin = allowedOrigin(origin, allowed);
  if (allowOrigin === undefined) return {};
  return {
    'Access-Control-Allow-Origin': allowOrigin,
    'Access-Control-Allow-Methods': 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT',
    'Access-Control-Allow-Headers':
      'Content-Type, Authorization, Access-Control-Allow-Origin, X-Request-ID, If-None-Match',
    'Access-Control-Max-Age': '600',
  };
}
