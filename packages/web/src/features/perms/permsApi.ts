import { z } from 'zod/mini';
import type { ApiClient } from '../../api';

/** A permission as GET /perms gives it (docs/api/identity.md); a stock Alerta may leave the scopes out. */
export const permissionRowSchema = z.looseObject({
  id: z.string(),
  match: z.string(),
  scopes: z.catch(z.array(z.string()), []),
});
export type PermissionRow = z.infer<typeof permissionRowSchema>;

export interface PermissionValues {
  match: string;
  scopes: string[];
}

/**
 * The roles the server sets from its configuration (ADMIN_ROLES, USER_ROLES, GUEST_ROLES) and lists ahead of the
 * stored ones. The console cannot read those settings, so it goes by the default names
 * (docs/console/admin-screens.md#permissions); the server refuses changes to them anyway.
 */
export const SYSTEM_ROLES: readonly string[] = ['admin', 'user', 'guest'];

export function isSystemRole(permission: PermissionRow): boolean {
  return SYSTEM_ROLES.includes(permission.match);
}

const answerSchema = z.looseObject({});

/** POST /perm, or PUT /perm/{id} when `id` is given (docs/console/admin-screens.md#permissions). */
export function savePermission(api: ApiClient, values: PermissionValues, id?: string): Promise<unknown> {
  const body = { match: values.match, scopes: values.scopes };
  return id === undefined
    ? api.request('/perm', { method: 'POST', body, schema: answerSchema })
    : api.request(`/perm/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: answerSchema });
}

/** DELETE /perm/{id}. */
export function deletePermission(api: ApiClient, id: string): Promise<unknown> {
  return api.request(`/perm/${encodeURIComponent(id)}`, { method: 'DELETE', schema: answerSchema });
}
