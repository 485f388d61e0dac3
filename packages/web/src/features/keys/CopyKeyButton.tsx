import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../app/copyText';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import { rowButtonClass } from '../../shared/admin/RowButton';
import { CopyIcon } from '../../shared/icons';

/** How long the button says it has copied (docs/console/behaviour.md#constants). */
const COPIED_MS = 2000;

/** Copies a key string; says "Copied" for 2 s, to sighted users in its tooltip and to screen readers aloud. */
export function CopyKeyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
    } catch (error) {
      notifyError(notifications, error, t);
    }
  };
  return (
    <>
      <Tooltip label={copied ? t('keys.copied') : t('admin.copy')}>
        <ActionIcon
          variant="subtle"
          size="sm"
          className={rowButtonClass}
          aria-label={copied ? t('keys.copied') : label}
          onClick={() => void copy()}
        >
          <CopyIcon />
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden role="status">{copied ? t('keys.copied') : ''}</VisuallyHidden>
    </>
  );
}
