import type { Alert } from '@alerta/contract';
import { Table } from '@mantine/core';
import { memo, useCallback, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ALERT_COLUMNS, type AlertColumn, type CellContext } from './columns';

interface AlertsTableProps extends CellContext {
  alerts: readonly Alert[];
  /** Shown in the single body row when there are no alerts: loading or no data. */
  emptyText: string;
}

function cellStyle({ noWrap, minWidth }: AlertColumn): CSSProperties | undefined {
  if (noWrap !== true && minWidth === undefined) return undefined;
  return { ...(noWrap === true ? { whiteSpace: 'nowrap' } : {}), ...(minWidth === undefined ? {} : { minWidth }) };
}

interface AlertRowProps extends CellContext {
  alert: Alert;
  onOpen: (id: string) => void;
}

/** One alert. Re-renders only when the alert itself changes (same id and last receive time means same content). */
const AlertRow = memo(
  function AlertRow({ alert, onOpen, severityColors, mediumDate }: AlertRowProps) {
    return (
      <Table.Tr style={{ cursor: 'pointer' }} onClick={() => onOpen(alert.id)}>
        {ALERT_COLUMNS.map((column) => (
          <Table.Td key={column.id} style={cellStyle(column)}>
            {column.render(alert, { severityColors, mediumDate })}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  },
  (prev, next) =>
    prev.alert.id === next.alert.id &&
    prev.alert.lastReceiveTime === next.alert.lastReceiveTime &&
    prev.alert.updateTime === next.alert.updateTime &&
    prev.alert.status === next.alert.status &&
    prev.alert.tags.join() === next.alert.tags.join() &&
    prev.onOpen === next.onOpen &&
    prev.severityColors === next.severityColors &&
    prev.mediumDate === next.mediumDate,
);

/** The alert list as a table; a row click opens the alert. */
export function AlertsTable({ alerts, emptyText, severityColors, mediumDate }: AlertsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onOpen = useCallback((id: string) => void navigate(`/alert/${encodeURIComponent(id)}`), [navigate]);

  return (
    <div style={{ overflowX: 'auto' }}>
      <Table highlightOnHover striped aria-label={t('alerts.tableLabel')} miw={900}>
        <Table.Thead>
          <Table.Tr>
            {ALERT_COLUMNS.map((column) => (
              <Table.Th key={column.id} scope="col">
                {t(column.headerKey)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={ALERT_COLUMNS.length} ta="center" c="dimmed">
                {emptyText}
              </Table.Td>
            </Table.Tr>
          )}
          {alerts.map((alert) => (
            <AlertRow
              key={alert.id}
              alert={alert}
              onOpen={onOpen}
              severityColors={severityColors}
              mediumDate={mediumDate}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
