import type { Alert } from '@alerta/contract';
import { Checkbox, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  memo,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { lazyChunk } from '../../app/lazyChunk';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AlertCard, CARD_HEIGHT } from './AlertCard';
import { AlertRow } from './AlertRow';
import { useAlertsUi, useAlertsUiStore } from './AlertsUiContext';
import { columnShape, columnWidth, fitColumns } from './columnLayout';
import { statusLabel } from '../../i18n/enumLabels';
import { CARDS_QUERY } from '../../shared/tableLayout';
import type { AlertColumn, CellContext } from './columns';
import type { TableFont } from '../preferences';
import type { AlertCommand } from './useAlertActions';
import { useHeldRows } from './useHeldRows';
import { OFFER_TIMEOUT_MS } from '../../app/notifications/notificationStore';
import classes from './AlertsTable.module.css';

// Long pages render only the rows in view; the windowing code loads only when a page is that long.
/**
 * Statuses an alert list usually shows, whose words the status column is wide enough for
 * (docs/console/alert-screens.md#column-priority); a rarer, longer one (in blackout) may be cut.
 */
const USUAL_STATUSES = ['open', 'assign', 'ack', 'shelved', 'closed', 'expired'];

const VirtualRows = lazyChunk(() => import('./VirtualRows'));

/** Pages longer than this render only the rows in view. */
const VIRTUALIZE_FROM = 60;

/** The checkbox and trend columns at the start of every row. */
const LEAD_WIDTH = 36 + 28;
/** One row button (24 px) and the gap after it. */
const ROW_BUTTON_WIDTH = 26;

export interface AlertsTableProps {
  alerts: readonly Alert[];
  columns: readonly AlertColumn[];
  context: CellContext;
  /** The user's font for the table (docs/console/account-screens.md#settings). */
  font: TableFont;
  emptyText: string;
  /** The table's name for screen readers; "Alert list" unless given (a group's alerts in the grouped view). */
  label?: string | undefined;
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
  const label = headerLabel(column, t);
  const active = sortBy === column.id;
  const sort = active ? (descending ? 'descending' : 'ascending') : undefined;
  return (
    <th scope="col" aria-sort={sort} title={label}>
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

function headerLabel(column: AlertColumn, t: (key: NonNullable<AlertColumn['headerKey']>) => string): string {
  return column.headerKey === undefined ? (column.label ?? column.id) : t(column.headerKey);
}

/** The header row; its own memoised part, so that a new answer does not draw it again. */
const TableHead = memo(function TableHead({
  columns,
  sortBy,
  descending,
  onSort,
  allSelected,
  someSelected,
  onSelectAll,
  withActions,
}: Pick<AlertsTableProps, 'columns' | 'sortBy' | 'descending' | 'onSort'> & {
  allSelected: boolean;
  someSelected: boolean;
  onSelectAll: (all: boolean) => void;
  withActions: boolean;
}) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th className={classes.lead}>
          <Checkbox
            size="xs"
            aria-label={t('alerts.selectAll')}
            checked={allSelected}
            indeterminate={someSelected && !allSelected}
            onChange={() => onSelectAll(!allSelected)}
          />
        </th>
        <th className={classes.trend}>
          <VisuallyHidden>{t('alerts.column.trend')}</VisuallyHidden>
        </th>
        {columns.map((column) => (
          <SortHeader key={column.id} column={column} sortBy={sortBy} descending={descending} onSort={onSort} />
        ))}
        {withActions && (
          <th>
            <VisuallyHidden>{t('alerts.column.actions')}</VisuallyHidden>
          </th>
        )}
      </tr>
    </thead>
  );
});

/** The alert row or card an event happened in, if any. */
function itemOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-alert-id]') : null;
}

function itemIdOf(target: EventTarget): string | null {
  return itemOf(target)?.dataset.alertId ?? null;
}

/** The width of an element in whole pixels, followed as it changes; 0 until it is laid out. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (element === null) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** The columns named in `fits` (ids joined by newlines), the same array while neither changes. */
function useShownColumns(columns: readonly AlertColumn[], fits: string): readonly AlertColumn[] {
  return useMemo(() => {
    const ids = new Set(fits.split('\n'));
    return columns.filter((column) => ids.has(column.id));
  }, [columns, fits]);
}

