import { z } from 'zod';

/** The shapes our API answers with, as far as the tests read them (other fields are kept, unchecked). */

export const historySchema = z.looseObject({
  id: z.string(),
  event: z.string(),
  severity: z.string().nullable(),
  status: z.string().nullable(),
  value: z.string().nullable(),
  text: z.string().nullable(),
  type: z.string(),
  updateTime: z.string(),
  user: z.string().nullable().optional(),
  timeout: z.number().nullable().optional(),
});

export const alertSchema = z.looseObject({
  id: z.string(),
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
  timeout: z.number(),
  rawData: z.string().nullable(),
  customer: z.string().nullable(),
  duplicateCount: z.number(),
  repeat: z.boolean(),
  previousSeverity: z.string(),
  trendIndication: z.string(),
  receiveTime: z.string(),
  lastReceiveId: z.string(),
  lastReceiveTime: z.string(),
  history: z.array(historySchema),
});
export type Alert = z.infer<typeof alertSchema>;

export const noteSchema = z.looseObject({
  id: z.string(),
  text: z.string(),
  user: z.string().nullable(),
  type: z.string(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  related: z.looseObject({ alert: z.string().optional() }),
  customer: z.string().nullable(),
});

export const heartbeatSchema = z.looseObject({
  id: z.string(),
  origin: z.string(),
  tags: z.array(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  receiveTime: z.string(),
  timeout: z.number(),
  status: z.string(),
  customer: z.string().nullable(),
});

export const blackoutSchema = z.looseObject({
  id: z.string(),
  priority: z.number(),
  environment: z.string(),
  service: z.array(z.string()),
  resource: z.string().nullable(),
  event: z.string().nullable(),
  group: z.string().nullable(),
  tags: z.array(z.string()),
  origin: z.string().nullable(),
  customer: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number(),
  status: z.string(),
  user: z.string().nullable(),
  createTime: z.string(),
  text: z.string().nullable(),
});

export const keySchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  user: z.string(),
  scopes: z.array(z.string()),
  text: z.string(),
  expireTime: z.string(),
  count: z.number(),
  lastUsedTime: z.string().nullable(),
  customer: z.string().nullable(),
  status: z.string(),
});

export const userSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  login: z.string(),
  email: z.string().nullable(),
  status: z.string(),
  roles: z.array(z.string()),
  text: z.string(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  lastLogin: z.string().nullable(),
  email_verified: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
});

export const groupSchema = z.looseObject({ id: z.string(), name: z.string(), text: z.string(), count: z.number() });
export const permSchema = z.looseObject({ id: z.string(), match: z.string(), scopes: z.array(z.string()) });
export const customerSchema = z.looseObject({ id: z.string(), match: z.string(), customer: z.string() });

/** `{<field>: [...]}` of a list answer, parsed with the item schema. */
export function listOf<T extends z.ZodType>(body: Record<string, unknown>, field: string, item: T): z.infer<T>[] {
  return z.array(item).parse(body[field]);
}

/** `{<field>: {...}}` of a single-item answer. */
export function itemOf<T extends z.ZodType>(body: Record<string, unknown>, field: string, item: T): z.infer<T> {
  return item.parse(body[field]);
}
