import { ApiError, badRequest, notFound } from '../errors.js';
import type { Settings } from '../settings.js';
import { type Store, UniqueViolation, type UserRecord } from '../store/types.js';
import { emailDomain } from './customers.js';

// The rules every way of creating or changing an account keeps: administration, sign-up, the caller's own account and
// first sign-in through a provider (docs/api/identity.md, docs/api/auth.md).

/** docs/api/auth.md#passwords-and-sign-up: ALLOWED_EMAIL_DOMAINS, '*' allowing any. */
export function checkEmailDomain(settings: Pick<Settings, 'ALLOWED_EMAIL_DOMAINS'>, email: string | null): void {
  const domain = emailDomain(email);
  const allowed = settings.ALLOWED_EMAIL_DOMAINS;
  if (domain === null || allowed.includes('*')) return;
  if (!allowed.some((d) => d.toLowerCase() === domain)) throw new ApiError(403, `unauthorized domain ${domain}`);
}

/** The shortest password signup and reset accept holds for passwords an administrator sets too. */
export function checkPasswordLength(settings: Pick<Settings, 'PASSWORD_MIN_LENGTH'>, password: string): void {
  if (password.length < settings.PASSWORD_MIN_LENGTH) {
    throw badRequest(`'password' must be at least ${settings.PASSWORD_MIN_LENGTH} characters`);
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
