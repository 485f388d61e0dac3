import type { Alert } from '@alerta/contract';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyTypeLabel, severityLabel, statusLabel } from '../../i18n/enumLabels';
import { useDateFormat } from '../preferences';
import { SeverityBadge } from '../../shared/SeverityBadge';
import { formatDuration, shortId } from '../../shared/format';
import classes from './AlertDetailScreen.module.css';

/** docs/console/behaviour.md#constants: history pages of 10. */
const PAGE_SIZE = 10;

/** The History tab: newest first, ten a page. */
export function HistoryTab({
  alert,
  severityColors,
}: {
  alert: Alert;
  severityColors: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const [page, setPage] = useState(1);
  const entries = [...alert.history].sort((a, b) => (a.updateTime < b.updateTime ? 1 : -1));
  const pages = Math.max(1, Math.ceil(entries.length / PAGE_SIZE));
  const shown = entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <div style={{ overflowX: 'auto', paddingTop: 'var(--mantine-spacing-md)' }}>
      <table className={classes.history} aria-label={t('detail.historyLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('detail.history.id')}</th>
            <th scope="col">{t('detail.history.updateTime')}</th>
            <th scope="col">{t('detail.history.severity')}</th>
            <th scope="col">{t('detail.history.status')}</th>
            <th scope="col">{t('detail.history.timeout')}</th>
            <th scope="col">{t('detail.history.type')}</th>
            <th scope="col">{t('detail.history.event')}</th>
            <th scope="col">{t('detail.history.value')}</th>
            <th scope="col">{t('detail.history.user')}</th>
            <th scope="col">{t('detail.history.text')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 && (
            <tr>
              <td colSpan={10}>{t('alerts.noData')}</td>
            </tr>
          )}
          {shown.map((entry, index) => (
            <tr key={`${entry.id}-${entry.updateTime}-${index}`}>
              <td>{shortId(entry.id)}</td>
              <td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.updateTime}>{formatDate(entry.updateTime)}</time>
              </td>
              <td>
                {entry.severity !== null && (
                  <SeverityBadge severity={severityLabel(t, entry.severity)} color={severityColors[entry.severity]} />
                )}
              </td>
              <td>{entry.status === null ? '' : statusLabel(t, entry.status)}</td>
              <td>{entry.timeout === null ? '' : formatDuration(entry.timeout)}</td>
              <td>{historyTypeLabel(t, entry.type)}</td>
              <td>{entry.event}</td>
              <td>{entry.value ?? ''}</td>
              <td>{entry.user ?? ''}</td>
              <td>{entry.text ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Group justify="flex-end" gap="xs" mt="xs">
        <Text size="sm">{t('detail.history.page', { page, pages })}</Text>
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('alerts.previousPage')}
        </Button>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('alerts.nextPage')}
        </Button>
      </Group>
    </div>
  );
}
