import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { DEFAULT_ROWS_PER_PAGE } from '../preferences/preferences';
import { usePreferences } from '../preferences/usePreferences';
import { fetchAlerts, type AlertsParams } from './alertsApi';

export const ALERTS_QUERY_KEY = ['alerts'] as const;

const DEFAULT_STATUS = ['open', 'ack'];

function asList(value: string | readonly string[]): readonly string[] {
  return typeof value === 'string' ? [value] : value;
}

/** The alert list query: the server filters, sorts and pages; the console asks for one page. */
export function useAlertsQuery() {
  const api = useApi();
  const config = useConfig();
  const { prefs, settled } = usePreferences();
  const params: AlertsParams = {
    status: config.filter.status ?? DEFAULT_STATUS,
    sortBy: asList(config.sort_by),
    page: 1,
    pageSize: prefs.rowsPerPage ?? DEFAULT_ROWS_PER_PAGE,
  };
  return useQuery({
    queryKey: [...ALERTS_QUERY_KEY, params],
    queryFn: ({ signal }) => fetchAlerts(api, params, signal),
    enabled: settled,
    placeholderData: keepPreviousData,
    // console.md §4: the user's refresh interval, else the configured one.
    refetchInterval: prefs.refreshInterval ?? config.refresh_interval,
  });
}
