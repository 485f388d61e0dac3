import type { TFunction } from 'i18next';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { severityLabel } from '../../../i18n/enumLabels';
import { icon } from '../../../shared/icons';
import { textColorFor } from '../../../shared/severityColors';
import type { CellContext } from '../columns';
import type { SeverityRank, ShownGroup } from './clientGroups';
import classes from './Grouped.module.css';

const chevron = icon(<path d="M9 6l6 6-6 6" />, 16);

/** The group's name: its key, or "(none)" for the alerts without a value. */
export function groupName(group: Pick<ShownGroup, 'key' | 'none'>, t: TFunction): string {
  return group.none || group.key === null ? t('alerts.grouping.none') : group.key;
}

function chipStyle(color: string | undefined): CSSProperties {
  return color === undefined
    ? { border: '1px solid var(--mantine-color-gray-5)' }
    : { backgroundColor: color, color: textColorFor(color) };
}

export interface GroupHeaderProps {
  group: ShownGroup;
  /** The group's id among its level's, given back to `onToggle`. */
  id: string;
  /** The id of the element holding the group's content while it is open. */
  bodyId: string;
  expanded: boolean;
  onToggle: (id: string) => void;
  /** 0 for a top group, 1 for a sub-group: their headings' levels follow. */
  level: number;
  /** The list's colours, date format and translator (the same object while they are unchanged). */
  context: CellContext;
  rank: SeverityRank;
  /** The group's own actions, at the end of the header. */
  actions?: ReactNode;
}

/**
 * A group's header: a button that opens or closes it (its key and count), the counts per severity in the list's
 * colours, the newest receive time, and a slot for the group's actions. Redrawn only when the group's counts change
 * or it opens or closes.
 */
export const GroupHeader = memo(function GroupHeader({
  group,
  id,
  bodyId,
  expanded,
  onToggle,
  level,
  context,
  rank,
  actions,
}: GroupHeaderProps) {
  const { t, severityColors, formatDate } = context;
  const name = groupName(group, t);
  const severities = Object.entries(group.severityCounts)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => rank(a) - rank(b));
  const Heading = level === 0 ? 'h2' : 'h3';
  const newest = group.lastReceiveTime === '' ? null : formatDate(group.lastReceiveTime);
  return (
    <div className={classes.header}>
      <Heading className={classes.heading}>
        <button
          type="button"
          className={classes.toggle}
          aria-expanded={expanded}
          aria-controls={expanded ? bodyId : undefined}
          aria-label={t('alerts.grouping.toggle', { group: name, count: group.count })}
          onClick={() => onToggle(id)}
        >
          <span className={classes.chevron}>{chevron}</span>
          <span className={group.none ? `${classes.key} ${classes.none}` : classes.key} title={name}>
            {name}
          </span>{' '}
          {/* Spaced from the key, so the words shown are those of the button's name (WCAG 2.5.3). */}
          <span className={classes.count}>{group.count}</span>
        </button>
      </Heading>
      <ul className={classes.chips}>
        {severities.map(([severity, count]) => (
          <li key={severity} className={classes.chip} style={chipStyle(severityColors[severity])}>
            {t('alerts.grouping.severityCount', { severity: severityLabel(t, severity), count })}
          </li>
        ))}
      </ul>
      {newest !== null && (
        <time
          className={classes.time}
          dateTime={group.lastReceiveTime}
          title={t('alerts.grouping.lastReceived', { time: newest })}
        >
          {newest}
        </time>
      )}
      {actions !== undefined && actions !== null && <div className={classes.actions}>{actions}</div>}
    </div>
  );
});
