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

/** `format` with its [literal text] blanked out, the same length, so token positions stay where they are. */
function tokensOnly(format: string): string {
  return format.replace(/\[[^\]]*]/g, (literal) => ' '.repeat(literal.length));
}

/**
 * Whether `format` writes the year: a Y token, or a locale-aware date (L, LL … l, ll …; LT and LTS are times only).
 */
export function showsYear(format: string): boolean {
  const tokens = tokensOnly(format).replace(/LTS?/g, '');
  return /[YLl]/.test(tokens);
}

/**
 * docs/console/plumbing.md#dates: `format` for a date of another year than the current one. A format that does not
 * write the year gets it after its last day-of-month or month token (`ddd D MMM HH:mm` → `ddd D MMM, YYYY HH:mm`), or in front
 * when it writes no date at all (`HH:mm` → `D MMM YYYY, HH:mm`).
 */
export function withYear(format: string): string {
  if (showsYear(format)) return format;
  let end = -1;
  for (const match of tokensOnly(format).matchAll(/Do|D{1,2}|M{1,4}/g)) end = match.index + match[0].length;
  return end < 0 ? `D MMM YYYY, ${format}` : `${format.slice(0, end)}, YYYY${format.slice(end)}`;
}

/** The year `iso` falls in, and the current one, where the date is shown: in UTC or in the browser's time zone. */
function sameYearAsNow(date: Date, utc: boolean): boolean {
  const now = new Date();
  return utc ? date.getUTCFullYear() === now.getUTCFullYear() : date.getFullYear() === now.getFullYear();
}

/**
 * `iso` in `format`, in UTC or the browser's time zone; a date outside the current year always shows its year
 * ({@link withYear}). Until the plugins a choice needs have loaded (a moment, once), UTC shows in ISO form and a
 * locale-aware format gives way to `fallback`, so a date never shows raw tokens or the wrong time. An unreadable date
 * is shown as it came.
 */
export function formatDate(iso: string, format: string, utc: boolean, fallback: string): string {
  const local = dayjs(iso);
  if (!local.isValid()) return iso;
  const yearly = (chosen: string) => (sameYearAsNow(local.toDate(), utc) ? chosen : withYear(chosen));
  if (extras !== undefined) return extras.formatDateWithExtras(iso, yearly(format), utc);
  return utc ? local.toISOString() : local.format(yearly(hasLocalizedTokens(format) ? fallback : format));
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
