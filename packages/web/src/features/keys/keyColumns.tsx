import { Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Chips, DateTime } from '../admin';
import { type AdminColumn } from '../../shared/admin/AdminTable';
import { RowButton } from '../../shared/admin/RowButton';
import { DownloadIcon, EditIcon } from '../../shared/adminIcons';
import { DeleteIcon } from '../../shared/icons';
import { CopyKeyButton } from './CopyKeyButton';
import { ActiveIcon, ExpiredIcon } from './icons';
import { downloadKey } from './keyDownload';
import { isExpired, type KeyRow } from './keysApi';
import { LastUsed } from './RelativeTime';

/** A key named in a button's label: its first characters, enough to tell it from the others on the screen. */
export function keyName(key: KeyRow): string {
  return `${key.key.slice(0, 8)}…`;
}

export interface KeyColumnsOptions {
  t: TFunction;
  /** write:keys: edit. */
  canWrite: boolean;
  /** admin:keys: delete and download. */
  canAdmin: boolean;
  customerViews: boolean;
  nowMs: number;
  onEdit: (key: KeyRow) => void;
  onDelete: (key: KeyRow) => void;
}

/** The columns of the API keys list (docs/console/admin-screens.md#api-keys). */
export function keyColumns(o: KeyColumnsOptions): AdminColumn<KeyRow>[] {
  const { t } = o;
  return [
    {
      key: 'key',
      minWidth: 200,
      header: t('keys.key'),
      sortField: 'key',
      cell: (k) => (
        <Group gap={4} wrap="nowrap">
          <Text ff="monospace" size="sm">
            {k.key}
          </Text>
          <CopyKeyButton value={k.key} label={t('keys.copyOne', { name: keyName(k) })} />
        </Group>
      ),
    },
    {
      key: 'status',
      priority: 1,
      header: t('keys.status'),
      cell: (k) =>
        isExpired(k, o.nowMs) ? (
          <Group gap={4} wrap="nowrap" c="red.8">
            <ExpiredIcon />
            <Text size="sm">{t('keys.expired')}</Text>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap" c="indigo.8">
            <ActiveIcon />
            <Text size="sm">{t('keys.active')}</Text>
          </Group>
        ),
    },
    { key: 'user', priority: 2, minWidth: 140, header: t('keys.user'), sortField: 'user', cell: (k) => k.user },
    { key: 'scopes', priority: 2, minWidth: 160, header: t('keys.scopes'), cell: (k) => <Chips values={k.scopes} /> },
    { key: 'text', priority: 1, minWidth: 160, header: t('keys.description'), sortField: 'text', cell: (k) => k.text },
    {
      key: 'expireTime',
      priority: 1,
      header: t('keys.expires'),
      sortField: 'expireTime',
      cell: (k) => <DateTime iso={k.expireTime} />,
    },
    { key: 'count', priority: 4, header: t('keys.count'), sortField: 'count', cell: (k) => k.count },
    {
      key: 'lastUsedTime',
      priority: 3,
      header: t('keys.lastUsed'),
      sortField: 'lastUsedTime',
      cell: (k) => <LastUsed iso={k.lastUsedTime} />,
    },
    {
      key: 'customer',
      priority: 4,
      minWidth: 120,
      header: t('keys.customer'),
      sortField: 'customer',
      visible: o.customerViews,
      cell: (k) => k.customer ?? '',
    },
    {
      key: 'actions',
      header: t('admin.actions'),
      visible: o.canWrite || o.canAdmin,
      cell: (k) => (
        <Group gap={4} wrap="nowrap">
          {o.canWrite && (
            <RowButton
              tip={t('admin.edit')}
              label={t('keys.editOne', { name: keyName(k) })}
              onClick={() => o.onEdit(k)}
              icon={<EditIcon />}
            />
          )}
          {o.canAdmin && (
            <RowButton
              tip={t('admin.delete')}
              label={t('keys.deleteOne', { name: keyName(k) })}
              onClick={() => o.onDelete(k)}
              icon={<DeleteIcon />}
              color="red"
            />
          )}
          {o.canAdmin && (
            <RowButton
              tip={t('keys.download')}
              label={t('keys.downloadOne', { name: keyName(k) })}
              onClick={() => downloadKey(k)}
              icon={<DownloadIcon />}
            />
          )}
        </Group>
      ),
    },
  ];
}
