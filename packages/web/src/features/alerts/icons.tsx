import type { ReactNode } from 'react';

/** Inline icons for the alert screens, so no icon font is loaded. All are decorative: buttons carry the names. */
function Icon({ children, size = 18 }: { children: ReactNode; size?: number }) {
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

export const ReopenIcon = () => (
  <Icon>
    <path d="M4 13a8 8 0 1 0 2.3-5.7" />
    <path d="M4 4v5h5" />
  </Icon>
);
export const WatchIcon = () => (
  <Icon>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
export const UnwatchIcon = () => (
  <Icon>
    <path d="M2 12s3.6-7 10-7c2 0 3.8.7 5.2 1.6M22 12s-3.6 7-10 7c-2 0-3.8-.7-5.2-1.6" />
    <path d="M3 3l18 18" />
  </Icon>
);
export const AckIcon = () => (
  <Icon>
    <path d="M5 12l5 5L20 7" />
  </Icon>
);
export const UnackIcon = () => (
  <Icon>
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
  </Icon>
);
export const ShelveIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
export const UnshelveIcon = () => (
  <Icon>
    <path d="M3 12a9 9 0 1 0 3-6.7" />
    <path d="M3 4v5h5" />
    <path d="M12 8v4l3 2" />
  </Icon>
);
export const CloseAlertIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M15 9l-6 6M9 9l6 6" />
  </Icon>
);
export const DeleteIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);
export const MoreIcon = () => (
  <Icon>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Icon>
);
export const FilterIcon = () => (
  <Icon>
    <path d="M3 5h18l-7 8v6l-4-2v-4L3 5z" />
  </Icon>
);
export const NoteIcon = ({ size = 14 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M9 12h6M9 16h6" />
  </Icon>
);
export const BackIcon = () => (
  <Icon>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Icon>
);
export const PauseIcon = () => (
  <Icon size={16}>
    <path d="M8 5v14M16 5v14" />
  </Icon>
);
export const PlayIcon = () => (
  <Icon size={16}>
    <path d="M7 4l13 8-13 8z" />
  </Icon>
);
export const CopyIcon = () => (
  <Icon>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </Icon>
);
export const PinIcon = () => (
  <Icon>
    <path d="M9 4h6l-1 6 4 4H6l4-4-1-6z" />
    <path d="M12 14v7" />
  </Icon>
);

/** The trend arrow: up for more severe, down for less severe, a dash otherwise. */
export function TrendIcon({ trend }: { trend: string }) {
  if (trend === 'moreSevere')
    return (
      <Icon size={16}>
        <path d="M12 19V5M5 12l7-7 7 7" />
      </Icon>
    );
  if (trend === 'lessSevere')
    return (
      <Icon size={16}>
        <path d="M12 5v14M5 12l7 7 7-7" />
      </Icon>
    );
  return (
    <Icon size={16}>
      <path d="M6 12h12" />
    </Icon>
  );
}
