import { hasScope } from '@alerta/contract';
import type { Principal } from '../auth/authenticate.js';
import { badRequest } from '../errors.js';

/** Whether the caller holds an admin privilege such as admin:blackouts (api.md §6.4, last paragraph). */
export function holdsAdmin(principal: Principal, scope: string): boolean {
  return principal.unrestricted || hasScope(principal.scopes, scope);
}

/**
 * api.md §6.6 `assign_customer`: an explicit customer needs the admin scope of the resource (customer lookups are
 * not configured here, so nobody else may choose one).
 */
export function assignCustomer(
  principal: Principal,
  wanted: string | null | undefined,
  adminScope: string,
): string | null {
  if (wanted === undefined || wanted === null) return null;
  if (holdsAdmin(principal, adminScope)) return wanted;
  throw badRequest(`not allowed to set customer to '${wanted}'`);
}

/** The request body as an object, or 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
