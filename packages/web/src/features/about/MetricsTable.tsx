import { Alert as Callout, Table, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { DateTime } from '../admin';
import { type DataColumn, DataTable } from '../../shared/DataTable';
import type { ServerStatus, StatusMetric } from './aboutApi';
import { capitalise } from '../../app/notifications/notificationStore';
import { averageTime, metricValue, splitUptime } from './aboutFormat';
import { msg, type MessageKey } from '../../i18n';

/** The metric types of docs/api (gauge, counter, timer, text) as words of the console's language. */
const METRIC_TYPES: Readonly<Record<string, MessageKey>> = {
  gauge: msg('about.metricType.gauge'),
  counter: msg('about.metricType.counter'),
  timer: msg('about.metricType.timer'),
  text: msg('about.metricType.text'),
};

function Uptime({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const { days, clock } = splitUptime(ms);
  return <>{days === 1 ? t('about.uptimeOneDay', { clock }) : t('about.uptimeDays', { days, clock })}</>;
}

/**
 * The API's metrics (docs/console/account-screens.md#about), then when they were taken and how long the API has been
 * up.
 */
export function MetricsTable({ status }: { status: UseQueryResult<ServerStatus> }) {
  const { t, i18n } = useTranslation();
  const twoDecimals = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const metrics = status.data?.metrics ?? [];
  const time = status.data?.time ?? null;
  const uptime = status.data?.uptime ?? null;
  const columns: DataColumn<StatusMetric>[] = [
    { key: 'title', header: t('about.metric'), cell: (metric) => metric.title },
    {
      key: 'type',
      header: t('about.type'),
      cell: (metric) => {
        const key = Object.hasOwn(METRIC_TYPES, metric.type) ? METRIC_TYPES[metric.type] : undefined;
        return key === undefined ? capitalise(metric.type) : t(key);
      },
    },
    { key: 'name', header: t('about.name'), cell: (metric) => `${metric.group}.${metric.name}` },
    { key: 'value', header: t('about.value'), cell: metricValue },
    {
      key: 'average',
      header: t('about.averageTime'),
      cell: (metric) => {
        const average = averageTime(metric);
        return average === null
          ? t('about.notApplicable')
          : t('about.milliseconds', { value: twoDecimals.format(average) });
      },
    },
  ];

  return (
    <section aria-labelledby="about-status">
      <Title order={2} size="h4" id="about-status" mb="xs">
        {t('about.status')}
      </Title>
      {status.isError && (
        <Callout color="red" mb="xs">
          {t('about.statusFailed', { reason: errorMessage(status.error, t) })}
        </Callout>
      )}
      <DataTable
        caption={t('about.metricsCaption')}
        columns={columns}
        rows={metrics}
        rowKey={(metric, index) => `${metric.group}.${metric.name}-${index}`}
        empty={status.isPending ? t('admin.loading') : t('admin.nothing')}
        busy={status.isFetching}
        highlightOnHover={false}
      />
      {status.isSuccess && (
        <Table mt="md" maw={600}>
          <VisuallyHidden component="caption">{t('about.timesCaption')}</VisuallyHidden>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={200}>
                {t('about.lastUpdate')}
              </Table.Th>
              <Table.Td>
                {time === null ? '' : <DateTime iso={new Date(time).toISOString()} kind="longDate" />}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('about.uptime')}</Table.Th>
              <Table.Td>{uptime === null ? '' : <Uptime ms={uptime} />}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
