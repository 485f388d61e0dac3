import { icon } from '../../shared/icons';

/** Icons of the blackouts screen (decorative: the text or button next to them carries the meaning). */
export const ActiveIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 9v6M14 9v6" />
    </>,
    16,
  );
export const PendingIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>,
    16,
  );
export const ExpiredIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6l12.8 12.8" />
    </>,
    16,
  );
/** A bell struck through: alerts silenced. */
export const BlackoutIcon = () =>
  icon(
    <>
      <path d="M8.7 3.9A6 6 0 0 1 18 9c0 3 .7 5 1.5 6.5" />
      <path d="M17 17H4.5C5.5 15.5 6 13 6 9c0-.7.1-1.3.3-1.9" />
      <path d="M10.3 21a2 2 0 0 0 3.4 0" />
      <path d="M3 3l18 18" />
    </>,
  );
