import type { Alert } from '@alerta/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { msg, type MessageKey } from '../../i18n';
import { severityLabel, statusLabel, trendLabel } from '../../i18n/enumLabels';
import type { FormatDate } from '../preferences';
import { isAcked, isShelved } from '../../shared/alertStatus';
import { useNow } from '../../shared/clock';
import { attributeText, formatDuration, lastNote, shortId, splitCaps, timeoutLeft } from '../../shared/format';
import { NoteIcon } from '../../shared/icons';
import { severityBadge } from '../../shared/SeverityBadge';

export interface CellContext {
  /** The table's translator, for the words of fixed values (docs/console/plumbing.md#durations-ids-and-words). */
  t: TFunction;
  severityColors: Readonly<Record<string, string>>;
  /** The user's medium date format, in UTC or local time as they chose. */
  formatDate: FormatDate;
  showNotesIcon: boolean;
  valueWidth: number;
  textWidth: number;
}

export interface AlertColumn {
  id: string;
  /** Translated header; attribute columns use `label` instead. */
  headerKey?: MessageKey;
  label?: string;
  /** The `sort-by` field, when the server can sort on this column (docs/api/alerts.md). */
  sortField?: string;
  noWrap?: boolean;
  /** Plain text or elements holding plain text: alert fields come from any sender and are never parsed as HTML. */
  render: (alert: Alert, context: CellContext) => ReactNode;
}

// Cells without state are plain functions, not components: a table row draws a dozen, and React keeps two copies of
// every component it has drawn.

function dateCell(iso: string | null, { formatDate }: CellContext): ReactNode {
  if (iso === null) return null;
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  return (
    <time dateTime={iso} title={value.toISOString()}>
      {formatDate(iso)}
    </time>
  );
}

function TimeoutLeftCell({ alert }: { alert: Alert }) {
  const now = useNow();
  return formatDuration(timeoutLeft(alert, now, isAcked(alert.status) || isShelved(alert.status)));
}

function DurationCell({ since }: { since: string }) {
  const now = useNow();
  return formatDuration((now - Date.parse(since)) / 1000);
}

function StatusCell({ alert, showNotesIcon }: { alert: Alert; showNotesIcon: boolean }) {
  const { t } = useTranslation();
  const note = showNotesIcon ? lastNote(alert) : undefined;
  return (
    <>
      {statusLabel(t, alert.status)}
      {note !== undefined && (
        <span
          role="img"
          aria-label={t('alerts.lastNote', { note })}
          title={note}
          style={{ marginLeft: 4, verticalAlign: 'middle', display: 'inline-flex' }}
        >
          <NoteIcon />
        </span>
      )}
    </>
  );
}

/**
 * Text cut with an ellipsis to the user's width or the column's, whichever is narrower; the whole text stays in the
 * title.
 */
