import { ApiError } from '../errors.js';
import { checkEmailDomain } from './accounts.js';
import type { Settings } from '../settings.js';
import type { UserRecord, UserRepository } from '../store/types.js';
import type { LoginThrottle } from './login-throttle.js';
import { verifyPassword } from './passwords.js';

export interface PasswordCredentials {
  /** Login or email. */
  name: string;
  password: string;
  /** The client's address, for the throttle. */
  address: string;
}

export interface PasswordSignInOptions {
  /** The error for an unknown name or a wrong password (the login route's 401, or Basic's challenge). */
  refused: () => ApiError;
  /**
   * Runs before the 403 of an unverified address: the login route mails a new confirmation link
   * (docs/api/auth.md#routes).
   */
  unverified?: (user: UserRecord) => Promise<void>;
}

/**
 * Whether a user whose password is right may sign in (docs/api/auth.md#routes POST /auth/login): active, with an email
 * domain ALLOWED_EMAIL_DOMAINS accepts and, with EMAIL_VERIFICATION, a confirmed address. 403 otherwise.
 */
async function checkAccount(
  settings: Settings,
  user: UserRecord,
  unverified?: (user: UserRecord) => Promise<void>,
): Promise<void> {
  if (user.status !== 'active') throw new ApiError(403, `User ${user.login} not active`);
  checkEmailDomain(settings, user.email);
  if (settings.EMAIL_VERIFICATION && !user.emailVerified) {
    await unverified?.(user);
    throw new ApiError(403, 'email not verified');
  }
}

/**
 * The one password check behind POST /auth/login and Basic credentials, so neither lets in an account the other
 * refuses: the login throttle, the password, then the account checks. Returns the user.
 */
export async function signInWithPassword(
  context: {
    settings: Settings;
    users: Pick<UserRepository, 'findByLoginOrEmail'>;
    loginThrottle: LoginThrottle;
  },
  credentials: PasswordCredentials,
  options: PasswordSignInOptions,
): Promise<UserRecord> {
  const { settings, users, loginThrottle: throttle } = context;
  const { name, password, address } = credentials;
  const attempt = await throttle.check(name, address);
  const user = await users.findByLoginOrEmail(name);
  const ok = await verifyPassword(password, user?.password);
  if (user === undefined || !ok) {
    await throttle.recordFailure(name, address);
    throw options.refused();
  }
  await throttle.recordSuccess(attempt);
  await checkAccount(settings, user, options.unverified);
  return user;
}
