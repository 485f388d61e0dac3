import { hostname } from 'node:os';
import { basename } from 'node:path';
import { ALARM_MODELS, type AlarmModel } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import { ApiKeyVerifier } from './auth/api-keys.js';
import type { Principal } from './auth/principal.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { RequestLimits } from './auth/request-limits.js';
import { UserStatusCache } from './auth/user-status.js';
import { ServerMetrics } from './http/metrics.js';
import { SharedAnswers } from './http/shared-answers.js';
import type { Settings } from './settings.js';
import type { Store } from './store/types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Absent: a public route. A string: the scope the caller must hold (docs/api/README.md). null: any authenticated
     * caller.
     */
    scope?: string | null;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** What every route handler needs: settings, storage and values derived from them once. */
export interface AppContext {
  settings: Settings;
  store: Store;
  secretKey: string;
  /** Checks API keys with a short cache and batched usage counts (shared by authentication and the key routes). */
  apiKeys: ApiKeyVerifier;
  /** Whether the users Bearer tokens name still exist and are active, with a short cache. */
  userStatus: UserStatusCache;
  /** Request counts and timings of this process, for /management/status and /management/metrics. */
  metrics: ServerMetrics;
  /** Failed logins, counted in the database for every process (README.md#sign-in-limits). */
  loginThrottle: LoginThrottle;
  /** Sign-ups and password-reset requests, counted likewise (README.md#sign-in-limits). */
  requestLimits: RequestLimits;
  model: AlarmModel;
  /** Answers to the console's refresh reads, shared while nothing changed (docs/api/stream.md#shared-answers). */
  sharedAnswers: SharedAnswers;
  /** docs/api/alerts.md: the default origin is `<argv0 basename>/<hostname>` of the server. */
  origin: string;
  /** The public URL of the API: BASE_URL, or the request's root plus BASE_PATH, without a trailing slash. */
  apiRoot(request: FastifyRequest): string;
}

/** The alarm model of ALARM_MODEL, with DEFAULT_PREVIOUS_SEVERITY applied (docs/api/alarm-models.md). */
function activeModel(settings: Settings): AlarmModel {
  const model = ALARM_MODELS[settings.ALARM_MODEL];
  const previous = settings.DEFAULT_PREVIOUS_SEVERITY;
  return previous === null ? model : { ...model, defaults: { ...model.defaults, previous_severity: previous } };
}

/**
 * `clock` is the time the sign-in limits read, in epoch milliseconds; tests move it by hand. `metrics` are the
 * process's counters, given when something outside the app counts into them too (the demo alerts loaded at start).
 */
export function createContext(
  settings: Settings,
  store: Store,
  secretKey: string,
  clock: () => number = Date.now,
  metrics: ServerMetrics = new ServerMetrics(),
): AppContext {
  return {
    settings,
    store,
    secretKey,
    apiKeys: new ApiKeyVerifier(store.keys),
    userStatus: new UserStatusCache(store.users),
    metrics,
    loginThrottle: new LoginThrottle(store.throttleCounts, settings, clock),
    requestLimits: new RequestLimits(store.throttleCounts, settings, clock),
    model: activeModel(settings),
    sharedAnswers: new SharedAnswers(),
    origin: `${basename(process.argv[1] ?? 'alertad')}/${hostname()}`,
    apiRoot: (request) =>
      settings.BASE_URL !== '' ? settings.BASE_URL : `${request.protocol}://${request.host}${settings.BASE_PATH}`,
  };
}

/** The principal of a route with a declared scope; routes without one never call this. */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw new Error('route has no authentication configured');
  return request.principal;
}
