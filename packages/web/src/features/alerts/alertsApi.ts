import { alertSchema } from '@alerta/contract';
import { z } from 'zod/mini';
import type { ApiClient } from '../../api';

/** GET /alerts answer (api.md §1.2); counts and paging the console does not use yet are kept loose. */
export const alertsResponseSchema = z.looseObject({
  alerts: z.array(alertSchema),
  total: z.int(),
  page: z.optional(z.int()),
  pageSize: z.optional(z.int()),
  pages: z.optional(z.int()),
  more: z.optional(z.boolean()),
});
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;

export interface AlertsParams {
  status: readonly string[];
  sortBy: readonly string[];
  page: number;
  pageSize: number;
}

export function fetchAlerts(api: ApiClient, params: AlertsParams, signal?: AbortSignal): Promise<AlertsResponse> {
  return api.request('/alerts', {
    query: {
      status: params.status,
      'sort-by': params.sortBy,
      page: params.page,
      'page-size': params.pageSize,
    },
    signal,
    schema: alertsResponseSchema,
  });
}
