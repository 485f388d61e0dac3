/**
 * Which columns of a table give way when it is wider than its box (docs/console/admin-screens.md#table-layout). Only
 * columns with a priority may hide: the highest number first, and among equal numbers the rightmost first.
 */
export interface RankedColumn {
  key: string;
  /** 1 stays longest; higher numbers give way first. Without one the column always shows. */
  priority?: number;
}

/** The keys of the columns that may hide, in the order they hide. */
export function hidingOrder(columns: readonly RankedColumn[]): string[] {
  return columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.priority !== undefined)
    .sort((a, b) => (b.column.priority ?? 0) - (a.column.priority ?? 0) || b.index - a.index)
    .map(({ column }) => column.key);
}

/** The columns split into those shown and those hidden once `hiddenCount` have given way, each in table order. */
export function splitColumns<T extends RankedColumn>(
  columns: readonly T[],
  hiddenCount: number,
): { shown: T[]; hidden: T[] } {
  const gone = new Set(hidingOrder(columns).slice(0, Math.max(0, hiddenCount)));
  return {
    shown: columns.filter((column) => !gone.has(column.key)),
    hidden: columns.filter((column) => gone.has(column.key)),
  };
}

/**
 * Where lists become cards (docs/console/admin-screens.md#table-layout): a screen under 768 px wide, and a touch
 * screen up to 1024 px (a tablet), whose fingers need the cards' 44 px controls more than a table's columns.
 */
export const CARDS_QUERY = '(max-width: 47.99em), (pointer: coarse) and (max-width: 64em)';
