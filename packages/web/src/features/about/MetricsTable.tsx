import { Alert as Callout, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { DateTime } from '../admin/parts';
import type { ServerStatus } from './aboutApi';
import { averageTime, capitalise, metricValue, splitUptime } from './aboutFormat';

function Uptime({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const { days, clock } = splitUptime(ms);
  return <>{days === 1 ? t('about.uptimeOneDay', { clock }) : t('about.uptimeDays', { days, clock })}</>;
}

/** The API's metrics (screens.md §13.3), then when they were taken and how long the API has been up. */
export function MetricsTable({ status }: { status: UseQueryResult<ServerStatus> }) {
  const { t, i18n } = useTranslation();
  const twoDecimals = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const metrics = status.data?.metrics ?? [];
  const time = status.data?.time ?? null;
  const uptime = status.data?.uptime ?? null;
  const headers = [t('about.metric'), t('about.type'), t('about.name'), t('about.value'), t('about.averageTime')];

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
      <Table.ScrollContainer minWidth={600}>
        <Table striped aria-busy={status.isFetching}>
          <VisuallyHidden component="caption">{t('about.metricsCaption')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header} scope="col">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {metrics.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={headers.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {status.isPending ? t('admin.loading') : t('admin.nothing')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              metrics.map((metric, index) => {
                const average = averageTime(metric);
                return (
                  <Table.Tr key={`${metric.group}.${metric.name}-${index}`}>
                    <Table.Td>{metric.title}</Table.Td>
                    <Table.Td>{capitalise(metric.type)}</Table.Td>
                    <Table.Td>{`${metric.group}.${metric.name}`}</Table.Td>
                    <Table.Td>{metricValue(metric)}</Table.Td>
                    <Table.Td>
                      {average === null
                        ? t('about.notApplicable')
                        : t('about.milliseconds', { value: twoDecimals.format(average) })}
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
