import type { AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, nonEmpty, presentEntries, queryFields } from './defaults.js';

const optionalText = z.string().nullish();

/** A Cloud Monitoring (Stackdriver) incident, webhook schema 1.1 / 1.2 (docs/webhooks.md#stackdriver). */
export const stackdriverIncidentSchema = z.looseObject({
  incident_id: z.string(),
  resource_id: optionalText,
  resource_name: z.string().min(1),
  state: z.string(),
  started_at: z.number().nullish(),
  ended_at: z.number().nullish(),
  policy_name: optionalText,
  condition_name: z.string().min(1),
  url: optionalText,
  summary: z.string(),
  severity: optionalText,
  // What a policy's documentation may add or override (docs/webhooks.md#stackdriver, "documentation").
  environment: optionalText,
  group: optionalText,
  customer: optionalText,
  origin: optionalText,
});
export type StackdriverIncident = z.infer<typeof stackdriverIncidentSchema>;

/** The Pub/Sub push form: the same payload, base64 in `message.data` (docs/webhooks.md#stackdriver, ours). */
export const pubSubPushSchema = z.looseObject({
  message: z.looseObject({ data: z.string() }),
  subscription: z.string().optional(),
});

export const isPubSubPush = (body: Record<string, unknown>): boolean => !('incident' in body) && 'message' in body;

/** The JSON object a Pub/Sub push carries, or undefined when `data` holds none. */
export function pubSubPayload(push: z.infer<typeof pubSubPushSchema>): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(push.message.data, 'base64').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A policy's documentation may be a JSON object whose keys replace the incident's (environment, group, customer,
 * summary…), as in the reference; any other documentation is left alone.
 */
export function withDocumentation(incident: Record<string, unknown>): Record<string, unknown> {
  const documentation = incident.documentation;
  if (documentation === null || typeof documentation !== 'object' || !('content' in documentation)) return incident;
  const { content } = documentation;
  if (typeof content !== 'string') return incident;
  try {
    const parsed: unknown = JSON.parse(content);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return incident;
    return { ...incident, ...(parsed as Record<string, unknown>) };
  } catch {
    return incident;
  }
}

/** Cloud Monitoring's policy severities (`Critical`, `Error`, `Warning`, `No severity`) → Alerta's. */
function severityOf(given: string | null | undefined, defaults: WebhookDefaults): string {
  const severity = nonEmpty(given)?.toLowerCase();
  if (severity === undefined || severity === 'no severity') return defaults.severity ?? 'critical';
  return severity === 'error' ? 'major' : severity;
}

/** One alert per incident notification (docs/webhooks.md#stackdriver). */
export function stackdriverAlert(
  incident: StackdriverIncident,
  rawData: string,
  defaults: WebhookDefaults,
): AlertInput {
  let severity = severityOf(incident.severity, defaults);
  let status: string | undefined;
  if (incident.state === 'acknowledged') status = 'ack';
  else if (incident.state === 'closed') severity = defaults.normalSeverity;
  else if (incident.state !== 'open') severity = 'indeterminate';
  const policy = nonEmpty(incident.policy_name);
  const customer = nonEmpty(incident.customer);
  return {
    resource: incident.resource_name,
    event: incident.condition_name,
    environment: nonEmpty(incident.environment) ?? defaults.environment,
    severity,
    ...(status !== undefined ? { status } : {}),
    service: policy !== undefined ? [policy] : (defaults.service ?? []),
    group: nonEmpty(incident.group) ?? defaults.group ?? 'Cloud',
    text: incident.summary,
    attributes: presentEntries({
      incidentId: incident.incident_id,
      resourceId: incident.resource_id,
      moreInfo: nonEmpty(incident.url),
      startedAt: incident.started_at,
      endedAt: incident.ended_at,
    }),
    origin: nonEmpty(incident.origin) ?? defaults.origin ?? 'Stackdriver',
    type: 'stackdriverAlert',
    rawData,
    ...queryFields(defaults),
    ...(customer !== undefined ? { customer } : {}),
  };
}
