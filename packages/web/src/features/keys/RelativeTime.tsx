import { Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../preferences';

dayjs.extend(relativeTime);

/** How long ago a key was last used ("3 hours ago"), the date on hover; said as never when it has not been. */
export function LastUsed({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const value = iso === null ? null : dayjs(iso);
  if (value === null || !value.isValid()) {
    return (
      <Text size="sm" c="dimmed">
        {iso ?? t('keys.never')}
      </Text>
    );
  }
  return (
    <Tooltip label={format(iso, 'longDate')} openDelay={400}>
      <time dateTime={iso ?? undefined}>{value.fromNow()}</time>
    </Tooltip>
  );
}
