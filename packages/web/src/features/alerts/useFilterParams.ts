import { useMemo } from 'react';
import type { AlertsFilterParams } from '../../shared/alertsApi';
import { useAlertsUi } from './AlertsUiContext';
import type { AlertsView } from './alertsView';
import { withWatch } from './sortParams';

/**
 * The filter part of the list request (docs/console/alert-screens.md#the-list-request): the search typed, narrowed to
 * the alerts the user watches while the watch switch is on, and the filter sheet's fields, the status defaulting to
 * `defaultStatus`. Kept while none of these changes, so the queries keyed on it stay put.
 */
export function useFilterParams(
  view: AlertsView,
  q: string | null,
  username: string | undefined,
  defaultStatus: readonly string[],
): AlertsFilterParams {
  const watchOnly = useAlertsUi((s) => s.watchOnly);
  return useMemo(
    () => ({
      q: withWatch(q, username, watchOnly),
      environment: view.environment,
      status: view.status ?? defaultStatus,
      customer: view.customer,
      service: view.service,
      group: view.group,
      text: view.text,
      dateRange: view.dateRange,
    }),
    [q, username, watchOnly, view, defaultStatus],
  );
}
