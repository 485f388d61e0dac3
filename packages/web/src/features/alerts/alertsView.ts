import type { GroupSort } from '@alerta/contract';

/**
 * What the alerts screen shows, kept in the URL (docs/console/behaviour.md#screens-and-routes "Alerts screen"): `?q=`
 * holds the search and the hash holds the filter, sort and panel as `key:value` pairs separated by semicolons, so a
 * link or bookmark restores them.
 */
export interface AlertsFilter {
  /** null shows every environment (the ALL tab). */
  environment: string | null;
  text: string | null;
  /** null means the configured default; an empty list means every status. */
  status: readonly string[] | null;
  customer: readonly string[];
  service: readonly string[];
  group: readonly string[];
  /** Seconds: a positive number is a moment (epoch seconds), a negative one is relative to now. */
  dateRange: readonly [number | null, number | null];
}

/** How the list is grouped (docs/console/alert-screens.md#grouped-view); saved searches keep it too. */
export interface AlertsGrouping {
  /** The fields grouped by, top level first: none (the flat list), one or two. */
  groupBy: readonly string[];
  /** The order of the groups; null keeps the server's default (worst severity first). */
  groupSort: GroupSort | null;
}

export interface AlertsView extends AlertsFilter, AlertsGrouping {
  /** Column key sorted on; null keeps the configured sort. */
  sortBy: string | null;
  descending: boolean;
  showPanel: boolean;
  /** The facets panel is open (docs/console/alert-screens.md#facets). */
  showFacets: boolean;
}

export const DEFAULT_VIEW: AlertsView = {
  environment: null,
  text: null,
  status: null,
  customer: [],
  service: [],
  group: [],
  dateRange: [null, null],
  sortBy: null,
  descending: false,
  showPanel: false,
  groupBy: [],
  groupSort: null,
  showFacets: false,
};

/** At most two levels; empty and repeated fields are dropped. */
function groupFields(fields: readonly string[]): string[] {
  return [...new Set(fields.map((field) => field.trim()))].filter((field) => field !== '').slice(0, 2);
}

function groupSortOf(value: string): GroupSort | null {
  return value === 'severity' || value === 'count' || value === 'name' ? value : null;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const encode = (value: string) => encodeURIComponent(value);

function list(value: string): string[] {
  return value === '' ? [] : value.split(',').map(decode);
}

function seconds(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Reads the hash (with or without its `#`); unknown keys and broken values are ignored. */
export function parseViewHash(hash: string): AlertsView {
  const view: AlertsView = { ...DEFAULT_VIEW };
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const pair of text.split(';')) {
    const at = pair.indexOf(':');
    if (at < 0) continue;
    const key = pair.slice(0, at);
    const value = pair.slice(at + 1);
    switch (key) {
      case 'environment':
        view.environment = value === '' ? null : decode(value);
        break;
      case 'text':
        view.text = value === '' ? null : decode(value);
        break;
      case 'status':
        view.status = list(value);
        break;
      case 'customer':
      case 'service':
      case 'group':
        view[key] = list(value);
        break;
      case 'dateRange': {
        const [from, to] = value.split(',');
        view.dateRange = [seconds(from), seconds(to)];
        break;
      }
      case 'sb':
        view.sortBy = value === '' || value === 'default' ? null : decode(value);
        break;
      case 'sd':
        view.descending = value === '1';
        break;
      case 'asi':
        view.showPanel = value === '1';
        break;
      case 'gb':
        view.groupBy = groupFields(list(value));
        break;
      case 'gs':
        view.groupSort = groupSortOf(value);
        break;
      case 'fp':
        view.showFacets = value === '1';
        break;
    }
  }
  return view;
}

/** The hash for `view`, in the predecessor's key order; every key is written so the state survives a reload. */
export function formatViewHash(view: AlertsView): string {
  const parts: string[] = [];
  if (view.environment !== null) parts.push(`environment:${encode(view.environment)}`);
  if (view.text !== null && view.text !== '') parts.push(`text:${encode(view.text)}`);
  if (view.status !== null) parts.push(`status:${view.status.map(encode).join(',')}`);
  for (const key of ['customer', 'service', 'group'] as const) {
    if (view[key].length > 0) parts.push(`${key}:${view[key].map(encode).join(',')}`);
  }
  const [from, to] = view.dateRange;
  parts.push(`dateRange:${from ?? ''},${to ?? ''}`);
  parts.push(`sb:${view.sortBy === null ? 'default' : encode(view.sortBy)}`);
  parts.push(`sd:${view.descending ? 1 : 0}`);
  parts.push(`asi:${view.showPanel ? 1 : 0}`);
  // The grouping is this console's own: written only while the list is grouped, after the predecessor's keys.
  if (view.groupBy.length > 0) {
    parts.push(`gb:${view.groupBy.map(encode).join(',')}`);
    if (view.groupSort !== null) parts.push(`gs:${view.groupSort}`);
  }
  if (view.showFacets) parts.push('fp:1');
  return `#${parts.join(';')}`;
}

/** Whether two groupings are the same. */
export function sameGrouping(a: AlertsGrouping, b: AlertsGrouping): boolean {
  return (
    a.groupBy.length === b.groupBy.length &&
    a.groupBy.every((field, i) => field === b.groupBy[i]) &&
    (a.groupBy.length === 0 || a.groupSort === b.groupSort)
  );
}

/** The grouping a saved search keeps; one saved without (or by the predecessor) is the flat list. */
export function savedGrouping(saved: {
  groupBy?: readonly string[] | undefined;
  groupSort?: string | undefined;
}): AlertsGrouping {
  const groupBy = groupFields(saved.groupBy ?? []);
  return { groupBy, groupSort: groupBy.length === 0 ? null : groupSortOf(saved.groupSort ?? '') };
}

/**
 * The hash that opens a saved search's grouping (docs/console/shell.md#navigation-drawer): `hash` (the list's filter,
 * or none) with the grouping replaced by `grouping`; `hash` itself when it already has that grouping.
 */
export function hashWithGrouping(hash: string, grouping: AlertsGrouping): string {
  const view = parseViewHash(hash);
  if (sameGrouping(view, grouping)) return hash;
  return formatViewHash({ ...view, groupBy: grouping.groupBy, groupSort: grouping.groupSort });
}

/** Whether any filter narrows the list beyond the configured default (lights the filter button). */
export function isFilterActive(view: AlertsFilter, defaultStatus: readonly string[]): boolean {
  const status = view.status ?? defaultStatus;
  const sameStatus = status.length === defaultStatus.length && status.every((s) => defaultStatus.includes(s));
  return (
    (view.text ?? '') !== '' ||
    !sameStatus ||
    view.customer.length > 0 ||
    view.service.length > 0 ||
    view.group.length > 0 ||
    view.dateRange[0] !== null ||
    view.dateRange[1] !== null
  );
}
