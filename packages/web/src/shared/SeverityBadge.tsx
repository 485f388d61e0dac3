import type { CSSProperties } from 'react';
import { textColorFor } from './severityColors';

const badgeStyle: CSSProperties = {
  display: 'inline-block',
  padding: '1px 8px',
  borderRadius: 4,
  fontSize: 'var(--mantine-font-size-xs)',
  fontWeight: 700,
  lineHeight: 1.6,
  whiteSpace: 'nowrap',
};

/** The severity as text on the colour the alarm model gives it; the text is always there, colour is only a cue. */
export function SeverityBadge({ severity, color }: { severity: string; color: string | undefined }) {
  return severityBadge(severity, color);
}

/** The badge as an element, for the table's cells, which are plain functions. */
export function severityBadge(severity: string, color: string | undefined) {
  const colors: CSSProperties =
    color === undefined
      ? { border: '1px solid var(--mantine-color-gray-5)' }
      : { backgroundColor: color, color: textColorFor(color) };
  return <span style={{ ...badgeStyle, ...colors }}>{severity}</span>;
}
