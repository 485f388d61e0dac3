import { z } from 'zod/mini';

/**
 * docs/api/conventions.md writes dates as YYYY-MM-DDThh:mm:ss.sssZ. Input is read as the reference reads it (`%S.%fZ`:
 * one to six digits of fractions), and also without a fraction (README "Senders"): UTC only, with a literal `Z`.
 */
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/;

export const ISO_DATE_MESSAGE = 'dates must be ISO 8601 date format YYYY-MM-DDThh:mm:ss.sssZ';

/** Parses an API date string; returns undefined when it is not a real date in an accepted form. */
export function parseIsoDate(value: string): Date | undefined {
  const parts = ISO_DATE_PATTERN.exec(value);
  if (parts === null) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number);
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (hour === undefined || minute === undefined || second === undefined) return undefined;
  const millis = Number((parts[7] ?? '').padEnd(3, '0').slice(0, 3));
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  if (Number.isNaN(date.getTime())) return undefined;
  // Reject dates that JavaScript silently rolls over (e.g. 2026-02-31, 24:00:00).
  const rolledOver =
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second;
  return rolledOver ? undefined : date;
}

/** Formats a date the way the API writes it: UTC, milliseconds, literal Z. */
export function formatIsoDate(date: Date): string {
  return date.toISOString();
}

/** A date field of a body: any accepted form, given on as the API writes dates (so stored dates compare as text). */
export const isoDateSchema = z.pipe(
  z.string({ error: ISO_DATE_MESSAGE }),
  z.transform((value: string, context): string => {
    const date = parseIsoDate(value);
    if (date !== undefined) return date.toISOString();
    context.issues.push({ code: 'custom', message: ISO_DATE_MESSAGE, input: value });
    return z.NEVER;
  }),
);
