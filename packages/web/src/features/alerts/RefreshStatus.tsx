import { memo } from 'react';
import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PauseIcon, PlayIcon } from '../../shared/icons';

export type PauseReason = 'user' | 'selection' | 'dialog' | 'hidden' | null;

/** Says whether the list refreshes by itself and why not, with a button to pause or resume it. */
export const RefreshStatus = memo(function RefreshStatus({
  reason,
  intervalMs,
  onToggle,
}: {
  reason: PauseReason;
  intervalMs: number;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const text =
    reason === null
      ? t('alerts.refresh.every', { seconds: Math.round(intervalMs / 100) / 10 })
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
      <Text
        size="xs"
        c="dimmed"
        aria-live="polite"
        title={text}
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
