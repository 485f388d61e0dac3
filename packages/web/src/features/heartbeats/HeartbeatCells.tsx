import { Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../shared/clock';
import { attributeText } from '../../shared/format';
import { textColorFor } from '../../shared/severityColors';
import type { HeartbeatRow } from './heartbeatsApi';
import { formatHms, secondsLeft } from './heartbeatTiming';

dayjs.extend(relativeTime);

/**
 * docs/console/admin-screens.md#heartbeats, docs/console/plumbing.md#formatting-and-theme: the predecessor's label
 * colours for each status.
 */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  ok: '#468847',
  slow: '#3a87ad',
  expired: '#b94a48',
};

const labelStyle: CSSProperties = {
  display: 'inline-block',
  padding: '1px 8px',
  borderRadius: 3,
  fontSize: 'var(--mantine-font-size-xs)',
  fontWeight: 700,
  lineHeight: 1.6,
  whiteSpace: 'nowrap',
};

/**
 * The status as a word on its colour. The text is black or white, whichever contrasts more with the colour (WCAG AA:
 * white on the green and the blue would fall short), and the word is always there, so colour is only a cue.
 */
export function StatusLabel({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (status === null) return null;
  const color = STATUS_COLORS[status];
  const text =
    status === 'ok'
      ? t('heartbeats.ok')
      : status === 'slow'
        ? t('heartbeats.slow')
        : status === 'expired'
          ? t('heartbeats.expired')
          : status;
  const colors: CSSProperties =
    color === undefined
      ? { border: '1px solid var(--mantine-color-gray-5)' }
      : { backgroundColor: color, color: textColorFor(color) };
  return <span style={{ ...labelStyle, ...colors }}>{text}</span>;
}

/** Time left before the heartbeat expires, counting down each second. */
export function TimeLeft({ heartbeat }: { heartbeat: HeartbeatRow }) {
  const now = useNow();
  const left = secondsLeft(heartbeat, now);
  return left === null ? null : <>{formatHms(left)}</>;
}

/** How long ago the heartbeat came ("5 minutes ago"), in the console's language, kept current. */
export function Since({ iso }: { iso: string | null }) {
  // The language is read so that a change of language redraws the text; dayjs itself follows it (i18n/index.ts).
  useTranslation();
  const now = useNow();
  if (iso === null) return null;
  const when = dayjs(iso);
  return when.isValid() ? <>{when.from(now)}</> : <>{iso}</>;
}

/** The attributes as plain text, one `name: value` a line (values from anyone: never markup). */
export function Attributes({ attributes }: { attributes: Readonly<Record<string, unknown>> }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return null;
  return (
    <Stack gap={0}>
      {entries.map(([name, value]) => (
        <Text key={name} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {`${name}: ${attributeText(value)}`}
        </Text>
      ))}
    </Stack>
  );
}
