import { z } from 'zod/mini';
import { isoDateSchema } from './dates.js';

/** The blackout object (api.md §5; `remaining` is integer seconds, spec README). */
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

/** A field that may be left out or null, but not an empty string (api.md §1.4). */
const nonEmpty = (field: string) =>
  z.optional(
    z.nullable(
      z
        .string({ error: `'${field}' must be a string` })
        .check(z.minLength(1, { error: `'${field}' must not be an empty string` })),
    ),
  );

const duration = z.optional(
  z.nullable(
    z
      .number({ error: "'duration' must be an integer" })
      .check(
        z.int({ error: "'duration' must be an integer" }),
        z.gte(0, { error: "'duration' must be a positive integer" }),
      ),
  ),
);

const blackoutFields = {
  service: z.optional(stringList('service')),
  resource: nonEmpty('resource'),
  event: nonEmpty('event'),
  group: nonEmpty('group'),
  tags: z.optional(stringList('tags')),
  origin: nonEmpty('origin'),
  customer: nonEmpty('customer'),
  startTime: z.optional(isoDateSchema),
  endTime: z.optional(isoDateSchema),
  duration,
  text: z.optional(z.nullable(z.string({ error: "'text' must be a string" }))),
  user: z.optional(z.nullable(z.string({ error: "'user' must be a string" }))),
};

/** The body of POST /blackout (api.md §1.4). The reference answers a missing environment with `'environment'`. */
export const blackoutInputSchema = z.object({
  environment: z
    .string({ error: (issue) => (issue.input === undefined ? "'environment'" : "'environment' must be a string") })
    .check(z.minLength(1, { error: "'environment' must not be an empty string" })),
  ...blackoutFields,
});
export type BlackoutInput = z.infer<typeof blackoutInputSchema>;

/** The body of PUT /blackout/{id}: any subset of the fields. */
export const blackoutUpdateSchema = z.object({
  environment: z.optional(
    z
      .string({ error: "'environment' must be a string" })
      .check(z.minLength(1, { error: "'environment' must not be an empty string" })),
  ),
  ...blackoutFields,
});
export type BlackoutUpdate = z.infer<typeof blackoutUpdateSchema>;
