import { Alert as Callout, Anchor, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../api';
import { errorMessage } from '../../api/errorMessage';
import { type DataColumn, DataTable } from '../../shared/DataTable';
import { fetchTop, type ReportKind, type TopRow } from './reportsApi';
import { reportQuery, type ReportFilter } from './reportFilter';
import { queryKeys } from '../../api/queryKeys';

/** The query-cache key of the reports, so the screen's reload button can reload all three. */

export interface ReportTableProps {
  kind: ReportKind;
  title: string;
  description: string;
  filter: ReportFilter;
  defaultStatus: readonly string[];
  /** Words the rows shown must contain (see {@link rowMatches}). */
  text: string;
}

/**
 * Whether a row holds `text` in its event, environments, services or resources. This narrows only the rows already
 * fetched, in the browser: the top-N endpoints have no such filter, and a report is at most 200 rows.
 */
function rowMatches(row: TopRow, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  const haystack = [row.event, ...row.environments, ...row.services, ...row.resources.map((r) => r.resource)];
  return haystack.some((value) => value.toLowerCase().includes(needle));
}

function Resources({ resources }: { resources: TopRow['resources'] }) {
  return (
    <>
      {resources.map((r, index) => (
        <Fragment key={`${r.id}-${index}`}>
          {index > 0 && ', '}
          {r.id === '' ? (
            r.resource
          ) : (
            <Anchor component={Link} to={`/alert/${encodeURIComponent(r.id)}`} size="sm">
              {r.resource === '' ? r.id : r.resource}
            </Anchor>
          )}
        </Fragment>
      ))}
    </>
  );
}

/**
 * One report (docs/console/admin-screens.md#reports): its heading and description, and a table of the top alert
 * sources, unpaged.
 */
export function ReportTable({ kind, title, description, filter, defaultStatus, text }: ReportTableProps) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const report = useQuery({
    queryKey: queryKeys.reports.table(kind, filter, defaultStatus),
    // Relative time ranges ("last hour") are worked out at each load, so a reload moves them on.
    queryFn: ({ signal }) => fetchTop(api, kind, reportQuery(filter, defaultStatus, Date.now()), signal),
    placeholderData: keepPreviousData,
  });
  const rows = (report.data ?? []).filter((row) => rowMatches(row, text));
  const searched = text.trim();
  // docs/console/admin-screens.md#table-layout: the event and its count stay, the lists give way first.
  const columns: DataColumn<TopRow>[] = [
    { key: 'event', header: t('reports.event'), minWidth: 140, cell: (row) => row.event },
    { key: 'count', header: t('reports.count'), cell: (row) => row.count },
    { key: 'duplicateCount', header: t('reports.duplicateCount'), priority: 2, cell: (row) => row.duplicateCount },
    {
      key: 'environments',
      header: t('reports.environments'),
      priority: 3,
      minWidth: 120,
      cell: (row) => row.environments.join(', '),
    },
    {
      key: 'services',
      header: t('reports.services'),
      priority: 3,
      minWidth: 120,
      cell: (row) => row.services.join(', '),
    },
    {
      key: 'resources',
      header: t('reports.resources'),
      priority: 1,
      minWidth: 180,
      cell: (row) => <Resources resources={row.resources} />,
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {description}
      </Text>
      {report.isError && (
        <Callout color="red" mb="xs">
          {errorMessage(report.error, t)}
        </Callout>
      )}
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row, index) => `${row.event}-${index}`}
        empty={
          report.isPending
            ? t('admin.loading')
            : searched === ''
              ? t('admin.nothing')
              : t('admin.noResults', { text: searched })
        }
        busy={report.isFetching}
        cards
        detailsLabel={t('admin.allColumns')}
      />
    </section>
  );
}
