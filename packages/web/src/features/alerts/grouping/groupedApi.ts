import {
  alertGroupedResponseSchema,
  bulkUpdateResultSchema,
  DEFAULT_SUB_PAGE_SIZE,
  type AlertGroupedResponse,
  type BulkUpdateResult,
  type GroupSort,
} from '@alerta/contract';
import { ApiError, type ApiClient, type Query } from '../../../api';
import { filterQuery, type AlertsFilterParams } from '../../../shared/alertsApi';

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

/**
 * GET /alerts/grouped: a page of groups, or of one top group's sub-groups; null from a server without that route (a
 * stock Alerta answers 404), which is no failure to report but the sign to group the loaded page instead.
 */
export async function fetchGrouped(
  api: ApiClient,
  params: GroupedParams,
  signal?: AbortSignal,
): Promise<AlertGroupedResponse | null> {
  try {
    return await api.request('/alerts/grouped', {
      query: groupedQuery(params, Date.now()),
      signal,
      schema: alertGroupedResponseSchema,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The search that lists a group's alerts: the current search and the group's own query, both in brackets so neither's
 * OR can reach into the other; the group's alone without a current search.
 */
export function withGroupQuery(current: string | null, groupQ: string): string {
  return current === null || current.trim() === '' ? groupQ : `(${current}) AND (${groupQ})`;
}

/**
 * PUT /_bulk/alerts/action (docs/api/alerts.md#bulk-changes): the action on every alert the filter selects, as GET
 * /alerts would select them (without paging), in one request. The server leaves out the alerts whose status does not
 * allow it and answers the ids it changed. The body is the one-alert route's: a timeout only when there is one
 * (docs/console/behaviour.md#states-and-actions).
 */
export function bulkAction(
  api: ApiClient,
  filter: AlertsFilterParams,
  body: { action: string; text: string; timeout: number | null | undefined },
): Promise<BulkUpdateResult> {
  const { timeout, ...rest } = body;
  return api.request('/_bulk/alerts/action', {
    method: 'PUT',
    query: filterQuery(filter, Date.now()),
    body: timeout === undefined || timeout === null ? rest : { ...rest, timeout },
    schema: bulkUpdateResultSchema,
  });
}
