import { z } from 'zod';
import { ISO_DATE_MESSAGE, isoDateSchema } from './dates.js';

/** A history entry of an alert (api.md §1.2). */
export const historySchema = z.object({
  id: z.string(),
  href: z.string(),
  event: z.string(),
  severity: z.string().nullable(),
  status: z.string().nullable(),
  value: z.string().nullable(),
  text: z.string().nullable(),
  type: z.string(),
  updateTime: z.string(),
  user: z.string().nullable(),
  timeout: z.number().int().nullable(),
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

/** The alert object of GET and POST responses (api.md §1.2). */
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
  value: z.string().nullable(),
  text: z.string(),
  tags: z.array(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  origin: z.string(),
  type: z.string(),
  createTime: z.string(),
  timeout: z.number().int(),
  rawData: z.string().nullable(),
  customer: z.string().nullable(),
  duplicateCount: z.number().int(),
  repeat: z.boolean(),
  previousSeverity: z.string(),
  trendIndication: trendSchema,
  receiveTime: z.string(),
  lastReceiveId: z.string(),
  lastReceiveTime: z.string(),
  updateTime: z.string().nullable(),
  history: z.array(historySchema),
});
export type Alert = z.infer<typeof alertSchema>;

/** A note on an alert (api.md §1.2). */
export const noteSchema = z.object({
  id: z.string(),
  href: z.string(),
  text: z.string(),
  user: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  type: z.string(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  customer: z.string().nullable(),
  related: z.object({ alert: z.string() }),
  _links: z.object({ alert: z.string() }),
});
export type Note = z.infer<typeof noteSchema>;

const stringList = (field: string) =>
  z.array(z.string({ error: `'${field}' must be a list of strings` }), {
    error: `'${field}' must be a list`,
  });

/** api.md §1.2: attribute keys may not contain `.` or `$`. */
const attributesSchema = z
  .record(z.string(), z.unknown(), { error: "'attributes' must be a JSON object" })
  .refine((attrs) => Object.keys(attrs).every((k) => !k.includes('.') && !k.includes('$')), {
    error: "attribute keys must not contain '.' or '$'",
  });

const mandatory = (field: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `Missing mandatory value for "${field}"`
          : `'${field}' must be a string`,
    })
    .min(1, { error: `Missing mandatory value for "${field}"` });

const optionalString = (field: string) => z.string({ error: `'${field}' must be a string` }).optional();

/** Text fields are bounded so a single sender cannot store megabytes per field. */
export const MAX_FIELD_LENGTH = 10_000;

/**
 * The body of POST /alert (api.md §1.2). Unknown fields are ignored, as the reference does. Defaults that depend on the
 * server's settings (environment, severity, origin, timeout …) are applied by the server, not here.
 */
export const alertInputSchema = z.object({
  id: z.string({ error: "'id' must be a string" }).min(1).max(255).optional(),
  resource: mandatory('resource').max(MAX_FIELD_LENGTH),
  event: mandatory('event').max(MAX_FIELD_LENGTH),
  environment: optionalString('environment'),
  severity: optionalString('severity'),
  correlate: stringList('correlate').optional(),
  status: optionalString('status'),
  service: stringList('service').optional(),
  group: optionalString('group'),
  value: z
    .union([z.string(), z.number(), z.boolean(), z.null()], {
      error: "'value' must be a string or a number",
    })
    .optional(),
  text: optionalString('text'),
  tags: stringList('tags').optional(),
  attributes: attributesSchema.optional(),
  origin: optionalString('origin'),
  type: optionalString('type'),
  createTime: isoDateSchema.optional().or(z.null().transform(() => undefined)),
  timeout: z
    .number({ error: "'timeout' must be an integer" })
    .int({ error: "'timeout' must be an integer" })
    .min(0, { error: "'timeout' must be a positive integer" })
    .optional()
    .nullable(),
  rawData: z.string({ error: "'rawData' must be a string" }).optional().nullable(),
  customer: z
    .string({ error: "'customer' must be a string" })
    .min(1, { error: "'customer' must not be an empty string" })
    .optional()
    .nullable(),
});
export type AlertInput = z.infer<typeof alertInputSchema>;

export { ISO_DATE_MESSAGE };
