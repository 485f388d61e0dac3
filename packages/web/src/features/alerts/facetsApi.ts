import { alertFacetsResponseSchema, type AlertFacetsResponse } from '@alerta/contract';
import { unlessMissing, type ApiClient } from '../../api';
import { filterQuery, type AlertsFilterParams } from '../../shared/alertsApi';

/** What GET /alerts/facets is asked (docs/api/alerts.md#get-alertsfacets): the list's filter, the fields, how many. */
export interface FacetsParams extends AlertsFilterParams {
  fields: readonly string[];
  /** Values listed per field, 1 to 100. */
  limit: number;
}

/**
 * GET /alerts/facets: the most common values of the fields among the alerts the filter selects; null from a server
 * without that route (a stock Alerta answers 404), which is no failure to report but the sign to hide what uses it.
 */
export function fetchFacets(
  api: ApiClient,
  params: FacetsParams,
  signal?: AbortSignal,
): Promise<AlertFacetsResponse | null> {
  return unlessMissing(
    api.request('/alerts/facets', {
      query: { ...filterQuery(params, Date.now()), fields: params.fields, limit: params.limit },
      signal,
      schema: alertFacetsResponseSchema,
    }),
  );
}
