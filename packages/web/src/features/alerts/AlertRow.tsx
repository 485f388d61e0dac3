import type { Alert } from '@alerta/contract';
import { Checkbox } from '@mantine/core';
import { memo, type CSSProperties, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import { msg } from '../../i18n';
import { textColorFor } from '../../shared/severityColors';
import type { AlertColumn, CellContext } from './columns';
import { trendIcon } from '../../shared/icons';
import { RowActions, type RowActionsProps } from './RowActions';
import classes from './AlertsTable.module.css';

export interface AlertRowProps extends Omit<RowActionsProps, 'alert'> {
  alert: Alert;
  /** The first row is the table's tab stop; arrow keys move from there. */
  first: boolean;
  columns: readonly AlertColumn[];
  context: CellContext;
  selected: boolean;
  /** Some row is selected: leading cells show checkboxes and a row click selects. */
  multiSelect: boolean;
  onRowClick: (alert: Alert, event: MouseEvent) => void;
  onSelect: (alert: Alert, shiftKey: boolean) => void;
  /** Draw the row's buttons: it is under the pointer or holds focus, or the screen has no hover. */
  actions: boolean;
  /** The table's translator: a new one (another language) draws every row again. Rows take no i18n hook each. */
  t: TFunction;
}

const TREND_LABELS = {
  moreSevere: msg('alerts.trend.moreSevere'),
  lessSevere: msg('alerts.trend.lessSevere'),
  noChange: msg('alerts.trend.noChange'),
} as const;

function AlertRowView(props: AlertRowProps) {
  const { t, alert, first, columns, context, selected, multiSelect, onRowClick, onSelect } = props;
  const color = context.severityColors[alert.severity];
  const style =
    color === undefined
      ? undefined
      : ({ backgroundColor: color, color: textColorFor(color), '--row-bg': color } as CSSProperties);
  const trendLabel = t(TREND_LABELS[alert.trendIndication]);
  return (
    <tr
      className={classes.row}
      style={style}
      data-alert-id={alert.id}
      aria-selected={multiSelect ? selected : undefined}
      tabIndex={first ? 0 : -1}
      onClick={(event) => onRowClick(alert, event)}
    >
      <td className={classes.lead}>
        {multiSelect ? (
          <Checkbox
            size="xs"
            checked={selected}
            aria-label={t('alerts.selectRow', { resource: alert.resource, event: alert.event })}
            onClick={(event) => {
              event.stopPropagation();
              onSelect(alert, event.shiftKey);
            }}
            onChange={() => undefined}
          />
        ) : (
          <button
            type="button"
            className={classes.trendButton}
            title={trendLabel}
            aria-label={t('alerts.selectRow', { resource: alert.resource, event: alert.event })}
            onClick={(event) => {
              event.stopPropagation();
              onSelect(alert, event.shiftKey);
            }}
          >
            {trendIcon(alert.trendIndication)}
          </button>
        )}
        {/* Severity is never told by the row colour alone. */}
        <span className={classes.visuallyHidden}>{alert.severity}</span>
      </td>
      {columns.map((column) => (
        <td key={column.id} style={column.noWrap === true ? { whiteSpace: 'nowrap' } : undefined}>
          {column.render(alert, context)}
        </td>
      ))}
      <td className={classes.actions}>
        {props.actions && (
          <div className={classes.actionStrip}>
            <RowActions
              alert={alert}
              username={props.username}
              canWrite={props.canWrite}
              canDelete={props.canDelete}
              customActions={props.customActions}
              onCommand={props.onCommand}
              onDelete={props.onDelete}
            />
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * One alert; re-renders only when the alert or its selection changes, not on every refresh. The list shares each
 * unchanged alert with the last answer (shareAlerts.ts), so an alert object is new exactly when something in it changed.
 */
export const AlertRow = memo(AlertRowView);
