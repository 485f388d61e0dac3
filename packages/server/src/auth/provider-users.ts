import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';
import { checkEmailDomain, saveUser } from './accounts.js';
import type { UserRecord } from '../store/types.js';

/** Who a provider says the caller is, after its claims have been checked. */
export interface ProviderIdentity {
  /** Our user id for this account: stable for the provider's subject. */
  id: string;
  login: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  /** The new account's description (the reference marks LDAP accounts 'LDAP user'). */
  text?: string;
}

/** '*' allows anyone; otherwise one of the values must be listed. */
export function allowedBy(allowed: readonly string[], values: readonly string[]): boolean {
  return allowed.includes('*') || values.some((value) => allowed.includes(value));
}

/**
 * The stored user of a provider identity, created on first sign-in. An existing account is taken over by its email
 * only when the provider says the address is verified, so nobody gets in by claiming someone else's address.
 */
export async function providerUser(
  context: Pick<AppContext, 'settings' | 'store'>,
  identity: ProviderIdentity,
): Promise<UserRecord> {
  const { settings, store } = context;
  checkEmailDomain(settings, identity.email);
  if (settings.EMAIL_VERIFICATION && !identity.emailVerified) throw new ApiError(403, 'email not verified');
  let user = await store.users.get(identity.id);
  if (user === undefined && identity.email !== null && identity.emailVerified) {
    const byEmail = await store.users.findByLoginOrEmail(identity.email);
    if (byEmail?.email?.toLowerCase() === identity.email.toLowerCase()) user = byEmail;
  }
  if (user === undefined) {
    user = {
      id: identity.id,
      name: identity.name,
      login: identity.login,
      email: identity.email,
      // No password: such a user signs in only through the provider.
      password: '',
      status: 'active',
      roles: [...settings.USER_ROLES],
      attributes: {},
      createTime: new Date().toISOString(),
      lastLogin: null,
      text: identity.text ?? '',
      updateTime: null,
      emailVerified: identity.emailVerified,
    };
    await saveUser(store, user, true);
  }
  if (user.status !== 'active') throw new ApiError(403, `User ${user.login} not active`);
  return user;
}
