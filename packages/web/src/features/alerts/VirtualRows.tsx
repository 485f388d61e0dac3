import type { Alert } from '@alerta/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useMemo, type ReactNode } from 'react';

export interface VirtualRowsProps {
  alerts: readonly Alert[];
  /** The table body or card list the rows are drawn in. */
  body: HTMLElement | null;
  rowHeight: number;
  /** Table rows: the spacers span this many columns. */
  colSpan?: number;
  /** Cards: the spacers are plain blocks. */
  list?: boolean;
  renderRow: (alert: Alert, index: number) => ReactNode;
}

/**
 * The virtualizer keeps its size function from an earlier render. Made here, outside the component, its closure holds
 * the height alone; made inside, it would share the render's scope and keep that render's alert list alive.
 */
function fixedSize(rowHeight: number): () => number {
  return () => rowHeight;
}

/** The rows in view plus a few either side; spacer rows keep the scroll height of the whole page. */
export default function VirtualRows({ alerts, body, rowHeight, colSpan, list, renderRow }: VirtualRowsProps) {
  // Rows are measured from the top of the page; the table starts below the tabs.
  const scrollMargin = body === null ? 0 : body.getBoundingClientRect().top + window.scrollY;
  const estimateSize = useMemo(() => fixedSize(rowHeight), [rowHeight]);
  const virtualizer = useWindowVirtualizer({
    count: alerts.length,
    estimateSize,
    overscan: 10,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first === undefined ? 0 : first.start - scrollMargin;
  const padBottom = last === undefined ? 0 : virtualizer.getTotalSize() - (last.end - scrollMargin);
  const spacer = (height: number) =>
    list === true ? (
      <div aria-hidden style={{ height }} />
    ) : (
      <tr aria-hidden style={{ height }}>
        <td colSpan={colSpan} />
      </tr>
    );
  return (
    <>
      {padTop > 0 && spacer(padTop)}
      {items.map((item) => {
        const alert = alerts[item.index];
        return alert === undefined ? null : renderRow(alert, item.index);
      })}
      {padBottom > 0 && spacer(padBottom)}
    </>
  );
}
