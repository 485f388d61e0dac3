import type { Alert } from './alert.js';

/**
 * The columns of an alert export, in order (docs/api/alerts.md#get-alertscsv). The server's `GET /alerts.csv` and the
 * console's own export (against a server without that route) both write these, so a file looks the same whichever
 * made it.
 */
export const ALERT_CSV_COLUMNS = [
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
  'attributes',
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
] as const satisfies readonly (keyof Alert)[];

/** A byte-order mark first, so spreadsheets read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** Rows end with CRLF (RFC 4180). */
export const CSV_NEWLINE = '\r\n';

/**
 * docs/api/alerts.md#formula-cells: text a spreadsheet would run as a formula. A cell is one when it starts with `=`,
 * `+`, `-` or `@`, also after leading white space (spreadsheets that trim fields on import see the sign first), or
 * with a tab or a carriage return.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/** A value as the text of its cell: lists joined with commas, text as it is, missing as empty, anything else JSON. */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : cellText(item))).join(',');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * One CSV field: the value as text, a `'` before it when it would start a formula, then double-quoted with inner quotes
 * doubled (RFC 4180). The rule looks at the text of every cell, whatever column it is in.
 */
export function csvCell(value: unknown): string {
  const text = cellText(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The header line, with its line end. */
export function alertCsvHeader(): string {
  return ALERT_CSV_COLUMNS.map(csvCell).join(',') + CSV_NEWLINE;
}

/** One alert's line, with its line end. Attributes are one column, as a JSON object. */
export function alertCsvLine(alert: Alert): string {
  return ALERT_CSV_COLUMNS.map((column) => csvCell(alert[column])).join(',') + CSV_NEWLINE;
}
