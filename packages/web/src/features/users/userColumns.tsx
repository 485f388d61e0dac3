import { Checkbox, Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Chips, DateTime } from '../admin';
import { type AdminColumn } from '../../shared/admin/AdminTable';
import { RowButton } from '../../shared/admin/RowButton';
import { EditIcon } from '../../shared/adminIcons';
import { DeleteIcon } from '../../shared/icons';
import type { UserStatus } from './UserFilters';
import type { UserRow } from './usersApi';
import touch from '../../shared/touchTargets.module.css';

/** A change asked for but not yet answered: the row shows it at once. */
export interface PendingChange<T> {
  id: string;
  value: T;
}

export interface UserColumnsOptions {
  /** admin:users: the toggles and the row buttons (docs/console/admin-screens.md#users). */
  canAdmin: boolean;
  pendingStatus: PendingChange<UserStatus> | null;
  pendingVerified: PendingChange<boolean> | null;
  onStatus: (user: UserRow, status: UserStatus) => void;
  onVerified: (user: UserRow, verified: boolean) => void;
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

function shown<T>(pending: PendingChange<T> | null, user: UserRow, stored: T): T {
  return pending !== null && pending.id === user.id ? pending.value : stored;
}

/** The user list's columns (docs/console/admin-screens.md#users); sortable where USER_COLUMNS has the field. */
export function useUserColumns(options: UserColumnsOptions): AdminColumn<UserRow>[] {
  const { t } = useTranslation();
  const { canAdmin } = options;
  // A user's name may be empty (a provider that gives none); the login then names the row.
  const who = (u: UserRow) => (u.name === '' ? u.login : u.name);
  return [
    { key: 'name', minWidth: 140, header: t('users.name'), sortField: 'name', cell: (u) => u.name },
    {
      key: 'status',
      priority: 2,
      header: t('users.status'),
      cell: (u) => {
        const active = shown(options.pendingStatus, u, u.status) === 'active';
        return canAdmin ? (
          <Switch
            aria-label={t('users.activeOne', { name: who(u) })}
            checked={active}
            onChange={(event) => options.onStatus(u, event.currentTarget.checked ? 'active' : 'inactive')}
          />
        ) : (
          <Text size="sm">{active ? t('users.active') : t('users.inactive')}</Text>
        );
      },
    },
    { key: 'login', priority: 1, minWidth: 130, header: t('users.login'), sortField: 'login', cell: (u) => u.login },
    { key: 'email', priority: 2, minWidth: 160, header: t('users.email'), sortField: 'email', cell: (u) => u.email },
    {
      key: 'verified',
      priority: 4,
      header: t('users.verified'),
      cell: (u) => {
        const verified = shown(options.pendingVerified, u, u.email_verified);
        return canAdmin ? (
          // The label around the box is its 44 px touch area on a phone or touch screen.
          // eslint-disable-next-line jsx-a11y/label-has-associated-control -- the Checkbox inside is the control, named by its aria-label; the label only widens its target
          <label className={touch.box}>
            <Checkbox
              aria-label={t('users.verifiedOne', { name: who(u) })}
              checked={verified}
              onChange={(event) => options.onVerified(u, event.currentTarget.checked)}
            />
          </label>
        ) : (
          <Text size="sm">{verified ? t('users.yes') : t('users.no')}</Text>
        );
      },
    },
    {
      key: 'roles',
      priority: 3,
      minWidth: 150,
      header: t('users.roles'),
      cell: (u) => <Chips values={u.roles} kind={t('users.roleKind')} max={4} />,
    },
    {
      key: 'created',
      priority: 5,
      header: t('users.createTime'),
      sortField: 'createTime',
      cell: (u) => <DateTime iso={u.createTime} />,
    },
    {
      key: 'lastLogin',
      priority: 4,
      header: t('users.lastLogin'),
      sortField: 'lastLogin',
      cell: (u) => <DateTime iso={u.lastLogin} />,
    },
    { key: 'text', priority: 5, minWidth: 140, header: t('users.comment'), sortField: 'text', cell: (u) => u.text },
    {
      key: 'actions',
      header: t('admin.actions'),
      visible: canAdmin,
      cell: (u) => (
        <Group gap={4} wrap="nowrap">
          <RowButton
            tip={t('admin.edit')}
            label={t('users.editOne', { name: who(u) })}
            onClick={() => options.onEdit(u)}
            icon={<EditIcon />}
          />
          <RowButton
            tip={t('admin.delete')}
            label={t('users.deleteOne', { name: who(u) })}
            onClick={() => options.onDelete(u)}
            icon={<DeleteIcon />}
            color="red"
          />
        </Group>
      ),
    },
  ];
}
