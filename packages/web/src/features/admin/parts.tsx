import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DateKind, useDateFormat } from '../preferences';

/** A date in the user's format, with the exact UTC time on hover (docs/console/plumbing.md#formatting-and-theme). */
export function DateTime({ iso, kind = 'mediumDate' }: { iso: string | null | undefined; kind?: DateKind }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  if (iso === null || iso === undefined || iso === '') return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <Tooltip label={t('admin.utcTime', { time: date.toISOString() })} openDelay={400}>
      <time dateTime={iso}>{format(iso, kind)}</time>
    </Tooltip>
  );
}

/**
 * Names shown as chips with what they are ("ops (role)"); `(none)` for an empty list. At most `max` chips, then how
 * many more there are.
 */
export function Chips({
  values,
  kind,
  max,
  color = 'gray',
}: {
  values: readonly string[];
  /** What each value is, said after it, e.g. "role"; nothing when the column says it. */
  kind?: string;
  max?: number;
  color?: string;
}) {
  const { t } = useTranslation();
  if (values.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.none')}
      </Text>
    );
  }
  const shown = max === undefined ? values : values.slice(0, max);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((value) => (
        // At least as wide as its text: a table column would otherwise squeeze the chip to an ellipsis.
        <Badge key={value} variant="light" color={color} tt="none" fw={500} miw="max-content">
          {kind === undefined ? value : `${value} (${kind})`}
        </Badge>
      ))}
      {shown.length < values.length && (
        <Text size="xs" c="dimmed">
          +{values.length - shown.length}
        </Text>
      )}
    </Group>
  );
}
