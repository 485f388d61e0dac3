import type { Alert } from '@alerta/contract';
import { DEFAULT_SUB_PAGE_SIZE } from '@alerta/contract';
import { Alert as Callout, Button } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useId, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api';
import { errorMessage } from '../../../api/errorMessage';
import { queryKeys } from '../../../api/queryKeys';
import { refetchAlerts, type AlertsPage } from '../../../shared/alertsApi';
import { AlertsTable } from '../AlertsTable';
import { shareAlerts } from '../shareAlerts';
import type { ShownGroup } from './clientGroups';
import { fetchGrouped, withGroupQuery } from './groupedApi';
import { GroupActions } from './GroupActions';
import { useGrouped, type GroupKey, type GroupPlace } from './GroupedContext';
import { groupingLabel } from './groupFields';
import { GroupHeader, groupName } from './GroupHeader';
import classes from './Grouped.module.css';

const NO_IDS: ReadonlySet<string> = new Set();
const NO_ALERTS: readonly Alert[] = [];
const NO_GROUPS: readonly ShownGroup[] = [];
const NO_KEYS: readonly GroupKey[] = [];

/** Sub-groups added to an open top group by each "show more". */
const SUBGROUPS_STEP = 20;

/** A group's id among its level's: its key, or a mark for the group without a value. */
function groupId(group: ShownGroup): string {
  return group.none || group.key === null ? '\u0000none' : `=${group.key}`;
}

