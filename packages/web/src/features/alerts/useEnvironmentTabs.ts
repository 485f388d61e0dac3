import { useMemo } from 'react';
import type { AlertsFilterParams } from '../../shared/alertsApi';
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
 * filter finds, and with `showAllowed` every configured one as well.
 */
export function useEnvironmentTabs(
  filterParams: AlertsFilterParams,
  enabled: boolean,
  configured: readonly string[] | undefined,
  showAllowed: boolean,
): EnvironmentTabsState {
  const query = useEnvironmentCounts(filterParams, enabled);
  const counts = useMemo(() => new Map((query.data ?? []).map((e) => [e.environment, e.count] as const)), [query.data]);
  const environments = useMemo(
    () =>
      tabEnvironments(
        (query.data ?? []).map((e) => e.environment),
        configured ?? [],
        showAllowed,
      ),
    [query.data, configured, showAllowed],
  );
  return { environments, counts };
}
