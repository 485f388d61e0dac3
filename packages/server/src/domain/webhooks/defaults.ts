import type { AlertInput } from '@alerta/contract';

/**
 * Defaults a webhook URL can carry (`?environment=&service=&group=&severity=&customer=&origin=&timeout=`,
 * docs/webhooks.md#query-parameters); what the payload says overrides them.
 */
export interface WebhookDefaults {
  environment: string;
  service: string[] | undefined;
  group: string | undefined;
  severity: string | undefined;
  customer: string | undefined;
  origin: string | undefined;
  timeout: number | undefined;
  /** The alarm model's normal severity, for resolved alerts. */
  normalSeverity: string;
  /** Any other query parameter a webhook reads (Graylog's `?event=` and `?event_type=`); blank counts as absent. */
  param(name: string): string | undefined;
}

/** Attribute keys may not contain `.` or `$`, so they are replaced by `_` (docs/webhooks.md#prometheus). */
export const attributeKey = (key: string): string => key.replace(/[.$]/g, '_');

/** The word with its first letter in capitals, as Slack and Telegram replies show actions and statuses. */
export const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A label value split on commas, blanks dropped. */
export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** A string that says something: undefined for absent, null and blank values. */
export const nonEmpty = (value: string | null | undefined): string | undefined =>
  value === undefined || value === null || value.trim() === '' ? undefined : value;

/** The customer and timeout every mapped alert takes from the query string. */
export function queryFields(defaults: WebhookDefaults): Pick<AlertInput, 'customer' | 'timeout'> {
  return {
    ...(defaults.customer !== undefined ? { customer: defaults.customer } : {}),
    ...(defaults.timeout !== undefined ? { timeout: defaults.timeout } : {}),
  };
}

/** A sender's date in the form the alert API wants (`…T…:…:….mmmZ`), or undefined when it is not a date. */
export function isoTime(value: string | number | null | undefined): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** Only the entries whose value is neither undefined nor null (senders send `null` for "none"). */
export function presentEntries(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined && value !== null));
}