/** Which groups of one level are open, with the callbacks that open and close them (their identities kept). */
function useExpanded() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(NO_IDS);
  const onToggle = useCallback(
    (id: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  return { expanded, setExpanded, onToggle };
}

interface GroupListProps {
  groups: readonly ShownGroup[];
  level: number;
  /** The parent group's path in words, '' at the top. */
  parentPath: string;
  /** The parent group's keys, none at the top. */
  parentKeys: readonly GroupKey[];
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  label: string;
  /** The level below this one may put an alert in several groups. */
  multiValuedBelow: boolean;
}

function GroupList({
  groups,
  level,
  parentPath,
  parentKeys,
  expanded,
  onToggle,
  label,
  multiValuedBelow,
}: GroupListProps) {
  return (
    <ul className={classes.list} aria-label={label}>
      {groups.map((group) => {
        const id = groupId(group);
        return (
          <GroupItem
            key={id}
            id={id}
            group={group}
            level={level}
            parentPath={parentPath}
            parentKeys={parentKeys}
            expanded={expanded.has(id)}
            onToggle={onToggle}
            multiValuedBelow={multiValuedBelow}
          />
        );
      })}
    </ul>
  );
}

interface GroupItemProps {
  id: string;
  group: ShownGroup;
  level: number;
  parentPath: string;
  parentKeys: readonly GroupKey[];
  expanded: boolean;
  onToggle: (id: string) => void;
  multiValuedBelow: boolean;
}

/**
 * One group: its header, and while open its alerts or (a top group of two levels) its sub-groups. Redrawn only when
 * the group changes or opens or closes: an unchanged group of a new answer is the same object (TanStack Query's
 * structural sharing), so a refresh that changed nothing draws nothing.
 */
const GroupItem = memo(function GroupItem({
  id,
  group,
  level,
  parentPath,
  parentKeys,
  expanded,
  onToggle,
  multiValuedBelow,
}: GroupItemProps) {
  const { table, groupBy, rank } = useGrouped();
  const { context } = table;
  const bodyId = useId();
  const name = groupName(group, context.t);
  const path = parentPath === '' ? name : `${parentPath} › ${name}`;
  const field = groupBy[level] ?? '';
  const key = group.none ? null : group.key;
  const place: GroupPlace = useMemo(
    () => ({ level, path, keys: [...parentKeys, { field, key }] }),
    [level, path, parentKeys, field, key],
  );
  const accent = context.severityColors[group.worstSeverity];
  const style = accent === undefined ? undefined : ({ '--group-accent': accent } as CSSProperties);
  const withSubgroups = level === 0 && groupBy.length > 1;
  return (
    <li className={classes.group} style={style}>
      <GroupHeader
        group={group}
        id={id}
        bodyId={bodyId}
        expanded={expanded}
        onToggle={onToggle}
        level={level}
        context={context}
        rank={rank}
        actions={<GroupActions group={group} place={place} />}
      />
      {expanded && (
        <div id={bodyId} className={classes.body}>
          {withSubgroups ? (
            <Subgroups group={group} place={place} multiValued={multiValuedBelow} />
          ) : group.alerts !== undefined ? (
            <LoadedGroupAlerts alerts={group.alerts} path={path} />
          ) : (
            <ServerGroupAlerts q={group.q ?? ''} path={path} />
          )}
        </div>
      )}
    </li>
  );
});

/**
 * An open top group's sub-groups: the first ones came with the top groups; more are asked for this group alone
 * (`parent`), a larger first page at each "show more", reloaded with the rest of the view.
 */
function Subgroups({ group, place, multiValued }: { group: ShownGroup; place: GroupPlace; multiValued: boolean }) {
  const { path, keys } = place;
  const { t } = useTranslation();
  const api = useApi();
  const { filterParams, groupBy, groupSort, enabled } = useGrouped();
  const { expanded, onToggle } = useExpanded();
  const [size, setSize] = useState(0);
  const params = useMemo(
    () =>
      size === 0
        ? null
        : { ...filterParams, groupBy, groupSort, pageSize: size, parent: { key: group.none ? null : group.key } },
    [size, filterParams, groupBy, groupSort, group.none, group.key],
  );
  const more = useQuery({
    queryKey: queryKeys.alerts.subgroups(params),
    queryFn: ({ signal }) => (params === null ? null : fetchGrouped(api, params, signal)),
    enabled: enabled && params !== null,
    placeholderData: keepPreviousData,
  });
  const paged = more.data?.groups[0];
  const shown = paged?.subgroups ?? group.subgroups ?? NO_GROUPS;
  const total = (paged === undefined ? more.data?.total : paged.subgroupTotal) ?? group.subgroupTotal ?? shown.length;
  return (
    <>
      {multiValued && <p className={classes.hint}>{t('alerts.grouping.multiValued')}</p>}
      {more.isError && (
        <Callout color="red" title={t('alerts.grouping.loadFailed')}>
          {errorMessage(more.error, t)}
        </Callout>
      )}
      <GroupList
        groups={shown}
        level={1}
        parentPath={path}
        parentKeys={keys}
        expanded={expanded}
        onToggle={onToggle}
        label={t('alerts.grouping.subgroupsLabel', { group: path })}
        multiValuedBelow={false}
      />
      {shown.length < total && (
        <Button
          variant="default"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          loading={params !== null && !more.isError && (more.isPlaceholderData || more.data === undefined)}
          onClick={() => setSize(Math.max(size, shown.length, DEFAULT_SUB_PAGE_SIZE) + SUBGROUPS_STEP)}
        >
          {t('alerts.grouping.moreSubgroups', { group: path })}
        </Button>
      )}
    </>
  );
}

/** A group made in the browser from the loaded page: its alerts are there already. */
function LoadedGroupAlerts({ alerts, path }: { alerts: readonly Alert[]; path: string }) {
  const { t } = useTranslation();
  const { table } = useGrouped();
  return (
    <AlertsTable
      {...table}
      label={t('alerts.grouping.groupAlerts', { group: path })}
      alerts={alerts}
      emptyText={t('alerts.noData')}
    />
  );
}

/**
 * A group's alerts, a page at a time, from GET /alerts with the list's filters and order and the group's query joined
 * to the search. Loaded only while the group is open; reloaded with the view, asking with the page's entity tag.
 */
function ServerGroupAlerts({ q, path }: { q: string; path: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { table, listParams, enabled } = useGrouped();
  const [page, setPage] = useState(1);
  const params = useMemo(() => ({ ...listParams, q: withGroupQuery(listParams.q, q), page }), [listParams, q, page]);
  const query = useQuery({
    queryKey: queryKeys.alerts.groupAlerts(params),
    queryFn: ({ signal, queryKey }) =>
      refetchAlerts(api, params, signal, queryClient.getQueryData<AlertsPage>(queryKey)),
    enabled,
    placeholderData: keepPreviousData,
    structuralSharing: shareAlerts,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  // The group shrank under the page shown: show its last page.
  if (query.data !== undefined && !query.isPlaceholderData && page > pages) setPage(pages);
  const first = total === 0 ? 0 : (page - 1) * params.pageSize + 1;
  return (
    <>
      {query.isError && (
        <Callout color="red" title={t('alerts.loadFailed')}>
          {errorMessage(query.error, t)}
        </Callout>
      )}
      <AlertsTable
        {...table}
        label={t('alerts.grouping.groupAlerts', { group: path })}
        alerts={query.data?.alerts ?? NO_ALERTS}
        emptyText={query.isPending ? t('alerts.loading') : t('alerts.noData')}
      />
      {total > params.pageSize && (
        <div className={classes.pager}>
          <span>{t('alerts.pageRange', { first, last: Math.min(total, page * params.pageSize), total })}</span>
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('alerts.previousPage')}
          </Button>
          <Button variant="default" size="xs" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('alerts.nextPage')}
          </Button>
        </div>
      )}
    </>
  );
}

export interface GroupsViewProps {
  groups: readonly ShownGroup[];
  /** Per level: whether an alert may be in several of its groups. */
  multiValued: readonly boolean[];
  /** The top groups in all, listed or not. */
  total: number;
  /** Lists more top groups; absent when every one is listed. */
  onMore?: (() => void) | undefined;
  loadingMore?: boolean;
  emptyText: string;
}

/**
 * The groups with what goes with them: what they are grouped by and how many there are, expand all and collapse all,
 * the note that an alert may be in several groups, and "show more groups".
 */
export const GroupsView = memo(function GroupsView({
  groups,
  multiValued,
  total,
  onMore,
  loadingMore = false,
  emptyText,
}: GroupsViewProps) {
  const { t } = useTranslation();
  const { groupBy } = useGrouped();
  const { expanded, setExpanded, onToggle } = useExpanded();
  const expandAll = () => setExpanded(new Set(groups.map(groupId)));
  const collapseAll = () => setExpanded(NO_IDS);
  return (
    <>
      <div className={classes.bar}>
        <span className={classes.summary}>
          {t('alerts.grouping.summary', { fields: groupingLabel(t, groupBy) })} ·{' '}
          {t('alerts.grouping.shown', { count: total, shown: groups.length, total })}
        </span>
        <Button variant="default" size="xs" disabled={groups.length === 0} onClick={expandAll}>
          {t('alerts.grouping.expandAll')}
        </Button>
        <Button variant="default" size="xs" disabled={expanded.size === 0} onClick={collapseAll}>
          {t('alerts.grouping.collapseAll')}
        </Button>
      </div>
      {multiValued[0] === true && <p className={classes.hint}>{t('alerts.grouping.multiValued')}</p>}
      {groups.length === 0 ? (
        <p className={classes.hint}>{emptyText}</p>
      ) : (
        <GroupList
          groups={groups}
          level={0}
          parentPath=""
          parentKeys={NO_KEYS}
          expanded={expanded}
          onToggle={onToggle}
          label={t('alerts.grouping.groupsLabel')}
          multiValuedBelow={multiValued[1] === true}
        />
      )}
      {onMore !== undefined && (
        <Button variant="default" style={{ alignSelf: 'center' }} loading={loadingMore} onClick={onMore}>
          {t('alerts.grouping.moreGroups')}
        </Button>
      )}
    </>
  );
});
