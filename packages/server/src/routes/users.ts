import { randomUUID } from 'node:crypto';
import {
  USER_STATUSES,
  type User,
  attributesUpdateSchema,
  defaultUserName,
  userInputSchema,
  userUpdateSchema,
} from '@alerta/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkEmailDomain, checkPasswordLength, loadUser, saveUser } from '../auth/accounts.js';
import { hashPassword } from '../auth/passwords.js';
import { customersOfStoredUser, emailDomain, requireCustomersWithin } from '../auth/customers.js';
import { effectiveRoles, requireScopesWithin, resolveIdentity, scopesForRoles } from '../auth/permissions.js';
import type { ApiApp } from '../http/validation.js';
import { idParams } from '../openapi/schemas.js';
import { type AppContext, principalOf } from '../context.js';
import { mergeUserAttributes } from '../domain/user-attributes.js';
import { badRequest, notFound } from '../errors.js';
import type { Settings } from '../settings.js';
import { USER_COLUMNS } from '../store/fields.js';
import type { UserRecord } from '../store/types.js';
import { groupView } from './groups.js';
import { pagedList } from './identity-lists.js';

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

type IdParams = { Params: { id: string } };

export function registerUserRoutes(app: ApiApp, context: AppContext): void {
  const { settings, store } = context;

  /**
   * 403 unless the caller holds every scope the user's identity gives, and with CUSTOMER_VIEWS sees every customer
   * it reaches (roles and the email domain are customer lookups too).
   */
  async function requireWithinCaller(
    request: FastifyRequest,
    user: UserRecord,
    identity: { roles: readonly string[]; groups: readonly string[]; scopes: readonly string[] },
    says: { scope: (scope: string) => string; customers: string },
  ): Promise<void> {
    const principal = principalOf(request);
    requireScopesWithin(principal, identity.scopes, settings, says.scope);
    if (principal.customers !== undefined) {
      requireCustomersWithin(principal, await customersOfStoredUser(settings, store, user, identity), says.customers);
    }
  }

  /**
   * docs/api/identity.md: 403 when the user would end up with scopes the caller does not hold, whether through roles or
   * a login or email listed in ADMIN_USERS. Scopes are worked out as at login (docs/api/scopes.md#scopes-from-roles).
   */
  async function requireGrantable(request: FastifyRequest, user: UserRecord, isNew: boolean): Promise<void> {
    if (principalOf(request).unrestricted) return;
    // A new user belongs to no group yet, so the roles alone decide.
    const identity = isNew
      ? {
          roles: user.roles,
          groups: [],
          scopes: scopesForRoles(settings, user, await store.perms.matching(user.roles)),
        }
      : await resolveIdentity(settings, store, user);
    await requireWithinCaller(request, user, identity, {
      scope: (s) => `Requested scope '${s}'`,
      customers: `User '${user.login}'`,
    });
  }

  /**
   * A user who holds more than the caller is out of the caller's hands: a new password or email address would hand
   * the caller that account, and any other change or deletion would let them act on someone above them.
   */
  async function requireInCharge(request: FastifyRequest, user: UserRecord): Promise<void> {
    if (principalOf(request).unrestricted) return;
    await requireWithinCaller(request, user, await resolveIdentity(settings, store, user), {
      scope: (s) => `User '${user.login}' holds scope '${s}'`,
      customers: `Managing user '${user.login}'`,
    });
  }

  const createUser = {
    config: { scope: 'admin:users' },
    schema: { body: userInputSchema },
    // Before the body is read, as the provider decides whether there is anything to create.
    preValidation: (_request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      if (settings.AUTH_PROVIDER === 'basic') done();
      else done(badRequest(`users are managed by the ${settings.AUTH_PROVIDER} provider, not created here`));
    },
  };
  app.post('/user', createUser, async (request, reply) => {
    const input = request.body;
    const email = input.email ?? null;
    const login = input.login ?? email;
    if (login === null || login === '') throw badRequest("must supply 'login' or 'email'");
    if (input.password === undefined || input.password === null || input.password === '') {
      throw badRequest("missing 'password'");
    }
    checkPasswordLength(settings, input.password);
    checkEmailDomain(settings, email);
    const roles = input.roles ?? [...settings.USER_ROLES];
    const user: UserRecord = {
      id: randomUUID(),
      name: input.name ?? defaultUserName(login),
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
    await requireGrantable(request, user, true);
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

  app.put(
    '/user/:id',
    { config: { scope: 'admin:users' }, schema: { params: idParams, body: userUpdateSchema } },
    async (request) => {
      const changes = request.body;
      if (changes.password !== undefined) checkPasswordLength(settings, changes.password);
      const stored = await loadUser(store, request.params.id);
      await requireInCharge(request, stored);
      const roles = changes.roles ?? (changes.role === undefined ? undefined : [changes.role]);
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
        // docs/api/identity.md: a new email address is unverified unless the request says otherwise.
        emailVerified: changes.email_verified ?? (email === stored.email ? stored.emailVerified : false),
      };
      await requireGrantable(request, next, false);
      await saveUser(store, next, false);
      return { status: 'ok', user: userView(next, context.apiRoot(request), settings) };
    },
  );

  // Not in the reference's routes, but the predecessor console reads a user's attributes this way
  // (docs/console/predecessor.md).
  app.get<IdParams>('/user/:id/attributes', { config: { scope: 'admin:users' } }, async (request) => ({
    status: 'ok',
    total: 1,
    attributes: (await loadUser(store, request.params.id)).attributes,
  }));

  app.put(
    '/user/:id/attributes',
    { config: { scope: 'admin:users' }, schema: { params: idParams, body: attributesUpdateSchema } },
    async (request) => {
      const stored = await loadUser(store, request.params.id);
      await requireInCharge(request, stored);
      const attributes = mergeUserAttributes(stored.attributes, request.body.attributes);
      await store.users.update({ ...stored, attributes, updateTime: new Date().toISOString() });
      return { status: 'ok', attributes };
    },
  );

  app.delete<IdParams>('/user/:id', { config: { scope: 'admin:users' } }, async (request) => {
    const stored = await loadUser(store, request.params.id);
    await requireInCharge(request, stored);
    // Gone in the meantime: answered as if it had never been there.
    if (!(await store.users.delete(stored.id))) throw notFound('user not found');
    return { status: 'ok' };
  });
}
