import { ALERTA_MODEL, type AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, nonEmpty, presentEntries, queryFields } from './defaults.js';

const labelValue = z.union([z.string(), z.number(), z.boolean()]);

/** The incident payload of a New Relic webhook notification channel, `version` "1.0" (docs/webhooks.md#new-relic). */
export const newRelicIncidentSchema = z.looseObject({
  version: z.union([z.string(), z.number()]),
  account_name: z.string().min(1),
  condition_name: z.string().nullish(),
  current_state: z.string(),
  details: z.string().nullish(),
  event_type: z.string(),
  incident_url: z.string().nullish(),
  runbook_url: z.string().nullish(),
  severity: z.string(),
  targets: z.array(
    z.looseObject({
      name: z.string().nullish(),
      type: z.string().nullish(),
      labels: z.record(z.string(), labelValue).nullish(),
    }),
  ),
});
export type NewRelicIncident = z.infer<typeof newRelicIncidentSchema>;

/** The default payload of a New Relic workflow's webhook destination (docs/webhooks.md#new-relic, ours). */
export const newRelicIssueSchema = z.looseObject({
  id: z.string().min(1),
  issueUrl: z.string().nullish(),
  title: z.string().nullish(),
  priority: z.string(),
  impactedEntities: z.array(z.string()).nullish(),
  state: z.string(),
  alertPolicyNames: z.array(z.string()).nullish(),
  alertConditionNames: z.array(z.string()).nullish(),
});
export type NewRelicIssue = z.infer<typeof newRelicIssueSchema>;

export const LEGACY_NOT_SUPPORTED = 'New Relic Legacy Alerting is not supported';

/** Workflow payloads carry an issue state and priority but no `version`. */
export const isNewRelicIssue = (body: Record<string, unknown>): boolean =>
  !('version' in body) && typeof body.state === 'string' && typeof body.priority === 'string';

/** The reference checks severities against the Alerta model's names, whatever model the server runs. */
function knownSeverity(severity: string): string {
  if (Object.hasOwn(ALERTA_MODEL.severity, severity)) return severity;
  return severity === 'info' ? 'informational' : 'unknown';
}

function incidentState(payload: NewRelicIncident, normal: string): { severity: string; status: string } {
  const state = payload.current_state.toLowerCase();
  const severity = payload.severity.toLowerCase();
  if (state === 'open') return { severity: knownSeverity(severity), status: 'open' };
  if (state === 'acknowledged') return { severity: knownSeverity(severity), status: 'ack' };
  if (state === 'closed') return { severity: normal, status: 'closed' };
  return { severity: knownSeverity(severity), status: 'open' };
}

/** One alert per incident notification (docs/webhooks.md#new-relic). */
export function newRelicIncidentAlert(payload: NewRelicIncident, defaults: WebhookDefaults): AlertInput {
  const target = payload.targets[0];
  const { severity, status } = incidentState(payload, defaults.normalSeverity);
  return {
    resource: nonEmpty(target?.name) ?? 'unknown',
    event: nonEmpty(payload.condition_name) ?? 'unknown',
    environment: defaults.environment,
    severity,
    // Open is the default status; sent only to acknowledge or close, so other alarm models keep their own default.
    ...(status !== 'open' ? { status } : {}),
    service: [payload.account_name],
    group: nonEmpty(target?.type) ?? defaults.group ?? 'New Relic',
    text: payload.details ?? '',
    tags: Object.entries(target?.labels ?? {}).map(([key, value]) => `${key}:${String(value)}`),
    attributes: presentEntries({ incident_url: payload.incident_url, runbook_url: payload.runbook_url }),
    origin: `New Relic/v${String(payload.version)}`,
    type: payload.event_type.toLowerCase(),
    rawData: JSON.stringify(payload),
    ...queryFields(defaults),
  };
}

const PRIORITY_SEVERITY: Readonly<Record<string, string>> = {
  CRITICAL: 'critical',
  HIGH: 'major',
  MEDIUM: 'minor',
  LOW: 'warning',
};

/** One alert per issue notification (docs/webhooks.md#new-relic, ours). */
export function newRelicIssueAlert(payload: NewRelicIssue, defaults: WebhookDefaults): AlertInput {
  const state = payload.state.toUpperCase();
  const closed = state === 'CLOSED';
  const entities = payload.impactedEntities ?? [];
  const policies = [...new Set(payload.alertPolicyNames ?? [])].filter((name) => name !== '');
  return {
    resource: nonEmpty(entities[0]) ?? 'unknown',
    event: nonEmpty(payload.alertConditionNames?.[0]) ?? nonEmpty(payload.title) ?? 'unknown',
    environment: defaults.environment,
    severity: closed
      ? defaults.normalSeverity
      : (PRIORITY_SEVERITY[payload.priority.toUpperCase()] ?? defaults.severity ?? 'unknown'),
    ...(closed ? { status: 'closed' } : state === 'ACKNOWLEDGED' ? { status: 'ack' } : {}),
    service: policies.length > 0 ? policies : (defaults.service ?? ['New Relic']),
    group: defaults.group ?? 'New Relic',
    text: payload.title ?? '',
    attributes: presentEntries({
      issueId: payload.id,
      incident_url: payload.issueUrl,
      impactedEntities: entities.length > 1 ? entities : undefined,
    }),
    origin: defaults.origin ?? 'New Relic/workflow',
    type: 'issue',
    rawData: JSON.stringify(payload),
    ...queryFields(defaults),
  };
}
