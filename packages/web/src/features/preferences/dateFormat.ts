import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useConfig } from '../../config/ConfigContext';
import { usePreferences } from './usePreferences';

/** The three date formats a user may choose (console.md §9, screens.md §13.2). */
export type DateKind = 'longDate' | 'mediumDate' | 'shortTime';

export type FormatDate = (iso: string | null | undefined, kind?: DateKind) => string;

/**
 * Formats API dates the way the user chose: their format for `kind` (else the config's). An unreadable date is shown
 * as it came; a missing one as nothing.
 */
export function useDateFormat(): FormatDate {
  const config = useConfig();
  const { prefs } = usePreferences();
  const formats = {
    longDate: prefs.dates?.longDate ?? config.dates.longDate,
    mediumDate: prefs.dates?.mediumDate ?? config.dates.mediumDate,
    shortTime: prefs.dates?.shortTime ?? config.dates.shortTime,
  };
  const { longDate, mediumDate, shortTime } = formats;
  return useCallback(
    (iso, kind = 'mediumDate') => {
      if (iso === null || iso === undefined || iso === '') return '';
      const value = dayjs(iso);
      if (!value.isValid()) return iso;
      return value.format({ longDate, mediumDate, shortTime }[kind]);
    },
    [longDate, mediumDate, shortTime],
  );
}
