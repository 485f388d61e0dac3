import type { AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, attributeKey, isoTime, nonEmpty, presentEntries, queryFields } from './defaults.js';

/** Graylog ≤ 3.0 stream alert, posted by the HTTP alarm callback (docs/webhooks.md#graylog). */
export const graylogStreamAlertSchema = z.looseObject({
  check_result: z.looseObject({
    result_description: z.string(),
    triggered_condition: z.looseObject({ id: z.string() }),
    triggered_at: z.string().optional(),
  }),
  stream: z.looseObject({ id: z.string().optional(), title: z.string().min(1) }),
});
export type GraylogStreamAlert = z.infer<typeof graylogStreamAlertSchema>;

/** Graylog ≥ 3.1 event, posted by an HTTP notification (docs/webhooks.md#graylog, ours). */
export const graylogEventSchema = z.looseObject({
  event_definition_id: z.string(),
  event_definition_title: z.string().min(1),
  event_definition_description: z.string().nullish(),
  event: z.looseObject({
    id: z.string(),
    message: z.string(),
    source: z.string().nullish(),
    key: z.string().nullish(),
    priority: z.number().nullish(),
    timestamp: z.string().nullish(),
    fields: z.record(z.string(), z.unknown()).nullish(),
  }),
});
export type GraylogEvent = z.infer<typeof graylogEventSchema>;

/** Event notifications carry an event definition; anything else is read as a legacy stream alert. */
export const isGraylogEvent = (body: Record<string, unknown>): boolean =>
  !('check_result' in body) && 'event_definition_id' in body;

/** What both formats take from the query string (the reference's `?event=&event_type=&service=&severity=`). */
function common(defaults: WebhookDefaults) {
  return {
    environment: defaults.environment,
    service: defaults.service ?? ['test'],
    severity: defaults.severity ?? 'critical',
    ...(defaults.group !== undefined ? { group: defaults.group } : {}),
    value: 'n/a',
    origin: defaults.origin ?? 'Graylog',
    type: defaults.param('event_type') ?? 'performanceAlert',
    ...queryFields(defaults),
  };
}

/** One alert per stream alert (docs/webhooks.md#graylog). */
export function graylogStreamAlert(payload: GraylogStreamAlert, defaults: WebhookDefaults): AlertInput {
  return {
    ...common(defaults),
    resource: payload.stream.title,
    event: defaults.param('event') ?? 'Alert',
    text: payload.check_result.result_description,
    attributes: { checkId: payload.check_result.triggered_condition.id },
    rawData: JSON.stringify(payload),
  };
}

/** One alert per event; its fields become attributes (docs/webhooks.md#graylog, ours). */
export function graylogEventAlert(payload: GraylogEvent, defaults: WebhookDefaults): AlertInput {
  const { event } = payload;
  const fields = Object.entries(event.fields ?? {}).map(([key, value]) => [attributeKey(key), value] as const);
  const createTime = isoTime(event.timestamp);
  return {
    ...common(defaults),
    resource: nonEmpty(event.key) ?? nonEmpty(event.source) ?? 'Graylog',
    event: defaults.param('event') ?? payload.event_definition_title,
    text: nonEmpty(event.message) ?? payload.event_definition_title,
    attributes: presentEntries({
      ...Object.fromEntries(fields),
      eventDefinitionId: payload.event_definition_id,
      eventId: event.id,
      priority: event.priority,
    }),
    ...(createTime !== undefined ? { createTime } : {}),
    rawData: JSON.stringify(payload),
  };
}
