import { ActionIcon } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { enterFullscreen, exitFullscreen, fullscreenEnabled, isFullscreen, subscribeFullscreen } from './fullscreen';

const svg = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** The top bar's full screen toggle (screens.md §2.3); not shown where full screen is not available. */
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
      <svg {...svg}>
        {active ? (
          <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
        ) : (
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
        )}
      </svg>
    </ActionIcon>
  );
}
