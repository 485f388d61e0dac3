import { z } from 'zod';

/**
 * GET /config (api.md §7), as the console reads it. Every key is optional so the console can merge it over its own
 * defaults and still work against a server that omits some; unknown keys are kept.
 */
export const alarmModelConfigSchema = z.looseObject({
  name: z.string().optional(),
  severity: z.record(z.string(), z.number()).optional(),
  colors: z
    .looseObject({
      severity: z.record(z.string(), z.string()).optional(),
      status: z.record(z.string(), z.string()).optional(),
      text: z.string().optional(),
    })
    .optional(),
  status: z.record(z.string(), z.string()).optional(),
  defaults: z
    .looseObject({
      status: z.string().optional(),
      normal_severity: z.string().optional(),
      previous_severity: z.string().optional(),
    })
    .optional(),
});

export const indicatorQuerySchema = z.looseObject({
  text: z.string(),
  query: z.unknown(),
});

export const clientConfigSchema = z.looseObject({
  debug: z.boolean().optional(),
  endpoint: z.string().optional(),
  base_path: z.string().optional(),
  alarm_model: alarmModelConfigSchema.optional(),
  auth_required: z.boolean().optional(),
  allow_readonly: z.boolean().optional(),
  readonly_scopes: z.array(z.string()).optional(),
  provider: z.string().optional(),
  customer_views: z.boolean().optional(),
  signup_enabled: z.boolean().optional(),
  email_verification: z.boolean().optional(),
  client_id: z.string().nullable().optional(),
  azure_tenant: z.string().nullable().optional(),
  aws_region: z.string().nullable().optional(),
  cognito_domain: z.string().nullable().optional(),
  github_url: z.string().nullable().optional(),
  gitlab_url: z.string().nullable().optional(),
  keycloak_url: z.string().nullable().optional(),
  keycloak_realm: z.string().nullable().optional(),
  oidc_auth_url: z.string().nullable().optional(),
  pingfederate_url: z.string().nullable().optional(),
  site_logo_url: z.string().nullable().optional(),
  severity: z.record(z.string(), z.number()).optional(),
  colors: z.looseObject({}).optional(),
  timeouts: z
    .looseObject({
      alert: z.number().optional(),
      heartbeat: z.number().optional(),
      ack: z.number().optional(),
      shelve: z.number().optional(),
    })
    .optional(),
  blackouts: z.looseObject({ duration: z.number().optional() }).optional(),
  dates: z
    .looseObject({
      shortTime: z.string().optional(),
      mediumDate: z.string().optional(),
      longDate: z.string().optional(),
    })
    .optional(),
  font: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  audio: z.looseObject({ new: z.string().nullable().optional() }).optional(),
  columns: z.array(z.string()).optional(),
  sort_by: z.union([z.string(), z.array(z.string())]).optional(),
  actions: z.array(z.string()).optional(),
  filter: z.looseObject({ status: z.array(z.string()).optional() }).optional(),
  indicators: z
    .looseObject({
      severity: z.array(z.string()).optional(),
      queries: z.array(indicatorQuerySchema).optional(),
    })
    .optional(),
  tracking_id: z.string().nullable().optional(),
  refresh_interval: z.number().optional(),
  environments: z.array(z.string()).optional(),
  clipboard_template: z.string().nullable().optional(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** The console's own config.json (console.md §1, screens.md §1.1): usually just the endpoint. */
export const localConfigSchema = clientConfigSchema;
