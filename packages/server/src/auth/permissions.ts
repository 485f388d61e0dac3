import { hasScope } from '@alerta/contract';
import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';
import type { PermissionRecord } from '../store/identity-types.js';
import type { Store, UserRecord } from '../store/types.js';
import type { Principal } from './principal.js';

export const ADMIN_SCOPES: readonly string[] = ['admin', 'read', 'write'];

type RoleSettings = Pick<
  Settings,
  'ADMIN_USERS' | 'ADMIN_ROLES' | 'USER_ROLES' | 'GUEST_ROLES' | 'USER_DEFAULT_SCOPES' | 'GUEST_DEFAULT_SCOPES'
>;

/** Whether the login or email is listed in ADMIN_USERS (compared case-insensitively). */
export function isAdminUser(settings: Pick<Settings, 'ADMIN_USERS'>, ...names: (string | null)[]): boolean {
  const admins = settings.ADMIN_USERS.map((a) => a.toLowerCase());
  return names.some((name) => name !== null && admins.includes(name.toLowerCase()));
}

/**
 * docs/api/scopes.md#scopes-from-roles `Permission.lookup`: ADMIN_USERS and ADMIN_ROLES get the admin scopes at once;
 * USER_ROLES and GUEST_ROLES add their default scopes, and a permission whose match is the role adds its scopes. Sorted
 * and de-duplicated.
 */
export function scopesForRoles(
  settings: RoleSettings,
  identity: { login: string | null; email: string | null; roles: readonly string[] },
  permissions: readonly PermissionRecord[] = [],
): string[] {
  if (isAdminUser(settings, identity.login, identity.email)) return [...ADMIN_SCOPES].sort();
  const scopes = new Set<string>();
  for (const role of identity.roles) {
    if (settings.ADMIN_ROLES.includes(role)) return [...ADMIN_SCOPES].sort();
    if (settings.USER_ROLES.includes(role)) settings.USER_DEFAULT_SCOPES.forEach((s) => scopes.add(s));
    if (settings.GUEST_ROLES.includes(role)) settings.GUEST_DEFAULT_SCOPES.forEach((s) => scopes.add(s));
    for (const permission of permissions) {
      if (permission.match === role) permission.scopes.forEach((s) => scopes.add(s));
    }
  }
  return [...scopes].sort();
}

/** docs/api/scopes.md#scopes-from-roles: a user whose login or email is in ADMIN_USERS always shows the admin roles. */
export function effectiveRoles(settings: RoleSettings, user: { login: string; email: string | null; roles: string[] }) {
  return isAdminUser(settings, user.login, user.email) ? [...settings.ADMIN_ROLES] : user.roles;
}

export interface ResolvedIdentity {
  /** The user's own roles (ADMIN_ROLES for ADMIN_USERS). */
  roles: string[];
  /** Names of the groups the user belongs to; they count as roles too (docs/api/scopes.md#scopes-from-roles). */
  groups: string[];
  scopes: string[];
}

/**
 * The roles, groups and scopes of a stored user, as login tokens and Basic credentials carry them. `directoryGroups`
 * are groups a provider asserted at sign-in (LDAP), which count as the stored ones do.
 */
export async function resolveIdentity(
  settings: RoleSettings,
  store: Pick<Store, 'groups' | 'perms'>,
  user: UserRecord,
  directoryGroups: readonly string[] = [],
): Promise<ResolvedIdentity> {
  const roles = effectiveRoles(settings, user);
  const stored = (await store.groups.groupsOf(user.id)).map((g) => g.name);
  const groups = [...new Set([...stored, ...directoryGroups])];
  const allRoles = [...new Set([...roles, ...groups])];
  const permissions = await store.perms.matching(allRoles);
  const scopes = scopesForRoles(settings, { login: user.login, email: user.email, roles: allRoles }, permissions);
  return { roles, groups, scopes };
}

/**
 * The scopes that holding these roles grants, by the same lookup as at login (docs/api/scopes.md#scopes-from-roles) but
 * for nobody in particular, so ADMIN_USERS plays no part. A group's name is such a role for each of its members.
 */
export async function scopesGrantedByRoles(
  settings: RoleSettings,
  store: Pick<Store, 'perms'>,
  roles: readonly string[],
): Promise<string[]> {
  const permissions = await store.perms.matching(roles);
  return scopesForRoles(settings, { login: null, email: null, roles }, permissions);
}

/**
 * 403 unless the caller's own scopes imply every one of `scopes` (docs/api/scopes.md#scopes-from-roles implication):
 * nobody may hand on, or take charge of, more than they hold themselves. `subject` starts the message, for example
 * "Requested scope 'x'".
 */
export function requireScopesWithin(
  principal: Pick<Principal, 'scopes' | 'unrestricted'>,
  scopes: readonly string[],
  settings: Pick<Settings, 'DELETE_SCOPES'>,
  subject: (missing: string) => string,
): void {
  if (principal.unrestricted) return;
  const missing = scopes.find((s) => !hasScope(principal.scopes, s, { deleteScopes: settings.DELETE_SCOPES }));
  if (missing !== undefined) {
    throw new ApiError(403, `${subject(missing)} not in existing scopes: ${principal.scopes.join(',')}`);
  }
}
