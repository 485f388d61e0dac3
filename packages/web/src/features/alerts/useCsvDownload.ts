import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import { fetchAlerts, type AlertsParams } from '../../shared/alertsApi';

/**
 * docs/console/behaviour.md#screens-and-routes, docs/console/alert-screens.md#csv-export: the CSV holds the page
 * shown, with each alert's raw data, which the list itself leaves out. The page is fetched again for it, and the CSV
 * code with it, only when someone downloads; a failure is said in the snackbar.
 */
export function useCsvDownload(params: AlertsParams): () => void {
  const { t } = useTranslation();
  const api = useApi();
  const notifications = useNotifications();
  return useCallback(() => {
    Promise.all([fetchAlerts(api, params, undefined, true), import('./csvExport')]).then(
      ([page, csv]) => csv.downloadCsv(csv.csvFileName(params.environment), csv.alertsToCsv(page.alerts)),
      (error: unknown) => notifyError(notifications, error, t),
    );
  }, [api, params, notifications, t]);
}
