import { Alert as Callout, Anchor, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../api';
import { errorMessage } from '../../api/errorMessage';
import { fetchTop, type ReportKind, type TopRow } from './reportsApi';
import { reportQuery, type ReportFilter } from './reportFilter';

/** The query-cache key of the reports, so the screen's reload button can reload all three. */
export const REPORTS_QUERY_KEY = 'reports';

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

/** One report (screens.md §12): its heading and description, and a table of the top alert sources, unpaged. */
export function ReportTable({ kind, title, description, filter, defaultStatus, text }: ReportTableProps) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const report = useQuery({
    queryKey: [REPORTS_QUERY_KEY, kind, filter, defaultStatus],
    // Relative time ranges ("last hour") are worked out at each load, so a reload moves them on.
    queryFn: ({ signal }) => fetchTop(api, kind, reportQuery(filter, defaultStatus, Date.now()), signal),
    placeholderData: keepPreviousData,
  });
  const rows = (report.data ?? []).filter((row) => rowMatches(row, text));
  const searched = text.trim();
  const columns = [
    t('reports.event'),
    t('reports.count'),
    t('reports.duplicateCount'),
    t('reports.environments'),
    t('reports.services'),
    t('reports.resources'),
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
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover aria-busy={report.isFetching}>
          <VisuallyHidden component="caption">{title}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {columns.map((header) => (
                <Table.Th key={header} scope="col">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {report.isPending
                      ? t('admin.loading')
                      : searched === ''
                        ? t('admin.nothing')
                        : t('admin.noResults', { text: searched })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row, index) => (
                <Table.Tr key={`${row.event}-${index}`}>
                  <Table.Td>{row.event}</Table.Td>
                  <Table.Td>{row.count}</Table.Td>
                  <Table.Td>{row.duplicateCount}</Table.Td>
                  <Table.Td>{row.environments.join(', ')}</Table.Td>
                  <Table.Td>{row.services.join(', ')}</Table.Td>
                  <Table.Td>
                    <Resources resources={row.resources} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
