import type { GroupByField } from '@alerta/contract';
import type { MessageKey } from '../../i18n';
import { msg } from '../../i18n';
import { DEFAULT_VIEW, type AlertsView } from './alertsView';
import { joinClauses, readClause, searchClauses, type FacetField } from './searchClauses';

/** One active filter as a chip: what it says, and how the URL changes when it is removed. */
export interface FilterChip {
  key: string;
  /** The filter's name. */
  nameKey: MessageKey;
  /**
   * The value shown; a status is given by its name and a date range by its bounds, for the screen to word
   * (docs/console/plumbing.md#durations-ids-and-words).
   */
  value:
    | { text: string }
    | { status: string }
    | { preset: MessageKey }
    | { from: number | null; to: number | null }
    | { not: string };
  /** What removing the chip does: a change to the hash, clearing the search (`?q=`), or the search without a clause. */
  remove: { patch: Partial<AlertsView> } | { clearSearch: true } | { search: string | null };
}

const PRESETS: Record<number, MessageKey> = {
  [-3600]: msg('alerts.filter.hour1'),
  [-21600]: msg('alerts.filter.hours6'),
  [-43200]: msg('alerts.filter.hours12'),
};

/** The name of a facet's field on its chip (docs/console/alert-screens.md#facets). */
export const FACET_FIELD_NAMES: Readonly<Record<FacetField, MessageKey>> = {
  environment: msg('alerts.column.environment'),
  service: msg('alerts.column.service'),
  resource: msg('alerts.column.resource'),
  event: msg('alerts.column.event'),
  group: msg('alerts.column.group'),
  origin: msg('alerts.column.origin'),
  tag: msg('alerts.column.tags'),
};

/**
 * The name of each field a group's query or a facet names (docs/api/alerts.md#get-alertsgrouped), on its chip; the
 * grouped view's labels start from it.
 */
export const CLAUSE_FIELD_NAMES: Readonly<Record<GroupByField, MessageKey>> = {
  ...FACET_FIELD_NAMES,
  customer: msg('alerts.column.customer'),
  severity: msg('alerts.column.severity'),
  status: msg('alerts.column.status'),
};

const isClauseField = (field: string): field is GroupByField => Object.hasOwn(CLAUSE_FIELD_NAMES, field);

/**
 * The search's chips: one per clause when it is clauses joined by AND and one of them is a value filter (the facets
 * panel's, a group's) or there are several; the whole search as one chip otherwise.
 */
function searchChips(q: string): FilterChip[] {
  const clauses = searchClauses(q);
  const filters = clauses?.map(readClause);
  if (clauses === null || filters === undefined || (clauses.length < 2 && filters[0] === null)) {
    return [{ key: 'q', nameKey: msg('alerts.chip.search'), value: { text: q }, remove: { clearSearch: true } }];
  }
  return clauses.map((clause, index): FilterChip => {
    const remove = { search: joinClauses(clauses.filter((_, other) => other !== index)) };
    const filter = filters[index] ?? null;
    const nameKey = filter !== null && isClauseField(filter.field) ? CLAUSE_FIELD_NAMES[filter.field] : undefined;
    if (filter === null || nameKey === undefined) {
      return { key: `q:${clause}`, nameKey: msg('alerts.chip.search'), value: { text: clause }, remove };
    }
    const value: FilterChip['value'] =
      filter.value === null
        ? { preset: filter.exclude ? msg('alerts.facets.anyValue') : msg('alerts.grouping.none') }
        : filter.exclude
          ? { not: filter.value }
          : { text: filter.value };
    return { key: `q:${clause}`, nameKey, value, remove };
  });
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * docs/console/alert-screens.md#filter-chips: the filters the URL holds that narrow the list beyond the default, one
 * chip per value of a list filter (each removable on its own) and one per other filter, in the filter sheet's order
 * after the search and the environment tab.
 */
export function filterChips(view: AlertsView, q: string | null, defaultStatus: readonly string[]): FilterChip[] {
  const chips: FilterChip[] = [];
  if (q !== null && q.trim() !== '') chips.push(...searchChips(q));
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
