import { z } from 'zod/mini';
import { isoDateSchema } from './dates.js';
import { optionalField } from './fields.js';
import { customerName, timeoutSeconds } from './sender-fields.js';

/** The heartbeat object (docs/api/heartbeats.md#status). */
export const heartbeatSchema = z.object({
  id: z.string(),
  href: z.string(),
  origin: z.string(),
  tags: z.array(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  type: z.string(),
  createTime: z.string(),
  timeout: z.int(),
  maxLatency: z.int(),
  receiveTime: z.string(),
  customer: z.nullable(z.string()),
  latency: z.int(),
  since: z.int(),
  status: z.enum(['ok', 'slow', 'expired']),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;
export type HeartbeatStatus = Heartbeat['status'];
export const HEARTBEAT_STATUSES: readonly HeartbeatStatus[] = ['ok', 'slow', 'expired'];

const stringList = (field: string) =>
  z.array(z.string({ error: `'${field}' must be a list of strings` }), { error: `'${field}' must be a list` });

/**
 * The body of POST /heartbeat (docs/api/heartbeats.md#routes); `type` is ignored, unknown fields too, and every field
 * may be null (README "Senders").
 */
export const heartbeatInputSchema = z.object({
  origin: optionalField(
    z.string({ error: "'origin' must be a string" }).check(z.minLength(1, { error: "'origin' must not be empty" })),
  ),
  tags: optionalField(stringList('tags')),
  attributes: optionalField(z.record(z.string(), z.unknown(), { error: "'attributes' must be a JSON object" })),
  createTime: optionalField(isoDateSchema),
  timeout: optionalField(timeoutSeconds),
  customer: optionalField(customerName),
});
export type HeartbeatInput = z.infer<typeof heartbeatInputSchema>;
