import '../../shared/adminStyles';
import { HEARTBEAT_STATUSES } from '@alerta/contract';
import { ActionIcon, Chip, Group, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, type Query } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { Chips, DateTime } from '../admin';
import { type AdminColumn, AdminTable } from '../../shared/admin/AdminTable';
import { ListToolbar } from '../../shared/admin/ListToolbar';
import { useAdminChange, useConfirmDelete } from '../../shared/admin/adminActions';
import { searchParam, usePagedAdminList } from '../../shared/admin/adminList';
import { adminMessages } from '../../i18n/adminMessages';
import { usePermission } from '../auth';
import { DeleteIcon } from '../../shared/icons';
import { heartbeatsMessages } from './messages';
import { deleteHeartbeat, heartbeatRowSchema, type HeartbeatRow } from './heartbeatsApi';
import { latencyOf } from './heartbeatTiming';
import { Attributes, Since, StatusLabel, TimeLeft } from './HeartbeatCells';
import { rowButtonClass } from '../../shared/admin/RowButton';

/** Dates the server sorts newest first when named without a minus (docs/api/alerts.md). */
const NEWEST_FIRST = ['createTime', 'receiveTime'];

/**
 * The search: a substring of the origin or customer (`field=~text`, docs/api/alerts.md), or a tag, which the server
 * matches whole (tags are a list: a list filter takes exact values).
 */
function searchFilter(field: string, text: string): Query {
  if (field === 'tag') {
    const tag = text.trim();
    return { tag: tag === '' ? undefined : tag };
  }
  return { [field]: searchParam(text) };
}

/**
 * /heartbeats (docs/console/admin-screens.md#heartbeats): who has checked in lately, paged, sorted and filtered by the
 * server.
 */
function HeartbeatsScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const allowed = usePermission();
  const canDelete = allowed('write:heartbeats');
  const [statuses, setStatuses] = useState<string[]>([...HEARTBEAT_STATUSES]);
  const [search, setSearch] = useState('');
  const [searchField, setSearchField] = useState('origin');
  const [debounced] = useDebouncedValue(search, 300);
  // docs/api/heartbeats.md#routes: the status filter repeats `status=`; every status is sent while all three are on.
  const filters: Query = { status: statuses, ...searchFilter(searchField, debounced) };
  const noStatus = statuses.length === 0;
  const { list, query: heartbeats } = usePagedAdminList(
    { field: 'receiveTime', descending: true },
    {
      path: '/heartbeats',
      rowsKey: 'heartbeats',
      row: heartbeatRowSchema,
      filters,
      newestFirst: NEWEST_FIRST,
      // With every status turned off there is nothing to show, and no request would say so.
      enabled: !noStatus,
    },
  );
  const confirm = useConfirmDelete();
  const remove = useAdminChange((id: string) => deleteHeartbeat(api, id), {
    success: t('heartbeats.deleted'),
    reportErrors: true,
  });

  const rows = noStatus ? [] : (heartbeats.data?.rows ?? []);
  // docs/api/heartbeats.md#routes: the server's total leaves the status filter out. With some statuses off it can only
  // be an upper bound, except on a short page, which shows where the list really ends.
  const { pageSize, page } = list.state;
  const serverTotal = noStatus ? 0 : (heartbeats.data?.total ?? 0);
  const total =
    statuses.length < HEARTBEAT_STATUSES.length && rows.length < pageSize
      ? (page - 1) * pageSize + rows.length
      : serverTotal;

  const columns: AdminColumn<HeartbeatRow>[] = [
    { key: 'origin', minWidth: 160, header: t('heartbeats.origin'), sortField: 'origin', cell: (h) => h.origin },
    {
      key: 'customer',
      priority: 4,
      minWidth: 120,
      header: t('heartbeats.customer'),
      sortField: 'customer',
      visible: config.customer_views,
      cell: (h) => h.customer ?? '',
    },
    { key: 'tags', priority: 3, minWidth: 120, header: t('heartbeats.tags'), cell: (h) => <Chips values={h.tags} /> },
    {
      key: 'attributes',
      priority: 3,
      minWidth: 160,
      header: t('heartbeats.attributes'),
      cell: (h) => <Attributes attributes={h.attributes} />,
    },
    {
      key: 'createTime',
      priority: 5,
      header: t('heartbeats.createTime'),
      sortField: 'createTime',
      cell: (h) => <DateTime iso={h.createTime} />,
    },
    {
      key: 'receiveTime',
      priority: 5,
      header: t('heartbeats.receiveTime'),
      sortField: 'receiveTime',
      cell: (h) => <DateTime iso={h.receiveTime} />,
    },
    {
      key: 'latency',
      priority: 4,
      header: t('heartbeats.latency'),
      sortField: 'latency',
      cell: (h) => {
        const latency = latencyOf(h);
        return latency === null ? '' : t('heartbeats.milliseconds', { value: latency });
      },
    },
    {
      key: 'timeout',
      priority: 2,
      header: t('heartbeats.timeout'),
      // docs/console/admin-screens.md#heartbeats: the column shows the time left but sorts by the timeout itself.
      sortField: 'timeout',
      cell: (h) => <TimeLeft heartbeat={h} />,
    },
    { key: 'since', priority: 2, header: t('heartbeats.since'), cell: (h) => <Since iso={h.receiveTime} /> },
    { key: 'status', priority: 1, header: t('heartbeats.status'), cell: (h) => <StatusLabel status={h.status} /> },
    {
      key: 'actions',
      header: t('admin.actions'),
      visible: canDelete,
      cell: (h) => (
        <Tooltip label={t('admin.delete')}>
          <ActionIcon
            variant="subtle"
            className={rowButtonClass}
            color="red"
            aria-label={t('heartbeats.deleteOne', { name: h.origin })}
            onClick={() => confirm.ask(() => remove.mutate(h.id))}
          >
            <DeleteIcon />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  const searchFields = [
    { value: 'origin', label: t('heartbeats.origin') },
    { value: 'tag', label: t('heartbeats.tag') },
    ...(config.customer_views ? [{ value: 'customer', label: t('heartbeats.customer') }] : []),
  ];
  const searched = debounced.trim();

  return (
    <>
      <ListToolbar
        title={t('heartbeats.title')}
        search={search}
        onSearch={setSearch}
        searchFields={searchFields}
        searchField={searchField}
        onSearchField={setSearchField}
      >
        <div role="group" aria-labelledby="heartbeat-status-filter">
          <Text id="heartbeat-status-filter" size="sm" fw={500} mb={4}>
            {t('heartbeats.showStatus')}
          </Text>
          <Chip.Group multiple value={statuses} onChange={setStatuses}>
            <Group gap={6} wrap="nowrap">
              <Chip value="ok" size="sm">
                {t('heartbeats.ok')}
              </Chip>
              <Chip value="slow" size="sm">
                {t('heartbeats.slow')}
              </Chip>
              <Chip value="expired" size="sm">
                {t('heartbeats.expired')}
              </Chip>
            </Group>
          </Chip.Group>
        </div>
      </ListToolbar>
      <AdminTable
        caption={t('heartbeats.caption')}
        columns={columns}
        rows={rows}
        rowKey={(h) => h.id}
        total={total}
        state={list.state}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onSort={list.setSort}
        loading={!noStatus && heartbeats.isFetching}
        empty={
          noStatus
            ? t('heartbeats.noStatus')
            : searched === ''
              ? t('admin.nothing')
              : t('admin.noResults', { text: searched })
        }
      />
      {confirm.dialog}
    </>
  );
}

export default withMessages([adminMessages, heartbeatsMessages], HeartbeatsScreen);
