import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi, type ApiClient } from '../../api';
import { searchParam } from '../../shared/admin/adminList';
import { PICKER_PAGE_SIZE } from '../groups';
import { queryKeys } from '../../api/queryKeys';

/**
 * A user as GET /users gives it (docs/api/identity.md). Lenient, so a stock Alerta answer with a missing or null field
 * still shows: text fields fall back to null, lists to empty.
 */
export const userRowSchema = z.looseObject({
  id: z.string(),
  name: z.catch(z.string(), ''),
  login: z.catch(z.string(), ''),
  email: z.catch(z.nullable(z.string()), null),
  status: z.catch(z.string(), 'active'),
  roles: z.catch(z.array(z.string()), []),
  createTime: z.catch(z.nullable(z.string()), null),
  lastLogin: z.catch(z.nullable(z.string()), null),
  text: z.catch(z.nullable(z.string()), null),
  email_verified: z.catch(z.boolean(), false),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** The body of POST /user (docs/console/admin-screens.md#users; the confirmation stays in the form). */
export interface NewUserBody {
  name: string;
  status: 'active' | 'inactive';
  login: string;
  email: string;
  email_verified: boolean;
  password: string;
  roles: string[];
  text: string;
}

/** The body of PUT /user/{id}: the login is never sent, the password only when one was typed. */
export interface UserChanges {
  name?: string;
  email?: string | null;
  status?: 'active' | 'inactive';
  roles?: string[];
  text?: string;
  email_verified?: boolean;
  password?: string;
}

const answerSchema = z.looseObject({});
const createdSchema = z.looseObject({ id: z.string() });
const usersAnswerSchema = z.looseObject({ users: z.catch(z.array(userRowSchema), []) });
const permsAnswerSchema = z.looseObject({
  permissions: z.catch(z.array(z.looseObject({ match: z.catch(z.string(), '') })), []),
});

const userPath = (id: string) => `/user/${encodeURIComponent(id)}`;

/** POST /user; resolves to the new user's id. */
export async function createUser(api: ApiClient, body: NewUserBody): Promise<string> {
  const answer = await api.request('/user', { method: 'POST', body, schema: createdSchema });
  return answer.id;
}

/** PUT /user/{id} with only the fields given. */
export function updateUser(api: ApiClient, id: string, changes: UserChanges): Promise<unknown> {
  return api.request(userPath(id), { method: 'PUT', body: changes, schema: answerSchema });
}

/** DELETE /user/{id}. */
export function deleteUser(api: ApiClient, id: string): Promise<unknown> {
  return api.request(userPath(id), { method: 'DELETE', schema: answerSchema });
}

/**
 * Users whose name or login holds `text`, for a picker that must work with thousands of users. The API filters on one
 * field per request and combines filters with "and", so name and login are asked separately and merged.
 */
export async function searchUsers(api: ApiClient, text: string, signal: AbortSignal): Promise<UserRow[]> {
  const ask = (field: 'name' | 'login') =>
    api.request('/users', {
      query: { [field]: searchParam(text), 'sort-by': 'name', 'page-size': PICKER_PAGE_SIZE },
      signal,
      schema: usersAnswerSchema,
    });
  const pages = searchParam(text) === undefined ? [await ask('name')] : await Promise.all([ask('name'), ask('login')]);
  const byId = new Map<string, UserRow>();
  for (const user of pages.flatMap((page) => page.users)) byId.set(user.id, user);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

// The role list is small (a handful of permissions), so it is fetched in one page and sorted here.
const ROLES_PAGE_SIZE = 500;

/** The role names an administrator may give or filter on: the `match` of every permission (GET /perms). */
export function useRoleNames(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.admin.roles,
    queryFn: async ({ signal }) => {
      const answer = await api.request('/perms', {
        query: { 'page-size': ROLES_PAGE_SIZE },
        signal,
        schema: permsAnswerSchema,
      });
      const names = new Set(answer.permissions.map((p) => p.match).filter((match) => match !== ''));
      return [...names].sort((a, b) => a.localeCompare(b));
    },
    enabled,
    staleTime: 60_000,
  });
}
