import type { Alert } from '@alerta/contract';
import { attributeText } from '../../shared/format';

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

/**
 * docs/console/alert-screens.md#formula-cells: text a spreadsheet would run as a formula. A cell is one when it starts
 * with `=`, `+`, `-` or `@`, also after leading white space (spreadsheets that trim fields on import would see the sign
 * first), or with a tab or a carriage return.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * One CSV field: the value as text, a `'` before it when it would start a formula, then double-quoted with inner quotes
 * doubled. The check looks at the text alone, in every column, not at where it came from. The values the server makes
 * up (counts, timeouts, dates, flags) are never negative and never start with a sign, so it leaves them alone anyway;
 * a sender's number such as an attribute of -5 does get the quote, as any other text from outside would
 * (docs/console/alert-screens.md#formula-cells).
 */
export function csvCell(value: unknown): string {
  const text = Array.isArray(value) ? value.map(String).join(',') : attributeText(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * docs/console/behaviour.md#screens-and-routes CSV: comma separated, every value double-quoted, lists joined with
 * commas, one column per attribute (each row its own value), history and notes left out, raw data as text, cells that
 * would start a formula defused; a byte-order mark so spreadsheets read UTF-8.
 */
export function alertsToCsv(alerts: readonly Alert[]): string {
  const attributeNames = [...new Set(alerts.flatMap((a) => Object.keys(a.attributes)))].sort();
  const header = [...FIELDS, ...attributeNames.map((n) => `attributes.${n}`)].map(csvCell).join(',');
  const rows = alerts.map((alert) =>
    [...FIELDS.map((field) => alert[field]), ...attributeNames.map((n) => alert.attributes[n])].map(csvCell).join(','),
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