function clipped(text: string, width: number): ReactNode {
  return (
    <span
      title={text}
      style={{
        display: 'block',
        maxWidth: width,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {text}
    </span>
  );
}

const severityCell = (severity: string, { severityColors, t }: CellContext) =>
  severityBadge(severityLabel(t, severity), severityColors[severity]);

/** Every column docs/console/behaviour.md#screens-and-routes names, by its config key. */
const KNOWN_COLUMNS: Record<string, AlertColumn> = {
  id: { id: 'id', headerKey: msg('alerts.column.id'), noWrap: true, render: (a) => shortId(a.id) },
  resource: {
    id: 'resource',
    headerKey: msg('alerts.column.resource'),
    sortField: 'resource',
    render: (a) => a.resource,
  },
  event: {
    id: 'event',
    headerKey: msg('alerts.column.event'),
    sortField: 'event',
    // The link is how keyboard and screen-reader users open an alert; the row click is the shortcut for pointers.
    render: (a) => (
      <Link
        to={`/alert/${encodeURIComponent(a.id)}`}
        title={a.event}
        onClick={(e) => e.stopPropagation()}
        style={{ color: 'inherit' }}
      >
        {a.event}
      </Link>
    ),
  },
  environment: {
    id: 'environment',
    headerKey: msg('alerts.column.environment'),
    sortField: 'environment',
    render: (a) => a.environment,
  },
  severity: {
    id: 'severity',
    headerKey: msg('alerts.column.severity'),
    sortField: 'severity',
    noWrap: true,
    render: (a, c) => severityCell(a.severity, c),
  },
  correlate: {
    id: 'correlate',
    headerKey: msg('alerts.column.correlate'),
    sortField: 'correlate',
    render: (a) => a.correlate.join(', '),
  },
  status: {
    id: 'status',
    headerKey: msg('alerts.column.status'),
    sortField: 'status',
    noWrap: true,
    render: (a, c) => <StatusCell alert={a} showNotesIcon={c.showNotesIcon} />,
  },
  service: {
    id: 'service',
    headerKey: msg('alerts.column.service'),
    sortField: 'service',
    render: (a) => a.service.join(', '),
  },
  group: { id: 'group', headerKey: msg('alerts.column.group'), sortField: 'group', render: (a) => a.group },
  value: {
    id: 'value',
    headerKey: msg('alerts.column.value'),
    sortField: 'value',
    render: (a, c) => clipped(a.value ?? '', c.valueWidth),
  },
  text: {
    id: 'text',
    headerKey: msg('alerts.column.text'),
    sortField: 'text',
    render: (a, c) => clipped(a.text, c.textWidth),
  },
  tags: { id: 'tags', headerKey: msg('alerts.column.tags'), sortField: 'tags', render: (a) => a.tags.join(', ') },
  attributes: {
    id: 'attributes',
    headerKey: msg('alerts.column.attributes'),
    render: (a) =>
      Object.entries(a.attributes)
        .map(([k, v]) => `${k}=${attributeText(v)}`)
        .join(', '),
  },
  origin: { id: 'origin', headerKey: msg('alerts.column.origin'), sortField: 'origin', render: (a) => a.origin },
  type: { id: 'type', headerKey: msg('alerts.column.type'), sortField: 'type', render: (a) => splitCaps(a.type) },
  createTime: {
    id: 'createTime',
    headerKey: msg('alerts.column.createTime'),
    sortField: 'createTime',
    noWrap: true,
    render: (a, c) => dateCell(a.createTime, c),
  },
  timeout: {
    id: 'timeout',
    headerKey: msg('alerts.column.timeout'),
    sortField: 'timeout',
    noWrap: true,
    render: (a) => formatDuration(a.timeout),
  },
  timeoutLeft: {
    id: 'timeoutLeft',
    headerKey: msg('alerts.column.timeoutLeft'),
    noWrap: true,
    render: (a) => <TimeoutLeftCell alert={a} />,
  },
  customer: {
    id: 'customer',
    headerKey: msg('alerts.column.customer'),
    sortField: 'customer',
    render: (a) => a.customer ?? '',
  },
  duplicateCount: {
    id: 'duplicateCount',
    headerKey: msg('alerts.column.duplicateCount'),
    sortField: 'duplicateCount',
    render: (a) => a.duplicateCount,
  },
  repeat: {
    id: 'repeat',
    headerKey: msg('alerts.column.repeat'),
    sortField: 'repeat',
    render: (a) => <YesNo value={a.repeat} />,
  },
  previousSeverity: {
    id: 'previousSeverity',
    headerKey: msg('alerts.column.previousSeverity'),
    sortField: 'previousSeverity',
    noWrap: true,
    render: (a, c) => severityCell(a.previousSeverity, c),
  },
  trendIndication: {
    id: 'trendIndication',
    headerKey: msg('alerts.column.trendIndication'),
    sortField: 'trendIndication',
    render: (a, c) => trendLabel(c.t, a.trendIndication),
  },
  receiveTime: {
    id: 'receiveTime',
    headerKey: msg('alerts.column.receiveTime'),
    sortField: 'receiveTime',
    noWrap: true,
    render: (a, c) => dateCell(a.receiveTime, c),
  },
  duration: {
    id: 'duration',
    headerKey: msg('alerts.column.duration'),
    noWrap: true,
    render: (a) => <DurationCell since={a.receiveTime} />,
  },
  lastReceiveId: {
    id: 'lastReceiveId',
    headerKey: msg('alerts.column.lastReceiveId'),
    sortField: 'lastReceiveId',
    noWrap: true,
    render: (a) => shortId(a.lastReceiveId),
  },
  lastReceiveTime: {
    id: 'lastReceiveTime',
    headerKey: msg('alerts.column.lastReceiveTime'),
    sortField: 'lastReceiveTime',
    noWrap: true,
    render: (a, c) => dateCell(a.lastReceiveTime, c),
  },
  note: { id: 'note', headerKey: msg('alerts.column.note'), render: (a) => lastNote(a) ?? '' },
};

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? t('alerts.yes') : t('alerts.no');
}

/** docs/console/plumbing.md#server-config: the server's default columns, used when the config names none. */
export const DEFAULT_COLUMNS = [
  'severity',
  'status',
  'lastReceiveTime',
  'timeoutLeft',
  'duplicateCount',
  'customer',
  'environment',
  'service',
  'resource',
  'event',
  'value',
  'text',
];

function attributeColumn(key: string): AlertColumn {
  return {
    id: `attributes.${key}`,
    label: key.charAt(0).toUpperCase() + key.slice(1),
    sortField: `attributes.${key}`,
    render: (a) => attributeText(a.attributes[key]),
  };
}

/** The configured columns: known names as above, any other name is the alert attribute of that name. */
export function buildColumns(names: readonly string[], customerViews: boolean): AlertColumn[] {
  const chosen = names.length > 0 ? names : DEFAULT_COLUMNS;
  const seen = new Set<string>();
  const columns: AlertColumn[] = [];
  for (const name of chosen) {
    if (seen.has(name) || (name === 'customer' && !customerViews)) continue;
    seen.add(name);
    columns.push(KNOWN_COLUMNS[name] ?? attributeColumn(name));
  }
  return columns;
}
