import { z } from 'zod/mini';
import type { ApiClient } from '../../api';

/**
 * An API key as GET /keys gives it (docs/api/keys.md). Read leniently: a stock Alerta may leave fields out or null; the
 * other fields are kept, so a downloaded key holds all the server said.
 */
export const keyRowSchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  status: z.catch(z.optional(z.string()), undefined),
  user: z.catch(z.string(), ''),
  scopes: z.catch(z.array(z.string()), []),
  text: z.catch(z.string(), ''),
  expireTime: z.catch(z.nullable(z.string()), null),
  count: z.catch(z.number(), 0),
  lastUsedTime: z.catch(z.nullable(z.string()), null),
  customer: z.catch(z.nullable(z.string()), null),
});
export type KeyRow = z.infer<typeof keyRowSchema>;

/** The key's state: the server's word, or worked out from the expiry when the server leaves it out. */
export function isExpired(key: KeyRow, nowMs: number): boolean {
  if (key.status === 'expired') return true;
  if (key.status === 'active') return false;
  return key.expireTime !== null && Date.parse(key.expireTime) <= nowMs;
}

/** What the form sends; `customer` null when none is chosen. */
export interface KeyValues {
  user: string;
  text: string;
  customer: string | null;
  scopes: string[];
  expireTime: string;
}

const answerSchema = z.looseObject({});
const createdSchema = z.looseObject({
  key: z.catch(z.optional(z.string()), undefined),
  data: z.catch(z.optional(z.looseObject({ key: z.catch(z.optional(z.string()), undefined) })), undefined),
});

/**
 * POST /key (docs/console/admin-screens.md#api-keys); the customer is left out when none is chosen. Returns the new key
 * string.
 */
export async function createKey(api: ApiClient, values: KeyValues): Promise<string | undefined> {
  const body = {
    user: values.user,
    text: values.text,
    ...(values.customer === null ? {} : { customer: values.customer }),
    scopes: values.scopes,
    expireTime: values.expireTime,
  };
  const answer = await api.request('/key', { method: 'POST', body, schema: createdSchema });
  return answer.key ?? answer.data?.key;
}

/** PUT /key/{id} (docs/console/admin-screens.md#api-keys). */
export function updateKey(api: ApiClient, id: string, values: KeyValues): Promise<unknown> {
  const body = {
    user: values.user,
    scopes: values.scopes,
    text: values.text,
    expireTime: values.expireTime,
    customer: values.customer,
  };
  return api.request(`/key/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: answerSchema });
}

/** DELETE /key/{id}. */
export function deleteKey(api: ApiClient, id: string): Promise<unknown> {
  return api.request(`/key/${encodeURIComponent(id)}`, { method: 'DELETE', schema: answerSchema });
}

const usersSchema = z.looseObject({
  users: z.catch(z.array(z.looseObject({ login: z.catch(z.string(), '') })), []),
});

/** Logins of the users whose login holds `search` (GET /users, searched and limited on the server). */
export async function searchLogins(api: ApiClient, search: string, signal: AbortSignal): Promise<string[]> {
  const text = search.trim();
  const answer = await api.request('/users', {
    query: { login: text === '' ? undefined : `~${text}`, 'sort-by': 'login', 'page-size': 20 },
    signal,
    schema: usersSchema,
  });
  return answer.users.map((u) => u.login).filter((login) => login !== '');
}

const customersSchema = z.looseObject({
  customers: z.catch(z.array(z.looseObject({ customer: z.catch(z.string(), '') })), []),
});

/**
 * Customer names holding `search` (GET /customers, searched and limited on the server); several look-ups may name
 * the same customer.
 */
export async function searchCustomers(api: ApiClient, search: string, signal: AbortSignal): Promise<string[]> {
  const text = search.trim();
  const answer = await api.request('/customers', {
    query: { customer: text === '' ? undefined : `~${text}`, 'sort-by': 'customer', 'page-size': 20 },
    signal,
    schema: customersSchema,
  });
  return [...new Set(answer.customers.map((c) => c.customer).filter((name) => name !== ''))];
}
