import type { GroupSort } from '@alerta/contract';
import { createContext, useContext } from 'react';
import type { AlertsFilterParams, AlertsParams } from '../../../shared/alertsApi';
import type { AlertsTableProps } from '../AlertsTable';
import type { SeverityRank } from './clientGroups';

/** What the alert tables inside the groups take besides their alerts: the flat list's columns, look and actions. */
export type GroupTableProps = Omit<AlertsTableProps, 'alerts' | 'emptyText' | 'label'>;

/** One level of a group's place: the field grouped by and the group's value (null: the alerts without one). */
export interface GroupKey {
  field: string;
  key: string | null;
}

/** Where a group sits: its level (0 for a top group) and the keys above it, in words, for its labels. */
export interface GroupPlace {
  level: number;
  /** The group's name with its parent's: "Web › web01". */
  path: string;
  /** Its key and its parent's, top level first. */
  keys: readonly GroupKey[];
}

export interface GroupedContextValue {
  table: GroupTableProps;
  /** The flat list's request: filters, search, order and page size, which each group's alerts are listed with. */
  listParams: AlertsParams;
  /** The filter part of it, which the groups are counted with. */
  filterParams: AlertsFilterParams;
  groupBy: readonly string[];
  groupSort: GroupSort;
  /** The alarm model's order of severities, for the chips and the groups made in the browser. */
  rank: SeverityRank;
  enabled: boolean;
  /** The search typed (`?q=`), without the watch switch's part: what "show only this group" narrows. */
  search: string | null;
  /** Sets the search (`?q=`). */
  onSearch: (q: string | null) => void;
}

export const GroupedContext = createContext<GroupedContextValue | null>(null);

export function useGrouped(): GroupedContextValue {
  const value = useContext(GroupedContext);
  if (value === null) throw new Error('useGrouped needs a GroupedContext');
  return value;
}
