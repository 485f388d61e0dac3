import { ActionIcon } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { enterFullscreen, exitFullscreen, fullscreenEnabled, isFullscreen, subscribeFullscreen } from './fullscreen';
import { FullscreenIcon } from './icons';

/** The top bar's full screen toggle (docs/console/shell.md#top-bar); not shown where full screen is not available. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const active = useSyncExternalStore(subscribeFullscreen, isFullscreen);
  if (!fullscreenEnabled()) return null;
  const label = active ? t('shell.exitFullscreen') : t('shell.fullscreen');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => void (active ? exitFullscreen() : enterFullscreen())}
    >
      <FullscreenIcon active={active} />
    </ActionIcon>
  );
}
