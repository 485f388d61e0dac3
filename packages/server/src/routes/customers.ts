import { randomUUID } from 'node:crypto';
import { type Customer, customerInputSchema, customerUpdateSchema } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import { matchesOf, requireCustomersWithin } from '../auth/customers.js';
import type { ApiApp } from '../http/validation.js';
import { idParams } from '../openapi/schemas.js';
import { type AppContext, principalOf } from '../context.js';
import { loadCustomer, saveCustomer } from '../domain/customers.js';
import { notFound } from '../errors.js';
import type { CustomerRecord } from '../store/identity-types.js';
import { CUSTOMER_COLUMNS } from '../store/fields.js';
import { pagedList } from './identity-lists.js';
import { holdsAdmin } from './ownership.js';

function customerView(c: CustomerRecord, apiRoot: string): Customer {
  return { id: c.id, href: `${apiRoot}/customer/${c.id}`, match: c.match, customer: c.customer };
}

type IdParams = { Params: { id: string } };

export function registerCustomerRoutes(app: ApiApp, context: AppContext): void {
  const { settings, store } = context;

  /**
   * docs/api/customers.md: the matches that name the caller (login, group names, email domain), or undefined for
   * callers with admin:customers, who see every lookup.
   */
  async function ownMatches(request: FastifyRequest): Promise<string[] | undefined> {
    const principal = principalOf(request);
    if (holdsAdmin(principal, 'admin:customers')) return undefined;
    if (principal.login === null) return [];
    const { login, others } = await matchesOf(store, { login: principal.login, userId: principal.userId });
    return [login, ...others];
  }

  const save = (customer: CustomerRecord, isNew: boolean): Promise<void> => saveCustomer(store, customer, isNew);
  const load = (id: string): Promise<CustomerRecord> => loadCustomer(store, id);

  /**
   * A lookup the caller may administer: with CUSTOMER_VIEWS, an admin:customers holder limited to some customers
   * manages only the lookups of those, and cannot point anyone at another customer (or at all of them with `*`).
   */
  async function loadManaged(request: FastifyRequest<IdParams>): Promise<CustomerRecord> {
    const found = await load(request.params.id);
    const own = principalOf(request).customers;
    if (own !== undefined && !own.includes(found.customer)) throw notFound('customer not found');
    return found;
  }

  const requireOwnCustomer = (request: FastifyRequest, lookup: CustomerRecord): void =>
    requireCustomersWithin(
      principalOf(request),
      lookup.customer === '*' ? undefined : [lookup.customer],
      `A lookup of '${lookup.match}'`,
    );

  app.post(
    '/customer',
    { config: { scope: 'admin:customers' }, schema: { body: customerInputSchema } },
    async (request, reply) => {
      const parsedBody = request.body;
      const customer: CustomerRecord = { id: randomUUID(), ...parsedBody };
      requireOwnCustomer(request, customer);
      await save(customer, true);
      const view = customerView(customer, context.apiRoot(request));
      return reply.code(201).header('Location', view.href).send({ status: 'ok', id: customer.id, customer: view });
    },
  );

  app.get<IdParams>('/customer/:id', { config: { scope: 'read:customers' } }, async (request) => {
    const found = await loadManaged(request);
    const own = await ownMatches(request);
    if (own !== undefined && !own.includes(found.match)) throw notFound('customer not found');
    return { status: 'ok', total: 1, customer: customerView(found, context.apiRoot(request)) };
  });

  app.get('/customers', { config: { scope: 'read:customers' } }, async (request) => {
    // Nothing names an anonymous reader, so a filter on no matches at all stands for "none".
    const own = await ownMatches(request);
    const restrict = own === undefined ? [] : [{ field: 'match', negate: false, values: own.length > 0 ? own : [''] }];
    const { customers } = principalOf(request);
    if (customers !== undefined) {
      restrict.push({ field: 'customer', negate: false, values: customers.length > 0 ? [...customers] : [''] });
    }
    const { envelope, rows, total } = await pagedList(
      request,
      settings.DEFAULT_PAGE_SIZE,
      { columns: CUSTOMER_COLUMNS, statuses: [], restrict },
      store.customers,
    );
    const apiRoot = context.apiRoot(request);
    return { ...envelope, customers: rows.map((c) => customerView(c, apiRoot)), total };
  });

  app.put(
    '/customer/:id',
    { config: { scope: 'admin:customers' }, schema: { params: idParams, body: customerUpdateSchema } },
    async (request) => {
      const parsedBody = request.body;
      const stored = await loadManaged(request);
      const next: CustomerRecord = {
        id: stored.id,
        match: parsedBody.match ?? stored.match,
        customer: parsedBody.customer ?? stored.customer,
      };
      requireOwnCustomer(request, next);
      await save(next, false);
      return { status: 'ok', customer: customerView(next, context.apiRoot(request)) };
    },
  );

  app.delete<IdParams>('/customer/:id', { config: { scope: 'admin:customers' } }, async (request) => {
    const stored = await loadManaged(request);
    await store.customers.delete(stored.id);
    return { status: 'ok' };
  });
}
