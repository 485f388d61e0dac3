import { ActionIcon, Group, NativeSelect, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZES, type ListState, type SortState } from './adminList';
import { DataTable, type DataColumn } from '../DataTable';
import { ChevronLeftIcon, ChevronRightIcon, SortIcon } from '../adminIcons';
import classes from './AdminTable.module.css';

export interface AdminColumn<T> {
  key: string;
  header: string;
  /** The API field `sort-by` takes for this column; unsortable without one. */
  sortField?: string;
  cell: (row: T) => ReactNode;
  /** Shown only when true (a column behind a setting such as customer views). */
  visible?: boolean;
}

export interface AdminTableProps<T> {
  caption: string;
  columns: readonly AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  total: number;
  state: ListState;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  onSort: (sort: SortState | null) => void;
  loading: boolean;
  /** Said when there are no rows: why (nothing at all, or nothing for this search). */
  empty: string;
  /** Hide the pager (a list the API does not page). */
  unpaged?: boolean;
}

function nextSort(current: SortState | null, field: string): SortState {
  if (current?.field !== field) return { field, descending: false };
  return { field, descending: !current.descending };
}

/** An administration list: sortable headers that ask the server, the rows, and a pager under them. */
export function AdminTable<T>(props: AdminTableProps<T>) {
  const { t } = useTranslation();
  const { caption, rows, rowKey, total, state, loading, empty } = props;
  const columns = props.columns.filter((column) => column.visible !== false);
  const from = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const to = Math.min(total, state.page * state.pageSize);
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));

  return (
    <div>
      <DataTable
        caption={caption}
        columns={columns.map((column): DataColumn<T> => {
          const sorted = column.sortField !== undefined && state.sort?.field === column.sortField;
          return {
            key: column.key,
            cell: column.cell,
            ...(sorted ? { sort: state.sort?.descending ? 'descending' : 'ascending' } : {}),
            header:
              column.sortField === undefined ? (
                column.header
              ) : (
                <UnstyledButton
                  className={classes.sortButton}
                  onClick={() => props.onSort(nextSort(state.sort, column.sortField ?? column.key))}
                >
                  {column.header}
                  <SortIcon direction={sorted ? (state.sort?.descending ? 'down' : 'up') : null} />
                </UnstyledButton>
              ),
          };
        })}
        rows={rows}
        rowKey={rowKey}
        empty={loading ? t('admin.loading') : empty}
        busy={loading}
      />
      {props.unpaged !== true && (
        <Group justify="flex-end" gap="md" mt="xs">
          <NativeSelect
            size="xs"
            label={t('admin.rowsPerPage')}
            classNames={{ root: classes.pageSize }}
            data={ADMIN_PAGE_SIZES.map(String)}
            value={String(state.pageSize)}
            onChange={(event) => props.onPageSize(Number(event.currentTarget.value))}
          />
          <Text size="sm" aria-live="polite">
            {t('admin.range', { from, to, total })}
          </Text>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              aria-label={t('admin.previousPage')}
              disabled={state.page <= 1}
              onClick={() => props.onPage(state.page - 1)}
            >
              <ChevronLeftIcon />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('admin.nextPage')}
              disabled={state.page >= lastPage}
              onClick={() => props.onPage(state.page + 1)}
            >
              <ChevronRightIcon />
            </ActionIcon>
          </Group>
        </Group>
      )}
    </div>
  );
}
