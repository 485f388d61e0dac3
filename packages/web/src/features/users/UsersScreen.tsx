import '../../shared/adminStyles';
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
import { usePermission } from '../auth';
import { usersMessages } from './messages';
import { useUserColumns } from './userColumns';
import { UserDialog } from './UserDialog';
import { UserFilters, type UserStatus } from './UserFilters';
import { deleteUser, updateUser, useRoleNames, userRowSchema, type UserRow } from './usersApi';

type Editing = { user: UserRow | null } | null;

const SEARCH_FIELDS = ['name', 'login', 'email'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];
const isSearchField = (value: string): value is SearchField => (SEARCH_FIELDS as readonly string[]).includes(value);

/**
 * /users (docs/console/admin-screens.md#users): every user, filtered, searched, sorted and paged by the server.
 * Changing anything needs admin:users; adding a user also needs basic login, since other providers bring their own
 * users.
 */
function UsersScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const allowed = usePermission();
  const canAdmin = allowed('admin:users');
  const basic = useConfig().provider === 'basic';
  const roleNames = useRoleNames(allowed('read:perms'));

  const [statuses, setStatuses] = useState<UserStatus[]>(['active', 'inactive']);
  const [roles, setRoles] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [searchField, setSearchField] = useState<SearchField>('name');
  const [debounced] = useDebouncedValue(search, 300);
  const filters = { status: statuses, role: roles, [searchField]: searchParam(debounced) };
  const { list, query: users } = usePagedAdminList(
    { field: 'name', descending: false },
    {
      path: '/users',
      rowsKey: 'users',
      row: userRowSchema,
      filters,
      // No status chosen matches nobody: nothing to ask.
      enabled: statuses.length > 0,
    },
  );

  const [editing, setEditing] = useState<Editing>(null);
  const confirm = useConfirmDelete();
  const remove = useAdminChange((id: string) => deleteUser(api, id), {
    success: t('admin.deleted'),
    reportErrors: true,
  });
  // docs/console/behaviour.md#errors: UserStatusSaved and EmailSaved.
  const setStatus = useAdminChange(
    ({ id, value }: { id: string; value: UserStatus }) => updateUser(api, id, { status: value }),
    { success: t('users.statusSaved'), reportErrors: true },
  );
  const setVerified = useAdminChange(
    ({ id, value }: { id: string; value: boolean }) => updateUser(api, id, { email_verified: value }),
    { success: t('users.verifiedSaved'), reportErrors: true },
  );

  const columns = useUserColumns({
    canAdmin,
    pendingStatus: setStatus.isPending ? (setStatus.variables ?? null) : null,
    pendingVerified: setVerified.isPending ? (setVerified.variables ?? null) : null,
    onStatus: (u, value) => setStatus.mutate({ id: u.id, value }),
    onVerified: (u, value) => setVerified.mutate({ id: u.id, value }),
    onEdit: (u) => setEditing({ user: u }),
    onDelete: (u) => confirm.ask(() => remove.mutate(u.id)),
  });

  const searched = debounced.trim();
  let empty = t('admin.nothing');
  if (statuses.length === 0) empty = t('users.noStatus');
  else if (searched !== '') empty = t('admin.noResults', { text: searched });

  return (
    <>
      <ListToolbar
        title={t('users.title')}
        search={search}
        onSearch={setSearch}
        searchFields={[
          { value: 'name', label: t('users.name') },
          { value: 'login', label: t('users.login') },
          { value: 'email', label: t('users.email') },
        ]}
        searchField={searchField}
        onSearchField={(field) => {
          if (isSearchField(field)) setSearchField(field);
        }}
        {...(canAdmin && basic ? { addLabel: t('users.new'), onAdd: () => setEditing({ user: null }) } : {})}
      >
        <UserFilters
          statuses={statuses}
          onStatuses={setStatuses}
          roles={roles}
          onRoles={setRoles}
          roleChoices={roleNames.data}
        />
      </ListToolbar>
      <AdminTable
        caption={t('users.caption')}
        columns={columns}
        rows={statuses.length === 0 ? [] : (users.data?.rows ?? [])}
        rowKey={(u) => u.id}
        total={statuses.length === 0 ? 0 : (users.data?.total ?? 0)}
        state={list.state}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onSort={list.setSort}
        loading={users.isFetching}
        empty={empty}
      />
      {editing !== null && <UserDialog user={editing.user} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </>
  );
}

export default withMessages([adminMessages, usersMessages], UsersScreen);
