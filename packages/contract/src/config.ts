import { z } from 'zod/mini';
import { streamConfigSchema } from './stream.js';

/**
 * GET /config (docs/api/config.md), as the console reads it. Every key is optional so the console can merge it over its
 * own defaults and still work against a server that omits some; unknown keys are kept.
 */
export const alarmModelConfigSchema = z.looseObject({
  name: z.optional(z.string()),
  severity: z.optional(z.record(z.string(), z.number())),
  colors: z.optional(
    z.looseObject({
      severity: z.optional(z.record(z.string(), z.string())),
      status: z.optional(z.record(z.string(), z.string())),
      text: z.optional(z.string()),
    }),
  ),
  status: z.optional(z.record(z.string(), z.string())),
  defaults: z.optional(
    z.looseObject({
      status: z.optional(z.string()),
      normal_severity: z.optional(z.string()),
      previous_severity: z.optional(z.string()),
    }),
  ),
});

export const indicatorQuerySchema = z.looseObject({
  text: z.string(),
  query: z.unknown(),
});

export const clientConfigSchema = z.looseObject({
  debug: z.optional(z.boolean()),
  endpoint: z.optional(z.string()),
  base_path: z.optional(z.string()),
  alarm_model: z.optional(alarmModelConfigSchema),
  auth_required: z.optional(z.boolean()),
  allow_readonly: z.optional(z.boolean()),
  readonly_scopes: z.optional(z.array(z.string())),
  provider: z.optional(z.string()),
  customer_views: z.optional(z.boolean()),
  signup_enabled: z.optional(z.boolean()),
  email_verification: z.optional(z.boolean()),
  client_id: z.optional(z.nullable(z.string())),
  azure_tenant: z.optional(z.nullable(z.string())),
  aws_region: z.optional(z.nullable(z.string())),
  cognito_domain: z.optional(z.nullable(z.string())),
  github_url: z.optional(z.nullable(z.string())),
  gitlab_url: z.optional(z.nullable(z.string())),
  keycloak_url: z.optional(z.nullable(z.string())),
  keycloak_realm: z.optional(z.nullable(z.string())),
  oidc_auth_url: z.optional(z.nullable(z.string())),
  pingfederate_url: z.optional(z.nullable(z.string())),
  site_logo_url: z.optional(z.nullable(z.string())),
  severity: z.optional(z.record(z.string(), z.number())),
  colors: z.optional(z.looseObject({})),
  timeouts: z.optional(
    z.looseObject({
      alert: z.optional(z.number()),
      heartbeat: z.optional(z.number()),
      ack: z.optional(z.number()),
      shelve: z.optional(z.number()),
    }),
  ),
  blackouts: z.optional(z.looseObject({ duration: z.optional(z.number()) })),
  dates: z.optional(
    z.looseObject({
      shortTime: z.optional(z.string()),
      mediumDate: z.optional(z.string()),
      longDate: z.optional(z.string()),
    }),
  ),
  font: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  audio: z.optional(z.looseObject({ new: z.optional(z.nullable(z.string())) })),
  columns: z.optional(z.array(z.string())),
  sort_by: z.optional(z.union([z.string(), z.array(z.string())])),
  actions: z.optional(z.array(z.string())),
  filter: z.optional(z.looseObject({ status: z.optional(z.array(z.string())) })),
  indicators: z.optional(
    z.looseObject({
      severity: z.optional(z.array(z.string())),
      queries: z.optional(z.array(indicatorQuerySchema)),
    }),
  ),
  tracking_id: z.optional(z.nullable(z.string())),
  refresh_interval: z.optional(z.number()),
  environments: z.optional(z.array(z.string())),
  clipboard_template: z.optional(z.nullable(z.string())),
  /** docs/api/config.md: true from a server whose GET /alerts answers the environment counts with the page. */
  list_environments: z.optional(z.boolean()),
  /** docs/api/stream.md: only a server with the live stream sends it. */
  stream: z.optional(streamConfigSchema),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/**
 * The console's own config.json (docs/console/behaviour.md#who-it-is-for, docs/console/plumbing.md#config-loading):
 * usually just the endpoint. The same schema under the name that says which file it reads.
 * @alias
 */
export const localConfigSchema = clientConfigSchema;
