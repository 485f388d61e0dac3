import { icon } from '../../shared/icons';

/** Icons of the groups screen (decorative: their buttons carry the names). */
export const MembersIcon = () =>
  icon(
    <>
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21v-1a7 7 0 0 1 12.5-4.3" />
      <path d="M19 14v6" />
      <path d="M16 17h6" />
    </>,
  );
export const RemoveMemberIcon = () =>
  icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12h8" />
    </>,
  );
