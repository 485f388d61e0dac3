/**
 * Defaults a webhook URL can carry (`?environment=&service=&group=&severity=&customer=&origin=&timeout=`,
 * webhooks.md); labels and tags in the payload override them.
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
}

/** Attribute keys may not contain `.` or `$` (api.md §1.2). */
export const attributeKey = (key: string): string => key.replace(/[.$]/g, '_');

/** A label value split on commas, blanks dropped. */
export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
