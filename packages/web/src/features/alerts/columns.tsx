import type { Alert } from '@alerta/contract';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { msg, type MessageKey } from '../../i18n';
import { SeverityBadge } from './SeverityBadge';

export interface CellContext {
  severityColors: Readonly<Record<string, string>>;
  mediumDate: string;
}

export interface AlertColumn {
  id: string;
  headerKey: MessageKey;
  /** Short values that read badly when wrapped (badges, dates, counts). */
  noWrap?: boolean;
  /** Long free text gets room before the table scrolls sideways. */
  minWidth?: number;
  /** Plain text or elements holding plain text: alert fields come from any sender and are never parsed as HTML. */
  render: (alert: Alert, context: CellContext) => ReactNode;
}

function formatDate(iso: string, format: string): ReactNode {
  const value = dayjs(iso);
  return value.isValid() ? <time dateTime={iso}>{value.format(format)}</time> : iso;
}

/** The columns of this first version of the list (console.md §2 "Alerts screen"); config `columns` comes later. */
export const ALERT_COLUMNS: readonly AlertColumn[] = [
  {
    id: 'severity',
    headerKey: msg('alerts.column.severity'),
    noWrap: true,
    render: (alert, { severityColors }) => (
      <SeverityBadge severity={alert.severity} color={severityColors[alert.severity]} />
    ),
  },
  { id: 'status', headerKey: msg('alerts.column.status'), noWrap: true, render: (alert) => alert.status },
  {
    id: 'lastReceiveTime',
    headerKey: msg('alerts.column.lastReceiveTime'),
    noWrap: true,
    render: (alert, { mediumDate }) => formatDate(alert.lastReceiveTime, mediumDate),
  },
  { id: 'duplicateCount', headerKey: msg('alerts.column.duplicateCount'), render: (alert) => alert.duplicateCount },
  { id: 'environment', headerKey: msg('alerts.column.environment'), render: (alert) => alert.environment },
  { id: 'service', headerKey: msg('alerts.column.service'), render: (alert) => alert.service.join(', ') },
  { id: 'resource', headerKey: msg('alerts.column.resource'), render: (alert) => alert.resource },
  {
    id: 'event',
    headerKey: msg('alerts.column.event'),
    // The link is how keyboard users open an alert; the row click is the shortcut for pointers.
    render: (alert) => (
      <Link to={`/alert/${encodeURIComponent(alert.id)}`} onClick={(e) => e.stopPropagation()}>
        {alert.event}
      </Link>
    ),
  },
  { id: 'value', headerKey: msg('alerts.column.value'), render: (alert) => alert.value ?? '' },
  { id: 'text', headerKey: msg('alerts.column.text'), minWidth: 280, render: (alert) => alert.text },
];
