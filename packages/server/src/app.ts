import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppContext, createContext } from './context.js';
import type { ServerMetrics } from './http/metrics.js';
import { logUnavailable, methodNotAllowedError, notFoundError, sendError, toApiError } from './http/envelope.js';
import { preflightHeaders, registerHooks, requestIdOf } from './http/hooks.js';
import { RouteTable } from './http/route-table.js';
import { registerConsole } from './http/console.js';
import { registerCompression } from './http/compression.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { type ApiApp, inputError, registerValidation } from './http/validation.js';
import { DOCS_PREFIX, registerDocsRoutes, registerOpenApi } from './openapi/document.js';
import { registerAlertAggregateRoutes } from './routes/alert-aggregates.js';
import { registerAlertGroupedRoutes } from './routes/alert-grouped.js';
import { registerApiIndexRoute } from './routes/api-index.js';
import { scheduleHousekeeping } from './housekeeping-timer.js';
import { registerAlertChangeRoutes } from './routes/alert-changes.js';
import { registerAlertRoutes } from './routes/alerts.js';
import { registerHousekeepingRoutes } from './routes/housekeeping.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerBlackoutRoutes } from './routes/blackouts.js';
import { registerHeartbeatRoutes } from './routes/heartbeats.js';
import { registerIdentityRoutes } from './routes/identity.js';
import { registerManagementRoutes } from './routes/management.js';
import { registerMiscRoutes } from './routes/misc.js';
import { registerStreamRoutes } from './routes/stream.js';
import { registerWebhookRoutes } from './routes/webhooks.js';
import type { Settings } from './settings.js';
import type { Store } from './store/types.js';

export interface AppOptions {
  /** The key that signs tokens (already resolved from SECRET_KEY or DATA_DIR). */
  secretKey: string;
  /** false turns request logging off (tests). */
  logger?: boolean;
  /** The time the sign-in limits read, in epoch milliseconds (tests); the system clock unless given. */
  clock?: () => number;
  /** The counters of /management/status, when the caller counts into them too (main.ts: the demo alerts). */
  metrics?: ServerMetrics;
}

/** Strips credentials that may travel in the URL (query keys, mailed confirm and reset tokens) before it is logged. */
export function scrubUrl(url: string): string {
  return url
    .replace(/([?&](?:api-key|token)=)[^&]*/gi, '$1[redacted]')
    .replace(/(\/auth\/(?:confirm|reset)\/)[^/?#]+/gi, '$1[redacted]');
}

function loggerOptions(settings: Settings, enabled: boolean): NonNullable<FastifyServerOptions['logger']> {
  if (!enabled) return false;
  return {
    level: settings.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: scrubUrl(req.url),
        remoteAddress: req.ip ?? '',
      }),
    },
  };
}

/** Builds the server: the API under BASE_PATH and the console at `/`. Call `listen` or `inject` on the result. */
export async function buildApp(settings: Settings, store: Store, options: AppOptions): Promise<FastifyInstance> {
  const context: AppContext = createContext(settings, store, options.secretKey, options.clock, options.metrics);
  const app = Fastify({
    logger: loggerOptions(settings, options.logger ?? true),
    bodyLimit: settings.MAX_CONTENT_LENGTH,
    genReqId: (req) => requestIdOf(req.headers),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // The router refuses a path it cannot decode, or with an overlong parameter, before any route runs; that refusal
    // gets the error envelope too (docs/api/conventions.md#errors).
    frameworkErrors: (error, request, reply) => {
      const apiError = toApiError(error);
      if (apiError === undefined) void sendError(request, reply, 500, 'An internal error has occurred!', null);
      else void sendError(request, reply, apiError.statusCode, apiError.message, apiError.errors);
    },
  });

  // Graceful shutdown: responses finished while draining close their keep-alive connection, so close() does not
  // wait for idle clients' keep-alive timeouts.
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });

  const apiRoutes = new RouteTable();
  // The reference page's files are not API routes: the index does not list them, and a file it does not have is a 404.
  const docsPath = `${settings.BASE_PATH}${DOCS_PREFIX}`;
  app.addHook('onRoute', (route) => {
    const isDocs = route.url === docsPath || route.url.startsWith(`${docsPath}/`);
    if (route.url.startsWith(settings.BASE_PATH) && !isDocs) {
      apiRoutes.add(route.url, Array.isArray(route.method) ? route.method : [route.method]);
    }
  });

  // Route schemas are the contract's zod schemas (docs/api/README.md#openapi-document).
  registerValidation(app);
  app.setErrorHandler((error, request, reply) => {
    // A request that fails its route's schema gets the 400 the route's fields call for (docs/api/conventions.md#errors).
    const apiError = inputError(error, request.routeOptions.config.invalidInput) ?? toApiError(error);
    if (apiError === undefined) {
      request.log.error({ err: error }, 'unexpected error');
      // docs/api/conventions.md message; the exception text stays in the log so internals never reach the client.
      return sendError(request, reply, 500, 'An internal error has occurred!', null);
    }
    if (apiError.statusCode === 503) logUnavailable(request.log, error);
    reply.headers(apiError.headers);
    return sendError(request, reply, apiError.statusCode, apiError.message, apiError.errors);
  });

  // Before any route, so that the document sees every one.
  await registerOpenApi(app, settings);
  // Security headers on every answer, the console's and the API's (README.md#security-headers).
  registerSecurityHeaders(app, settings);
  registerHooks(app, context);
  scheduleHousekeeping(app, context);

  const consoleFallback = await registerConsole(app, settings);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const methods = apiRoutes.methodsFor(path);
    if (methods.length > 0) {
      if (request.method === 'OPTIONS') {
        return reply.code(200).headers(preflightHeaders(request.headers.origin, settings.corsOrigins)).send();
      }
      const error = methodNotAllowedError([...methods, 'OPTIONS']);
      reply.headers(error.headers);
      return sendError(request, reply, error.statusCode, error.message, error.errors);
    }
    const underApi = path === settings.BASE_PATH || path.startsWith(`${settings.BASE_PATH}/`);
    if (!underApi && (request.method === 'GET' || request.method === 'HEAD')) return consoleFallback(request, reply);
    const error = notFoundError();
    return sendError(request, reply, error.statusCode, error.message, error.errors);
  });

  await app.register(
    async (plain) => {
      const api: ApiApp = plain.withTypeProvider<ZodTypeProvider>();
      // First, so that every route below gets it.
      await registerCompression(api);
      await registerDocsRoutes(api, settings);
      registerApiIndexRoute(api, context, apiRoutes);
      registerMiscRoutes(api, context);
      registerAuthRoutes(api, context);
      registerAlertRoutes(api, context);
      registerStreamRoutes(api, context);
      registerAlertChangeRoutes(api, context);
      registerHousekeepingRoutes(api, context);
      registerAlertAggregateRoutes(api, context);
      registerAlertGroupedRoutes(api, context);
      registerHeartbeatRoutes(api, context);
      registerBlackoutRoutes(api, context);
      registerWebhookRoutes(api, context);
      registerIdentityRoutes(api, context);
      registerManagementRoutes(api, context);
    },
    { prefix: settings.BASE_PATH },
  );
  return app;
}
