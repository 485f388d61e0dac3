import { randomUUID } from 'node:crypto';
import {
  USER_STATUSES,
  type User,
  attributesUpdateSchema,
  hasScope,
  userInputSchema,
  userUpdateSchema,
} from '@alerta/contract';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/authenticate.js';
import { emailDomain } from '../auth/customers.js';
import { hashPassword } from '../auth/passwords.js';
import { effectiveRoles, scopesForRoles } from '../auth/permissions.js';
import { type AppContext, principalOf } from '../context.js';
import { mergeUserAttributes } from '../domain/user-attributes.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { Settings } from '../settings.js';
import { USER_COLUMNS } from '../store/users.js';
import { type Store, UniqueViolation, type UserRecord } from '../store/types.js';
import { validationError } from './alerts.js';
import { groupView } from './groups.js';
import { pagedList } from './identity-lists.js';
import { objectBody } from './ownership.js';

export function userView(u: UserRecord, apiRoot: string, settings: Settings): User {
  return {
    id: u.id,
    href: `${apiRoot}/user/${u.id}`,
    name: u.name,
    login: u.login,
    email: u.email,
    domain: emailDomain(u.email),
    status: u.status,
    roles: effectiveRoles(settings, u),
    attributes: u.attributes,
    createTime: u.createTime,
    lastLogin: u.lastLogin,
    text: u.text,
    updateTime: u.updateTime,
    email_verified: u.emailVerified,
  };
}

/** api.md §6.5: ALLOWED_EMAIL_DOMAINS, '*' allowing any. */
export function checkEmailDomain(settings: Settings, email: string | null): void {
  const domain = emailDomain(email);
  const allowed = settings.ALLOWED_EMAIL_DOMAINS;
  if (domain === null || allowed.includes('*')) return;
  if (!allowed.some((d) => d.toLowerCase() === domain)) throw new ApiError(403, `unauthorized domain ${domain}`);
}

/** api.md §1.6: 403 when the roles would grant scopes the caller does not hold. */
async function checkRolesGrantable(context: AppContext, principal: Principal, roles: readonly string[]) {
  if (principal.unrestricted) return;
  const permissions = await context.store.perms.matching(roles);
  const scopes = scopesForRoles(context.settings, { login: null, email: null, roles }, permissions);
  const missing = scopes.find((scope) => !hasScope(principal.scopes, scope));
  if (missing !== undefined) {
    throw new ApiError(403, `Requested scope '${missing}' not in existing scopes: ${principal.scopes.join(',')}`);
  }
}

export async function saveUser(store: Store, user: UserRecord, isNew: boolean): Promise<void> {
  try {
    if (isNew) await store.users.create(user);
    else await store.users.update(user);
  } catch (error) {
    if (error instanceof UniqueViolation) throw new ApiError(409, 'A user with this login or email already exists');
    throw error;
  }
}

export async function loadUser(store: Store, id: string): Promise<UserRecord> {
  const user = id === '' ? undefined : await store.users.get(id);
  if (user === undefined) throw notFound('user not found');
  return user;
}

type IdParams = { Params: { id: string } };

