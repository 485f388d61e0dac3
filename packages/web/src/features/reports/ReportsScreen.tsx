import '../../shared/adminStyles';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { adminMessages } from '../../i18n/adminMessages';
import { fetchCustomerNames, fetchGroupNames, fetchServiceNames } from '../../shared/alertsApi';
import { RefreshIcon } from '../../app/shell/icons';
import { reportsMessages } from './messages';
import { fetchEnvironmentNames } from './reportsApi';
import {
  DEFAULT_FILTER,
  formatReportFilter,
  parseReportFilter,
  severityChoices,
  statusChoices,
  type ReportFilter,
} from './reportFilter';
import { ReportFilters } from './ReportFilters';
import { ReportTable } from './ReportTable';
import { queryKeys } from '../../api/queryKeys';

/** docs/console/behaviour.md#constants: reports show open and acknowledged alerts unless told otherwise. */
const DEFAULT_STATUS = ['open', 'ack'];

/** The pick lists change rarely; they are asked once a minute at most. */
const PICK_LIST_STALE_MS = 60_000;

/**
 * /reports (docs/console/admin-screens.md#reports): the alert sources that fire most, change severity most, and stay
 * active longest.
 */
function ReportsScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => parseReportFilter(searchParams), [searchParams]);
  const [text, setText] = useState('');
  const defaultStatus = config.filter.status ?? DEFAULT_STATUS;
  const update = (next: ReportFilter) => setSearchParams(formatReportFilter(next), { replace: true });

  const environments = useQuery({
    queryKey: queryKeys.reports.pick('environments'),
    queryFn: ({ signal }) => fetchEnvironmentNames(api, signal),
    staleTime: PICK_LIST_STALE_MS,
  });
  const services = useQuery({
    queryKey: queryKeys.reports.pick('services'),
    queryFn: ({ signal }) => fetchServiceNames(api, signal),
    staleTime: PICK_LIST_STALE_MS,
  });
  const groups = useQuery({
    queryKey: queryKeys.reports.pick('groups'),
    queryFn: ({ signal }) => fetchGroupNames(api, signal),
    staleTime: PICK_LIST_STALE_MS,
  });
  const customers = useQuery({
    queryKey: queryKeys.reports.pick('customers'),
    queryFn: ({ signal }) => fetchCustomerNames(api, signal),
    staleTime: PICK_LIST_STALE_MS,
    enabled: config.customer_views,
  });
  const choices = {
    // The configured environments first, then any other that has alerts.
    environment: [...new Set([...(config.environments ?? []), ...(environments.data ?? [])])],
    severity: severityChoices(config),
    status: statusChoices(config),
    service: services.data ?? [],
    group: groups.data ?? [],
    customer: config.customer_views ? (customers.data ?? []) : null,
  };
  const shared = { filter, defaultStatus, text };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('reports.title')}
        </Title>
        <Button
          variant="default"
          leftSection={<RefreshIcon />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.reports.all })}
        >
          {t('reports.reload')}
        </Button>
      </Group>
      <ReportFilters
        filter={filter}
        defaultStatus={defaultStatus}
        onChange={(patch) => update({ ...filter, ...patch })}
        onReset={() => {
          setText('');
          update(DEFAULT_FILTER);
        }}
        text={text}
        onText={setText}
        choices={choices}
      />
      <ReportTable
        {...shared}
        kind="count"
        title={t('reports.offenders', { n: filter.top })}
        description={t('reports.offendersHint')}
      />
      <ReportTable
        {...shared}
        kind="flapping"
        title={t('reports.flapping', { n: filter.top })}
        description={t('reports.flappingHint')}
      />
      <ReportTable
        {...shared}
        kind="standing"
        title={t('reports.standing', { n: filter.top })}
        description={t('reports.standingHint')}
      />
    </Stack>
  );
}

export default withMessages([adminMessages, reportsMessages], ReportsScreen);
