import { DEFAULT_SUB_PAGE_SIZE, type GroupSort } from '@alerta/contract';
import { z } from 'zod/mini';
import { unlessMissing, type ApiClient, type Query } from '../../../api';
import { filterQuery, type AlertsFilterParams } from '../../../shared/alertsApi';

export const GROUPED_PATH = '/alerts/grouped';

/** What GET /alerts/grouped is asked (docs/console/alert-screens.md#grouped-view). */
export interface GroupedParams extends AlertsFilterParams {
  groupBy: readonly string[];
  groupSort: GroupSort;
  /** How many groups to list: the first page of this size (more shown means a larger first page). */
  pageSize: number;
  /** With two fields: only this top group (its key, null for the group without a value), its sub-groups paged. */
  parent?: { key: string | null } | undefined;
}

function groupedQuery(params: GroupedParams, nowMs: number): Query {
  const { parent } = params;
  const twoLevels = params.groupBy.length > 1;
  return {
    ...filterQuery(params, nowMs),
    'group-by': params.groupBy,
    'group-sort': params.groupSort,
    page: 1,
    'page-size': params.pageSize,
    'sub-page-size': twoLevels && parent === undefined ? DEFAULT_SUB_PAGE_SIZE : undefined,
    parent: parent?.key ?? undefined,
    'parent-none': parent !== undefined && parent.key === null ? true : undefined,
  };
}

/** Any JSON: the answer is read by the grouped view's own code (groupedApi.ts `readGrouped`). */
const UNREAD = z.unknown();

/**
 * GET /alerts/grouped, its answer not yet read, so that the request needs none of the grouped view's code, which is
 * loaded apart (docs/console/alert-screens.md#grouped-view); null from a server without that route (a stock Alerta
 * answers 404).
 */
export function requestGrouped(api: ApiClient, params: GroupedParams, signal?: AbortSignal): Promise<unknown> {
  return unlessMissing(api.request(GROUPED_PATH, { query: groupedQuery(params, Date.now()), signal, schema: UNREAD }));
}
