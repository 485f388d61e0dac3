/**
 * Scopes (docs/api/scopes.md#scopes-from-roles, docs/api/scopes.md#the-scope-list,
 * docs/console/behaviour.md#validation, docs/console/behaviour.md#roles-and-permissions): `action:resource` strings,
 * where admin implies write and write implies read for the same resource, and a bare action (`read`, `write`, `admin`)
 * covers every resource.
 */
export const SCOPE_ACTIONS = ['read', 'write', 'admin', 'delete'] as const;
export type ScopeAction = (typeof SCOPE_ACTIONS)[number];

/** The built-in scope list of GET /scopes (docs/api/scopes.md#the-scope-list), in the reference's order. */
export const BUILTIN_SCOPES = [
  'read',
  'write',
  'admin',
  'read:alerts',
  'write:alerts',
  'delete:alerts',
  'admin:alerts',
  'read:blackouts',
  'write:blackouts',
  'admin:blackouts',
  'read:heartbeats',
  'write:heartbeats',
  'admin:heartbeats',
  'write:users',
  'admin:users',
  'read:groups',
  'admin:groups',
  'read:perms',
  'admin:perms',
  'read:customers',
  'admin:customers',
  'read:keys',
  'write:keys',
  'admin:keys',
  'write:webhooks',
  'read:oembed',
  'read:management',
  'admin:management',
  'read:userinfo',
] as const;

/** docs/api/scopes.md#the-scope-list: custom scopes must look like `(admin|write|read|delete):word(.word)?`. */
export const SCOPE_PATTERN = /^(?:admin|write|read|delete)(?::\w+(?:\.\w+)?)?$/;

export function isValidScope(scope: string): boolean {
  return SCOPE_PATTERN.test(scope);
}

function splitScope(scope: string): { action: string; resource: string | undefined } {
  const colon = scope.indexOf(':');
  if (colon < 0) return { action: scope, resource: undefined };
  return { action: scope.slice(0, colon), resource: scope.slice(colon + 1) };
}

export interface ScopeCheckOptions {
  /** Resources whose `delete:` scope needs `admin:` rather than `write:` (the reference's DELETE_SCOPES). */
  deleteScopes?: readonly string[];
}

/**
 * Whether `have` grants `want` (docs/api/scopes.md#scopes-from-roles `is_in_scope`): the exact scope or its bare
 * action; a read is also met by the write of the same resource, a write by the admin, and a delete by the write (or the
 * admin for DELETE_SCOPES).
 */
export function hasScope(have: readonly string[], want: string, options: ScopeCheckOptions = {}): boolean {
  const { action, resource } = splitScope(want);
  if (have.includes(want) || have.includes(action)) return true;
  const suffix = resource === undefined ? '' : `:${resource}`;
  switch (action) {
    case 'read':
      return hasScope(have, `write${suffix}`, options);
    case 'write':
      return hasScope(have, `admin${suffix}`, options);
    case 'delete': {
      const needsAdmin = resource !== undefined && (options.deleteScopes ?? []).includes(resource);
      return hasScope(have, `${needsAdmin ? 'admin' : 'write'}${suffix}`, options);
    }
    default:
      return false;
  }
}

/**
 * Whether the scope list makes its holder an administrator (docs/console/behaviour.md#roles-and-permissions: the list
 * includes `admin`).
 */
export function isAdminScopes(have: readonly string[]): boolean {
  return have.includes('admin');
}

/**
 * The scopes a user may hand on (docs/console/behaviour.md#roles-and-permissions helper): every known scope that starts
 * with one of the user's scopes; an admin scope also grants the delete, write and read scopes of the same suffix, a
 * write scope the read one. De-duplicated and sorted.
 */
export function allowedScopes(userScopes: readonly string[], knownScopes: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const scope of userScopes) {
    prefixes.add(scope);
    const { action, resource } = splitScope(scope);
    const suffix = resource === undefined ? '' : `:${resource}`;
    if (action === 'admin') {
      prefixes.add(`delete${suffix}`);
      prefixes.add(`write${suffix}`);
      prefixes.add(`read${suffix}`);
    } else if (action === 'write') {
      prefixes.add(`read${suffix}`);
    }
  }
  const result = new Set<string>();
  for (const known of knownScopes) {
    for (const prefix of prefixes) {
      if (known.startsWith(prefix)) {
        result.add(known);
        break;
      }
    }
  }
  return [...result].sort();
}

/** Parses the space-separated `scope` claim of a token. */
export function parseScopeClaim(claim: string | undefined): string[] {
  if (claim === undefined) return [];
  return claim.split(/\s+/).filter((s) => s.length > 0);
}
