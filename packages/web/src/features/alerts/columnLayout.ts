import { hidingOrder } from '../../shared/tableLayout';

/**
 * Which columns of the alert table fit the width it has (docs/console/alert-screens.md#column-priority). Pure
 * functions, so the choice can be tested without a browser.
 */

export interface ColumnFit {
  id: string;
  /** 1 stays longest; a higher number gives way first, the rightmost first among equals (shared/tableLayout.ts). */
  priority: number;
  /** The width in CSS pixels the column needs to be readable (its header or its usual content, whichever is wider). */
  width: number;
}

/**
 * The ids of the columns to show, in table order: every column when they all fit in `available` pixels (or when the
 * width is not known yet, 0 or less), otherwise the columns left once the lowest-priority ones have given way. At least
 * one column always stays.
 */
export function fitColumns(columns: readonly ColumnFit[], available: number): string[] {
  const all = columns.map((column) => column.id);
  if (!(available > 0)) return all;
  const widths = new Map(columns.map((column) => [column.id, column.width]));
  let total = columns.reduce((sum, column) => sum + column.width, 0);
  const gone = new Set<string>();
  for (const id of hidingOrder(columns.map((column) => ({ key: column.id, priority: column.priority })))) {
    if (total <= available || gone.size === columns.length - 1) break;
    gone.add(id);
    total -= widths.get(id) ?? 0;
  }
  return all.filter((id) => !gone.has(id));
}

/** How a known column is ranked and how wide it is at a 14 px font; `flex` columns take the width left over. */
export interface ColumnShape {
  priority: number;
  width: number;
  flex?: boolean;
}

// docs/console/alert-screens.md#column-priority: what to keep on a narrow screen. Severity, what is alerting (resource,
// event) and its text stay longest, then the status and when it was last seen; counts and ids give way first. The
// widths are what the usual value needs, no more: at 1280 px, with the navigation open and every row button, the
// severity, status, last received, resource, event and description all fit.
const SHAPES: Record<string, ColumnShape> = {
  severity: { priority: 1, width: 90 },
  resource: { priority: 1, width: 130 },
  event: { priority: 1, width: 130 },
  text: { priority: 2, width: 170, flex: true },
  status: { priority: 2, width: 105 },
  lastReceiveTime: { priority: 3, width: 145 },
  environment: { priority: 4, width: 110 },
  service: { priority: 4, width: 120 },
  timeoutLeft: { priority: 5, width: 85 },
  customer: { priority: 5, width: 110 },
  group: { priority: 5, width: 110 },
  duplicateCount: { priority: 6, width: 55 },
  value: { priority: 6, width: 80 },
  note: { priority: 6, width: 180, flex: true },
  createTime: { priority: 7, width: 165 },
  receiveTime: { priority: 7, width: 165 },
  duration: { priority: 7, width: 85 },
  timeout: { priority: 7, width: 85 },
  origin: { priority: 7, width: 120 },
  type: { priority: 7, width: 120 },
  tags: { priority: 7, width: 140 },
  correlate: { priority: 7, width: 140 },
  previousSeverity: { priority: 8, width: 100 },
  trendIndication: { priority: 8, width: 100 },
  repeat: { priority: 8, width: 55 },
  attributes: { priority: 8, width: 180, flex: true },
  id: { priority: 9, width: 85 },
  lastReceiveId: { priority: 9, width: 85 },
};

/** Attribute columns and any name the table does not know. */
const OTHER: ColumnShape = { priority: 7, width: 120 };

export function columnShape(id: string): ColumnShape {
  return SHAPES[id] ?? OTHER;
}

/** Cell padding either side plus the sort arrow. */
const HEADER_EXTRA = 16 + 14;

/** Cell padding either side. */
const CELL_EXTRA = 16;

/** Widest a column grows for a long word of its content in some language. */
const WIDEST_WORD = 150;

/**
 * The width a column needs at `fontSize`: its usual content, its longest usual word in the console's language when
 * given (a status such as Acknowledged or Zurückgestellt, which a cell cannot wrap), or its header label when that is
 * longer (headers do not wrap, and their length depends on the language). Bold text runs at about 0.6 of the font size
 * per character, plain text at about 0.55.
 */
export function columnWidth(id: string, header: string, fontSize: number, longestWord = ''): number {
  const scale = fontSize / 14;
  const content = columnShape(id).width * scale;
  const word = Math.min(longestWord.length * fontSize * 0.55 + CELL_EXTRA, WIDEST_WORD * scale);
  const label = header.length * fontSize * 0.6 + HEADER_EXTRA;
  return Math.ceil(Math.max(content, word, label));
}
