import { Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { TFunction } from 'i18next';
import { CopyIcon, DeleteIcon } from '../../shared/icons';
import { Chips, DateTime } from '../admin';
import { type AdminColumn } from '../../shared/admin/AdminTable';
import { RowButton } from '../../shared/admin/RowButton';
import { EditIcon, WarningIcon } from '../../shared/adminIcons';
import { broadScope } from './blackoutForm';
import { scopeParts, type ScopeField } from './blackoutScope';
import type { BlackoutRow } from './blackoutsApi';
import { ActiveIcon, ExpiredIcon, PendingIcon } from './icons';
import classes from './BlackoutsScreen.module.css';

dayjs.extend(relativeTime);

/** A blackout in a few words, to name its row's buttons: its environment and what narrows it. */
export function blackoutName(b: BlackoutRow): string {
  const parts = [b.environment, ...b.service, b.resource, b.event, b.group, ...b.tags, b.origin];
  return parts.filter((p): p is string => p !== null && p !== '').join(' / ');
}

function StatusCell({ blackout, t }: { blackout: BlackoutRow; t: TFunction }) {
  const { status } = blackout;
  const Icon = { active: ActiveIcon, pending: PendingIcon, expired: ExpiredIcon }[status];
  const label =
    status === 'active'
      ? t('blackouts.status.active')
      : status === 'pending'
        ? t('blackouts.status.pending')
        : t('blackouts.status.expired');
  return (
    <Group gap={4} wrap="nowrap" className={status === 'active' ? classes.active : undefined}>
      <Icon />
      <Text size="sm" c="inherit">
        {label}
      </Text>
    </Group>
  );
}

function scopeLabel(field: ScopeField, t: TFunction): string {
  switch (field) {
    case 'environment':
      return t('blackouts.environment');
    case 'service':
      return t('blackouts.service');
    case 'resource':
      return t('blackouts.resource');
    case 'event':
      return t('blackouts.event');
    case 'group':
      return t('blackouts.group');
    case 'tags':
      return t('blackouts.tags');
    case 'origin':
      return t('blackouts.origin');
  }
}

/** What the blackout covers, field by field, with a warning when that is a whole environment or origin. */
function ScopeCell({ blackout, t }: { blackout: BlackoutRow; t: TFunction }) {
  const scope = broadScope(blackout);
  const label =
    scope === null
      ? null
      : scope === 'wholeEnvironment'
        ? t('blackouts.wholeEnvironment')
        : t('blackouts.allFromOrigin');
  return (
    <span className={classes.scope}>
      {label !== null && (
        <Tooltip label={label}>
          <Text component="span" className={classes.warning}>
            <WarningIcon />
            <VisuallyHidden>{label}</VisuallyHidden>
          </Text>
        </Tooltip>
      )}
      {scopeParts(blackout).map((part) => (
        <span key={part.field} className={classes.scopePart}>
          <span className={classes.scopeField}>{scopeLabel(part.field, t)}:</span> {part.value}
        </span>
      ))}
    </span>
  );
}

export interface BlackoutActions {
  canWrite: boolean;
  onEdit: (b: BlackoutRow) => void;
  onCopy: (b: BlackoutRow) => void;
  onDelete: (b: BlackoutRow) => void;
}

/**
 * The columns of docs/console/admin-screens.md#blackouts; sortable where GET /blackouts sorts (BLACKOUT_COLUMNS on the
 * server).
 */
export function blackoutColumns(
  t: TFunction,
  customerViews: boolean,
  actions: BlackoutActions,
): AdminColumn<BlackoutRow>[] {
  const text = (value: string | null) => value ?? '';
  return [
    { key: 'scope', minWidth: 220, header: t('blackouts.scope'), cell: (b) => <ScopeCell blackout={b} t={t} /> },
    {
      key: 'customer',
      priority: 4,
      minWidth: 110,
      header: t('blackouts.customer'),
      sortField: 'customer',
      visible: customerViews,
      cell: (b) => text(b.customer),
    },
    {
      key: 'environment',
      priority: 6,
      inCard: false,
      header: t('blackouts.environment'),
      sortField: 'environment',
      cell: (b) => b.environment,
    },
    {
      key: 'service',
      priority: 6,
      inCard: false,
      header: t('blackouts.service'),
      sortField: 'service',
      cell: (b) => (b.service.length === 0 ? null : <Chips values={b.service} />),
    },
    {
      key: 'resource',
      priority: 6,
      inCard: false,
      minWidth: 120,
      header: t('blackouts.resource'),
      sortField: 'resource',
      cell: (b) => text(b.resource),
    },
    {
      key: 'event',
      priority: 6,
      inCard: false,
      header: t('blackouts.event'),
      sortField: 'event',
      cell: (b) => text(b.event),
    },
    {
      key: 'group',
      priority: 6,
      inCard: false,
      header: t('blackouts.group'),
      sortField: 'group',
      cell: (b) => text(b.group),
    },
    {
      key: 'tags',
      priority: 6,
      inCard: false,
      header: t('blackouts.tags'),
      sortField: 'tags',
      cell: (b) => (b.tags.length === 0 ? null : <Chips values={b.tags} color="blue" />),
    },
    {
      key: 'origin',
      priority: 6,
      inCard: false,
      header: t('blackouts.origin'),
      sortField: 'origin',
      cell: (b) => text(b.origin),
    },
    { key: 'status', priority: 1, header: t('blackouts.statusColumn'), cell: (b) => <StatusCell blackout={b} t={t} /> },
    {
      key: 'start',
      priority: 2,
      header: t('blackouts.start'),
      sortField: 'startTime',
      cell: (b) => (
        <span className={classes.nowrap}>
          <DateTime iso={b.startTime} />
        </span>
      ),
    },
    {
      key: 'end',
      priority: 1,
      header: t('blackouts.end'),
      sortField: 'endTime',
      cell: (b) => (
        <span className={classes.nowrap}>
          <DateTime iso={b.endTime} />
        </span>
      ),
    },
    {
      key: 'expires',
      priority: 3,
      header: t('blackouts.expires'),
      cell: (b) => (
        <time className={classes.nowrap} dateTime={b.endTime}>
          {dayjs(b.endTime).fromNow()}
        </time>
      ),
    },
    {
      key: 'user',
      priority: 3,
      minWidth: 150,
      header: t('blackouts.user'),
      sortField: 'user',
      cell: (b) => text(b.user),
    },
    {
      key: 'reason',
      priority: 2,
      minWidth: 160,
      header: t('blackouts.reason'),
      sortField: 'text',
      cell: (b) => text(b.text),
    },
    {
      key: 'actions',
      header: t('admin.actions'),
      visible: actions.canWrite,
      cell: (b) => {
        const name = blackoutName(b);
        return (
          <Group gap={4} wrap="nowrap">
            <RowButton
              tip={t('admin.edit')}
              label={t('blackouts.editOne', { name })}
              onClick={() => actions.onEdit(b)}
              icon={<EditIcon />}
            />
            <RowButton
              tip={t('admin.copy')}
              label={t('blackouts.copyOne', { name })}
              onClick={() => actions.onCopy(b)}
              icon={<CopyIcon />}
            />
            <RowButton
              tip={t('admin.delete')}
              label={t('blackouts.deleteOne', { name })}
              onClick={() => actions.onDelete(b)}
              icon={<DeleteIcon />}
              color="red"
            />
          </Group>
        );
      },
    },
  ];
}
