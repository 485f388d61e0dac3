import { Badge } from '@mantine/core';
import { textColorFor } from './severityColors';

/** The severity as text on the colour the alarm model gives it; the text is always there, colour is only a cue. */
export function SeverityBadge({ severity, color }: { severity: string; color: string | undefined }) {
  if (color === undefined) {
    return (
      <Badge variant="outline" color="gray" radius="sm">
        {severity}
      </Badge>
    );
  }
  return (
    <Badge variant="filled" radius="sm" style={{ backgroundColor: color, color: textColorFor(color) }}>
      {severity}
    </Badge>
  );
}
