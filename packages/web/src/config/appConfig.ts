import { clientConfigSchema } from '@alerta/contract';
import { z } from 'zod/mini';

/**
 * The merged configuration: the contract's client config with the keys the console relies on made required (the
 * client defaults always supply them, docs/console/plumbing.md#console-defaults).
 */
export const appConfigSchema = z.extend(clientConfigSchema, {
  endpoint: z.string(),
  auth_required: z.boolean(),
  allow_readonly: z.boolean(),
  readonly_scopes: z.array(z.string()),
  provider: z.string(),
  customer_views: z.boolean(),
  signup_enabled: z.boolean(),
  dates: z.looseObject({ shortTime: z.string(), mediumDate: z.string(), longDate: z.string() }),
  sort_by: z.union([z.string(), z.array(z.string())]),
  filter: z.looseObject({ status: z.optional(z.nullable(z.array(z.string()))) }),
  refresh_interval: z.number(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
