/**
 * The choices Settings offers (docs/console/account-screens.md#settings), in the units shown; the preferences store
 * some in other units (refresh interval in ms, timeouts and blackout period in seconds).
 */

/** Medium formats, then long ones: either date select offers them all (moment tokens, which dayjs shares). */
const MEDIUM_FORMATS = ['l', 'L', 'll', 'LL', 'ddd D MMM HH:mm', 'lll', 'llll', 'LLL', 'LLLL'];
const LONG_FORMATS = [
  'ddd D MMM, YYYY HH:mm:ss.SSS Z',
  'l hh:mm:ss.SSS A',
  'YYYY-MM-DD HH:mm:ss.SSS Z',
  'YYYY-MM-DD[T]HH:mm:ss.SSS[Z]',
];
export const DATE_FORMATS: readonly string[] = [...MEDIUM_FORMATS, ...LONG_FORMATS];
export const TIME_FORMATS: readonly string[] = [
  'LT',
  'LTS',
  'hh:mm:ss.SSS A',
  'HH:mm',
  'HH:mm:ss',
  'HH:mm:ss.SSS',
  'HH:mm:ss.SSS Z',
];

/** Each language by its own name, the same whatever language the console is in. */
export const LANGUAGES: readonly (readonly [code: string, name: string])[] = [
  ['en', 'English'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['tr', 'Türkçe'],
];

/** Offered after the config's font; font names are not translated. */
export const FONT_FAMILIES: readonly string[] = [
  'Sintony',
  'Helvetica',
  'Verdana',
  'Courier New',
  'Consolas',
  'Lucida Console',
  'Andale Mono',
];

export const ROWS_PER_PAGE: readonly number[] = [5, 10, 20, 50, 100, 200];
export const VALUE_WIDTHS: readonly number[] = [50, 100, 150, 200];
export const TEXT_WIDTHS: readonly number[] = [200, 400, 600, 800];
export const REFRESH_SECONDS: readonly number[] = [2, 5, 10, 30, 60];
/** 0 is "no timeout": an acknowledgement that never lapses. */
export const ACK_MINUTES: readonly number[] = [0, 60, 120, 240, 480, 1440];
export const SHELVE_MINUTES: readonly number[] = [60, 120, 240, 480, 1440];
export const BLACKOUT_HOURS: readonly number[] = [1, 2, 8, 24, 48];

/** The list with `current` added in order when it is not one of them (a config value or one stored by hand). */
export function withCurrent(choices: readonly number[], current: number | undefined): number[] {
  if (current === undefined || choices.includes(current)) return [...choices];
  return [...choices, current].sort((a, b) => a - b);
}

/** The same for names: an unknown current value comes first, as it is what the user has now. */
export function withCurrentText(choices: readonly string[], current: string | undefined): string[] {
  if (current === undefined || current === '' || choices.includes(current)) return [...choices];
  return [current, ...choices];
}
