import { icon } from './icons';

/** Icons of the administration screens (decorative: their buttons carry the names). */
export const ChevronLeftIcon = () => icon(<path d="M15 18l-6-6 6-6" />);
export const ChevronRightIcon = () => icon(<path d="M9 18l6-6-6-6" />);
export const EditIcon = () =>
  icon(
    <>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </>,
  );
export const PlusIcon = () =>
  icon(
    <>
      <path d="M12 5v14" />
      <path d="M5 12h14" />
    </>,
  );
export const SearchIcon = () =>
  icon(
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-4.3-4.3" />
    </>,
    16,
  );
export const LockIcon = () =>
  icon(
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>,
    16,
  );
export const DownloadIcon = () =>
  icon(
    <>
      <path d="M12 3v12" />
      <path d="M7 10l5 5 5-5" />
      <path d="M5 21h14" />
    </>,
  );
export const WarningIcon = () =>
  icon(
    <>
      <path d="M12 3L2 21h20z" />
      <path d="M12 10v4" />
      <path d="M12 18h.01" />
    </>,
  );

/** The order a column is sorted in: an arrow, or a faint double arrow when it is not the sorted column. */
export function SortIcon({ direction }: { direction: 'up' | 'down' | null }) {
  if (direction === 'up') return icon(<path d="M6 15l6-6 6 6" />, 14);
  if (direction === 'down') return icon(<path d="M6 9l6 6 6-6" />, 14);
  return icon(<path d="M8 9l4-4 4 4M8 15l4 4 4-4" opacity={0.4} />, 14);
}
