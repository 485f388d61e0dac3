import { z } from 'zod/mini';
import { ISO_DATE_MESSAGE, isoDateSchema } from './dates.js';
import { optionalField } from './fields.js';
import { customerName, timeoutSeconds } from './sender-fields.js';

/** A history entry of an alert (docs/api/alerts.md). */
export const historySchema = z.object({
  id: z.string(),
  href: z.string(),
  event: z.string(),
  severity: z.nullable(z.string()),
  status: z.nullable(z.string()),
  value: z.nullable(z.string()),
  text: z.nullable(z.string()),
  type: z.string(),
  updateTime: z.string(),
  user: z.nullable(z.string()),
  timeout: z.nullable(z.int()),
});
export type History = z.infer<typeof historySchema>;

export const HISTORY_TYPES = [
  'new',
  'severity',
  'status',
  'value',
  'note',
  'dismiss',
  'open',
  'assign',
  'ack',
  'unack',
  'shelve',
  'unshelve',
  'close',
  'expired',
  'timeout',
  'action',
] as const;

export const trendSchema = z.enum(['moreSevere', 'lessSevere', 'noChange']);

/** The alert object of GET and POST responses (docs/api/alerts.md). */
export const alertSchema = z.object({
  id: z.string(),
  href: z.string(),
  resource: z.string(),
  event: z.string(),
  environment: z.string(),
  severity: z.string(),
  correlate: z.array(z.string()),
  status: z.string(),
  service: z.array(z.string()),
  group: z.string(),
  value: z.nullable(z.string()),
  text: z.string(),
  tags: z.array(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  origin: z.string(),
  type: z.string(),
  createTime: z.string(),
  timeout: z.int(),
  rawData: z.nullable(z.string()),
  customer: z.nullable(z.string()),
  duplicateCount: z.int(),
  repeat: z.boolean(),
  previousSeverity: z.string(),
  trendIndication: trendSchema,
  receiveTime: z.string(),
  lastReceiveId: z.string(),
  lastReceiveTime: z.string(),
  updateTime: z.nullable(z.string()),
  history: z.array(historySchema),
});
export type Alert = z.infer<typeof alertSchema>;

/** A note on an alert (docs/api/alerts.md). */
export const noteSchema = z.object({
  id: z.string(),
  href: z.string(),
  text: z.string(),
  user: z.nullable(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  type: z.string(),
  createTime: z.string(),
  updateTime: z.nullable(z.string()),
  customer: z.nullable(z.string()),
  related: z.object({ alert: z.string() }),
  _links: z.object({ alert: z.string() }),
});
export type Note = z.infer<typeof noteSchema>;

const stringList = (field: string) =>
  z.array(z.string({ error: `'${field}' must be a list of strings` }), {
    error: `'${field}' must be a list`,
  });

/** docs/api/alerts.md: attribute keys may not contain `.` or `$`. */
const attributesSchema = z.record(z.string(), z.unknown(), { error: "'attributes' must be a JSON object" }).check(
  z.refine((attrs) => Object.keys(attrs).every((k) => !k.includes('.') && !k.includes('$')), {
    error: "attribute keys must not contain '.' or '$'",
  }),
);

const mandatory = (field: string, maxLength: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `Missing mandatory value for "${field}"`
          : `'${field}' must be a string`,
    })
    .check(
      z.minLength(1, { error: `Missing mandatory value for "${field}"` }),
      z.maxLength(maxLength, { error: `'${field}' must be at most ${maxLength} characters` }),
    );

const optionalString = (field: string) => optionalField(z.string({ error: `'${field}' must be a string` }));

/** Text fields are bounded so a single sender cannot store megabytes per field. */
export const MAX_FIELD_LENGTH = 10_000;

/**
 * The body of POST /alert (docs/api/alerts.md). Unknown fields are ignored, as the reference does, and every optional
 * field may be null (README "Senders"). Defaults that depend on the server's settings (environment, severity, origin,
 * timeout …) are applied by the server, not here.
 */
export const alertInputSchema = z.object({
  id: optionalField(z.string({ error: "'id' must be a string" }).check(z.minLength(1), z.maxLength(255))),
  resource: mandatory('resource', MAX_FIELD_LENGTH),
  event: mandatory('event', MAX_FIELD_LENGTH),
  environment: optionalString('environment'),
  severity: optionalString('severity'),
  correlate: optionalField(stringList('correlate')),
  status: optionalString('status'),
  service: optionalField(stringList('service')),
  group: optionalString('group'),
  value: z.optional(
    z.union([z.string(), z.number(), z.boolean(), z.null()], {
      error: "'value' must be a string or a number",
    }),
  ),
  text: optionalString('text'),
  tags: optionalField(stringList('tags')),
  attributes: optionalField(attributesSchema),
  origin: optionalString('origin'),
  type: optionalString('type'),
  createTime: optionalField(isoDateSchema),
  timeout: optionalField(timeoutSeconds),
  rawData: optionalField(z.string({ error: "'rawData' must be a string" })),
  customer: optionalField(customerName),
});
export type AlertInput = z.infer<typeof alertInputSchema>;

export { ISO_DATE_MESSAGE };
