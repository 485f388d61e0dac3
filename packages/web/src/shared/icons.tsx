import type { ReactNode } from 'react';

/**
 * Inline icons for the alert screens, so no icon font is loaded. All are decorative: buttons carry the names.
 * A plain function rather than a component: each icon is one component and its SVG, which matters in a table that
 * draws several icons on every row.
 */
export function icon(children: ReactNode, size = 18) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      {children}
    </svg>
  );
}

export const ReopenIcon = () =>
  icon(
    <>
      <path d="M4 13a8 8 0 1 0 2.3-5.7" />
      <path d="M4 4v5h5" />
    </>,
  );
export const WatchIcon = () =>
  icon(
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>,
  );
export const UnwatchIcon = () =>
  icon(
    <>
      <path d="M2 12s3.6-7 10-7c2 0 3.8.7 5.2 1.6M22 12s-3.6 7-10 7c-2 0-3.8-.7-5.2-1.6" />
      <path d="M3 3l18 18" />
    </>,
  );
export const AckIcon = () =>
  icon(
    <>
      <path d="M5 12l5 5L20 7" />
    </>,
  );
export const UnackIcon = () =>
  icon(
    <>
      <path d="M9 14L4 9l5-5" />
      <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
    </>,
  );
export const ShelveIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>,
  );
export const UnshelveIcon = () =>
  icon(
    <>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 4v5h5" />
      <path d="M12 8v4l3 2" />
    </>,
  );
export const CloseAlertIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15 9l-6 6M9 9l6 6" />
    </>,
  );
export const DeleteIcon = () =>
  icon(
    <>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </>,
  );
export const MoreIcon = () =>
  icon(
    <>
      <circle cx="12" cy="5" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="12" cy="19" r="1" />
    </>,
  );
export const FilterIcon = () =>
  icon(
    <>
      <path d="M3 5h18l-7 8v6l-4-2v-4L3 5z" />
    </>,
  );
export const NoteIcon = ({ size = 14 }: { size?: number }) =>
  icon(
    <>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M9 12h6M9 16h6" />
    </>,
    size,
  );
export const BackIcon = () =>
  icon(
    <>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </>,
  );
export const PauseIcon = () =>
  icon(
    <>
      <path d="M8 5v14M16 5v14" />
    </>,
    16,
  );
export const PlayIcon = () =>
  icon(
    <>
      <path d="M7 4l13 8-13 8z" />
    </>,
    16,
  );
export const CopyIcon = () =>
  icon(
    <>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
    </>,
  );
export const PinIcon = () =>
  icon(
    <>
      <path d="M9 4h6l-1 6 4 4H6l4-4-1-6z" />
      <path d="M12 14v7" />
    </>,
  );

/** The trend arrow: up for more severe, down for less severe, a dash otherwise. */
export function trendIcon(trend: string) {
  if (trend === 'moreSevere')
    return icon(
      <>
        <path d="M12 19V5M5 12l7-7 7 7" />
      </>,
      16,
    );
  if (trend === 'lessSevere')
    return icon(
      <>
        <path d="M12 5v14M5 12l7 7 7-7" />
      </>,
      16,
    );
  return icon(
    <>
      <path d="M6 12h12" />
    </>,
    16,
  );
}
/** The live stream delivers changes as they happen. */
export const LiveIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="2" />
      <path d="M16.2 7.8a6 6 0 0 1 0 8.4M7.8 16.2a6 6 0 0 1 0-8.4M19.1 4.9a10 10 0 0 1 0 14.2M4.9 19.1a10 10 0 0 1 0-14.2" />
    </>,
    16,
  );
/** The list asks again every few seconds. */
export const PollingIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>,
    16,
  );
