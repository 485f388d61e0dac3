import { ActionIcon } from '@mantine/core';
import { memo, Suspense, useState } from 'react';
import { lazyChunk } from '../../app/lazyChunk';
import { useTranslation } from 'react-i18next';
import type { AlertsMenuProps } from './AlertsMenu';
import { MoreIcon } from '../../shared/icons';

// The menu, its dialog and their positioning code load on the first click.
const AlertsMenu = lazyChunk(() => import('./AlertsMenu'));

export const AlertsMenuButton = memo(function AlertsMenuButton(props: AlertsMenuProps) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('alerts.menu')}
      title={t('alerts.menu')}
      aria-haspopup="menu"
      onClick={() => setWanted(true)}
    >
      <MoreIcon />
    </ActionIcon>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <AlertsMenu {...props} />
    </Suspense>
  );
});
