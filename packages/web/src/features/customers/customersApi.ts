import { z } from 'zod/mini';
import type { ApiClient } from '../../api';

/** A customer as GET /customers gives it (docs/api/identity.md); other fields are kept but not read. */
export const customerRowSchema = z.looseObject({
  id: z.string(),
  match: z.string(),
  customer: z.string(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export interface CustomerValues {
  match: string;
  customer: string;
}

const answerSchema = z.looseObject({});

/** POST /customer, or PUT /customer/{id} when `id` is given (docs/console/admin-screens.md#customers). */
export function saveCustomer(api: ApiClient, values: CustomerValues, id?: string): Promise<unknown> {
  const body = { match: values.match, customer: values.customer };
  return id === undefined
    ? api.request('/customer', { method: 'POST', body, schema: answerSchema })
    : api.request(`/customer/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: answerSchema });
}

/** DELETE /customer/{id}. */
export function deleteCustomer(api: ApiClient, id: string): Promise<unknown> {
  return api.request(`/customer/${encodeURIComponent(id)}`, { method: 'DELETE', schema: answerSchema });
}
