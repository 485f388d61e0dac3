import { hasScope, parseScopeClaim } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';
import type { Store, UserRepository } from '../store/types.js';
import type { ApiKeyVerifier } from './api-keys.js';
import type { HawkVerifier } from './hawk.js';
import { signInWithLdap } from './ldap-sign-in.js';
import type { LoginThrottle } from './login-throttle.js';
import { signInWithPassword } from './password-sign-in.js';
import { ADMIN_SCOPES, resolveIdentity } from './permissions.js';
import type { Principal } from './principal.js';
import { verifyToken } from './tokens.js';
import type { UserStatusCache } from './user-status.js';

export interface AuthContext {
  settings: Settings;
  users: UserRepository;
  /** Group membership and permissions, for the scopes of Basic credentials; users too, for LDAP's accounts. */
  store: Store;
  apiKeys: ApiKeyVerifier;
  /** HMAC_AUTH_CREDENTIALS and the nonces seen (docs/api/auth.md#credentials). */
  hawk: HawkVerifier;
  userStatus: UserStatusCache;
  /** Failed Basic credentials count with failed logins (README.md#sign-in-limits). */
  loginThrottle: LoginThrottle;
  secretKey: string;
  /** The audience tokens are issued for and checked against (docs/api/auth.md#credentials). */
  audience: (request: FastifyRequest) => string;
}

/**
 * One kind of credential. Returns undefined when the request does not carry it; throws 401 when it carries it and it
 * is wrong. API keys join as one more strategy, ahead of the others (docs/api/auth.md#credentials order).
 */
export type CredentialStrategy = (request: FastifyRequest, context: AuthContext) => Promise<Principal | undefined>;

function authorizationHeader(request: FastifyRequest, scheme: string): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== scheme) return undefined;
  return header.slice(space + 1).trim();
}

/** docs/api/auth.md#credentials: `Authorization: Key …`, else `X-API-Key`, else `?api-key=`. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const fromAuthorization = authorizationHeader(request, 'key');
  if (fromAuthorization !== undefined) return fromAuthorization;
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header.trim();
  const query = request.query as Record<string, unknown> | undefined;
  const param = query?.['api-key'];
  if (typeof param === 'string') return param;
  if (Array.isArray(param) && typeof param[0] === 'string') return param[0];
  return undefined;
}

const apiKeyStrategy: CredentialStrategy = async (request, context) => {
  const key = apiKeyOf(request);
  if (key === undefined) return undefined;
  const record = await context.apiKeys.verify(key);
  return {
    kind: 'key',
    login: record.user,
    userId: null,
    roles: [],
    scopes: record.scopes,
    unrestricted: false,
    customers: record.customer === null ? undefined : [record.customer],
  };
};

/**
 * docs/api/auth.md#credentials: a verified Hawk sender gets the admin scopes, as in the reference. It is a shared key
 * rather than a user, so it is treated like an API key that names no customer: with CUSTOMER_VIEWS its admin scope sees
 * them all.
 */
const hawkStrategy: CredentialStrategy = (request, context) => {
  const header = request.headers.authorization;
  if (header === undefined || !/^hawk(?:\s|$)/i.test(header)) return Promise.resolve(undefined);
  const id = context.hawk.verify(request, header.slice(4).trim());
  return Promise.resolve({
    kind: 'key',
    login: id,
    userId: null,
    roles: [],
    scopes: [...ADMIN_SCOPES],
    unrestricted: false,
    customers: undefined,
  });
};

const bearerStrategy: CredentialStrategy = async (request, context) => {
  const token = authorizationHeader(request, 'bearer');
  if (token === undefined) return undefined;
  const claims = await verifyToken(token, context.secretKey, context.audience(request));
  // Every token we issue names its user; one that names nobody cannot be checked against the account below.
  const userId = claims.sub;
  if (userId === undefined || userId === '') throw new ApiError(401, 'Token is invalid');
  // A token outlives changes to its user: a deactivated or deleted account must not keep working until it expires.
  const status = await context.userStatus.statusOf(userId);
  if (status === undefined) throw new ApiError(401, 'Token is invalid: its user no longer exists');
  if (status !== 'active') throw new ApiError(401, `User ${claims.preferred_username ?? userId} not active`);
  return {
    kind: 'user',
    login: claims.preferred_username ?? claims.email ?? null,
    userId,
    roles: claims.roles ?? [],
    scopes: parseScopeClaim(claims.scope),
    unrestricted: false,
    customers: undefined,
  };
};

const basicRealm = () =>
  new ApiError(401, 'Authorization required', null, { 'WWW-Authenticate': 'Basic realm=Alerta' });

const basicStrategy: CredentialStrategy = async (request, context) => {
  const encoded = authorizationHeader(request, 'basic');
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw basicRealm();
  const credentials = { name: decoded.slice(0, colon), password: decoded.slice(colon + 1), address: request.ip };
  // The same checks as POST /auth/login, throttle included: Basic must not let in an account the login refuses.
  // On an LDAP server that means the directory, as for the login; stored passwords do not count there.
  const { user, groups: directoryGroups } =
    context.settings.AUTH_PROVIDER === 'ldap'
      ? await signInWithLdap(context, credentials, { refused: basicRealm, log: request.log })
      : {
          user: await signInWithPassword(context, credentials, { refused: basicRealm }),
          groups: [],
        };
  const { roles, groups, scopes } = await resolveIdentity(context.settings, context.store, user, directoryGroups);
  return {
    kind: 'user',
    login: user.login,
    userId: user.id,
    roles: [...roles, ...groups],
    scopes,
    unrestricted: false,
    customers: undefined,
  };
};

const STRATEGIES: readonly CredentialStrategy[] = [apiKeyStrategy, hawkStrategy, bearerStrategy, basicStrategy];

/**
 * docs/api/auth.md#credentials: the first credential present decides; without any, the AUTH_REQUIRED / ALLOW_READONLY
 * rules apply.
 */
export async function authenticate(request: FastifyRequest, context: AuthContext): Promise<Principal> {
  for (const strategy of STRATEGIES) {
    const principal = await strategy(request, context);
    if (principal !== undefined) return principal;
  }
  const { AUTH_REQUIRED, ALLOW_READONLY, READONLY_SCOPES } = context.settings;
  if (!AUTH_REQUIRED) {
    return {
      kind: 'anonymous',
      login: null,
      userId: null,
      roles: [],
      scopes: [],
      unrestricted: true,
      customers: undefined,
    };
  }
  if (ALLOW_READONLY) {
    // Spec README: anonymous readers get exactly READONLY_SCOPES and are scope-checked (the reference skips it).
    return {
      kind: 'anonymous',
      login: null,
      userId: null,
      roles: [],
      scopes: [...READONLY_SCOPES],
      unrestricted: false,
      customers: undefined,
    };
  }
  throw new ApiError(401, 'Missing authorization API Key or Bearer Token');
}

/** 403 unless the principal holds the scope (docs/api/scopes.md#scopes-from-roles implication rules). */
export function requireScope(principal: Principal, scope: string, settings: Pick<Settings, 'DELETE_SCOPES'>): void {
  if (principal.unrestricted) return;
  if (!hasScope(principal.scopes, scope, { deleteScopes: settings.DELETE_SCOPES })) {
    throw new ApiError(403, `Missing required scope: ${scope}`);
  }
}
