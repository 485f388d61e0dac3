import type { AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, attributeKey, splitList } from './defaults.js';
import {
  type AlertmanagerFlavour,
  type AlertmanagerPayload,
  alertFromAlertmanagerItem,
  alertmanagerPayloadSchema,
} from './prometheus.js';

const tagValue = z.union([z.string(), z.number(), z.boolean()]);
const tagMap = z.record(z.string(), tagValue);

/** Legacy Grafana alerting (Grafana ≤ 10), docs/webhooks.md#grafana. */
export const grafanaLegacySchema = z.looseObject({
  ruleId: z.union([z.number(), z.string()]).optional(),
  ruleName: z.string().optional(),
  ruleUrl: z.string().optional(),
  state: z.string(),
  title: z.string().optional(),
  message: z.string().optional(),
  imageUrl: z.string().optional(),
  tags: tagMap.optional(),
  evalMatches: z
    .array(
      z.looseObject({
        metric: z.string(),
        value: z.union([z.number(), z.string(), z.null()]).optional(),
        tags: z.union([tagMap, z.null()]).optional(),
      }),
    )
    .optional(),
});
export type GrafanaLegacyPayload = z.infer<typeof grafanaLegacySchema>;

/** Grafana unified alerting: an Alertmanager payload with Grafana's extra fields (docs/webhooks.md#grafana, ours). */
export const GRAFANA_UNIFIED: AlertmanagerFlavour = {
  defaultGroup: 'Grafana',
  type: 'grafanaAlert',
  origin: (labels, defaults) => {
    const folder = labels.get('grafana_folder');
    labels.delete('grafana_folder');
    return folder !== undefined ? `grafana/${folder}` : (defaults.origin ?? 'grafana');
  },
  extraAttributes: (item) => {
    const urls: Record<string, string> = {};
    for (const key of ['silenceURL', 'dashboardURL', 'panelURL', 'imageURL'] as const) {
      const url = item[key];
      if (url !== undefined && url !== '') urls[key] = url;
    }
    return urls;
  },
  value: (item, annotations) => {
    const annotated = annotations.get('value');
    annotations.delete('value');
    return item.valueString !== undefined && item.valueString !== '' ? item.valueString : annotated;
  },
};

export function grafanaUnifiedAlerts(payload: AlertmanagerPayload, defaults: WebhookDefaults): AlertInput[] {
  return payload.alerts.map((item) => alertFromAlertmanagerItem(item, payload.externalURL, defaults, GRAFANA_UNIFIED));
}

/** One alert per evalMatches item of an `alerting` notification (docs/webhooks.md#grafana). */
export function grafanaLegacyAlerts(payload: GrafanaLegacyPayload, defaults: WebhookDefaults): AlertInput[] {
  return (payload.evalMatches ?? []).map((match) => {
    // Match tags first, then the rule's tags.
    // Tag values may be numbers or booleans; they are read as text (rawData keeps the payload as sent).
    const tags = new Map(Object.entries({ ...payload.tags, ...match.tags }).map(([k, v]) => [k, String(v)]));
    const take = (key: string): string | undefined => {
      const value = tags.get(key);
      tags.delete(key);
      return value;
    };
    const serviceTag = take('service');
    const attributes: Record<string, unknown> = {};
    const severity = take('severity') ?? defaults.severity ?? 'major';
    const environment = take('environment') ?? defaults.environment;
    const group = take('group') ?? defaults.group ?? 'Performance';
    const customer = take('customer') ?? defaults.customer;
    const origin = take('origin') ?? defaults.origin ?? 'Grafana';
    for (const [k, v] of tags) attributes[attributeKey(k)] = v;
    if (payload.ruleId !== undefined) attributes.ruleId = String(payload.ruleId);
    if (payload.ruleUrl !== undefined) attributes.ruleUrl = payload.ruleUrl;
    if (payload.imageUrl !== undefined) attributes.imageUrl = payload.imageUrl;
    const service = [...(defaults.service ?? ['Grafana']), ...(serviceTag !== undefined ? splitList(serviceTag) : [])];
    return {
      resource: match.metric,
      event: payload.ruleName ?? 'Grafana',
      environment,
      severity,
      service: [...new Set(service)],
      group,
      ...(match.value !== undefined && match.value !== null ? { value: String(match.value) } : {}),
      text: [payload.message, payload.title].find((t) => t !== undefined && t !== '') ?? payload.state,
      attributes,
      origin,
      type: 'grafanaAlert',
      ...(defaults.timeout !== undefined ? { timeout: defaults.timeout } : {}),
      rawData: JSON.stringify(payload),
      ...(customer !== undefined ? { customer } : {}),
    };
  });
}

/** Tells the two Grafana formats apart by shape: unified alerting carries an `alerts` list. */
export function isUnifiedPayload(body: unknown): boolean {
  return body !== null && typeof body === 'object' && Array.isArray((body as { alerts?: unknown }).alerts);
}

export const grafanaUnifiedSchema = alertmanagerPayloadSchema;
