import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { UserRecord } from '../store/types.js';
import { type DirectoryAccount, checkDirectoryPassword, parseLdapLogin } from './ldap.js';
import type { PasswordCredentials } from './password-sign-in.js';
import { allowedBy, providerUser } from './provider-users.js';

/** A user the directory vouched for, and the directory's groups, which the token carries (docs/api/auth.md#tokens). */
export interface LdapSignIn {
  user: UserRecord;
  groups: string[];
}

export interface LdapSignInOptions {
  /** The error for an unknown user or a wrong password (the login route's 401, or Basic's challenge). */
  refused: () => ApiError;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The one directory check behind POST /auth/login and Basic credentials when AUTH_PROVIDER is ldap: the login
 * throttle, the password against the directory, ALLOWED_LDAP_GROUPS, then the stored account (found or created,
 * never taken over by an address the directory does not vouch for). Nothing is written unless all of it passes.
 */
export async function signInWithLdap(
  context: Pick<AppContext, 'settings' | 'store' | 'loginThrottle'>,
  credentials: PasswordCredentials,
  options: LdapSignInOptions,
): Promise<LdapSignIn> {
  const { settings } = context;
  const { name, password, address } = credentials;
  // RFC 4513 §5.1.2: a bind with a name and no password is "unauthenticated" and succeeds; it must never be sent.
  if (password === '') throw options.refused();
  const login = parseLdapLogin(settings, name);
  // Counted per directory user, so `DOMAIN\user` and `user@domain` share one count.
  const counted = `${login.username}@${login.domain}`;
  const throttle = context.loginThrottle;
  const attempt = await throttle.check(counted, address);
  let account: DirectoryAccount | undefined;
  try {
    account = await checkDirectoryPassword(settings, login, password);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode >= 500) {
      // 500 is this server's LDAP settings; 502 and 504 are the directory's trouble.
      options.log[error.statusCode === 500 ? 'error' : 'warn'](`LDAP sign-in failed: ${error.message}`);
    }
    throw error;
  }
  if (account === undefined) {
    await throttle.recordFailure(counted, address);
    throw options.refused();
  }
  await throttle.recordSuccess(attempt);
  if (!allowedBy(settings.ALLOWED_LDAP_GROUPS, account.groups)) {
    throw new ApiError(403, `User ${account.login} is not authorized`);
  }
  const user = await providerUser(context, {
    // Directories compare names without regard to case, so one person gets one account however they type it.
    id: `ldap-${account.login.toLowerCase()}`,
    login: account.login,
    name: account.name,
    email: account.email,
    emailVerified: account.emailVerified,
    text: 'LDAP user',
  });
  return { user, groups: account.groups };
}
