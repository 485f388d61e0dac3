import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';
import type { Store } from '../store/types.js';
import type { Principal } from './principal.js';
import { isAdminUser } from './permissions.js';

type CustomerStore = Pick<Store, 'users' | 'groups' | 'customers'>;
type CustomerSettings = Pick<Settings, 'CUSTOMER_VIEWS' | 'ADMIN_USERS'>;

/** The part of an email address after the `@`, lower-cased (docs/api/auth.md#passwords-and-sign-up). */
export function emailDomain(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  return at < 0 ? null : email.slice(at + 1).toLowerCase();
}

/** The customer lookup matches that name a login: the login itself, its group names and its email domain. */
export async function matchesOf(
  store: CustomerStore,
  who: { login: string; userId: string | null },
): Promise<{ login: string; email: string | null; others: string[] }> {
  const user =
    who.userId !== null ? await store.users.get(who.userId) : await store.users.findByLoginOrEmail(who.login);
  if (user === undefined) return { login: who.login, email: null, others: [] };
  const groups = (await store.groups.groupsOf(user.id)).map((g) => g.name);
  const domain = emailDomain(user.email);
  return { login: user.login, email: user.email, others: [...groups, ...(domain === null ? [] : [domain])] };
}

/**
 * docs/api/customers.md `Customer.lookup` for a user: undefined (every customer) for holders of the `admin` scope,
 * ADMIN_USERS and a `*` lookup; otherwise the customers of every lookup whose match is the login or one of `others`
 * (groups, roles, the email domain). No lookup at all is a 403, as in the reference.
 */
export async function customersOfUser(
  settings: CustomerSettings,
  store: Pick<Store, 'customers'>,
  user: { login: string; email: string | null; scopes: readonly string[]; others: readonly string[] },
): Promise<readonly string[] | undefined> {
  if (user.scopes.includes('admin') || isAdminUser(settings, user.login, user.email)) return undefined;
  const others = [...new Set(user.others)].filter((match) => match !== user.login);
  const rows = await store.customers.matching([user.login, ...others]);
  const customers = [...new Set(rows.map((row) => row.customer))];
  if (customers.includes('*')) return undefined;
  if (customers.length === 0) {
    throw new ApiError(403, `No customer lookup configured for user '${user.login}' or '${others.join(',')}'`);
  }
  return customers;
}

/**
 * docs/api/customers.md: the customers whose data the caller may see, or undefined for all of them. Everything is
 * visible with CUSTOMER_VIEWS off. A key that names a customer is held to it, even a key with admin scopes: its creator
 * chose to narrow it; any other key gets its owner's customers. Anonymous readers (ALLOW_READONLY) belong to no
 * customer and see nothing. Users are looked up on every request, so a changed lookup applies at once; the roles a
 * token carries (a provider's roles or groups) count as matches too.
 */
export async function customersOf(
  principal: Principal,
  settings: CustomerSettings,
  store: CustomerStore,
): Promise<readonly string[] | undefined> {
  if (!settings.CUSTOMER_VIEWS || principal.unrestricted) return undefined;
  if (principal.kind === 'key' && principal.customers !== undefined) return principal.customers;
  if (principal.scopes.includes('admin')) return undefined;
  if (principal.login === null) return [];
  const { login, email, others } = await matchesOf(store, { login: principal.login, userId: principal.userId });
  return customersOfUser(settings, store, {
    login,
    email,
    scopes: principal.scopes,
    others: [...others, ...principal.roles],
  });
}

/**
 * The customers a stored user would see with CUSTOMER_VIEWS (undefined: all), given the roles, groups and scopes
 * their login resolves to; none at all when no lookup names them (a login would be refused).
 */
export async function customersOfStoredUser(
  settings: CustomerSettings,
  store: Pick<Store, 'customers'>,
  user: { login: string; email: string | null },
  identity: { roles: readonly string[]; groups: readonly string[]; scopes: readonly string[] },
): Promise<readonly string[] | undefined> {
  const domain = emailDomain(user.email);
  try {
    return await customersOfUser(settings, store, {
      login: user.login,
      email: user.email,
      scopes: identity.scopes,
      others: [...identity.roles, ...identity.groups, ...(domain === null ? [] : [domain])],
    });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 403) return [];
    throw error;
  }
}

/**
 * 403 unless the caller sees every one of these customers (undefined: all of them): with CUSTOMER_VIEWS, a caller
 * limited to some customers must not give anyone, themselves included, access to others. `what` starts the message.
 */
export function requireCustomersWithin(
  principal: Pick<Principal, 'customers'>,
  customers: readonly string[] | undefined,
  what: string,
): void {
  const own = principal.customers;
  if (own === undefined) return;
  const outside = customers === undefined ? 'every customer' : customers.find((c) => !own.includes(c));
  if (outside !== undefined) {
    throw new ApiError(
      403,
      `${what} would give access to ${customers === undefined ? outside : `customer '${outside}'`}`,
    );
  }
}

/** The customers a lookup match (a login, group name, role or email domain) gives access to; undefined for all. */
export async function customersOfMatch(
  store: Pick<Store, 'customers'>,
  match: string,
): Promise<readonly string[] | undefined> {
  const customers = (await store.customers.matching([match])).map((row) => row.customer);
  return customers.includes('*') ? undefined : [...new Set(customers)];
}
