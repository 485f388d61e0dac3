import type { MessageKey } from '../../i18n';
import { msg } from '../../i18n';
import { DEFAULT_VIEW, type AlertsView } from './alertsView';

/** One active filter as a chip: what it says, and how the URL changes when it is removed. */
export interface FilterChip {
  key: string;
  /** The filter's name. */
  nameKey: MessageKey;
  /**
   * The value shown; a status is given by its name and a date range by its bounds, for the screen to word
   * (docs/console/plumbing.md#durations-ids-and-words).
   */
  value: { text: string } | { status: string } | { preset: MessageKey } | { from: number | null; to: number | null };
  /** What removing the chip does: a change to the hash, or clearing the search (`?q=`). */
  remove: { patch: Partial<AlertsView> } | { clearSearch: true };
}

const PRESETS: Record<number, MessageKey> = {
  [-3600]: msg('alerts.filter.hour1'),
  [-21600]: msg('alerts.filter.hours6'),
  [-43200]: msg('alerts.filter.hours12'),
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * docs/console/alert-screens.md#filter-chips: the filters the URL holds that narrow the list beyond the default, one
 * chip per value of a list filter (each removable on its own) and one per other filter, in the filter sheet's order
 * after the search and the environment tab.
 */
export function filterChips(view: AlertsView, q: string | null, defaultStatus: readonly string[]): FilterChip[] {
  const chips: FilterChip[] = [];
  if (q !== null && q !== '') {
    chips.push({ key: 'q', nameKey: msg('alerts.chip.search'), value: { text: q }, remove: { clearSearch: true } });
  }
  if (view.environment !== null) {
    chips.push({
      key: 'environment',
      nameKey: msg('alerts.column.environment'),
      value: { text: view.environment },
      remove: { patch: { environment: null } },
    });
  }
  if (view.text !== null && view.text !== '') {
    chips.push({
      key: 'text',
      nameKey: msg('alerts.filter.text'),
      value: { text: view.text },
      remove: { patch: { text: null } },
    });
  }
  if (view.status !== null && !sameSet(view.status, defaultStatus)) {
    const status = view.status;
    if (status.length === 0) {
      // Every status: removing it goes back to the default statuses.
      chips.push({
        key: 'status:',
        nameKey: msg('alerts.filter.status'),
        value: { preset: msg('alerts.filter.allStatuses') },
        remove: { patch: { status: null } },
      });
    }
    for (const value of status) {
      const rest = status.filter((s) => s !== value);
      chips.push({
        key: `status:${value}`,
        nameKey: msg('alerts.filter.status'),
        value: { status: value },
        remove: { patch: { status: rest.length === 0 ? null : rest } },
      });
    }
  }
  const lists = [
    ['customer', msg('alerts.filter.customer')],
    ['service', msg('alerts.filter.service')],
    ['group', msg('alerts.filter.group')],
  ] as const;
  for (const [field, nameKey] of lists) {
    for (const value of view[field]) {
      chips.push({
        key: `${field}:${value}`,
        nameKey,
        value: { text: value },
        remove: { patch: { [field]: view[field].filter((v) => v !== value) } },
      });
    }
  }
  const [from, to] = view.dateRange;
  if (from !== null || to !== null) {
    const preset = to === null && from !== null ? PRESETS[from] : undefined;
    chips.push({
      key: 'dateRange',
      nameKey: msg('alerts.filter.time'),
      value: preset === undefined ? { from, to } : { preset },
      remove: { patch: { dateRange: DEFAULT_VIEW.dateRange } },
    });
  }
  return chips;
}

/** What "clear all" sets: every filter the chips show back to its default; the tab, sort and panel stay. */
export const CLEARED_FILTERS: Partial<AlertsView> = {
  environment: null,
  text: null,
  status: null,
  customer: [],
  service: [],
  group: [],
  dateRange: DEFAULT_VIEW.dateRange,
};
