import type { Alert } from '@alerta/contract';
import { attributeText } from './format';

const FIELDS = [
  'id',
  'resource',
  'event',
  'environment',
  'severity',
  'correlate',
  'status',
  'service',
  'group',
  'value',
  'text',
  'tags',
  'origin',
  'type',
  'createTime',
  'timeout',
  'rawData',
  'customer',
  'duplicateCount',
  'repeat',
  'previousSeverity',
  'trendIndication',
  'receiveTime',
  'lastReceiveId',
  'lastReceiveTime',
  'updateTime',
] as const;

function cell(value: unknown): string {
  const text = Array.isArray(value) ? value.map(String).join(',') : attributeText(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * docs/console/behaviour.md#screens-and-routes CSV: comma separated, every value double-quoted, lists joined with
 * commas, one column per attribute (each row its own value), history and notes left out, raw data as text; a byte-order
 * mark so spreadsheets read UTF-8.
 */
export function alertsToCsv(alerts: readonly Alert[]): string {
  const attributeNames = [...new Set(alerts.flatMap((a) => Object.keys(a.attributes)))].sort();
  const header = [...FIELDS, ...attributeNames.map((n) => `attributes.${n}`)].map(cell).join(',');
  const rows = alerts.map((alert) =>
    [...FIELDS.map((field) => alert[field]), ...attributeNames.map((n) => alert.attributes[n])].map(cell).join(','),
  );
  return `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
}

export function csvFileName(environment: string | null): string {
  return `Alerts_${environment ?? 'ALL'}.csv`;
}

export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
