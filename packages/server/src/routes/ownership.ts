import { hasScope } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import { principalOf } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import type { AlertQuery, MonitorQuery } from '../store/types.js';

/**
 * Whether the caller holds an admin privilege such as admin:blackouts (docs/api/scopes.md#the-scope-list, last
 * paragraph).
 */
export function holdsAdmin(principal: Principal, scope: string): boolean {
  return principal.unrestricted || hasScope(principal.scopes, scope);
}

/**
 * docs/api/customers.md `assign_customer`: an explicit customer must be one of the caller's customers, or the caller
 * sees every customer and holds the admin scope of the resource; without one, a caller with a single customer gets it,
 * and one with several must choose. The reference lets any holder of the admin scope name any customer, so an
 * admin:keys holder limited to one customer could make a key that reads another's data.
 */
export function assignCustomer(
  principal: Principal,
  wanted: string | null | undefined,
  adminScope: string,
): string | null {
  const own = principal.customers ?? [];
  if (wanted !== undefined && wanted !== null) {
    if (own.includes(wanted) || (principal.customers === undefined && holdsAdmin(principal, adminScope))) return wanted;
    throw badRequest(`not allowed to set customer to '${wanted}'`);
  }
  if (own.length > 1) throw badRequest('must define customer as more than one possibility');
  return own[0] ?? null;
}

/** Whether a stored record's customer is one the caller may see (docs/api/customers.md). */
export function visibleCustomer(principal: Principal, customer: string | null): boolean {
  return principal.customers === undefined || (customer !== null && principal.customers.includes(customer));
}

/** The record, or a 404 when it is missing or belongs to another customer: nobody learns that it exists. */
export function ownRecord<T extends { customer: string | null }>(
  request: FastifyRequest,
  found: T | undefined,
  missing?: string,
): T {
  if (found === undefined || !visibleCustomer(principalOf(request), found.customer)) throw notFound(missing);
  return found;
}

/**
 * docs/api/customers.md: the query narrowed to the caller's customers, for every read, aggregate and bulk change of
 * alerts, and the lists of heartbeats and blackouts.
 */
export function callerQuery<Q extends AlertQuery | MonitorQuery>(request: FastifyRequest, query: Q): Q {
  const { customers } = principalOf(request);
  return customers === undefined ? query : { ...query, customers };
}

/** The request body as an object, or 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
