import '../../shared/adminStyles';
import { Badge, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { withMessages } from '../../i18n/areas';
import { type AdminColumn, AdminTable } from '../../shared/admin/AdminTable';
import { ListToolbar } from '../../shared/admin/ListToolbar';
import { RowButton } from '../../shared/admin/RowButton';
import { useAdminChange, useConfirmDelete } from '../../shared/admin/adminActions';
import { searchParam, usePagedAdminList } from '../../shared/admin/adminList';
import { adminMessages } from '../../i18n/adminMessages';
import { customersMessages } from './messages';
import { usePermission } from '../auth';
import { DeleteIcon } from '../../shared/icons';
import { EditIcon } from '../../shared/adminIcons';
import { CustomerDialog } from './CustomerDialog';
import { customerRowSchema, deleteCustomer, type CustomerRow } from './customersApi';

type Editing = { customer: CustomerRow | null } | null;

/**
 * /customers (docs/console/admin-screens.md#customers): the look-ups that put users into customers; changing them needs
 * admin:customers.
 */
function CustomersScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const allowed = usePermission();
  const canAdmin = allowed('admin:customers');
  const [search, setSearch] = useState('');
  const [searchField, setSearchField] = useState('customer');
  const [debounced] = useDebouncedValue(search, 300);
  const filters = { [searchField]: searchParam(debounced) };
  const { list, query: customers } = usePagedAdminList(
    { field: 'customer', descending: false },
    {
      path: '/customers',
      rowsKey: 'customers',
      row: customerRowSchema,
      filters,
    },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const confirm = useConfirmDelete();
  const remove = useAdminChange((id: string) => deleteCustomer(api, id), {
    success: t('customers.deleted'),
    reportErrors: true,
  });

  const columns: AdminColumn<CustomerRow>[] = [
    { key: 'match', minWidth: 160, header: t('customers.match'), sortField: 'match', cell: (c) => c.match },
    {
      key: 'customer',
      minWidth: 160,
      header: t('customers.customer'),
      sortField: 'customer',
      cell: (c) => (
        <Badge variant="light" tt="none" fw={500}>
          {`${c.customer} (${t('customers.kind')})`}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('admin.actions'),
      visible: canAdmin,
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <RowButton
            tip={t('admin.edit')}
            label={t('customers.editOne', { name: c.customer })}
            onClick={() => setEditing({ customer: c })}
            icon={<EditIcon />}
          />
          <RowButton
            tip={t('admin.delete')}
            label={t('customers.deleteOne', { name: c.customer })}
            onClick={() => confirm.ask(() => remove.mutate(c.id))}
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
        title={t('customers.title')}
        search={search}
        onSearch={setSearch}
        searchFields={[
          { value: 'customer', label: t('customers.customer') },
          { value: 'match', label: t('customers.match') },
        ]}
        searchField={searchField}
        onSearchField={setSearchField}
        {...(canAdmin ? { addLabel: t('customers.new'), onAdd: () => setEditing({ customer: null }) } : {})}
      />
      <AdminTable
        caption={t('customers.caption')}
        columns={columns}
        rows={customers.data?.rows ?? []}
        rowKey={(c) => c.id}
        total={customers.data?.total ?? 0}
        state={list.state}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onSort={list.setSort}
        loading={customers.isFetching}
        empty={debounced.trim() === '' ? t('admin.nothing') : t('admin.noResults', { text: debounced.trim() })}
      />
      {editing !== null && <CustomerDialog customer={editing.customer} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </>
  );
}

export default withMessages([adminMessages, customersMessages], CustomersScreen);
