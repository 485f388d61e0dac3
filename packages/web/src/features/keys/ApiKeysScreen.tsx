import '../../shared/adminStyles';
import { Chip, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { AdminTable } from '../../shared/admin/AdminTable';
import { ListToolbar } from '../../shared/admin/ListToolbar';
import { useAdminChange, useConfirmDelete } from '../../shared/admin/adminActions';
import { searchParam, usePagedAdminList } from '../../shared/admin/adminList';
import { adminMessages } from '../../i18n/adminMessages';
import { keysMessages } from './messages';
import { usePermission } from '../auth';
import { ApiKeyDialog } from './ApiKeyDialog';
import { keyColumns } from './keyColumns';
import { deleteKey, keyRowSchema, type KeyRow } from './keysApi';
import { NewKeyDialog } from './NewKeyDialog';

type Editing = { apiKey: KeyRow | null } | null;

const STATUSES = ['active', 'expired'] as const;

/**
 * Dates the server sorts newest first when named plainly (docs/api/alerts.md), so the list's "descending" is the plain
 * name for them and the minus for every other field.
 */
const NEWEST_FIRST = ['expireTime', 'lastUsedTime'];

/**
 * /keys (docs/console/admin-screens.md#api-keys): API keys, read:keys to see them (only one's own without admin:keys,
 * which the server sees to), write:keys to make and edit them, admin:keys to delete and download them. Status, search,
 * paging and order are all the server's.
 */
function ApiKeysScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const allowed = usePermission();
  const canWrite = allowed('write:keys');
  const canAdmin = allowed('admin:keys');
  const [statuses, setStatuses] = useState<string[]>([...STATUSES]);
  const [search, setSearch] = useState('');
  const [searchField, setSearchField] = useState('text');
  const [debounced] = useDebouncedValue(search, 300);
  const filters = { status: statuses, [searchField]: searchParam(debounced) };
  // No status chosen leaves nothing to show; the server would take an empty status list as "any".
  const none = statuses.length === 0;
  const { list, query: keys } = usePagedAdminList(
    { field: 'lastUsedTime', descending: true },
    {
      path: '/keys',
      rowsKey: 'keys',
      row: keyRowSchema,
      filters,
      newestFirst: NEWEST_FIRST,
      enabled: !none,
    },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<string | null>(null);
  const confirm = useConfirmDelete();
  const remove = useAdminChange((id: string) => deleteKey(api, id), { success: t('keys.deleted'), reportErrors: true });

  const columns = keyColumns({
    t,
    canWrite,
    canAdmin,
    customerViews: config.customer_views,
    // A stock Alerta may not say a key's state: it is then judged by the time of the answer.
    nowMs: keys.dataUpdatedAt,
    onEdit: (apiKey) => setEditing({ apiKey }),
    onDelete: (apiKey) => confirm.ask(() => remove.mutate(apiKey.id)),
  });

  return (
    <>
      <ListToolbar
        title={t('keys.title')}
        search={search}
        onSearch={setSearch}
        searchFields={[
          { value: 'text', label: t('keys.description') },
          { value: 'user', label: t('keys.user') },
        ]}
        searchField={searchField}
        onSearchField={setSearchField}
        {...(canWrite ? { addLabel: t('keys.new'), onAdd: () => setEditing({ apiKey: null }) } : {})}
      >
        <Chip.Group multiple value={statuses} onChange={setStatuses}>
          <Group gap="xs" role="group" aria-label={t('keys.status')}>
            <Chip value="active">{t('keys.active')}</Chip>
            <Chip value="expired">{t('keys.expired')}</Chip>
          </Group>
        </Chip.Group>
      </ListToolbar>
      <AdminTable
        caption={t('keys.caption')}
        columns={columns}
        rows={none ? [] : (keys.data?.rows ?? [])}
        rowKey={(k) => k.id}
        total={none ? 0 : (keys.data?.total ?? 0)}
        state={list.state}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onSort={list.setSort}
        loading={!none && keys.isFetching}
        empty={debounced.trim() === '' ? t('admin.nothing') : t('admin.noResults', { text: debounced.trim() })}
      />
      {editing !== null && (
        <ApiKeyDialog apiKey={editing.apiKey} onClose={() => setEditing(null)} onCreated={setCreated} />
      )}
      {created !== null && <NewKeyDialog apiKey={created} onClose={() => setCreated(null)} />}
      {confirm.dialog}
    </>
  );
}

export default withMessages([adminMessages, keysMessages], ApiKeysScreen);
