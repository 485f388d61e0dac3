import type { Alert } from '@alerta/contract';
import { severityLabel, trendLabel } from '../../i18n/enumLabels';
import { memo, type CSSProperties, type MouseEvent, type ReactElement } from 'react';
import type { TFunction } from 'i18next';
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
  /** Some row is selected: a row click selects rather than opens. */
  multiSelect: boolean;
  onRowClick: (alert: Alert, event: MouseEvent) => void;
  onSelect: (alert: Alert, shiftKey: boolean) => void;
  /** The table has an actions column (the user may act on alerts). */
  withActions: boolean;
  /** Draw the row's buttons: it is under the pointer or holds focus, or the screen has no hover. */
  actions: boolean;
  /**
   * The alert has left the list but its row is held in place (docs/console/alert-screens.md#rows-hold-still): faded,
   * inert and without buttons.
   */
  gone?: boolean;
  /** The table's translator: a new one (another language) draws every row again. Rows take no i18n hook each. */
  t: TFunction;
}

/** The selection checkbox of a row or card: a plain input, as every row on screen draws one. */
export function selectBox(
  props: Pick<AlertRowProps, 'alert' | 'selected' | 'onSelect' | 't'>,
  className?: string,
): ReactElement {
  const { alert, selected, onSelect, t } = props;
  return (
    <input
      type="checkbox"
      className={className}
      checked={selected}
      aria-label={t('alerts.selectRow', { resource: alert.resource, event: alert.event })}
      onClick={(event) => {
        event.stopPropagation();
        onSelect(alert, event.shiftKey);
      }}
      // The click above changes the selection; React wants a change handler on a controlled box.
      onChange={() => undefined}
    />
  );
}

function AlertRowView(props: AlertRowProps) {
  const { t, alert, first, columns, context, selected, multiSelect, onRowClick } = props;
  const color = context.severityColors[alert.severity];
  const style =
    color === undefined
      ? undefined
      : ({ backgroundColor: color, color: textColorFor(color), '--row-bg': color } as CSSProperties);
  const trendWord = trendLabel(t, alert.trendIndication);
  const gone = props.gone === true;
  return (
    <tr
      className={gone ? `${classes.row} ${classes.gone}` : classes.row}
      style={style}
      inert={gone}
      data-gone={gone ? '' : undefined}
      data-alert-id={gone ? undefined : alert.id}
      aria-selected={multiSelect ? selected : undefined}
      tabIndex={first ? 0 : -1}
      onClick={(event) => onRowClick(alert, event)}
    >
      <td className={classes.lead}>{selectBox(props, classes.rowCheck)}</td>
      <td className={classes.trend}>
        <span role="img" aria-label={trendWord} title={trendWord} className={classes.trendIcon}>
          {trendIcon(alert.trendIndication)}
        </span>
        {/* Severity is never told by the row colour alone. */}
        <span className={classes.visuallyHidden}>{severityLabel(t, alert.severity)}</span>
      </td>
      {columns.map((column) => {
        const content = column.render(alert, context);
        // Cells are cut to their column; plain text keeps its whole value in the tooltip.
        const title = typeof content === 'string' && content !== '' ? content : undefined;
        return (
          <td key={column.id} title={title}>
            {content}
          </td>
        );
      })}
      {props.withActions && (
        <td className={classes.actions}>
          {props.actions && !gone && (
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
      )}
    </tr>
  );
}

/**
 * One alert; re-renders only when the alert or its selection changes, not on every refresh. The list shares each
 * unchanged alert with the last answer (shareAlerts.ts), so an alert object is new exactly when something in it changed.
 */
export const AlertRow = memo(AlertRowView);
