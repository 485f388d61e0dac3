import { OWN_USER_FIELDS, attributesUpdateSchema, userUpdateSchema } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import { checkEmailDomain, checkPasswordLength, saveUser } from '../auth/accounts.js';
import { requireScope } from '../auth/authenticate.js';
import { customersOfStoredUser } from '../auth/customers.js';
import { hashPassword } from '../auth/passwords.js';
import { resolveIdentity } from '../auth/permissions.js';
import { verifyToken } from '../auth/tokens.js';
import { tokenAudience } from '../auth/user-token.js';
import { type ApiApp, fieldsError } from '../http/validation.js';
import { type AppContext, principalOf } from '../context.js';
import { mergeUserAttributes } from '../domain/user-attributes.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { UserRecord } from '../store/types.js';
import { objectBody } from './ownership.js';
import { userView } from './users.js';

const OWN_FIELDS: readonly string[] = OWN_USER_FIELDS;

/**
 * Whether a field outside OWN_FIELDS asks for no change: the official CLI's `alerta me` always sends `status` (null
 * unless given) and `attributes: {}` beside what the user typed (compat/README.md), and is refused only for a value.
 */
function asksNoChange(key: string, value: unknown): boolean {
  if (value === null) return true;
  return key === 'attributes' && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

/**
 * The caller's own account (docs/api/identity.md `/user/me`): any authenticated caller; none with auth off (404). And
 * the caller's token (`/userinfo`).
 */
export function registerOwnUserRoutes(app: ApiApp, context: AppContext): void {
  const { settings, store } = context;

  /**
   * Changing the account needs `write:users` when the credential is an API key: a read-only key must not be able to
   * set its owner's password (the reference lets any authenticated caller). A user's own login session may always
   * change the account, whatever its scopes.
   */
  function checkOwnWrite(request: FastifyRequest): void {
    const principal = principalOf(request);
    if (principal.kind === 'key') requireScope(principal, 'write:users', settings);
  }

  /**
   * What an account may do and see: its scopes, and with CUSTOMER_VIEWS its customers. Both can depend on the email
   * address (ADMIN_USERS lists addresses; customers are looked up by email domain).
   */
  async function privilegesOf(user: UserRecord): Promise<string> {
    const identity = await resolveIdentity(settings, store, user);
    if (!settings.CUSTOMER_VIEWS) return JSON.stringify([identity.scopes]);
    const customers = await customersOfStoredUser(settings, store, user, identity);
    return JSON.stringify([identity.scopes, customers === undefined ? '*' : [...customers].sort()]);
  }

  async function me(request: FastifyRequest): Promise<UserRecord> {
    const principal = principalOf(request);
    let user: UserRecord | undefined;
    if (principal.userId !== null) user = await store.users.get(principal.userId);
    // API keys name their user by login.
    else if (principal.login !== null) user = await store.users.findByLoginOrEmail(principal.login);
    if (user === undefined) throw notFound('user not found');
    return user;
  }

  app.get('/user/me', { config: { scope: null } }, async (request) => ({
    status: 'ok',
    total: 1,
    user: userView(await me(request), context.apiRoot(request), settings),
  }));

  // No route schema here: the write check comes before the body is read, and the fields outside OWN_FIELDS are
  // refused by name, which a schema would drop without a word (docs/api/identity.md).
  app.put('/user/me', { config: { scope: null } }, async (request) => {
    checkOwnWrite(request);
    const raw = objectBody(request.body);
    const refused = Object.keys(raw).filter((key) => !OWN_FIELDS.includes(key) && !asksNoChange(key, raw[key]));
    if (refused.length > 0) throw badRequest(`not allowed to update: ${refused.join(', ')}`);
    const parsed = userUpdateSchema.safeParse(
      Object.fromEntries(Object.entries(raw).filter(([key]) => OWN_FIELDS.includes(key))),
    );
    if (!parsed.success) throw fieldsError(parsed.error.issues);
    const changes = parsed.data;
    if (changes.password !== undefined) checkPasswordLength(settings, changes.password);
    const stored = await me(request);
    const email = changes.email === undefined ? stored.email : changes.email;
    if (email !== stored.email) checkEmailDomain(settings, email);
    const next: UserRecord = {
      ...stored,
      name: changes.name ?? stored.name,
      email,
      password:
        changes.password === undefined
          ? stored.password
          : await hashPassword(changes.password, settings.BCRYPT_LOG_ROUNDS),
      text: changes.text === undefined ? stored.text : (changes.text ?? ''),
      updateTime: new Date().toISOString(),
      emailVerified: email === stored.email ? stored.emailVerified : false,
    };
    // Nobody may type their way into ADMIN_USERS or another customer's domain (the reference lets them).
    if (email !== stored.email && (await privilegesOf(next)) !== (await privilegesOf(stored))) {
      throw new ApiError(
        403,
        'changing the email address would change what this account may do or see: ask an administrator',
      );
    }
    await saveUser(store, next, false);
    return { status: 'ok', user: userView(next, context.apiRoot(request), settings) };
  });

  app.get('/user/me/attributes', { config: { scope: null } }, async (request) => ({
    status: 'ok',
    total: 1,
    attributes: (await me(request)).attributes,
  }));

  const putOwnAttributes = {
    config: { scope: null },
    schema: { body: attributesUpdateSchema },
    // Before the body is read, as the reference refuses the caller before it looks at the changes.
    preValidation: (request: FastifyRequest) =>
      new Promise<void>((resolve) => {
        checkOwnWrite(request);
        resolve();
      }),
  };
  app.put('/user/me/attributes', putOwnAttributes, async (request) => {
    const stored = await me(request);
    const attributes = mergeUserAttributes(stored.attributes, request.body.attributes);
    await store.users.update({ ...stored, attributes, updateTime: new Date().toISOString() });
    return { status: 'ok', attributes };
  });

  // docs/api/auth.md#routes: the claims of the caller's login token, as it was issued; other credentials have none to
  // show.
  app.get('/userinfo', { config: { scope: 'read:userinfo' } }, async (request) => {
    const header = request.headers.authorization ?? '';
    const token = /^bearer\s+(\S+)$/i.exec(header)?.[1];
    if (token === undefined) throw new ApiError(401, 'Missing authorization Bearer token');
    return verifyToken(token, context.secretKey, tokenAudience(context, request));
  });
}
