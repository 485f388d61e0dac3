import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  type ApiKey,
  KEY_STATUSES,
  type KeyType,
  apiKeyInputSchema,
  apiKeyUpdateSchema,
  isValidScope,
  keyType,
} from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import { ADMIN_SCOPES, isAdminUser, requireScopesWithin } from '../auth/permissions.js';
import type { ApiApp } from '../http/validation.js';
import { keyParams } from '../openapi/schemas.js';
import { type AppContext, principalOf } from '../context.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { Settings } from '../settings.js';
import type { ApiKeyRecord } from '../store/identity-types.js';
import { KEY_COLUMNS } from '../store/fields.js';
import { UniqueViolation } from '../store/types.js';
import { pagedList } from './identity-lists.js';
import { assignCustomer, holdsAdmin, visibleCustomer } from './ownership.js';

/** docs/api/keys.md: keys expire a year after creation unless told otherwise. */
const KEY_EXPIRE_DAYS = 365;

export function apiKeyView(k: ApiKeyRecord, apiRoot: string, now: Date): ApiKey {
  return {
    id: k.id,
    key: k.key,
    status: Date.parse(k.expireTime) <= now.getTime() ? 'expired' : 'active',
    href: `${apiRoot}/key/${k.key}`,
    user: k.user,
    scopes: k.scopes,
    type: keyType(k.scopes),
    text: k.text,
    expireTime: k.expireTime,
    count: k.count,
    lastUsedTime: k.lastUsedTime,
    customer: k.customer,
  };
}

/** docs/api/keys.md: 40 characters of URL-safe base64 of an HMAC-SHA256. */
function newKeyString(secret: string): string {
  return createHmac('sha256', secret).update(randomBytes(32)).digest('base64url').slice(0, 40);
}

/** docs/api/keys.md: `type` overrides the scopes; an ADMIN_USERS owner's read-write key gets the admin scopes. */
function scopesOfType(type: KeyType, user: string, settings: Settings): string[] {
  if (type === 'read-only') return ['read'];
  return isAdminUser(settings, user) ? [...ADMIN_SCOPES] : ['read', 'write'];
}

/** Nobody hands on a scope they do not hold themselves (docs/api/keys.md, 403). */
function checkGrantable(principal: Principal, scopes: readonly string[], settings: Settings): void {
  const invalid = scopes.find((scope) => !isValidScope(scope));
  if (invalid !== undefined) throw badRequest(`Invalid scope '${invalid}'`);
  requireScopesWithin(principal, scopes, settings, (scope) => `Requested scope '${scope}'`);
}

type KeyParams = { Params: { key: string } };

