import { z } from 'zod/mini';
import { isoDateSchema } from './dates.js';
import { clearableField, optionalField } from './fields.js';
import { MAX_SECONDS } from './sender-fields.js';

/**
 * The blackout object (docs/api/blackouts.md; `remaining` is integer seconds,
 * README.md#where-we-differ-from-the-reference-server).
 */
export const blackoutSchema = z.object({
  id: z.string(),
  href: z.string(),
  priority: z.int(),
  environment: z.string(),
  service: z.array(z.string()),
  resource: z.nullable(z.string()),
  event: z.nullable(z.string()),
  group: z.nullable(z.string()),
  tags: z.array(z.string()),
  origin: z.nullable(z.string()),
  customer: z.nullable(z.string()),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.int(),
  status: z.enum(['active', 'pending', 'expired']),
  remaining: z.int(),
  user: z.nullable(z.string()),
  createTime: z.string(),
  text: z.string(),
});
export type Blackout = z.infer<typeof blackoutSchema>;
export type BlackoutStatus = Blackout['status'];
export const BLACKOUT_STATUSES: readonly BlackoutStatus[] = ['active', 'pending', 'expired'];

const stringList = (field: string) =>
  z.array(z.string({ error: `'${field}' must be a list of strings` }), { error: `'${field}' must be a list` });

/** A field that may not be an empty string (docs/api/blackouts.md#routes). */
const nonEmpty = (field: string) =>
  z
    .string({ error: `'${field}' must be a string` })
    .check(z.minLength(1, { error: `'${field}' must not be an empty string` }));

const duration = z
  .number({ error: "'duration' must be an integer" })
  .check(
    z.int({ error: "'duration' must be an integer" }),
    z.gte(0, { error: "'duration' must be a positive integer" }),
    z.lte(MAX_SECONDS, { error: `'duration' must be at most ${MAX_SECONDS}` }),
  );

const text = z.string({ error: "'text' must be a string" });
const user = z.string({ error: "'user' must be a string" });

/**
 * The body of POST /blackout (docs/api/blackouts.md#routes); every field but the environment may be left out or null
 * (README "Senders"). The reference answers a missing environment with `'environment'`.
 */
export const blackoutInputSchema = z.object({
  environment: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? "'environment'" : "'environment' must be a string",
    })
    .check(z.minLength(1, { error: "'environment' must not be an empty string" })),
  service: optionalField(stringList('service')),
  resource: optionalField(nonEmpty('resource')),
  event: optionalField(nonEmpty('event')),
  group: optionalField(nonEmpty('group')),
  tags: optionalField(stringList('tags')),
  origin: optionalField(nonEmpty('origin')),
  customer: optionalField(nonEmpty('customer')),
  startTime: optionalField(isoDateSchema),
  endTime: optionalField(isoDateSchema),
  duration: optionalField(duration),
  text: optionalField(text),
  user: optionalField(user),
});
export type BlackoutInput = z.infer<typeof blackoutInputSchema>;

/**
 * The body of PUT /blackout/{id}: any subset of the fields. As in the reference (and both consoles rely on it), a null
 * clears what the blackout covers (resource, event, group, origin, service, tags), its text and its customer; a null
 * environment, start, end or duration leaves it as it is (README "Senders").
 */
export const blackoutUpdateSchema = z.object({
  environment: optionalField(nonEmpty('environment')),
  service: clearableField(stringList('service')),
  resource: clearableField(nonEmpty('resource')),
  event: clearableField(nonEmpty('event')),
  group: clearableField(nonEmpty('group')),
  tags: clearableField(stringList('tags')),
  origin: clearableField(nonEmpty('origin')),
  customer: clearableField(nonEmpty('customer')),
  startTime: optionalField(isoDateSchema),
  endTime: optionalField(isoDateSchema),
  duration: optionalField(duration),
  text: clearableField(text),
  user: optionalField(user),
});
export type BlackoutUpdate = z.infer<typeof blackoutUpdateSchema>;
