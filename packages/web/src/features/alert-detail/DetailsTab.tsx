import type { Alert } from '@alerta/contract';
import { Alert as Callout, CloseButton, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SeverityBadge } from '../../shared/SeverityBadge';
import { severityLabel, statusLabel, trendLabel } from '../../i18n/enumLabels';
import { useDateFormat } from '../preferences';
import { attributeText, safeHttpUrl, splitCaps } from '../../shared/format';
import type { AlertNote } from './alertDetailApi';
import { searchHref } from './searchLink';
import classes from './AlertDetailScreen.module.css';

dayjs.extend(relativeTime);

export interface DetailsTabProps {
  alert: Alert;
  notes: readonly AlertNote[];
  customerViews: boolean;
  severityColors: Readonly<Record<string, string>>;
  canWrite: boolean;
  onDismissNote: (note: AlertNote) => void;
}

/** A date in the user's long format, UTC or local as they chose, and how long ago it was. */
function When({ iso }: { iso: string | null | undefined }) {
  const formatDate = useDateFormat();
  if (iso === null || iso === undefined) return null;
  const value = dayjs(iso);
  if (!value.isValid()) return <>{iso}</>;
  return (
    <time dateTime={iso} title={value.toISOString()}>
      {formatDate(iso, 'longDate')} ({value.fromNow()})
    </time>
  );
}

function Search({ field, value }: { field: string; value: string }) {
  if (value === '') return null;
  return (
    <Link className={classes.searchLink} to={searchHref(field, value)}>
      {value}
    </Link>
  );
}

function SearchEach({ field, values }: { field: string; values: readonly string[] }) {
  return (
    <span className={classes.values}>
      {values.map((value) => (
        <Search key={value} field={field} value={value} />
      ))}
    </span>
  );
}

/** An attribute value: http(s) addresses become links that open in a new tab, other text searches on click. */
function AttributeValue({ name, value }: { name: string; value: unknown }) {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return (
    <span className={classes.values}>
      {values.map((item, index) => {
        const text = attributeText(item);
        const url = typeof item === 'string' ? safeHttpUrl(item) : null;
        return url !== null ? (
          <a key={index} href={url} target="_blank" rel="noopener noreferrer nofollow">
            {text}
          </a>
        ) : (
          <Search key={index} field={`_.${name}`} value={text} />
        );
      })}
    </span>
  );
}

/** The last status change: who made it, when, and what they said (from the newest matching history entry). */
function lastStatusChange(alert: Alert) {
  let latest: Alert['history'][number] | undefined;
  for (const entry of alert.history) {
    if (entry.type === 'note' || entry.status !== alert.status) continue;
    if (latest === undefined || entry.updateTime >= latest.updateTime) latest = entry;
  }
  return latest;
}

/** The Details tab (docs/console/behaviour.md#screens-and-routes "Alert detail"): notes, then every field in order. */
export function DetailsTab({ alert, notes, customerViews, severityColors, canWrite, onDismissNote }: DetailsTabProps) {
  const { t } = useTranslation();
  const change = lastStatusChange(alert);
  const rows: [string, ReactNode][] = [
    [t('detail.field.id'), alert.id],
    [t('detail.field.lastReceiveId'), alert.lastReceiveId],
    [t('detail.field.createTime'), <When iso={alert.createTime} />],
    [t('detail.field.receiveTime'), <When iso={alert.receiveTime} />],
    [t('detail.field.lastReceiveTime'), <When iso={alert.lastReceiveTime} />],
    ...(customerViews
      ? ([[t('detail.field.customer'), <Search field="customer" value={alert.customer ?? ''} />]] as [
          string,
          ReactNode,
        ][])
      : []),
    [t('detail.field.service'), <SearchEach field="service" values={alert.service} />],
    [t('detail.field.environment'), <Search field="environment" value={alert.environment} />],
    [t('detail.field.resource'), <Search field="resource" value={alert.resource} />],
    [t('detail.field.event'), <Search field="event" value={alert.event} />],
    [t('detail.field.correlate'), <SearchEach field="event" values={alert.correlate} />],
    [t('detail.field.group'), <Search field="group" value={alert.group} />],
    [
      t('detail.field.severity'),
      <Group gap={6}>
        <SeverityBadge
          severity={severityLabel(t, alert.previousSeverity)}
          color={severityColors[alert.previousSeverity]}
        />
        <span aria-hidden>→</span>
        <VisuallyHidden>{t('detail.severityTo')}</VisuallyHidden>
        <SeverityBadge severity={severityLabel(t, alert.severity)} color={severityColors[alert.severity]} />
      </Group>,
    ],
    [
      t('detail.field.status'),
      <span>
        {statusLabel(t, alert.status)}
        {change !== undefined && (
          <>
            {' '}
            {t('detail.statusBy', { user: change.user ?? t('detail.anonymous') })} (
            <When iso={change.updateTime} />)
            {change.text !== null && change.text !== '' && (
              <Text size="sm" c="dimmed">
                {change.text}
              </Text>
            )}
          </>
        )}
      </span>,
    ],
    [t('detail.field.value'), alert.value ?? ''],
    [t('detail.field.text'), alert.text],
    [t('detail.field.trendIndication'), trendLabel(t, alert.trendIndication)],
    [t('detail.field.timeout'), String(alert.timeout)],
    [t('detail.field.type'), splitCaps(alert.type)],
    [t('detail.field.duplicateCount'), String(alert.duplicateCount)],
    [t('detail.field.repeat'), alert.repeat ? t('alerts.yes') : t('alerts.no')],
    [t('detail.field.origin'), <Search field="origin" value={alert.origin} />],
    [t('detail.field.tags'), <SearchEach field="tags" values={alert.tags} />],
    ...Object.entries(alert.attributes).map(
      ([name, value]) => [splitCaps(name), <AttributeValue name={name} value={value} />] as [string, ReactNode],
    ),
  ];
  return (
    <Stack gap="md" pt="md">
      {notes.map((note) => (
        <Callout key={note.id} color="blue" variant="light">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm">
                {t('detail.noteBy', { user: note.user ?? t('detail.anonymous') })} <When iso={note.createTime} />
              </Text>
              <Text size="sm" fs="italic">
                {note.text}
              </Text>
            </div>
            {canWrite && <CloseButton aria-label={t('detail.dismissNote')} onClick={() => onDismissNote(note)} />}
          </Group>
        </Callout>
      ))}
      <dl className={classes.fields}>
        {rows.map(([label, value], index) => (
          <Fragment key={index}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </Stack>
  );
}
