import '../../shared/adminStyles';
import { Chip, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { AdminTable } from '../../shared/admin/AdminTable';
import { ListToolbar } from '../../shared/admin/ListToolbar';
import { useAdminChange, useConfirmDelete } from '../../shared/admin/adminActions';
import { searchParam, usePagedAdminList } from '../../shared/admin/adminList';
import { adminMessages } from '../../i18n/adminMessages';
import { usePermission } from '../auth';
import { blackoutColumns } from './blackoutColumns';
import { BlackoutDialog } from './BlackoutDialog';
import { fieldsOf, type BlackoutFields } from './blackoutForm';
import { anyFieldQuery, quoted } from './blackoutQuery';
import { blackoutRowSchema, deleteBlackout, type BlackoutRow } from './blackoutsApi';
import { blackoutsMessages } from './messages';

const STATUSES = ['active', 'pending', 'expired'] as const;

type Editing = { blackout: BlackoutRow | null; prefill?: BlackoutFields } | null;

/**
 * The search as GET /blackouts takes it (docs/api/blackouts.md#routes): `q=` across every field, a substring on one
 * text field, or a list field holding the value. Tags go in `q`, since `tag=` fails on Alerta with PostgreSQL
 * (docs/api/alerts.md); a stock Alerta ignores `q` on this list, so its users search one field at a time.
 */
function searchFilters(field: string, text: string): Query {
  const value = text.trim();
  if (value === '') return {};
  if (field === 'any') return { q: anyFieldQuery(value) };
  if (field === 'tags') return { q: `tags:${quoted(value)}` };
  if (field === 'service') return { service: value };
  return { [field]: searchParam(value) };
}

/**
 * /blackouts (docs/console/admin-screens.md#blackouts): periods when matching alerts are silenced; changing them needs
 * write:blackouts.
 */
function BlackoutsScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const allowed = usePermission();
  const canWrite = allowed('write:blackouts');
  const [statuses, setStatuses] = useState<string[]>([...STATUSES]);
  const [search, setSearch] = useState('');
  const [searchField, setSearchField] = useState('any');
  const [debounced] = useDebouncedValue(search, 300);
  const filters: Query = { status: statuses, ...searchFilters(searchField, debounced) };
  // Newest start first by default: the way the server sorts `startTime` without a minus.
  const { list, query: blackouts } = usePagedAdminList(
    { field: 'startTime', descending: true },
    {
      path: '/blackouts',
      rowsKey: 'blackouts',
      row: blackoutRowSchema,
      filters,
      newestFirst: ['startTime', 'endTime', 'createTime'],
    },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const confirm = useConfirmDelete();
  const remove = useAdminChange((id: string) => deleteBlackout(api, id), {
    success: t('blackouts.deleted'),
    reportErrors: true,
  });

  const columns = blackoutColumns(t, config.customer_views, {
    canWrite,
    onEdit: (b) => setEditing({ blackout: b }),
    // A copy keeps what the blackout covers and gets fresh default times.
    onCopy: (b) => setEditing({ blackout: null, prefill: fieldsOf(b) }),
    onDelete: (b) => confirm.ask(() => remove.mutate(b.id)),
  });
  const searchFields = [
    { value: 'any', label: t('blackouts.anyField') },
    ...(config.customer_views ? [{ value: 'customer', label: t('blackouts.customer') }] : []),
    { value: 'environment', label: t('blackouts.environment') },
    { value: 'service', label: t('blackouts.service') },
    { value: 'resource', label: t('blackouts.resource') },
    { value: 'event', label: t('blackouts.event') },
    { value: 'group', label: t('blackouts.group') },
    { value: 'tags', label: t('blackouts.tags') },
    { value: 'origin', label: t('blackouts.origin') },
    { value: 'user', label: t('blackouts.user') },
    { value: 'text', label: t('blackouts.reason') },
  ];

  return (
    <>
      <ListToolbar
        title={t('blackouts.title')}
        search={search}
        onSearch={setSearch}
        searchFields={searchFields}
        searchField={searchField}
        onSearchField={setSearchField}
        {...(canWrite ? { addLabel: t('blackouts.new'), onAdd: () => setEditing({ blackout: null }) } : {})}
      >
        <Chip.Group
          multiple
          value={statuses}
          // At least one status stays on: none would show nothing at all.
          onChange={(value) => value.length > 0 && setStatuses(value)}
        >
          <Group gap={6} role="group" aria-label={t('blackouts.statusFilter')}>
            <Chip value="active" size="sm">
              {t('blackouts.status.active')}
            </Chip>
            <Chip value="pending" size="sm">
              {t('blackouts.status.pending')}
            </Chip>
            <Chip value="expired" size="sm">
              {t('blackouts.status.expired')}
            </Chip>
          </Group>
        </Chip.Group>
      </ListToolbar>
      <AdminTable
        caption={t('blackouts.caption')}
        columns={columns}
        rows={blackouts.data?.rows ?? []}
        rowKey={(b) => b.id}
        total={blackouts.data?.total ?? 0}
        state={list.state}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onSort={list.setSort}
        loading={blackouts.isFetching}
        empty={debounced.trim() === '' ? t('admin.nothing') : t('admin.noResults', { text: debounced.trim() })}
      />
      {editing !== null && (
        <BlackoutDialog
          blackout={editing.blackout}
          {...(editing.prefill === undefined ? {} : { prefill: editing.prefill })}
          onClose={() => setEditing(null)}
        />
      )}
      {confirm.dialog}
    </>
  );
}

export default withMessages([adminMessages, blackoutsMessages], BlackoutsScreen);
