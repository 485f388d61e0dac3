import dayjs, { type PluginFunc } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { CLIENT_DEFAULTS } from '../../config/defaults';
import type { Preferences } from './preferences';
import { usePreferences } from './usePreferences';

/** The three date formats a user may choose (console.md §9, screens.md §13.2). */
export type DateKind = 'longDate' | 'mediumDate' | 'shortTime';

export type FormatDate = (iso: string | null | undefined, kind?: DateKind) => string;

/** console.md §3: dates show in the browser's time zone unless the user chose UTC. */
export function showsUtc(prefs: Preferences): boolean {
  return prefs.timezone?.toLowerCase() === 'utc';
}

// Two dayjs plugins some choices need, each about half a kilobyte: they load at their first use, so the first screen
// does not carry them for the many users who never choose UTC or a locale-aware format.
type DatePlugin = 'utc' | 'localizedFormat';
const importers: Record<DatePlugin, () => Promise<{ default: PluginFunc }>> = {
  utc: () => import('dayjs/plugin/utc'),
  localizedFormat: () => import('dayjs/plugin/localizedFormat'),
};
const loaded = new Set<DatePlugin>();
const loads = new Map<DatePlugin, Promise<void>>();

function loadPlugin(name: DatePlugin): Promise<void> {
  let load = loads.get(name);
  if (load === undefined) {
    load = importers[name]().then((module) => {
      dayjs.extend(module.default);
      loaded.add(name);
    });
    // A failed load is tried again on the next render that needs it; meanwhile the fallbacks below are shown.
    load.catch(() => loads.delete(name));
    loads.set(name, load);
  }
  return load;
}

// Moment's locale-aware tokens (LT, LTS, L … LLLL, l … llll), outside [literal text].
const TOKENS = /\[[^\]]*]|(LTS?|L{1,4}|l{1,4})/g;

/** Whether `format` uses a locale-aware token such as `LL` or `LT`. */
export function hasLocalizedTokens(format: string): boolean {
  for (const match of format.matchAll(TOKENS)) if (match[1] !== undefined) return true;
  return false;
}

/** The plugins that UTC display and `formats` need and that have not loaded yet. */
function missingPlugins(utc: boolean, formats: readonly string[]): DatePlugin[] {
  const needed: DatePlugin[] = [];
  if (utc) needed.push('utc');
  if (formats.some(hasLocalizedTokens)) needed.push('localizedFormat');
  return needed.filter((name) => !loaded.has(name));
}

/** Loads what UTC display and `formats` need. */
export async function loadDatePlugins(utc: boolean, formats: readonly string[]): Promise<void> {
  await Promise.all(missingPlugins(utc, formats).map(loadPlugin));
}

/**
 * Loads the plugins that UTC display and `formats` need, and re-renders once they are there. Returns whether they all
 * are.
 */
export function useDatePlugins(utc: boolean, formats: readonly string[]): boolean {
  const missing = missingPlugins(utc, formats).join(',');
  const [, setArrived] = useState('');
  useEffect(() => {
    if (missing === '') return;
    let live = true;
    Promise.all(missing.split(',').map((name) => loadPlugin(name as DatePlugin))).then(
      () => {
        if (live) setArrived(missing);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [missing]);
  return missing === '';
}

/**
 * `iso` in `format`, in UTC or the browser's time zone. Until a plugin the format needs has loaded (a moment, once),
 * a locale-aware format gives way to `fallback` and UTC to the ISO form, so a date never shows raw tokens or the wrong
 * time. An unreadable date is shown as it came.
 */
export function formatDate(iso: string, format: string, utc: boolean, fallback: string): string {
  const local = dayjs(iso);
  if (!local.isValid()) return iso;
  if (utc && !loaded.has('utc')) return `${local.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const usable = hasLocalizedTokens(format) && !loaded.has('localizedFormat') ? fallback : format;
  return (utc ? dayjs.utc(iso) : local).format(usable);
}

/**
 * Formats API dates the way the user chose: their format for `kind` (else the config's), in UTC or local time as
 * they chose (screens.md §19.2). A missing date is shown as nothing. The function changes when any of that, or the
 * language, changes, so memoised tables draw their dates again.
 */
export function useDateFormat(): FormatDate {
  const config = useConfig();
  const { i18n } = useTranslation();
  const { prefs } = usePreferences();
  const longDate = prefs.dates?.longDate ?? config.dates.longDate;
  const mediumDate = prefs.dates?.mediumDate ?? config.dates.mediumDate;
  const shortTime = prefs.dates?.shortTime ?? config.dates.shortTime;
  const utc = showsUtc(prefs);
  const ready = useDatePlugins(utc, [longDate, mediumDate, shortTime]);
  const language = i18n.language;
  return useCallback(
    (iso, kind = 'mediumDate') => {
      if (iso === null || iso === undefined || iso === '') return '';
      const format = { longDate, mediumDate, shortTime }[kind];
      return formatDate(iso, format, utc, CLIENT_DEFAULTS.dates[kind]);
    },
    // `ready` and `language` change what the same formats give: day names, UTC, locale-aware tokens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [longDate, mediumDate, shortTime, utc, ready, language],
  );
}
