import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { CLIENT_DEFAULTS } from '../../config/defaults';
import type { Preferences } from './preferences';
import type * as DateExtras from './dateExtras';
import { usePreferences } from './usePreferences';

/**
 * The three date formats a user may choose (docs/console/behaviour.md#constants,
 * docs/console/account-screens.md#settings).
 */
export type DateKind = 'longDate' | 'mediumDate' | 'shortTime';

export type FormatDate = (iso: string | null | undefined, kind?: DateKind) => string;

/** docs/console/behaviour.md#entities: dates show in the browser's time zone unless the user chose UTC. */
export function showsUtc(prefs: Preferences): boolean {
  return prefs.timezone?.toLowerCase() === 'utc';
}

/**
 * Whether `format` uses a locale-aware token (LT, LTS, L … LLLL, l … llll) outside [literal text]: no other dayjs
 * token has an L.
 */
export function hasLocalizedTokens(format: string): boolean {
  return /l/i.test(format.replace(/\[[^\]]*]/g, ''));
}

type Extras = typeof DateExtras;
let extras: Extras | undefined;

/** Loads the dayjs plugins for UTC and locale-aware formats, a chunk of their own. */
export const loadDateExtras = () => import('./dateExtras').then((module) => (extras = module));

/**
 * Loads the date plugins when UTC display or one of `formats` needs them, and renders again once they are there.
 * Returns whether they are.
 */
export function useDateExtras(utc: boolean, formats: readonly string[]): boolean {
  const needed = utc || formats.some(hasLocalizedTokens);
  const [, arrived] = useState(false);
  useEffect(() => {
    // A failed load is tried again by the next screen that needs it; meanwhile formatDate's fallbacks show.
    if (needed && extras === undefined)
      loadDateExtras().then(
        () => arrived(true),
        () => undefined,
      );
  }, [needed]);
  return !needed || extras !== undefined;
}

/**
 * `iso` in `format`, in UTC or the browser's time zone. Until the plugins a choice needs have loaded (a moment,
 * once), UTC shows in ISO form and a locale-aware format gives way to `fallback`, so a date never shows raw tokens or
 * the wrong time. An unreadable date is shown as it came.
 */
export function formatDate(iso: string, format: string, utc: boolean, fallback: string): string {
  const local = dayjs(iso);
  if (!local.isValid()) return iso;
  if (extras !== undefined) return extras.formatDateWithExtras(iso, format, utc);
  return utc ? local.toISOString() : local.format(hasLocalizedTokens(format) ? fallback : format);
}

/**
 * Formats API dates the way the user chose: their format for `kind` (else the config's), in UTC or local time as
 * they chose (docs/console/plumbing.md#formatting-and-theme). A missing date is shown as nothing. The function changes
 * when any of that, or the language, changes, so memoised tables draw their dates again.
 */
export function useDateFormat(): FormatDate {
  const config = useConfig();
  const { i18n } = useTranslation();
  const { prefs } = usePreferences();
  const longDate = prefs.dates?.longDate ?? config.dates.longDate;
  const mediumDate = prefs.dates?.mediumDate ?? config.dates.mediumDate;
  const shortTime = prefs.dates?.shortTime ?? config.dates.shortTime;
  const utc = showsUtc(prefs);
  const ready = useDateExtras(utc, [longDate, mediumDate, shortTime]);
  const language = i18n.language;
  return useCallback(
    (iso, kind = 'mediumDate') =>
      iso === null || iso === undefined || iso === ''
        ? ''
        : formatDate(iso, { longDate, mediumDate, shortTime }[kind], utc, CLIENT_DEFAULTS.dates[kind]),
    // `ready` and `language` change what the same formats give: UTC, locale-aware tokens, day names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [longDate, mediumDate, shortTime, utc, ready, language],
  );
}
