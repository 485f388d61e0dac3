import { ApiError, notFound } from '../errors.js';
import type { CustomerRecord } from '../store/identity-types.js';
import { type Store, UniqueViolation } from '../store/types.js';

/** A customer lookup by id; 404 when there is none (docs/api/customers.md). */
export async function loadCustomer(store: Store, id: string): Promise<CustomerRecord> {
  const found = id === '' ? undefined : await store.customers.get(id);
  if (found === undefined) throw notFound('customer not found');
  return found;
}

/** Creates or replaces a customer lookup; a match another lookup has is a 409 (docs/api/customers.md). */
export async function saveCustomer(store: Store, customer: CustomerRecord, isNew: boolean): Promise<void> {
  try {
    if (isNew) await store.customers.create(customer);
    else await store.customers.update(customer);
  } catch (error) {
    if (error instanceof UniqueViolation) {
      throw new ApiError(409, `a customer lookup for '${customer.match}' already exists`);
    }
    throw error;
  }
}
