import { icon } from '../../shared/icons';

/** A key in use: a ticked circle (decorative: the status is also written out). */
export const ActiveIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12l3 3 5-6" />
    </>,
    16,
  );

/** A key past its expiry: a circle with an exclamation mark. */
export const ExpiredIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v6" />
      <path d="M12 16.5h.01" />
    </>,
    16,
  );
