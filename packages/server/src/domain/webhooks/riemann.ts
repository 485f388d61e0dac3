import type { AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, nonEmpty, queryFields } from './defaults.js';

/** A Riemann event as JSON (docs/webhooks.md#riemann); custom attributes sit beside the standard fields. */
export const riemannEventSchema = z.looseObject({
  host: z.string().min(1),
  service: z.string().min(1),
  state: z.string().nullish(),
  description: z.string().nullish(),
  metric: z.union([z.number(), z.string()]).nullish(),
  tags: z.array(z.string()).nullish(),
  event: z.string().nullish(),
  environment: z.string().nullish(),
  group: z.string().nullish(),
});
export type RiemannEvent = z.infer<typeof riemannEventSchema>;

/** One alert per event (docs/webhooks.md#riemann). */
export function riemannAlert(payload: RiemannEvent, defaults: WebhookDefaults): AlertInput {
  const text = nonEmpty(payload.description);
  return {
    resource: `${payload.host}-${payload.service}`,
    event: nonEmpty(payload.event) ?? payload.service,
    environment: nonEmpty(payload.environment) ?? defaults.environment,
    severity: nonEmpty(payload.state) ?? defaults.severity ?? 'unknown',
    service: [payload.service],
    group: nonEmpty(payload.group) ?? defaults.group ?? 'Performance',
    ...(payload.metric !== undefined && payload.metric !== null ? { value: String(payload.metric) } : {}),
    ...(text !== undefined ? { text } : {}),
    tags: payload.tags ?? [],
    origin: defaults.origin ?? 'Riemann',
    rawData: JSON.stringify(payload),
    ...queryFields(defaults),
  };
}
