import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAlertsUi, useAlertsUiStore } from './AlertsUiContext';

/** docs/console/behaviour.md#screens-and-routes top bar: only the alerts the user watches. */
export function WatchSwitch() {
  const { t } = useTranslation();
  const store = useAlertsUiStore();
  const watchOnly = useAlertsUi((s) => s.watchOnly);
  return (
    <Switch
      label={t('alerts.watchSwitch')}
      checked={watchOnly}
      onChange={(event) => store.setWatchOnly(event.currentTarget.checked)}
    />
  );
}
