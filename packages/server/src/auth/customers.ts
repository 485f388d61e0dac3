import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';
import type { Store } from '../store/types.js';
import type { Principal } from './authenticate.js';
import { isAdminUser } from './permissions.js';

type CustomerStore = Pick<Store, 'users' | 'groups' | 'customers'>;

/** The part of an email address after the `@`, lower-cased (api.md §6.5). */
export function emailDomain(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  return at < 0 ? null : email.slice(at + 1).toLowerCase();
}

/** The customer lookup matches that name a login: the login itself, its group names and its email domain. */
export async function matchesOf(
  store: CustomerStore,
  who: { login: string; userId: string | null },
): Promise<{ login: string; others: string[] }> {
  const user =
    who.userId !== null ? await store.users.get(who.userId) : await store.users.findByLoginOrEmail(who.login);
  if (user === undefined) return { login: who.login, others: [] };
  const groups = (await store.groups.groupsOf(user.id)).map((g) => g.name);
  const domain = emailDomain(user.email);
  return { login: user.login, others: [...groups, ...(domain === null ? [] : [domain])] };
}

/**
 * api.md §6.6: the customers whose data the caller may see, or undefined for all of them. Everything is visible
 * with CUSTOMER_VIEWS off, to holders of the `admin` scope, to ADMIN_USERS and to users with a `*` lookup. A key
 * that names a customer is held to it, even a key with admin scopes: its creator chose to narrow it. Anonymous readers
 * (ALLOW_READONLY) belong to no customer and see nothing. A user without any lookup is refused, as in the reference.
 */
export async function customersOf(
  principal: Principal,
  settings: Pick<Settings, 'CUSTOMER_VIEWS' | 'ADMIN_USERS'>,
  store: CustomerStore,
): Promise<readonly string[] | undefined> {
  if (!settings.CUSTOMER_VIEWS || principal.unrestricted) return undefined;
  if (principal.kind === 'key' && principal.customers !== undefined) return principal.customers;
  if (principal.scopes.includes('admin')) return undefined;
  if (principal.login === null) return [];
  if (isAdminUser(settings, principal.login)) return undefined;
  const { login, others } = await matchesOf(store, { login: principal.login, userId: principal.userId });
  const rows = await store.customers.matching([login, ...others]);
  const customers = [...new Set(rows.map((row) => row.customer))];
  if (customers.includes('*')) return undefined;
  if (customers.length === 0) {
    throw new ApiError(403, `No customer lookup configured for user '${login}' or '${others.join(',')}'`);
  }
  return customers;
}
