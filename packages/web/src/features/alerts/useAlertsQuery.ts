import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { fetchAlerts, type AlertsParams } from './alertsApi';

export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** screens.md §17: rowsPerPage defaults to 20 until preferences exist. */
const DEFAULT_PAGE_SIZE = 20;
const DEFAULT_STATUS = ['open', 'ack'];

function asList(value: string | readonly string[]): readonly string[] {
  return typeof value === 'string' ? [value] : value;
}

/** The alert list query: the server filters, sorts and pages; the console asks for one page. */
export function useAlertsQuery() {
  const api = useApi();
  const config = useConfig();
  const params: AlertsParams = {
    status: config.filter.status ?? DEFAULT_STATUS,
    sortBy: asList(config.sort_by),
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  return useQuery({
    queryKey: [...ALERTS_QUERY_KEY, params],
    queryFn: ({ signal }) => fetchAlerts(api, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: config.refresh_interval,
  });
}