/** How many buttons a row can carry at most for this user, which sets the width of the actions column. */
function maxRowButtons({ canWrite, canDelete, username, customActions }: AlertsTableProps): number {
  if (!canWrite) return canDelete ? 1 : 0;
  // Up to four status actions (an acked alert: reopen, undo ack, shelve, close), watch, delete and the custom menu.
  return 4 + (username === undefined ? 0 : 1) + (canDelete ? 1 : 0) + (customActions.length > 0 ? 1 : 0);
}

/**
 * Whether a pointer that the browser says went to `entered`, at (x, y), is in fact over one of the list's held rows. A
 * held row is inert, so the browser takes a pointer over one for a pointer over what lies beneath: the table or the
 * list around the rows. Anything else entered (a dialog's backdrop, a menu over the list) is somewhere else.
 */
function overHeldRow(rows: HTMLElement | null, entered: EventTarget | null, x: number, y: number): boolean {
  if (rows === null || !(entered instanceof Element) || !entered.contains(rows)) return false;
  const box = rows.getBoundingClientRect();
  return x >= box.left && x < box.right && y >= box.top && y < box.bottom;
}

/**
 * The alert list: a table from 768 px up, showing the columns that fit by priority, and cards on phones; selection,
 * sorting, keyboard moves, and only the visible rows at large page sizes.
 */
