import type { GroupSort } from '@alerta/contract';
import { createContext, useContext, type ReactNode } from 'react';
import type { AlertsFilterParams, AlertsParams } from '../../../shared/alertsApi';
import type { AlertsTableProps } from '../AlertsTable';
import type { SeverityRank, ShownGroup } from './clientGroups';

/** What the alert tables inside the groups take besides their alerts: the flat list's columns, look and actions. */
export type GroupTableProps = Omit<AlertsTableProps, 'alerts' | 'emptyText' | 'label'>;

/** Where a group sits: its level (0 for a top group) and the keys above it, in words, for its labels. */
export interface GroupPlace {
  level: number;
  /** The group's name with its parent's: "Web › web01". */
  path: string;
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
  /**
   * A slot at the end of each group's header for the group's own actions (selecting its alerts, acting on them, a
   * blackout for its key); nothing yet.
   */
  headerActions?: ((group: ShownGroup, place: GroupPlace) => ReactNode) | undefined;
}

export const GroupedContext = createContext<GroupedContextValue | null>(null);

export function useGrouped(): GroupedContextValue {
  const value = useContext(GroupedContext);
  if (value === null) throw new Error('useGrouped needs a GroupedContext');
  return value;
}
