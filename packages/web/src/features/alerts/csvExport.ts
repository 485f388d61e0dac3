import { CSV_BOM, alertCsvHeader, alertCsvLine, type Alert } from '@alerta/contract';
import { ApiError, NetworkError, isAbortError, type ApiClient } from '../../api';
import { fetchAlerts, filterQuery, type AlertsParams } from '../../shared/alertsApi';

export { csvCell } from '@alerta/contract';

/**
 * docs/console/alert-screens.md#csv-export: against a server without GET /alerts.csv the console pages through
 * GET /alerts itself, and stops at this many alerts.
 */
export const EXPORT_CAP = 10_000;

/** Alerts asked per page when the console pages through GET /alerts itself. */
export const EXPORT_PAGE_SIZE = 200;

/** How far an export has come: who writes the file, and the alerts fetched so far of the total to fetch. */
export interface ExportProgress {
  /** `server` while GET /alerts.csv answers, `pages` once the console reads the pages itself. */
  mode: 'server' | 'pages';
  done: number;
  /** Null while it is not known yet (and always while the server writes the file). */
  total: number | null;
  /** The alerts matching, when more than EXPORT_CAP of them are; null otherwise. */
  cappedFrom: number | null;
}

export interface ExportResult {
  file: Blob;
  /** Alerts in the file; null when the server wrote it (the console does not count its lines). */
  count: number | null;
  /** The alerts matching, when the file holds only the first EXPORT_CAP of them; null otherwise. */
  cappedFrom: number | null;
}

export interface ExportRequest {
  api: ApiClient;
  params: AlertsParams;
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
}

const CSV_TYPE = 'text/csv;charset=utf-8';

/**
 * The CSV of every alert the filter and search select, in the list's order (docs/console/alert-screens.md#csv-export).
 * Asked of the server's GET /alerts.csv first, with the same parameters and credentials as the list; a server that
 * does not have it (a stock Alerta answers 404 or 405) gets the pages of GET /alerts asked one after the other
 * instead, up to EXPORT_CAP alerts, and the same columns written here.
 */
export async function exportAlerts(request: ExportRequest): Promise<ExportResult> {
  const file = await fromServer(request);
  return file === null ? fromPages(request) : { file, count: null, cappedFrom: null };
}

/** The server's file, or null when it has no GET /alerts.csv (or turned the credentials down, which the pages say). */
async function fromServer({ api, params, signal, onProgress }: ExportRequest): Promise<Blob | null> {
  onProgress({ mode: 'server', done: 0, total: null, cappedFrom: null });
  let response: Response;
  try {
    response = await api.file('/alerts.csv', {
      accept: 'text/csv',
      query: { ...filterQuery(params, Date.now()), 'sort-by': params.sortBy },
      signal,
      // A 401 goes to the pages too: the API client's answer to it (log out, then log in) is the console's everywhere.
      handleUnauthorized: false,
    });
  } catch (error) {
    if (error instanceof ApiError && [401, 404, 405].includes(error.status)) return null;
    // A server elsewhere that lacks the route may answer its 404 without the headers that let the page read it.
    if (error instanceof NetworkError && !signal.aborted) return null;
    throw error;
  }
  try {
    return await response.blob();
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw error;
    throw new NetworkError(response.url, error);
  }
}

/**
 * The pages of GET /alerts, each written as CSV as it arrives (the alerts themselves are not kept), until EXPORT_CAP
 * alerts or the last page. An alert that moves to a later page while the pages are read is written once.
 */
async function fromPages({ api, params, signal, onProgress }: ExportRequest): Promise<ExportResult> {
  const parts: string[] = [CSV_BOM + alertCsvHeader()];
  const written = new Set<string>();
  let limit = EXPORT_CAP;
  let cappedFrom: number | null = null;
  onProgress({ mode: 'pages', done: 0, total: null, cappedFrom });
  for (let page = 1; written.size < limit; page += 1) {
    const answer = await fetchAlerts(api, { ...params, page, pageSize: EXPORT_PAGE_SIZE }, signal, true);
    if (page === 1) {
      limit = Math.min(answer.total, EXPORT_CAP);
      cappedFrom = answer.total > EXPORT_CAP ? answer.total : null;
    }
    const fresh = answer.alerts.filter((alert: Alert) => !written.has(alert.id)).slice(0, limit - written.size);
    for (const alert of fresh) written.add(alert.id);
    parts.push(fresh.map(alertCsvLine).join(''));
    onProgress({ mode: 'pages', done: written.size, total: limit, cappedFrom });
    const last = answer.pages !== undefined ? page >= answer.pages : answer.more === false;
    if (answer.alerts.length === 0 || last) break;
  }
  return { file: new Blob(parts, { type: CSV_TYPE }), count: written.size, cappedFrom };
}

/** Keeps the alerts in a CSV string, for the tests and small lists: the same text the pages give. */
export function alertsToCsv(alerts: readonly Alert[]): string {
  return CSV_BOM + alertCsvHeader() + alerts.map(alertCsvLine).join('');
}

export function csvFileName(environment: string | null): string {
  return `Alerts_${environment ?? 'ALL'}.csv`;
}

export function downloadCsv(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
