import { ActionIcon, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronRightIcon } from './adminIcons';
import { CARDS_QUERY, splitColumns } from './tableLayout';
import classes from './DataTable.module.css';

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  /** The header as plain text, for cards and a row's hidden columns; the header itself when that is a string. */
  label?: string;
  cell: (row: T) => ReactNode;
  /** The order the rows are in by this column, when they are. */
  sort?: 'ascending' | 'descending';
  /**
   * docs/console/admin-screens.md#table-layout: 1 stays longest, higher numbers give way first when the table is
   * wider than its box. Without one the column always shows.
   */
  priority?: number;
  /** The narrowest the column may get, in pixels; longer text wraps within it. Without one the cells keep to one line. */
  minWidth?: number;
  /** False: left out of a card, which says the same in another field. */
  inCard?: boolean;
  /** The row's buttons: never hidden, kept together, at the foot of a card. */
  actions?: boolean;
}

export interface DataTableProps<T> {
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** Said in place of the rows when there are none. */
  empty: string;
  busy: boolean;
  highlightOnHover?: boolean;
  /** On a phone the rows are cards, one field a line (docs/console/admin-screens.md#table-layout). */
  cards?: boolean;
  /** The name of the button that shows a row's hidden columns; with it, columns with a priority may hide. */
  detailsLabel?: string;
}

/** Whether lists are cards here (docs/console/admin-screens.md#table-layout): a phone, or a touch tablet. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(CARDS_QUERY, false) === true;
}

const labelOf = <T,>(column: DataColumn<T>): string =>
  column.label ?? (typeof column.header === 'string' ? column.header : column.key);

/** Text wraps anywhere in a column given a width, and keeps to one line in the others (dates, statuses, counts). */
const cellClass = <T,>(column: DataColumn<T>): string | undefined =>
  column.actions === true ? classes.actions : column.minWidth === undefined ? classes.nowrap : classes.wrap;

const isBlank = (content: ReactNode) => content === null || content === undefined || content === '';

/** The width of an element's content box, kept current as it changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry !== undefined) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The rows as cards: each field with its name, the row's buttons at the foot. */
function Cards<T>({ caption, columns, rows, rowKey, empty, busy }: DataTableProps<T>) {
  const fields = columns.filter((column) => column.actions !== true && column.inCard !== false);
  const actions = columns.filter((column) => column.actions === true);
  return (
    <ul className={classes.cards} aria-label={caption} aria-busy={busy}>
      {rows.length === 0 ? (
        <li className={classes.emptyCard}>
          <Text c="dimmed" ta="center" py="md">
            {empty}
          </Text>
        </li>
      ) : (
        rows.map((row, index) => (
          <li key={rowKey(row, index)} className={classes.card}>
            <dl className={classes.fields}>
              {fields.map((column) => {
                const content = column.cell(row);
                if (isBlank(content)) return null;
                return (
                  <div key={column.key} className={classes.field} data-column={column.key}>
                    <dt>{labelOf(column)}</dt>
                    <dd>{content}</dd>
                  </div>
                );
              })}
            </dl>
            {actions.map((column) => (
              <div key={column.key} className={classes.cardActions} data-row-actions="">
                {column.cell(row)}
              </div>
            ))}
          </li>
        ))
      )}
    </ul>
  );
}

/**
 * A table of rows with a hidden caption, column headers and a line saying why there are no rows. Columns with a
 * priority give way when the table is wider than its box, their content then one click away on each row; on a phone
 * the rows may be cards (docs/console/admin-screens.md#table-layout).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, columns, rows, rowKey, empty, busy, highlightOnHover = true, detailsLabel } = props;
  const phone = usePhoneLayout();
  const boxRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const width = useWidth(boxRef);
  // The table's own width changes after the fitting too (a font or a date format arriving): each change checks again.
  const tableWidth = useWidth(tableRef);
  const idPrefix = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const canHide = detailsLabel !== undefined;
  // Whatever changes what the table holds or the room it has starts the fitting again with every column.
  const fitKey = `${width}#${columns.map((column) => `${column.key}:${labelOf(column)}`).join('|')}#${rows
    .map((row, index) => rowKey(row, index))
    .join('|')}`;
  const [fit, setFit] = useState({ key: fitKey, hidden: 0 });
  const hiddenCount = fit.key === fitKey ? fit.hidden : 0;
  const { shown, hidden } = splitColumns(columns, canHide ? hiddenCount : 0);
  const hideable = shown.some((column) => column.priority !== undefined);
  // Too wide for its box: the next column in line gives way. Runs before the browser paints, so the table is only
  // ever seen fitted.
  useLayoutEffect(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    if (!canHide || !hideable || box === null || table === null || box.clientWidth === 0) return;
    if (table.scrollWidth > box.clientWidth + 1) setFit({ key: fitKey, hidden: hiddenCount + 1 });
  }, [canHide, hideable, fitKey, hiddenCount, tableWidth]);

  if (phone && props.cards === true) return <Cards {...props} />;

  const details = hidden.length > 0;
  const span = shown.length + (details ? 1 : 0);
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <div ref={boxRef} className={classes.box}>
      <Table ref={tableRef} className={classes.table} striped highlightOnHover={highlightOnHover} aria-busy={busy}>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {details && (
              <Table.Th className={classes.toggleCell}>
                <VisuallyHidden>{detailsLabel}</VisuallyHidden>
              </Table.Th>
            )}
            {shown.map((column) => (
              <Table.Th
                key={column.key}
                scope="col"
                data-column={column.key}
                aria-sort={column.sort}
                style={column.minWidth === undefined ? undefined : { minWidth: column.minWidth }}
                className={column.actions === true ? classes.actions : undefined}
              >
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>
                <Text c="dimmed" ta="center" py="md">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, index) => {
              const key = rowKey(row, index);
              const expanded = details && open.has(key);
              const detailsId = `${idPrefix}-${index}`;
              return (
                <Fragment key={key}>
                  <Table.Tr>
                    {details && (
                      <Table.Td className={classes.toggleCell}>
                        <ActionIcon
                          variant="subtle"
                          className={classes.toggle}
                          aria-label={detailsLabel}
                          aria-expanded={expanded}
                          aria-controls={expanded ? detailsId : undefined}
                          onClick={() => toggle(key)}
                        >
                          <ChevronRightIcon />
                        </ActionIcon>
                      </Table.Td>
                    )}
                    {shown.map((column) => (
                      <Table.Td
                        key={column.key}
                        className={cellClass(column)}
                        data-column={column.key}
                        data-row-actions={column.actions === true ? '' : undefined}
                      >
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  {expanded && (
                    <Table.Tr id={detailsId}>
                      <Table.Td colSpan={span}>
                        <dl className={classes.fields}>
                          {hidden.map((column) => (
                            <div key={column.key} className={classes.field}>
                              <dt>{labelOf(column)}</dt>
                              <dd>{column.cell(row)}</dd>
                            </div>
                          ))}
                        </dl>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
