import type { AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, queryFields } from './defaults.js';

const id = z.union([z.string(), z.number()]);

/** Server Density's alert webhook (docs/webhooks.md#server-density). */
export const serverDensitySchema = z.looseObject({
  alert_id: id,
  alert_section: z.string().min(1),
  alert_type: z.string().min(1),
  configured_trigger_value: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  fixed: z.boolean(),
  item_cloud: z.boolean().nullish(),
  item_id: id,
  item_name: z.string().min(1),
  item_type: z.string().min(1),
});
export type ServerDensityPayload = z.infer<typeof serverDensitySchema>;

/** One alert per notification; `fixed` closes it (docs/webhooks.md#server-density). */
export function serverDensityAlert(payload: ServerDensityPayload, defaults: WebhookDefaults): AlertInput {
  const trigger = payload.configured_trigger_value;
  return {
    resource: payload.item_name,
    event: payload.alert_type,
    environment: defaults.environment,
    severity: payload.fixed ? defaults.normalSeverity : (defaults.severity ?? 'critical'),
    service: [payload.item_type],
    group: payload.alert_section,
    ...(trigger !== undefined && trigger !== null ? { value: String(trigger) } : {}),
    text: `Alert created for ${payload.item_type}:${payload.item_name}`,
    tags: payload.item_cloud === true ? ['cloud'] : [],
    attributes: { alertId: String(payload.alert_id), itemId: String(payload.item_id) },
    origin: defaults.origin ?? 'ServerDensity',
    type: 'serverDensityAlert',
    rawData: JSON.stringify(payload),
    ...queryFields(defaults),
  };
}