export function registerUserRoutes(app: FastifyInstance, context: AppContext): void {
  const { settings, store } = context;

  app.post('/user', { config: { scope: 'admin:users' } }, async (request, reply) => {
    if (settings.AUTH_PROVIDER !== 'basic') {
      throw badRequest(`users are managed by the ${settings.AUTH_PROVIDER} provider, not created here`);
    }
    const parsed = userInputSchema.safeParse(objectBody(request.body));
    if (!parsed.success) throw validationError(parsed.error);
    const input = parsed.data;
    const email = input.email ?? null;
    const login = input.login ?? email;
    if (login === null || login === '') throw badRequest("must supply 'login' or 'email'");
    if (input.password === undefined || input.password === null || input.password === '') {
      throw badRequest("missing 'password'");
    }
    checkEmailDomain(settings, email);
    const roles = input.roles ?? [...settings.USER_ROLES];
    await checkRolesGrantable(context, principalOf(request), roles);
    const user: UserRecord = {
      id: randomUUID(),
      name: input.name,
      login,
      email,
      password: await hashPassword(input.password, settings.BCRYPT_LOG_ROUNDS),
      status: input.status ?? 'active',
      roles,
      attributes: mergeUserAttributes({}, input.attributes ?? {}),
      createTime: new Date().toISOString(),
      lastLogin: null,
      text: input.text ?? '',
      updateTime: null,
      emailVerified: input.email_verified ?? false,
    };
    await saveUser(store, user, true);
    const view = userView(user, context.apiRoot(request), settings);
    return reply.code(201).header('Location', view.href).send({ status: 'ok', id: user.id, user: view });
  });

  app.get<IdParams>('/user/:id', { config: { scope: 'admin:users' } }, async (request) => {
    const user = await loadUser(store, request.params.id);
    return { status: 'ok', total: 1, user: userView(user, context.apiRoot(request), settings) };
  });

  app.get<IdParams>('/user/:id/groups', { config: { scope: 'admin:users' } }, async (request) => {
    const user = await loadUser(store, request.params.id);
    const groups = await store.groups.groupsOf(user.id);
    const apiRoot = context.apiRoot(request);
    return { status: 'ok', groups: groups.map((g) => groupView(g, apiRoot)), total: groups.length };
  });

  app.get('/users', { config: { scope: 'admin:users' } }, async (request) => {
    const { envelope, rows, total } = await pagedList(
      request,
      settings.DEFAULT_PAGE_SIZE,
      { columns: USER_COLUMNS, statuses: USER_STATUSES },
      store.users,
    );
    const apiRoot = context.apiRoot(request);
    return {
      ...envelope,
      users: rows.map((u) => userView(u, apiRoot, settings)),
      domains: settings.ALLOWED_EMAIL_DOMAINS,
      total,
    };
  });

  app.put<IdParams>('/user/:id', { config: { scope: 'admin:users' } }, async (request) => {
    const parsed = userUpdateSchema.safeParse(objectBody(request.body));
    if (!parsed.success) throw validationError(parsed.error);
    const changes = parsed.data;
    const stored = await loadUser(store, request.params.id);
    const roles = changes.roles ?? (changes.role === undefined ? undefined : [changes.role]);
    if (roles !== undefined) await checkRolesGrantable(context, principalOf(request), roles);
    const email = changes.email === undefined ? stored.email : changes.email;
    if (email !== stored.email) checkEmailDomain(settings, email);
    const next: UserRecord = {
      ...stored,
      name: changes.name ?? stored.name,
      login: changes.login ?? stored.login,
      email,
      password:
        changes.password === undefined
          ? stored.password
          : await hashPassword(changes.password, settings.BCRYPT_LOG_ROUNDS),
      status: changes.status ?? stored.status,
      roles: roles ?? stored.roles,
      attributes: mergeUserAttributes(stored.attributes, changes.attributes ?? {}),
      text: changes.text === undefined ? stored.text : (changes.text ?? ''),
      updateTime: new Date().toISOString(),
      // api.md §1.6: a new email address is unverified unless the request says otherwise.
      emailVerified: changes.email_verified ?? (email === stored.email ? stored.emailVerified : false),
    };
    await saveUser(store, next, false);
    return { status: 'ok', user: userView(next, context.apiRoot(request), settings) };
  });

  // Not in the reference, but the console reads a user's attributes this way (console.md §7).
  app.get<IdParams>('/user/:id/attributes', { config: { scope: 'admin:users' } }, async (request) => ({
    status: 'ok',
    total: 1,
    attributes: (await loadUser(store, request.params.id)).attributes,
  }));

  app.put<IdParams>('/user/:id/attributes', { config: { scope: 'admin:users' } }, async (request) => {
    const parsed = attributesUpdateSchema.safeParse(objectBody(request.body));
    if (!parsed.success) throw validationError(parsed.error);
    const stored = await loadUser(store, request.params.id);
    const attributes = mergeUserAttributes(stored.attributes, parsed.data.attributes);
    await store.users.update({ ...stored, attributes, updateTime: new Date().toISOString() });
    return { status: 'ok', attributes };
  });

  app.delete<IdParams>('/user/:id', { config: { scope: 'admin:users' } }, async (request) => {
    const deleted = request.params.id !== '' && (await store.users.delete(request.params.id));
    if (!deleted) throw notFound('user not found');
    return { status: 'ok' };
  });
}
