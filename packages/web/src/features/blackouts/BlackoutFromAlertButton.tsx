import type { Alert } from '@alerta/contract';
import { ActionIcon } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../../app/lazyChunk';
import { usePermission } from '../auth';
import { BlackoutIcon } from './icons';

const BlackoutFromAlert = lazyChunk(() => import('./BlackoutFromAlert'));

/**
 * The alert detail's "Blackout…" button (docs/console/alert-screens.md#alert-detail; administrators asked for it): a
 * new blackout prefilled from the alert. Needs write:blackouts; the dialog's code and texts load on the first click.
 */
export function BlackoutFromAlertButton({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const allowed = usePermission();
  const [open, setOpen] = useState(false);
  if (!allowed('write:blackouts')) return null;
  const label = t('detail.blackout');
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="dark"
        size="lg"
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
      >
        <BlackoutIcon />
      </ActionIcon>
      {open && (
        <Suspense fallback={null}>
          <BlackoutFromAlert alert={alert} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
