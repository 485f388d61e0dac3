import '../../shared/adminStyles';
import { ActionIcon, Badge, Group, MultiSelect, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { withMessages } from '../../i18n/areas';
import { Chips, useKnownScopes } from '../admin';
import { type AdminColumn, AdminTable } from '../../shared/admin/AdminTable';
import { ListToolbar } from '../../shared/admin/ListToolbar';
import { useAdminChange, useConfirmDelete } from '../../shared/admin/adminActions';
import { searchParam, usePagedAdminList } from '../../shared/admin/adminList';
import { adminMessages } from '../../i18n/adminMessages';
import { permsMessages } from './messages';
import { usePermission } from '../auth';
import { DeleteIcon } from '../../shared/icons';
import { EditIcon, LockIcon } from '../../shared/adminIcons';
import { PermissionDialog } from './PermissionDialog';
import { deletePermission, isSystemRole, permissionRowSchema, type PermissionRow } from './permsApi';
import { rowButtonClass } from '../../shared/admin/RowButton';

type Editing = { permission: PermissionRow | null } | null;

/**
 * /perms (docs/console/admin-screens.md#permissions): the scopes each role grants; changing them needs admin:perms.
 * Search, the scopes filter, paging and order all happen on the server. The server lists the system roles ahead of the
 * stored ones whatever the order asked for, so they stay on top (and on the first page) when the role column is sorted.
 */
function PermissionsScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const allowed = usePermission();
  const canAdmin = allowed('admin:perms');
  const knownScopes = useKnownScopes();
  const [search, setSearch] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [debounced] = useDebouncedValue(search, 300);
  // docs/api/identity.md: the filter is `scope`, repeated; a role passes when it has any of them.
  const filters = { match: searchParam(debounced), scope: scopes };
  const { list, query: permissions } = usePagedAdminList(
    { field: 'match', descending: false },
    {
      path: '/perms',
      rowsKey: 'permissions',
      row: permissionRowSchema,
      filters,
    },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const confirm = useConfirmDelete();
  const remove = useAdminChange((id: string) => deletePermission(api, id), {
    success: t('perms.deleted'),
    reportErrors: true,
  });

  const columns: AdminColumn<PermissionRow>[] = [
    {
      key: 'match',
      minWidth: 140,
      header: t('perms.role'),
      sortField: 'match',
      cell: (p) => (
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" tt="none" fw={500}>
            {`${p.match} (${t('perms.kind')})`}
          </Badge>
          {isSystemRole(p) && (
            <Tooltip label={t('perms.systemRole')}>
              <span role="img" aria-label={t('perms.systemRole')} style={{ display: 'inline-flex' }}>
                <LockIcon />
              </span>
            </Tooltip>
          )}
        </Group>
      ),
    },
    { key: 'scopes', priority: 1, minWidth: 200, header: t('perms.scopes'), cell: (p) => <Chips values={p.scopes} /> },
    {
      key: 'actions',
      header: t('admin.actions'),
      visible: canAdmin,
      cell: (p) => <RowActions permission={p} onEdit={setEditing} onDelete={confirm.ask} remove={remove.mutate} />,
    },
  ];

  return (
    <>
      <ListToolbar
        title={t('perms.title')}
        search={search}
        onSearch={setSearch}
        {...(canAdmin ? { addLabel: t('perms.new'), onAdd: () => setEditing({ permission: null }) } : {})}
      >
        <MultiSelect
          label={t('perms.scopes')}
          placeholder={scopes.length === 0 ? t('perms.anyScope') : undefined}
          data={[...new Set([...knownScopes, ...scopes])]}
          value={scopes}
          onChange={setScopes}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('perms.clearScopes') }}
          nothingFoundMessage={t('perms.noScope')}
          w={280}
        />
      </ListToolbar>
      <AdminTable
        caption={t('perms.caption')}
        columns={columns}
        rows={permissions.data?.rows ?? []}
        rowKey={(p) => p.id}
        total={permissions.data?.total ?? 0}
        state={list.state}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onSort={list.setSort}
        loading={permissions.isFetching}
        empty={debounced.trim() === '' ? t('admin.nothing') : t('admin.noResults', { text: debounced.trim() })}
      />
      {editing !== null && <PermissionDialog permission={editing.permission} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </>
  );
}

interface RowActionsProps {
  permission: PermissionRow;
  onEdit: (editing: Editing) => void;
  onDelete: (action: () => void) => void;
  remove: (id: string) => void;
}

/**
 * Edit and delete. For a system role both stay in place but disabled (docs/console/admin-screens.md#permissions), still
 * focusable so that the reason can be read from the tooltip and the description.
 */
function RowActions({ permission: p, onEdit, onDelete, remove }: RowActionsProps) {
  const { t } = useTranslation();
  const locked = isSystemRole(p);
  const reasonId = `perm-locked-${p.id}`;
  const lockedProps = locked ? { 'aria-disabled': true, 'data-disabled': true, 'aria-describedby': reasonId } : {};
  return (
    <Group gap={4} wrap="nowrap">
      {locked && <VisuallyHidden id={reasonId}>{t('perms.lockedReason')}</VisuallyHidden>}
      <Tooltip label={locked ? t('perms.lockedReason') : t('admin.edit')}>
        <ActionIcon
          variant="subtle"
          className={rowButtonClass}
          aria-label={t('perms.editOne', { name: p.match })}
          {...lockedProps}
          onClick={() => {
            if (!locked) onEdit({ permission: p });
          }}
        >
          <EditIcon />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={locked ? t('perms.lockedReason') : t('admin.delete')}>
        <ActionIcon
          variant="subtle"
          className={rowButtonClass}
          color="red"
          aria-label={t('perms.deleteOne', { name: p.match })}
          {...lockedProps}
          onClick={() => {
            if (!locked) onDelete(() => remove(p.id));
          }}
        >
          <DeleteIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export default withMessages([adminMessages, permsMessages], PermissionsScreen);
