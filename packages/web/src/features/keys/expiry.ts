import dayjs from 'dayjs';

/** The value format of a date input. */
const DAY = 'YYYY-MM-DD';

/**
 * Today in the browser's time zone, as a date input holds it (the earliest expiry,
 * docs/console/admin-screens.md#api-keys).
 */
export function today(): string {
  return dayjs().format(DAY);
}

/** A new key's expiry: a year from today (docs/console/admin-screens.md#api-keys). */
export function defaultExpiryDay(): string {
  return dayjs().add(1, 'year').format(DAY);
}

/** The day, in the browser's time zone, of a stored expiry. */
export function dayOf(iso: string | null): string {
  if (iso === null) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.format(DAY) : '';
}

/** Whether `day` is a whole date as a date input gives it. */
export function isDay(day: string): boolean {
  // dayjs reads YYYY-MM-DD in the browser's time zone and rolls 31 February over: only a true date comes back.
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && dayjs(day).format(DAY) === day;
}

/**
 * docs/console/admin-screens.md#api-keys: a key expires at the end of the chosen day in the browser's time zone
 * (23:59:59.999), sent in UTC with milliseconds as the API requires (docs/api/conventions.md).
 */
export function endOfDayIso(day: string): string {
  return dayjs(day).endOf('day').toISOString();
}
