import { z } from 'zod/mini';

/** api.md §0: date input must match exactly YYYY-MM-DDThh:mm:ss.sssZ. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const ISO_DATE_MESSAGE = 'dates must be ISO 8601 date format YYYY-MM-DDThh:mm:ss.sssZ';

/** Parses an API date string; returns undefined when it is not a real date in the exact format. */
export function parseIsoDate(value: string): Date | undefined {
  if (!ISO_DATE_PATTERN.test(value)) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  // Reject dates that JavaScript silently rolls over (e.g. 2026-02-31).
  if (date.toISOString() !== value) return undefined;
  return date;
}

/** Formats a date the way the API writes it: UTC, milliseconds, literal Z. */
export function formatIsoDate(date: Date): string {
  return date.toISOString();
}

export const isoDateSchema = z.string().check(z.refine((v) => parseIsoDate(v) !== undefined, ISO_DATE_MESSAGE));
