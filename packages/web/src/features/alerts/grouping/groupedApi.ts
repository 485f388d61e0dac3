import {
  alertGroupedResponseSchema,
  bulkUpdateResultSchema,
  type AlertGroupedResponse,
  type BulkUpdateResult,
} from '@alerta/contract';
import { ResponseShapeError, type ApiClient } from '../../../api';
import { filterQuery, type AlertsFilterParams } from '../../../shared/alertsApi';
import { GROUPED_PATH, requestGrouped, type GroupedParams } from './groupedRequest';

/**
 * GET /alerts/grouped: a page of groups, or of one top group's sub-groups; null from a server without that route (a
 * stock Alerta answers 404), which is no failure to report but the sign to group the loaded page instead.
 */
export async function fetchGrouped(
  api: ApiClient,
  params: GroupedParams,
  signal?: AbortSignal,
): Promise<AlertGroupedResponse | null> {
  return readGrouped(await requestGrouped(api, params, signal));
}

/** An answer of {@link requestGrouped} read as the groups it must be; null stays null (no such route). */
export function readGrouped(answer: unknown): AlertGroupedResponse | null {
  if (answer === null) return null;
  const parsed = alertGroupedResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ResponseShapeError(GROUPED_PATH, parsed.error);
  return parsed.data;
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
