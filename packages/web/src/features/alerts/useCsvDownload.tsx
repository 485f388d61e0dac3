import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError, useApi } from '../../api';
import { lazyChunk } from '../../app/lazyChunk';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import type { AlertsParams } from '../../shared/alertsApi';
import type { ExportProgress } from './csvExport';

const CsvExportDialog = lazyChunk(() => import('./csvExportDialog'));

export interface CsvDownload {
  /** Starts an export; does nothing while one runs. */
  start: () => void;
  /** The progress dialog while an export runs, for the screen to render. */
  dialog: ReactNode;
}

/**
 * docs/console/behaviour.md#screens-and-routes, docs/console/alert-screens.md#csv-export: the CSV holds every alert
 * the filter and search select, not just the page shown: the server's GET /alerts.csv, or the console's own pages of
 * GET /alerts against a server without it, up to a cap. The export code loads with the first download; the dialog
 * shows how far it has come and stops it; the end and any failure are said in the snackbar.
 */
export function useCsvDownload(params: AlertsParams): CsvDownload {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const notifications = useNotifications();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  // Leaving the screen stops an export under way.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(() => {
    if (running.current !== null) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ mode: 'server', done: 0, total: null, cappedFrom: null });
    const number = new Intl.NumberFormat(i18n.language);
    import('./csvExport')
      .then(async (csv) => {
        const result = await csv.exportAlerts({
          api,
          params,
          signal: controller.signal,
          onProgress: (next) => {
            if (!controller.signal.aborted) setProgress(next);
          },
        });
        if (controller.signal.aborted) return;
        csv.downloadCsv(csv.csvFileName(params.environment), result.file);
        if (result.cappedFrom !== null) {
          notifications.push(
            t('alerts.csvCappedDone', {
              count: number.format(result.count ?? 0),
              total: number.format(result.cappedFrom),
            }),
            'warning',
          );
        } else if (result.count !== null) {
          notifications.success(t('alerts.csvDoneCount', { count: result.count, number: number.format(result.count) }));
        } else {
          notifications.success(t('alerts.csvDone'));
        }
      })
      .catch((error: unknown) => {
        if (!isAbortError(error) && !controller.signal.aborted) notifyError(notifications, error, t);
      })
      .finally(() => {
        if (running.current === controller) running.current = null;
        setProgress(null);
      });
  }, [api, params, notifications, t, i18n]);

  const cancel = useCallback(() => running.current?.abort(), []);

  const dialog =
    progress === null ? null : (
      <Suspense fallback={null}>
        <CsvExportDialog progress={progress} onCancel={cancel} />
      </Suspense>
    );
  return { start, dialog };
}
