import { Alert as Callout, Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useNotifications } from './notifications/Snackbar';
import { notifyError, snackbarText } from './notifications/snackbarText';

/**
 * What a screen shows instead of itself when it cannot be drawn, most often because its code chunk failed to load or
 * timed out (docs/console/behaviour.md#errors): the error in the snackbar too, and a way to start again. The shell
 * stays usable.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notifications = useNotifications();

  useEffect(() => {
    notifyError(notifications, error, t);
  }, [error, notifications, t]);

  return (
    <Callout color="red" title={t('error.screenTitle')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{snackbarText(error, t)}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </Stack>
    </Callout>
  );
}
