import { randomBytes, randomUUID } from 'node:crypto';
import { defaultUserName } from '@alerta/contract';
import { hashPassword } from '../auth/passwords.js';
import { ADMIN_SCOPES } from '../auth/permissions.js';
import type { Settings } from '../settings.js';
import type { ApiKeyRecord, ApiKeyRepository } from '../store/identity-types.js';
import { type UserRepository, UniqueViolation } from '../store/types.js';

export interface CreatedAdministrator {
  login: string;
  /** The generated password, or undefined when it came from ADMIN_PASSWORD. */
  generatedPassword: string | undefined;
}

type AdministratorSettings = Pick<
  Settings,
  'AUTH_PROVIDER' | 'ADMIN_USERS' | 'ADMIN_PASSWORD' | 'ADMIN_ROLES' | 'BCRYPT_LOG_ROUNDS'
>;

/**
 * The administrators to create at start. On a basic server every ADMIN_USERS login without an account, at every
 * start, as the official container does: nobody can then take an administrator's address through signup before
 * its owner does. On the first start with no users at all, the first ADMIN_USERS entry (or `admin`) on any provider.
 * None on an LDAP server: the directory checks every password, so such an account could never sign in, and its login
 * would stand in the way of the directory's own account.
 */
async function administratorsToCreate(users: UserRepository, settings: AdministratorSettings): Promise<string[]> {
  if (settings.AUTH_PROVIDER === 'ldap') return [];
  const first = settings.ADMIN_USERS[0] ?? 'admin';
  if (settings.AUTH_PROVIDER !== 'basic' || settings.ADMIN_USERS.length === 0) {
    return (await users.count()) === 0 ? [first] : [];
  }
  const missing: string[] = [];
  for (const login of new Set(settings.ADMIN_USERS)) {
    if ((await users.findByLoginOrEmail(login)) === undefined) missing.push(login);
  }
  return missing;
}

async function createAdministrator(
  users: UserRepository,
  settings: AdministratorSettings,
  login: string,
): Promise<CreatedAdministrator | undefined> {
  const generatedPassword = settings.ADMIN_PASSWORD === '' ? randomBytes(12).toString('base64url') : undefined;
  const now = new Date().toISOString();
  const email = login.includes('@') ? login : null;
  try {
    await users.create({
      id: randomUUID(),
      name: defaultUserName(login),
      login,
      email,
      password: await hashPassword(generatedPassword ?? settings.ADMIN_PASSWORD, settings.BCRYPT_LOG_ROUNDS),
      status: 'active',
      roles: [...settings.ADMIN_ROLES],
      attributes: {},
      createTime: now,
      lastLogin: null,
      text: 'Administrator created at start',
      updateTime: now,
      emailVerified: email !== null,
    });
  } catch (error) {
    // Another server process sharing the database created it first.
    if (error instanceof UniqueViolation) return undefined;
    throw error;
  }
  return { login, generatedPassword };
}

/**
 * Creates the administrators of {@link administratorsToCreate} with ADMIN_PASSWORD, or each with a generated
 * password. Returns those this process created; an account another process created meanwhile is left to it.
 */
export async function bootstrapAdministrators(
  users: UserRepository,
  settings: AdministratorSettings,
): Promise<CreatedAdministrator[]> {
  const created: CreatedAdministrator[] = [];
  for (const login of await administratorsToCreate(users, settings)) {
    const administrator = await createAdministrator(users, settings, login);
    if (administrator !== undefined) created.push(administrator);
  }
  return created;
}

/** The exact line printed once for each administrator created (browser tests parse it). */
export function administratorLine(created: CreatedAdministrator): string {
  return `Administrator created: login=${created.login} password=${created.generatedPassword ?? '(from ADMIN_PASSWORD)'}`;
}

export interface AdminKeyOutcome {
  /** `created` by this start, or `kept`: the key existed (made by an earlier start, another process or a user). */
  outcome: 'created' | 'kept';
  key: ApiKeyRecord;
}

/**
 * ADMIN_KEY (README, settings): the official container's known API key for the first administrator (the first
 * ADMIN_USERS entry, or `admin`), with the admin scopes, valid for ADMIN_KEY_MAXAGE seconds. Made once: a key with
 * that string is kept as it is, whoever made it, so a second start, or a second process racing this one on the same
 * database, neither fails nor makes another.
 */
export async function bootstrapAdminKey(
  keys: ApiKeyRepository,
  settings: Pick<Settings, 'ADMIN_KEY' | 'ADMIN_KEY_MAXAGE' | 'ADMIN_USERS'>,
  now = new Date(),
): Promise<AdminKeyOutcome | undefined> {
  const wanted = settings.ADMIN_KEY;
  if (wanted === '') return undefined;
  const existing = async (): Promise<ApiKeyRecord | undefined> => {
    const found = await keys.find(wanted);
    return found?.key === wanted ? found : undefined;
  };
  const stored = await existing();
  if (stored !== undefined) return { outcome: 'kept', key: stored };
  const key: ApiKeyRecord = {
    id: randomUUID(),
    key: wanted,
    user: settings.ADMIN_USERS[0] ?? 'admin',
    scopes: [...ADMIN_SCOPES],
    text: 'Admin API key from ADMIN_KEY',
    expireTime: new Date(now.getTime() + settings.ADMIN_KEY_MAXAGE * 1000).toISOString(),
    count: 0,
    lastUsedTime: null,
    customer: null,
  };
  try {
    await keys.create(key);
  } catch (error) {
    if (!(error instanceof UniqueViolation)) throw error;
    const raced = await existing();
    if (raced === undefined) throw error;
    return { outcome: 'kept', key: raced };
  }
  return { outcome: 'created', key };
}

/** The line printed about ADMIN_KEY at start; never the key itself. */
export function adminKeyLine({ outcome, key }: AdminKeyOutcome, now = new Date()): string {
  if (outcome === 'created') return `Admin API key from ADMIN_KEY created for ${key.user}, expires ${key.expireTime}`;
  const expired = Date.parse(key.expireTime) <= now.getTime() ? ' (it has expired: delete it to make it again)' : '';
  return `Admin API key from ADMIN_KEY exists already, kept as it is${expired}`;
}
