import { ActionIcon, Group, NativeSelect, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZES, type ListState, type SortState } from './adminList';
import { DataTable, usePhoneLayout, type DataColumn } from '../DataTable';
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
  /**
   * docs/console/admin-screens.md#table-layout: 1 stays longest, higher numbers give way first when the list is wider
   * than the screen. Without one the column always shows; the row's actions (the column keyed `actions`) always do.
   */
  priority?: number;
  /** The narrowest the column may get, in pixels; longer text wraps within it. Without one the cells keep to one line. */
  minWidth?: number;
  /** False: left out of a phone's card, which says the same in another field. */
  inCard?: boolean;
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
  const phone = usePhoneLayout();
  const sortable = columns.filter((column) => column.sortField !== undefined);

  return (
    <div>
      {phone && sortable.length > 0 && (
        // Cards have no headers to click: the order is chosen here.
        <NativeSelect
          size="md"
          mb="xs"
          label={t('admin.sortBy')}
          classNames={{ root: classes.sortSelect }}
          data={[
            ...(state.sort === null ? [{ value: '', label: '—' }] : []),
            ...sortable.flatMap((column) => [
              { value: `${column.sortField ?? ''}:asc`, label: t('admin.sortAscending', { column: column.header }) },
              { value: `${column.sortField ?? ''}:desc`, label: t('admin.sortDescending', { column: column.header }) },
            ]),
          ]}
          value={state.sort === null ? '' : `${state.sort.field}:${state.sort.descending ? 'desc' : 'asc'}`}
          onChange={(event) => {
            const [field = '', direction] = event.currentTarget.value.split(':');
            if (field !== '') props.onSort({ field, descending: direction === 'desc' });
          }}
        />
      )}
      <DataTable
        caption={caption}
        cards
        detailsLabel={t('admin.allColumns')}
        columns={columns.map((column): DataColumn<T> => {
          const sorted = column.sortField !== undefined && state.sort?.field === column.sortField;
          return {
            key: column.key,
            label: column.header,
            cell: column.cell,
            ...(column.key === 'actions' ? { actions: true } : {}),
            ...(column.priority === undefined || column.key === 'actions' ? {} : { priority: column.priority }),
            ...(column.minWidth === undefined ? {} : { minWidth: column.minWidth }),
            ...(column.inCard === false ? { inCard: false } : {}),
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
        <Group justify="flex-end" gap="md" mt="xs" className={classes.pager}>
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
