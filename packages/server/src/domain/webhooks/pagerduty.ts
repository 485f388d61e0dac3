import { z } from 'zod';
import { nonEmpty } from './defaults.js';

/** A user as v2 webhooks name one: an object with a name, or `null` (sometimes the text "null"). */
const v2User = z.union([z.looseObject({ name: z.string() }), z.string(), z.null()]).optional();

/** PagerDuty v2 webhook: `{messages: [...]}` (docs/webhooks.md#pagerduty). */
export const pagerDutyV2Schema = z.looseObject({
  messages: z
    .array(
      z.looseObject({
        type: z.string(),
        data: z.looseObject({
          incident: z.looseObject({
            incident_key: z.string().nullish(),
            incident_number: z.union([z.number(), z.string()]),
            html_url: z.string(),
            assigned_to_user: v2User,
            resolved_by_user: v2User,
          }),
        }),
      }),
      { error: 'no messages in PagerDuty data payload' },
    )
    .min(1, 'no messages in PagerDuty data payload'),
});
export type PagerDutyV2 = z.infer<typeof pagerDutyV2Schema>;

const reference = z.looseObject({ summary: z.string().nullish() });

/** PagerDuty v3 webhook: `{event: {event_type, agent, data}}` (docs/webhooks.md#pagerduty, ours). */
export const pagerDutyV3Schema = z.looseObject({
  event: z.looseObject({
    event_type: z.string(),
    resource_type: z.string().nullish(),
    agent: reference.nullish(),
    data: z
      .looseObject({
        incident_key: z.string().nullish(),
        number: z.union([z.number(), z.string()]).nullish(),
        html_url: z.string().nullish(),
        assignees: z.array(reference).nullish(),
      })
      .nullish(),
  }),
});
export type PagerDutyV3 = z.infer<typeof pagerDutyV3Schema>;

export const isPagerDutyV3 = (body: Record<string, unknown>): boolean => !('messages' in body) && 'event' in body;

/** A status change for the alert whose id is the incident key. */
export interface IncidentChange {
  incidentKey: string;
  status: string;
  text: string;
}

export const NO_INCIDENT_KEY = 'no incident key in PagerDuty data payload';

function nameOf(user: z.infer<typeof v2User>): string {
  return user !== null && typeof user === 'object' ? user.name : 'n/a';
}

/** v2 message types → statuses and history texts (docs/webhooks.md#pagerduty); others change nothing. */
function v2Change(message: PagerDutyV2['messages'][number]): Omit<IncidentChange, 'incidentKey'> | undefined {
  const { incident } = message.data;
  const link = `#${incident.incident_number} (${incident.html_url})`;
  const assignee = nameOf(incident.assigned_to_user);
  switch (message.type) {
    case 'incident.trigger':
      return { status: 'open', text: `Incident ${link} assigned to ${assignee}` };
    case 'incident.acknowledge':
      return { status: 'ack', text: `Incident ${link} acknowledged by ${assignee}` };
    case 'incident.unacknowledge':
      return { status: 'open', text: `Incident ${link} unacknowledged due to timeout` };
    case 'incident.resolve':
      return { status: 'closed', text: `Incident ${link} resolved by ${nameOf(incident.resolved_by_user)}` };
    case 'incident.assign':
      return { status: 'assign', text: `Incident ${link} manually assigned to ${assignee}` };
    case 'incident.escalate':
      return { status: 'open', text: `Incident ${link} escalated to ${assignee}` };
    case 'incident.delegate':
      return { status: 'open', text: `Incident ${link} reassigned due to escalation to ${assignee}` };
    default:
      return undefined;
  }
}

/** The changes a v2 payload asks for; a message without an incident key is a 400 reason. */
export function pagerDutyV2Changes(payload: PagerDutyV2): IncidentChange[] | { problem: string } {
  const changes: IncidentChange[] = [];
  for (const message of payload.messages) {
    const incidentKey = nonEmpty(message.data.incident.incident_key);
    if (incidentKey === undefined) return { problem: NO_INCIDENT_KEY };
    const change = v2Change(message);
    if (change !== undefined) changes.push({ incidentKey, ...change });
  }
  return changes;
}

const V3_STATUS: Readonly<Record<string, { status: string; verb: string; by: 'agent' | 'assignees' }>> = {
  'incident.triggered': { status: 'open', verb: 'assigned to', by: 'assignees' },
  'incident.acknowledged': { status: 'ack', verb: 'acknowledged by', by: 'agent' },
  'incident.unacknowledged': { status: 'open', verb: 'unacknowledged', by: 'agent' },
  'incident.resolved': { status: 'closed', verb: 'resolved by', by: 'agent' },
  'incident.reassigned': { status: 'assign', verb: 'reassigned to', by: 'assignees' },
  'incident.escalated': { status: 'open', verb: 'escalated to', by: 'assignees' },
  'incident.delegated': { status: 'open', verb: 'delegated to', by: 'assignees' },
  'incident.reopened': { status: 'open', verb: 'reopened by', by: 'agent' },
};

/** The change a v3 event asks for: none for other event types (pings, notes, priorities…). */
export function pagerDutyV3Changes(payload: PagerDutyV3): IncidentChange[] | { problem: string } {
  const { event } = payload;
  const mapped = Object.hasOwn(V3_STATUS, event.event_type) ? V3_STATUS[event.event_type] : undefined;
  if (mapped === undefined) return [];
  const incidentKey = nonEmpty(event.data?.incident_key);
  if (incidentKey === undefined) return { problem: NO_INCIDENT_KEY };
  const number = event.data?.number;
  const url = nonEmpty(event.data?.html_url);
  const link = `#${number ?? '?'}${url !== undefined ? ` (${url})` : ''}`;
  const who =
    mapped.by === 'agent'
      ? (nonEmpty(event.agent?.summary) ?? 'n/a')
      : (event.data?.assignees ?? []).map((a) => nonEmpty(a.summary) ?? 'n/a').join(', ') || 'n/a';
  const text =
    mapped.verb === 'unacknowledged' ? `Incident ${link} unacknowledged` : `Incident ${link} ${mapped.verb} ${who}`;
  return [{ incidentKey, status: mapped.status, text }];
}
