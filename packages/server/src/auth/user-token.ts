import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { UserRecord } from '../store/types.js';
import { customersOfUser, emailDomain } from './customers.js';
import { effectiveRoles, scopesForRoles } from './permissions.js';
import { issueToken } from './tokens.js';

export interface TokenExtras {
  /**
   * Roles and groups a provider asserted in its claims, added to the stored ones
   * (docs/api/scopes.md#scopes-from-roles).
   */
  roles?: readonly string[];
  groups?: readonly string[];
  orgs?: readonly string[];
  picture?: string | null;
}

/**
 * The audience of tokens this server issues and accepts (docs/api/auth.md#credentials): the first of these that is set.
 */
export function tokenAudience(context: AppContext, request: FastifyRequest): string {
  const { OAUTH2_CLIENT_ID, SAML2_ENTITY_ID } = context.settings;
  if (OAUTH2_CLIENT_ID !== '') return OAUTH2_CLIENT_ID;
  return SAML2_ENTITY_ID !== '' ? SAML2_ENTITY_ID : context.apiRoot(request);
}

/** Issues the login token of docs/api/auth.md#tokens for a stored user and records the login. */
export async function tokenForUser(
  context: AppContext,
  request: FastifyRequest,
  user: UserRecord,
  provider: string,
  extras: TokenExtras = {},
): Promise<string> {
  const { settings, store } = context;
  const roles = [...new Set([...effectiveRoles(settings, user), ...(extras.roles ?? [])])];
  const stored = (await store.groups.groupsOf(user.id)).map((g) => g.name);
  const groups = [...new Set([...stored, ...(extras.groups ?? [])])];
  const allRoles = [...new Set([...roles, ...groups, ...(extras.orgs ?? [])])];
  const permissions = await store.perms.matching(allRoles);
  const scopes = scopesForRoles(settings, { login: user.login, email: user.email, roles: allRoles }, permissions);
  // docs/api/customers.md: the console shows these; requests look the customers up again, so a changed lookup applies
  // at once.
  const domain = emailDomain(user.email);
  const customers = settings.CUSTOMER_VIEWS
    ? await customersOfUser(settings, store, {
        login: user.login,
        email: user.email,
        scopes,
        others: [...allRoles, ...(domain === null ? [] : [domain])],
      })
    : undefined;
  const token = await issueToken(
    {
      userId: user.id,
      name: user.name,
      login: user.login,
      email: user.email,
      emailVerified: user.emailVerified,
      provider,
      roles,
      groups,
      scopes,
      ...(extras.orgs === undefined ? {} : { orgs: extras.orgs }),
      ...(extras.picture === undefined ? {} : { picture: extras.picture }),
      ...(customers === undefined ? {} : { customers }),
    },
    {
      secret: context.secretKey,
      issuer: context.apiRoot(request),
      audience: tokenAudience(context, request),
      expireDays: settings.TOKEN_EXPIRE_DAYS,
    },
  );
  await store.users.recordLogin(user.id, new Date().toISOString());
  return token;
}
