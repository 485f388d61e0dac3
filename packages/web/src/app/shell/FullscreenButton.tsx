import { ActionIcon, Button } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { enterFullscreen, exitFullscreen, fullscreenEnabled, isFullscreen, subscribeFullscreen } from './fullscreen';
import { FullscreenIcon } from './icons';

/** The top bar's full screen toggle (docs/console/shell.md#top-bar); not shown where full screen is not available. */
export function FullscreenButton({ labelled = false }: { labelled?: boolean }) {
  const { t } = useTranslation();
  const active = useSyncExternalStore(subscribeFullscreen, isFullscreen);
  if (!fullscreenEnabled()) return null;
  const label = active ? t('shell.exitFullscreen') : t('shell.fullscreen');
  const onClick = () => void (active ? exitFullscreen() : enterFullscreen());
  // In the phone's top-bar menu (docs/console/shell.md#phone-top-bar): a full-width button with its name written out.
  if (labelled) {
    return (
      <Button
        variant="subtle"
        color="gray"
        h={44}
        justify="flex-start"
        fullWidth
        leftSection={<FullscreenIcon active={active} />}
        onClick={onClick}
      >
        {label}
      </Button>
    );
  }
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} title={label} onClick={onClick}>
      <FullscreenIcon active={active} />
    </ActionIcon>
  );
}
