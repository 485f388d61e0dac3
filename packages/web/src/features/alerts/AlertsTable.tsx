import type { Alert } from '@alerta/contract';
import { Checkbox, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  memo,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { lazyChunk } from '../../app/lazyChunk';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertRow } from './AlertRow';
import { useAlertsUi, useAlertsUiStore } from './AlertsUiContext';
import type { AlertColumn, CellContext } from './columns';
import type { TableFont } from '../preferences';
import type { AlertCommand } from './useAlertActions';
import classes from './AlertsTable.module.css';

// Long pages render only the rows in view; the windowing code loads only when a page is that long.
const VirtualRows = lazyChunk(() => import('./VirtualRows'));

/** Pages longer than this render only the rows in view. */
const VIRTUALIZE_FROM = 60;

export interface AlertsTableProps {
  alerts: readonly Alert[];
  columns: readonly AlertColumn[];
  context: CellContext;
  /** The user's font for the table (docs/console/account-screens.md#settings). */
  font: TableFont;
  emptyText: string;
  compact: boolean;
  sortBy: string | null;
  descending: boolean;
  onSort: (column: AlertColumn) => void;
  username: string | undefined;
  canWrite: boolean;
  canDelete: boolean;
  customActions: readonly string[];
  onCommand: (alert: Alert, command: AlertCommand) => void;
  onDelete: (alert: Alert) => void;
}

const SortHeader = memo(function SortHeader({
  column,
  sortBy,
  descending,
  onSort,
}: Pick<AlertsTableProps, 'sortBy' | 'descending' | 'onSort'> & { column: AlertColumn }) {
  const { t } = useTranslation();
  const label = column.headerKey === undefined ? (column.label ?? column.id) : t(column.headerKey);
  const active = sortBy === column.id;
  const sort = active ? (descending ? 'descending' : 'ascending') : undefined;
  return (
    <th scope="col" aria-sort={sort} style={{ whiteSpace: 'nowrap' }}>
      {column.sortField === undefined ? (
        label
      ) : (
        <button type="button" className={classes.sortButton} onClick={() => onSort(column)}>
          {label}
          {active && <span aria-hidden> {descending ? '▼' : '▲'}</span>}
        </button>
      )}
    </th>
  );
});

