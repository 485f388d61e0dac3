import { memo } from 'react';
import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LiveIcon, PauseIcon, PlayIcon, PollingIcon } from '../../shared/icons';
import type { LiveState } from '../live';
import classes from './RefreshStatus.module.css';

export type PauseReason = 'user' | 'selection' | 'dialog' | 'hidden' | null;

/**
 * docs/console/behaviour.md#live-updates: whether changes come through the live stream or by polling, in words beside an
 * icon; its name and tooltip are the word with an explanation. A status, so a change of word is announced. Nothing
 * without a stream in the config.
 */
const LiveIndicator = memo(function LiveIndicator({ live, seconds }: { live: LiveState; seconds: number }) {
  const { t } = useTranslation();
  if (live === 'off') return null;
  const [word, hint] =
    live === 'live'
      ? [t('alerts.live.live'), t('alerts.live.liveHint')]
      : live === 'connecting'
        ? [t('alerts.live.connecting'), t('alerts.live.connectingHint', { seconds })]
        : [t('alerts.live.polling'), t('alerts.live.pollingHint', { seconds })];
  return (
    <span role="status" aria-label={hint} title={hint} className={classes.live} data-live={live}>
      {live === 'live' ? <LiveIcon /> : <PollingIcon />}
      <span>{word}</span>
    </span>
  );
});

/**
 * Says whether the list refreshes by itself and why not, with a button to pause or resume it, and whether changes come
 * live or by polling.
 */
export const RefreshStatus = memo(function RefreshStatus({
  reason,
  intervalMs,
  live = 'off',
  onToggle,
}: {
  reason: PauseReason;
  intervalMs: number;
  live?: LiveState;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const seconds = Math.round(intervalMs / 100) / 10;
  const text =
    reason === null
      ? live === 'live'
        ? ''
        : t('alerts.refresh.every', { seconds })
      : reason === 'user'
        ? t('alerts.refresh.pausedByUser')
        : reason === 'selection'
          ? t('alerts.refresh.pausedSelection')
          : reason === 'dialog'
            ? t('alerts.refresh.pausedDialog')
            : t('alerts.refresh.pausedHidden');
  const label = reason === 'user' ? t('alerts.refresh.resume') : t('alerts.refresh.pause');
  return (
    // It gives way (cut, whole in the tooltip) rather than widen the toolbar past a phone's width.
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <LiveIndicator live={live} seconds={seconds} />
      <Text
        size="xs"
        c="dimmed"
        aria-live="polite"
        title={text}
        className={live !== 'off' && reason === null ? classes.routine : undefined}
        style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
      >
        {text}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        title={label}
        aria-pressed={reason === 'user'}
        onClick={onToggle}
      >
        {reason === 'user' ? <PlayIcon /> : <PauseIcon />}
      </ActionIcon>
    </Group>
  );
});