export function registerKeyRoutes(app: ApiApp, context: AppContext): void {
  const { settings, store, apiKeys } = context;

  /** The key named in the path; other users' keys do not exist for callers without admin:keys. */
  async function visibleKey(request: FastifyRequest<KeyParams>): Promise<ApiKeyRecord> {
    const found = request.params.key === '' ? undefined : await store.keys.find(request.params.key);
    const principal = principalOf(request);
    // Keys of one's own, and for admin:keys holders the keys of their customers (docs/api/customers.md).
    const own = found !== undefined && found.user === principal.login;
    const administered =
      found !== undefined && holdsAdmin(principal, 'admin:keys') && visibleCustomer(principal, found.customer);
    if (found === undefined || !(own || administered)) throw notFound('API key not found');
    return found;
  }

  app.post('/key', { config: { scope: 'write:keys' }, schema: { body: apiKeyInputSchema } }, async (request, reply) => {
    const parsedBody = request.body;
    const input = parsedBody;
    const principal = principalOf(request);
    const admin = holdsAdmin(principal, 'admin:keys');
    // docs/api/keys.md: `user` is honoured only for admin:keys holders; everyone else gets keys of their own.
    const user = admin && typeof input.user === 'string' && input.user !== '' ? input.user : principal.login;
    if (user === null) throw badRequest('An API key must belong to a user: log in, or name the user');
    // docs/api/keys.md: without scopes (none, or an empty list, which the reference's client sends) the default ones.
    const scopes =
      input.type !== undefined
        ? scopesOfType(input.type, user, settings)
        : input.scopes !== undefined && input.scopes.length > 0
          ? input.scopes
          : settings.USER_DEFAULT_SCOPES;
    checkGrantable(principal, scopes, settings);
    const now = new Date();
    const record: ApiKeyRecord = {
      id: randomUUID(),
      key: input.key ?? newKeyString(context.secretKey),
      user,
      scopes: [...new Set(scopes)],
      text: input.text ?? '',
      expireTime: input.expireTime ?? new Date(now.getTime() + KEY_EXPIRE_DAYS * 86_400_000).toISOString(),
      count: 0,
      lastUsedTime: null,
      customer: assignCustomer(principal, input.customer, 'admin:keys'),
    };
    try {
      await store.keys.create(record);
    } catch (error) {
      if (error instanceof UniqueViolation) throw new ApiError(409, 'An API key with this key string already exists');
      throw error;
    }
    apiKeys.forget(record.key);
    const view = apiKeyView(record, context.apiRoot(request), now);
    return reply.code(201).header('Location', view.href).send({ status: 'ok', key: record.key, data: view });
  });

  app.get<KeyParams>('/key/:key', { config: { scope: 'read:keys' } }, async (request) => {
    await apiKeys.flush();
    const found = await visibleKey(request);
    return { status: 'ok', total: 1, key: apiKeyView(found, context.apiRoot(request), new Date()) };
  });

  app.get('/keys', { config: { scope: 'read:keys' } }, async (request) => {
    await apiKeys.flush();
    const principal = principalOf(request);
    const own = holdsAdmin(principal, 'admin:keys')
      ? []
      : [{ field: 'user', negate: false, values: [principal.login ?? ''] }];
    const { envelope, rows, total } = await pagedList(
      request,
      settings.DEFAULT_PAGE_SIZE,
      {
        columns: KEY_COLUMNS,
        statuses: KEY_STATUSES,
        restrict: own,
        customers: own.length > 0 ? undefined : principal.customers,
      },
      store.keys,
    );
    const now = new Date();
    const apiRoot = context.apiRoot(request);
    return { ...envelope, keys: rows.map((k) => apiKeyView(k, apiRoot, now)), total };
  });

  app.put(
    '/key/:key',
    { config: { scope: 'write:keys' }, schema: { params: keyParams, body: apiKeyUpdateSchema } },
    async (request) => {
      const parsedBody = request.body;
      const changes = parsedBody;
      const stored = await visibleKey(request);
      const principal = principalOf(request);
      const admin = holdsAdmin(principal, 'admin:keys');
      const user = admin && typeof changes.user === 'string' && changes.user !== '' ? changes.user : stored.user;
      const scopes = changes.type !== undefined ? scopesOfType(changes.type, user, settings) : changes.scopes;
      if (scopes !== undefined) checkGrantable(principal, scopes, settings);
      const next: ApiKeyRecord = {
        ...stored,
        user,
        scopes: scopes === undefined ? stored.scopes : [...new Set(scopes)],
        text: changes.text === undefined ? stored.text : (changes.text ?? ''),
        expireTime: changes.expireTime ?? stored.expireTime,
        customer:
          changes.customer === undefined ? stored.customer : assignCustomer(principal, changes.customer, 'admin:keys'),
      };
      await store.keys.update(next);
      apiKeys.forget(stored.key);
      await apiKeys.flush();
      const fresh = (await store.keys.find(stored.id)) ?? next;
      return { status: 'ok', key: apiKeyView(fresh, context.apiRoot(request), new Date()) };
    },
  );

  app.delete<KeyParams>('/key/:key', { config: { scope: 'admin:keys' } }, async (request) => {
    const stored = await visibleKey(request);
    await store.keys.delete(stored.id);
    apiKeys.forget(stored.key);
    return { status: 'ok' };
  });
}
