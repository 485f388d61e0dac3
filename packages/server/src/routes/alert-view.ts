import type { Alert, History } from '@alerta/contract';
import type { AlertRecord, HistoryRecord } from '../store/types.js';

/** The Alert object of docs/api/alerts.md, with absolute hrefs. */
export function alertView(
  alert: AlertRecord,
  history: readonly HistoryRecord[],
  apiRoot: string,
  options: { rawData: boolean },
): Alert {
  return {
    ...alert,
    href: `${apiRoot}/alert/${alert.id}`,
    rawData: options.rawData ? alert.rawData : null,
    history: history.map((entry): History => ({ ...entry, href: `${apiRoot}/alert/${entry.id}` })),
  };
}
