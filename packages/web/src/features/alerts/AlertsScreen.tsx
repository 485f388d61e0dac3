import { Alert as Callout, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { errorMessage } from '../../api/errorMessage';
import { AlertsTable } from './AlertsTable';
import { useAlertsQuery } from './useAlertsQuery';

const NO_COLORS: Readonly<Record<string, string>> = {};

/** /alerts: the live alert list (console.md §2 "Alerts screen"). */
export function AlertsScreen() {
  const { t } = useTranslation();
  const config = useConfig();
  const query = useAlertsQuery();
  const alerts = query.data?.alerts ?? [];
  const severityColors = config.alarm_model?.colors?.severity ?? NO_COLORS;

  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={1}>{t('route.alerts')}</Title>
      </VisuallyHidden>
      {query.isError && (
        <Callout color="red" title={t('alerts.loadFailed')}>
          {errorMessage(query.error, t)}
        </Callout>
      )}
      <AlertsTable
        alerts={alerts}
        emptyText={query.isPending ? t('alerts.loading') : t('alerts.noData')}
        severityColors={severityColors}
        mediumDate={config.dates.mediumDate}
      />
    </Stack>
  );
}
