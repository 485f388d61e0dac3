import '../../shared/adminStyles';
import { Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { type AdminColumn, AdminTable } from '../../shared/admin/AdminTable';
import { ListToolbar } from '../../shared/admin/ListToolbar';
import { RowButton } from '../../shared/admin/RowButton';
import { useAdminChange, useConfirmDelete } from '../../shared/admin/adminActions';
import { searchParam, usePagedAdminList } from '../../shared/admin/adminList';
import { adminMessages } from '../../i18n/adminMessages';
import { EditIcon } from '../../shared/adminIcons';
import { DeleteIcon } from '../../shared/icons';
import { usePermission } from '../auth';
import { GroupDialog } from './GroupDialog';
import { deleteGroup, groupRowSchema, type GroupRow } from './groupsApi';
import { MembersIcon } from './icons';
import { MembersDialog } from './MembersDialog';
import { groupsMessages } from './messages';

type Dialog = { kind: 'edit'; group: GroupRow | null } | { kind: 'members'; group: GroupRow } | null;

/**
 * /groups (docs/console/admin-screens.md#groups): groups searched, sorted and paged by the server. Changing them or
 * their members needs admin:groups; new groups are made only with basic login, like the navigation entry.
 */
function GroupsScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const allowed = usePermission();
  const canAdmin = allowed('admin:groups');
  const basic = useConfig().provider === 'basic';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const filters = { name: searchParam(debounced) };
  const { list, query: groups } = usePagedAdminList(
    { field: 'name', descending: false },
    { path: '/groups', rowsKey: 'groups', row: groupRowSchema, filters },
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const confirm = useConfirmDelete();
  const remove = useAdminChange((id: string) => deleteGroup(api, id), {
    success: t('admin.deleted'),
    reportErrors: true,
  });

  const columns: AdminColumn<GroupRow>[] = [
    { key: 'name', minWidth: 160, header: t('groups.name'), sortField: 'name', cell: (g) => g.name },
    {
      key: 'text',
      priority: 1,
      minWidth: 160,
      header: t('groups.description'),
      sortField: 'text',
      cell: (g) => g.text,
    },
    { key: 'count', priority: 2, header: t('groups.count'), cell: (g) => g.count },
    {
      key: 'actions',
      header: t('admin.actions'),
      visible: canAdmin,
      cell: (g) => (
        <Group gap={4} wrap="nowrap">
          <RowButton
            tip={t('admin.edit')}
            label={t('groups.editOne', { name: g.name })}
            onClick={() => setDialog({ kind: 'edit', group: g })}
            icon={<EditIcon />}
          />
          <RowButton
            tip={t('groups.members')}
            label={t('groups.membersOne', { name: g.name })}
            onClick={() => setDialog({ kind: 'members', group: g })}
            icon={<MembersIcon />}
          />
          <RowButton
            tip={t('admin.delete')}
            label={t('groups.deleteOne', { name: g.name })}
            onClick={() => confirm.ask(() => remove.mutate(g.id))}
            icon={<DeleteIcon />}
            color="red"
          />
        </Group>
      ),
    },
  ];

  return (
    <>
      <ListToolbar
        title={t('groups.title')}
        search={search}
        onSearch={setSearch}
        {...(canAdmin && basic
          ? { addLabel: t('groups.new'), onAdd: () => setDialog({ kind: 'edit', group: null }) }
          : {})}
      />
      <AdminTable
        caption={t('groups.caption')}
        columns={columns}
        rows={groups.data?.rows ?? []}
        rowKey={(g) => g.id}
        total={groups.data?.total ?? 0}
        state={list.state}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onSort={list.setSort}
        loading={groups.isFetching}
        empty={debounced.trim() === '' ? t('admin.nothing') : t('admin.noResults', { text: debounced.trim() })}
      />
      {dialog?.kind === 'edit' && <GroupDialog group={dialog.group} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'members' && <MembersDialog group={dialog.group} onClose={() => setDialog(null)} />}
      {confirm.dialog}
    </>
  );
}

export default withMessages([adminMessages, groupsMessages], GroupsScreen);