export const AlertsTable = memo(function AlertsTable(props: AlertsTableProps) {
  const { t } = useTranslation();
  const { columns, font } = props;
  const navigate = useNavigate();
  const store = useAlertsUiStore();
  const selected = useAlertsUi((s) => s.selected);
  const multiSelect = selected.size > 0;
  // docs/console/alert-screens.md#phone-cards: below 768 px, and on a touch tablet, the list is a column of cards.
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) === true;
  const anchor = useRef<string | null>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const alertsRef = useRef(props.alerts);
  useEffect(() => {
    alertsRef.current = props.alerts;
  }, [props.alerts]);

  // docs/console/alert-screens.md#rows-hold-still: while a pointer is over the list, and for a while after an action
  // picked by touch, rows stay where they are: an alert that left stays in its place, faded and inert, and new ones wait.
  const [pointerInside, setPointerInside] = useState(false);
  const [touchHeld, setTouchHeld] = useState(0);
  useEffect(() => {
    if (touchHeld === 0) return;
    const timer = setTimeout(() => setTouchHeld(0), OFFER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [touchHeld]);
  // The hold covers answers to the search it began on: a search, filter, order or page the user picks (all in the
  // address) is drawn as it comes, and holding starts again once the pointer has left and come back.
  const location = useLocation();
  const query = `${location.search}${location.hash}`;
  const [holdQuery, setHoldQuery] = useState(query);
  const held = useHeldRows(props.alerts, (pointerInside || touchHeld > 0) && holdQuery === query);
  const alerts = held.alerts;

  // docs/console/alert-screens.md#column-priority: the columns that fit the table's width, lowest priority hiding
  // first. The shown list keeps its identity while the same columns fit, so rows draw again only when it changes.
  const width = useWidth(phone ? null : frame);
  const buttons = maxRowButtons(props);
  const actionsWidth = buttons === 0 ? 0 : buttons * ROW_BUTTON_WIDTH + 12;
  const longestStatus = useMemo(
    () => USUAL_STATUSES.map((status) => statusLabel(t, status)).reduce((a, b) => (b.length > a.length ? b : a), ''),
    [t],
  );
  const needs = columns.map((column) => ({
    id: column.id,
    priority: columnShape(column.id).priority,
    width: columnWidth(
      column.id,
      headerLabel(column, t),
      font.size,
      column.id === 'status' ? longestStatus : undefined,
    ),
  }));
  const fits = fitColumns(needs, width - LEAD_WIDTH - actionsWidth).join('\n');
  const shown = useShownColumns(columns, fits);
  // Columns without a fixed width share what is left: the text, else the widest column shown.
  const flexIds = useMemo(() => {
    const flex = shown.filter((column) => columnShape(column.id).flex === true).map((column) => column.id);
    if (flex.length > 0 || shown.length === 0) return new Set(flex);
    const widest = shown.reduce((a, b) => (columnShape(b.id).width > columnShape(a.id).width ? b : a));
    return new Set([widest.id]);
  }, [shown]);

  // The row buttons are drawn for the row under the pointer and the row holding focus only: a page of rows each
  // carrying its buttons costs several times the memory and render time. While a menu or dialog opened from a row is
  // up, the buttons stay where they are. Touch screens get them on every row.
  const touch = useMediaQuery('(hover: none)', false) === true;
  const [pointerRow, setPointerRow] = useState<string | null>(null);
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const overlayOpen = () => store.getState().overlays > 0;
  // Leaving is settled a moment later: a move from one element to the next reports the leave first, sometimes without
  // saying where to, and the buttons must not be taken down under the pointer on its way to one.
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaving.current), []);
  const onPointerOver = (event: PointerEvent) => {
    clearTimeout(leaving.current);
    // A finger's tap is no pointer resting over the list; touch holds after an action instead (onCommand below).
    if (event.pointerType !== 'touch' && !pointerInside) {
      setPointerInside(true);
      setHoldQuery(query);
    }
    const id = itemIdOf(event.target);
    if (id !== null && !overlayOpen()) setPointerRow(id);
  };
  // The pointer has left the list: the hold ends, and the row buttons go unless a menu or dialog opened from a row is up.
  const letGo = useCallback(() => {
    setPointerInside(false);
    if (store.getState().overlays === 0) setPointerRow(null);
  }, [store]);
  const onPointerLeave = (event: PointerEvent) => {
    if (overHeldRow(body, event.relatedTarget, event.clientX, event.clientY)) return;
    clearTimeout(leaving.current);
    leaving.current = setTimeout(letGo, 0);
  };
  // A pointer on a row's button that goes with the row (a held row loses its buttons) leaves the list without the
  // browser saying so: the removed button can no longer report the leave. So while the pointer is inside, the first
  // element it reaches outside the list's rows ends the hold as a leave would.
  useEffect(() => {
    if (!pointerInside || body === null) return;
    const onOverAnywhere = (event: globalThis.PointerEvent) => {
      if (event.pointerType === 'touch') return;
      if (event.target instanceof Node && body.contains(event.target)) return;
      if (overHeldRow(body, event.target, event.clientX, event.clientY)) return;
      clearTimeout(leaving.current);
      letGo();
    };
    document.addEventListener('pointerover', onOverAnywhere);
    return () => document.removeEventListener('pointerover', onOverAnywhere);
  }, [pointerInside, body, letGo]);
  const onFocus = (event: FocusEvent) => {
    const id = itemIdOf(event.target);
    if (id !== null) setFocusRow(id);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (!overlayOpen()) setFocusRow(null);
  };

  // docs/console/alert-screens.md#selection: the checkbox selects; shift-click selects the range from the last one
  // picked.
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

  // Arrow keys move between rows (or cards) and Enter opens one; a single listener serves them all.
  useEffect(() => {
    if (body === null) return;
    const onKey = (event: KeyboardEvent) => {
      const item = itemOf(event.target);
      if (item === null || item !== event.target) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = (from: Element) =>
          event.key === 'ArrowDown' ? from.nextElementSibling : from.previousElementSibling;
        // Rows held after their alert left carry no id and are passed over.
        let next = step(item);
        while (next instanceof HTMLElement && next.dataset.gone !== undefined) next = step(next);
        if (next instanceof HTMLElement && next.dataset.alertId !== undefined) {
          event.preventDefault();
          next.focus();
        }
      } else if (event.key === 'Enter') {
        const id = item.dataset.alertId;
        if (id !== undefined) void navigate(`/alert/${encodeURIComponent(id)}`);
      } else if (event.key === ' ') {
        const alert = alertsRef.current.find((a) => a.id === item.dataset.alertId);
        if (alert !== undefined) {
          event.preventDefault();
          onSelect(alert, event.shiftKey);
        }
      }
    };
    body.addEventListener('keydown', onKey);
    return () => body.removeEventListener('keydown', onKey);
  }, [body, navigate, onSelect]);

  const { onCommand: runCommand } = props;
  const tapped = touch || phone;
  const onCommand = useCallback(
    (alert: Alert, command: AlertCommand) => {
      if (tapped) {
        setTouchHeld((n) => n + 1);
        setHoldQuery(query);
      }
      runCommand(alert, command);
    },
    [runCommand, tapped, query],
  );

  const virtual = alerts.length >= VIRTUALIZE_FROM;
  const withActions = buttons > 0;
  const colSpan = shown.length + 2 + (withActions ? 1 : 0);
  // Row heights for the windowing grow with the font: a line is about 1.55 times the font size.
  const rowHeight = phone ? CARD_HEIGHT : (props.compact ? 34 : 42) + Math.max(0, Math.round((font.size - 14) * 1.55));
  const allSelected = props.alerts.length > 0 && props.alerts.every((a) => selected.has(a.id));
  const onSelectAll = useCallback((all: boolean) => store.setMany(alertsRef.current, all), [store]);

  // What a table row and a phone card both take.
  const itemProps = (alert: Alert, index: number) => ({
    alert,
    gone: held.gone.has(alert.id),
    first: index === 0,
    context: props.context,
    selected: selected.has(alert.id),
    multiSelect,
    onRowClick,
    onSelect,
    username: props.username,
    canWrite: props.canWrite,
    canDelete: props.canDelete,
    customActions: props.customActions,
    onCommand,
    onDelete: props.onDelete,
    t,
  });

  const renderRow = (alert: Alert, index: number) => (
    <AlertRow
      key={alert.id}
      {...itemProps(alert, index)}
      columns={shown}
      withActions={withActions}
      actions={touch || alert.id === pointerRow || alert.id === focusRow}
    />
  );

  const renderCard = (alert: Alert, index: number) => <AlertCard key={alert.id} {...itemProps(alert, index)} />;

  if (phone) {
    return (
      <div className={classes.cards}>
        {alerts.length > 0 && (
          <label className={classes.cardsSelectAll}>
            <input
              type="checkbox"
              checked={allSelected}
              ref={(input) => {
                if (input !== null) input.indeterminate = multiSelect && !allSelected;
              }}
              onChange={() => onSelectAll(!allSelected)}
            />
            {t('alerts.selectAll')}
          </label>
        )}
        <div
          ref={setBody}
          role="grid"
          aria-label={props.label ?? t('alerts.tableLabel')}
          className={classes.cardList}
          onPointerOver={onPointerOver}
          onPointerLeave={onPointerLeave}
          onFocus={onFocus}
          onBlur={onBlur}
        >
          {alerts.length === 0 && (
            <div role="row">
              <div role="gridcell" className={classes.empty}>
                {props.emptyText}
              </div>
            </div>
          )}
          {virtual ? (
            <Suspense fallback={alerts.slice(0, VIRTUALIZE_FROM).map(renderCard)}>
              <VirtualRows alerts={alerts} body={body} rowHeight={rowHeight} list renderRow={renderCard} />
            </Suspense>
          ) : (
            alerts.map(renderCard)
          )}
        </div>
      </div>
    );
  }

  const widthOf = (id: string) => needs.find((need) => need.id === id)?.width;
  return (
    <div ref={setFrame} className={classes.frame}>
      <table
        aria-label={props.label ?? t('alerts.tableLabel')}
        className={`${classes.table} ${props.compact ? classes.compact : ''}`}
        style={{ fontFamily: font.family, fontSize: font.size, fontWeight: font.weight }}
      >
        <colgroup>
          <col style={{ width: 36 }} />
          <col style={{ width: 28 }} />
          {shown.map((column) => (
            <col key={column.id} style={flexIds.has(column.id) ? undefined : { width: widthOf(column.id) }} />
          ))}
          {withActions && <col style={{ width: actionsWidth }} />}
        </colgroup>
        <TableHead
          columns={shown}
          sortBy={props.sortBy}
          descending={props.descending}
          onSort={props.onSort}
          allSelected={allSelected}
          someSelected={multiSelect}
          onSelectAll={onSelectAll}
          withActions={withActions}
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
