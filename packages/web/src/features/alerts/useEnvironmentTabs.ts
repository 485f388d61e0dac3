import { useMemo } from 'react';
import type { AlertsFilterParams, EnvironmentCount } from '../../shared/alertsApi';
import { tabEnvironments } from './EnvironmentTabs';
import { useEnvironmentCounts } from './useAlertsQuery';

export interface EnvironmentTabsState {
  /** The tabs, in order. */
  environments: readonly string[];
  /** Alerts per environment under the current filter. */
  counts: ReadonlyMap<string, number>;
}

/**
 * The environment tabs and their counts (docs/console/alert-screens.md#alerts-page): the environments the
 * filter finds, and with `showAllowed` every configured one as well. `fromList` is what the list's own answer brought
 * (docs/api/alerts.md#the-answer `show-environments`): null when the list does not ask for them, and then GET
 * /environments is asked, with the list and as often.
 */
export function useEnvironmentTabs(
  filterParams: AlertsFilterParams,
  enabled: boolean,
  configured: readonly string[] | undefined,
  showAllowed: boolean,
  fromList: readonly EnvironmentCount[] | undefined | null,
): EnvironmentTabsState {
  const query = useEnvironmentCounts(filterParams, enabled && fromList === null);
  const data = fromList === null ? query.data : fromList;
  const counts = useMemo(() => new Map((data ?? []).map((e) => [e.environment, e.count] as const)), [data]);
  const environments = useMemo(
    () =>
      tabEnvironments(
        (data ?? []).map((e) => e.environment),
        configured ?? [],
        showAllowed,
      ),
    [data, configured, showAllowed],
  );
  return { environments, counts };
}