/** The header row; its own memoised part, so that a new answer does not draw it again. */
const TableHead = memo(function TableHead({
  columns,
  sortBy,
  descending,
  onSort,
  multiSelect,
  allSelected,
  onSelectAll,
}: Pick<AlertsTableProps, 'columns' | 'sortBy' | 'descending' | 'onSort'> & {
  multiSelect: boolean;
  allSelected: boolean;
  onSelectAll: (all: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th className={classes.lead}>
          {multiSelect ? (
            <Checkbox
              size="xs"
              aria-label={t('alerts.selectAll')}
              checked={allSelected}
              indeterminate={!allSelected}
              onChange={() => onSelectAll(!allSelected)}
            />
          ) : (
            <VisuallyHidden>{t('alerts.column.trend')}</VisuallyHidden>
          )}
        </th>
        {columns.map((column) => (
          <SortHeader key={column.id} column={column} sortBy={sortBy} descending={descending} onSort={onSort} />
        ))}
        <th>
          <VisuallyHidden>{t('alerts.column.actions')}</VisuallyHidden>
        </th>
      </tr>
    </thead>
  );
});

/** The alert row an event happened in, if any. */
function rowOf(target: EventTarget | null): HTMLTableRowElement | null {
  return target instanceof Element ? target.closest<HTMLTableRowElement>('tr[data-alert-id]') : null;
}

function rowIdOf(target: EventTarget): string | null {
  return rowOf(target)?.dataset.alertId ?? null;
}

/** The alert list as a table: selection, sorting, keyboard moves, and only the visible rows at large page sizes. */
export const AlertsTable = memo(function AlertsTable(props: AlertsTableProps) {
  const { t } = useTranslation();
  const { alerts, columns } = props;
  const navigate = useNavigate();
  const store = useAlertsUiStore();
  const selected = useAlertsUi((s) => s.selected);
  const multiSelect = selected.size > 0;
  const anchor = useRef<string | null>(null);
  const [body, setBody] = useState<HTMLTableSectionElement | null>(null);
  const alertsRef = useRef(alerts);
  useEffect(() => {
    alertsRef.current = alerts;
  }, [alerts]);

  // The row buttons are drawn for the row under the pointer and the row holding focus only (on every row of a touch
  // screen, which has no hover): a page of rows each carrying its buttons costs several times the memory and render
  // time. While a menu or dialog opened from a row is up, the buttons stay where they are.
  const touch = useMediaQuery('(hover: none)', false) === true;
  const [pointerRow, setPointerRow] = useState<string | null>(null);
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const overlayOpen = () => store.getState().overlays > 0;
  // Leaving is settled a moment later: a move from one element to the next reports the leave first, sometimes without
  // saying where to, and the strip must not be taken down under the pointer on its way to a button.
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaving.current), []);
  const onPointerOver = (event: PointerEvent) => {
    clearTimeout(leaving.current);
    const id = rowIdOf(event.target);
    if (id !== null && !overlayOpen()) setPointerRow(id);
  };
  const onPointerLeave = () => {
    clearTimeout(leaving.current);
    leaving.current = setTimeout(() => {
      if (!overlayOpen()) setPointerRow(null);
    }, 0);
  };
  const onFocus = (event: FocusEvent) => {
    const id = rowIdOf(event.target);
    if (id !== null) setFocusRow(id);
  };
  const onBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (!overlayOpen()) setFocusRow(null);
  };

  // docs/console/behaviour.md#screens-and-routes: clicking the leading cell selects; shift-click selects the range from
  // the last one picked.
  const onSelect = useCallback(
    (alert: Alert, shiftKey: boolean) => {
      const list = alertsRef.current;
      const from = anchor.current === null ? -1 : list.findIndex((a) => a.id === anchor.current);
      const to = list.findIndex((a) => a.id === alert.id);
      if (shiftKey && from >= 0 && to >= 0) {
        store.setMany(list.slice(Math.min(from, to), Math.max(from, to) + 1), true);
      } else {
        store.toggle(alert);
      }
      anchor.current = alert.id;
    },
    [store],
  );

  const onRowClick = useCallback(
    (alert: Alert, event: MouseEvent) => {
      if (store.getState().selected.size > 0) onSelect(alert, event.shiftKey);
      else void navigate(`/alert/${encodeURIComponent(alert.id)}`);
    },
    [navigate, onSelect, store],
  );

  // Arrow keys move between rows and Enter opens one; a single listener serves every row.
  useEffect(() => {
    if (body === null) return;
    const onKey = (event: KeyboardEvent) => {
      const row = rowOf(event.target);
      if (row === null || row !== event.target) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const next = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
        if (next instanceof HTMLTableRowElement && next.dataset.alertId !== undefined) {
          event.preventDefault();
          next.focus();
        }
      } else if (event.key === 'Enter') {
        const id = row.dataset.alertId;
        if (id !== undefined) void navigate(`/alert/${encodeURIComponent(id)}`);
      } else if (event.key === ' ') {
        const alert = alertsRef.current.find((a) => a.id === row.dataset.alertId);
        if (alert !== undefined) {
          event.preventDefault();
          onSelect(alert, event.shiftKey);
        }
      }
    };
    body.addEventListener('keydown', onKey);
    return () => body.removeEventListener('keydown', onKey);
  }, [body, navigate, onSelect]);

  const virtual = alerts.length >= VIRTUALIZE_FROM;
  const colSpan = columns.length + 2;
  const { font } = props;
  // Row heights for the windowing grow with the font: a line is about 1.55 times the font size.
  const rowHeight = (props.compact ? 34 : 42) + Math.max(0, Math.round((font.size - 14) * 1.55));
  const allSelected = alerts.length > 0 && alerts.every((a) => selected.has(a.id));
  const onSelectAll = useCallback((all: boolean) => store.setMany(alertsRef.current, all), [store]);

  const renderRow = (alert: Alert, index: number) => (
    <AlertRow
      key={alert.id}
      alert={alert}
      first={index === 0}
      columns={columns}
      context={props.context}
      selected={selected.has(alert.id)}
      multiSelect={multiSelect}
      onRowClick={onRowClick}
      onSelect={onSelect}
      username={props.username}
      canWrite={props.canWrite}
      canDelete={props.canDelete}
      customActions={props.customActions}
      onCommand={props.onCommand}
      onDelete={props.onDelete}
      actions={touch || alert.id === pointerRow || alert.id === focusRow}
      t={t}
    />
  );

  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        aria-label={t('alerts.tableLabel')}
        className={`${classes.table} ${props.compact ? classes.compact : ''}`}
        style={{ fontFamily: font.family, fontSize: font.size, fontWeight: font.weight }}
      >
        <TableHead
          columns={columns}
          sortBy={props.sortBy}
          descending={props.descending}
          onSort={props.onSort}
          multiSelect={multiSelect}
          allSelected={multiSelect && allSelected}
          onSelectAll={onSelectAll}
        />
        <tbody
          ref={setBody}
          onPointerOver={onPointerOver}
          onPointerLeave={onPointerLeave}
          onFocus={onFocus}
          onBlur={onBlur}
        >
          {alerts.length === 0 && (
            <tr>
              <td colSpan={colSpan} className={classes.empty}>
                {props.emptyText}
              </td>
            </tr>
          )}
          {virtual ? (
            <Suspense fallback={alerts.slice(0, VIRTUALIZE_FROM).map(renderRow)}>
              <VirtualRows alerts={alerts} body={body} rowHeight={rowHeight} colSpan={colSpan} renderRow={renderRow} />
            </Suspense>
          ) : (
            alerts.map(renderRow)
          )}
        </tbody>
      </table>
    </div>
  );
});
