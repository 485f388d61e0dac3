import type { AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, queryFields } from './defaults.js';

/** Pingdom's state change webhook (docs/webhooks.md#pingdom). */
export const pingdomSchema = z.looseObject({
  check_id: z.union([z.number(), z.string()]),
  check_name: z.string().min(1),
  check_type: z.string().min(1),
  current_state: z.string().min(1),
  previous_state: z.string().nullish(),
  importance_level: z.string(),
  description: z.string(),
  long_description: z.string(),
  tags: z.array(z.string()).nullish(),
});
export type PingdomPayload = z.infer<typeof pingdomSchema>;

/** One alert per state change: events UP and DOWN correlate (docs/webhooks.md#pingdom). */
export function pingdomAlert(payload: PingdomPayload, defaults: WebhookDefaults): AlertInput {
  const severity =
    payload.current_state === 'UP'
      ? defaults.normalSeverity
      : payload.importance_level === 'HIGH'
        ? 'critical'
        : 'warning';
  return {
    resource: payload.check_name,
    event: payload.current_state,
    correlate: ['UP', 'DOWN'],
    environment: defaults.environment,
    severity,
    service: [payload.check_type],
    group: defaults.group ?? 'Network',
    value: payload.description,
    text: `${payload.importance_level}: ${payload.long_description}`,
    tags: payload.tags ?? [],
    attributes: { checkId: payload.check_id },
    origin: defaults.origin ?? 'Pingdom',
    type: 'availabilityAlert',
    rawData: JSON.stringify(payload),
    ...queryFields(defaults),
  };
}
