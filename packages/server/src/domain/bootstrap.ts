import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';
import type { Settings } from '../settings.js';
import { type UserRepository, UniqueViolation } from '../store/types.js';

export interface CreatedAdministrator {
  login: string;
  /** The generated password, or undefined when it came from ADMIN_PASSWORD. */
  generatedPassword: string | undefined;
}

/**
 * First run: with no users at all, creates an administrator from the first ADMIN_USERS entry (or `admin`), with
 * ADMIN_PASSWORD or a generated password. Returns undefined when users already exist (or another process sharing
 * the database created the administrator first), and on an LDAP server: there the directory checks every password,
 * so such an account could never sign in, and its login would stand in the way of the directory's own account.
 */
export async function bootstrapAdministrator(
  users: UserRepository,
  settings: Pick<Settings, 'AUTH_PROVIDER' | 'ADMIN_USERS' | 'ADMIN_PASSWORD' | 'ADMIN_ROLES' | 'BCRYPT_LOG_ROUNDS'>,
): Promise<CreatedAdministrator | undefined> {
  if (settings.AUTH_PROVIDER === 'ldap' || (await users.count()) > 0) return undefined;
  const login = settings.ADMIN_USERS[0] ?? 'admin';
  const generatedPassword = settings.ADMIN_PASSWORD === '' ? randomBytes(12).toString('base64url') : undefined;
  const now = new Date().toISOString();
  try {
    await users.create({
      id: randomUUID(),
      name: login.includes('@') ? (login.split('@')[0] ?? login) : login,
      login,
      email: login.includes('@') ? login : null,
      password: await hashPassword(generatedPassword ?? settings.ADMIN_PASSWORD, settings.BCRYPT_LOG_ROUNDS),
      status: 'active',
      roles: [...settings.ADMIN_ROLES],
      attributes: {},
      createTime: now,
      lastLogin: null,
      text: 'Administrator created on first start',
      updateTime: now,
      emailVerified: login.includes('@'),
    });
  } catch (error) {
    if (error instanceof UniqueViolation) return undefined;
    throw error;
  }
  return { login, generatedPassword };
}

/** The exact line printed once on the first start (browser tests parse it). */
export function administratorLine(created: CreatedAdministrator): string {
  return `Administrator created: login=${created.login} password=${created.generatedPassword ?? '(from ADMIN_PASSWORD)'}`;
}
