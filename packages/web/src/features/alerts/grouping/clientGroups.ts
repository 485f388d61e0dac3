import { ALERTA_MODEL, ISA_18_2_MODEL, type Alert, type GroupSort } from '@alerta/contract';
import type { AppConfig } from '../../../config/appConfig';
import { attributeText } from '../../../shared/format';
import { attributeOf } from './groupFields';

/**
 * A group as the grouped view shows it: a group of GET /alerts/grouped, which carries the query that lists its
 * alerts, or one made in the browser from the loaded page (on a server without that route), which carries its alerts.
 */
export interface ShownGroup {
  key: string | null;
  none: boolean;
  count: number;
  severityCounts: Readonly<Record<string, number>>;
  statusCounts: Readonly<Record<string, number>>;
  worstSeverity: string;
  lastReceiveTime: string;
  q?: string | undefined;
  alerts?: readonly Alert[] | undefined;
  subgroups?: readonly ShownGroup[] | undefined;
  subgroupTotal?: number | undefined;
}

/** A severity's place, the most severe lowest; severities the alarm model does not know come last. */
export type SeverityRank = (severity: string) => number;

const UNKNOWN_RANK = Number.MAX_SAFE_INTEGER;

/** The alarm model's order of severities (docs/api/alarm-models.md): lower codes first, higher ones under ISA 18.2. */
export function severityRank(config: AppConfig): SeverityRank {
  const levels = config.alarm_model?.severity ?? config.severity;
  const model = levels === undefined || Object.keys(levels).length === 0 ? ALERTA_MODEL.severity : levels;
  const higherFirst = config.alarm_model?.name === ISA_18_2_MODEL.name;
  return (severity) => {
    const code = Object.hasOwn(model, severity) ? model[severity] : undefined;
    if (code === undefined) return UNKNOWN_RANK;
    return higherFirst ? -code : code;
  };
}

/** `service` and `tag` are lists: an alert is in the group of each value it holds. */
function isMultiValued(field: string): boolean {
  return field === 'service' || field === 'tag';
}

/** The values of `field` an alert holds, each once; none (an empty list) puts it in the group without a value. */
function valuesOf(alert: Alert, field: string): readonly string[] {
  const one = (value: string | null) => (value === null || value === '' ? [] : [value]);
  switch (field) {
    case 'service':
      return [...new Set(alert.service.filter((value) => value !== ''))];
    case 'tag':
      return [...new Set(alert.tags.filter((value) => value !== ''))];
    case 'environment':
    case 'resource':
    case 'event':
    case 'group':
    case 'origin':
    case 'severity':
    case 'status':
      return one(alert[field]);
    case 'customer':
      return one(alert.customer);
    default: {
      const name = attributeOf(field);
      return name === null ? [] : one(attributeText(alert.attributes[name]));
    }
  }
}

/** Code-point order (`B` before `a`), as the server sorts keys. */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function orderOf(sort: GroupSort, rank: SeverityRank): (a: ShownGroup, b: ShownGroup) => number {
  const byKey = (a: ShownGroup, b: ShownGroup) =>
    Number(a.none) - Number(b.none) || compareKeys(a.key ?? '', b.key ?? '');
  if (sort === 'name') return byKey;
  if (sort === 'count') return (a, b) => b.count - a.count || byKey(a, b);
  return (a, b) => rank(a.worstSeverity) - rank(b.worstSeverity) || b.count - a.count || byKey(a, b);
}

function tally(key: string, alerts: readonly Alert[], rank: SeverityRank): ShownGroup {
  const severityCounts: Record<string, number> = {};
  const statusCounts: Record<string, number> = {};
  let worst: string | undefined;
  let last = '';
  for (const alert of alerts) {
    severityCounts[alert.severity] = (severityCounts[alert.severity] ?? 0) + 1;
    statusCounts[alert.status] = (statusCounts[alert.status] ?? 0) + 1;
    if (worst === undefined || rank(alert.severity) < rank(worst)) worst = alert.severity;
    if (last === '' || Date.parse(alert.lastReceiveTime) > Date.parse(last)) last = alert.lastReceiveTime;
  }
  return {
    key: key === '' ? null : key,
    none: key === '',
    count: alerts.length,
    severityCounts,
    statusCounts,
    worstSeverity: worst ?? '',
    lastReceiveTime: last,
    alerts,
  };
}

function groupBy(alerts: readonly Alert[], field: string, sort: GroupSort, rank: SeverityRank): ShownGroup[] {
  const members = new Map<string, Alert[]>();
  for (const alert of alerts) {
    const values = valuesOf(alert, field);
    for (const value of values.length === 0 ? [''] : values) {
      const list = members.get(value);
      if (list === undefined) members.set(value, [alert]);
      else list.push(alert);
    }
  }
  return [...members].map(([key, list]) => tally(key, list, rank)).sort(orderOf(sort, rank));
}

export interface PageGroups {
  groups: readonly ShownGroup[];
  /** Per level: whether an alert may be in several groups. */
  multiValued: readonly boolean[];
}

/**
 * The loaded page's alerts grouped in the browser as GET /alerts/grouped would group them: by one field, or by two
 * (every sub-group listed), in the same order, the group without a value last among equals.
 */
export function groupPage(
  alerts: readonly Alert[],
  fields: readonly string[],
  sort: GroupSort,
  rank: SeverityRank,
): PageGroups {
  const [first, second] = fields;
  if (first === undefined) return { groups: [], multiValued: [] };
  const top = groupBy(alerts, first, sort, rank);
  const groups =
    second === undefined
      ? top
      : top.map((group) => {
          const subgroups = groupBy(group.alerts ?? [], second, sort, rank);
          return { ...group, subgroups, subgroupTotal: subgroups.length };
        });
  return { groups, multiValued: fields.map(isMultiValued) };
}
