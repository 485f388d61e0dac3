import type { AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, attributeKey, splitList } from './defaults.js';

const stringMap = z.record(z.string(), z.string());

/** One item of an Alertmanager (or Grafana unified alerting) notification. */
export const alertmanagerItemSchema = z.looseObject({
  status: z.string(),
  labels: stringMap,
  annotations: stringMap.optional(),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
  generatorURL: z.string().optional(),
  fingerprint: z.string().optional(),
  // Grafana unified alerting only (docs/webhooks.md#grafana).
  valueString: z.string().optional(),
  silenceURL: z.string().optional(),
  dashboardURL: z.string().optional(),
  panelURL: z.string().optional(),
  imageURL: z.string().optional(),
});
export type AlertmanagerItem = z.infer<typeof alertmanagerItemSchema>;

export const alertmanagerPayloadSchema = z.looseObject({
  status: z.string().optional(),
  externalURL: z.string().optional(),
  alerts: z.array(alertmanagerItemSchema, { error: 'no alerts in Prometheus notification payload' }),
});
export type AlertmanagerPayload = z.infer<typeof alertmanagerPayloadSchema>;

/** Fills `{label}` placeholders; a value with a placeholder that cannot be filled stays as it is (docs/webhooks.md#prometheus). */
function fillPlaceholders(value: string, labels: Readonly<Record<string, string>>): string {
  let complete = true;
  const filled = value.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const replacement = labels[name];
    if (replacement === undefined) complete = false;
    return replacement ?? whole;
  });
  return complete ? filled : value;
}

const fillAll = (map: Readonly<Record<string, string>>, labels: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, fillPlaceholders(v, labels)]));

/** Where the Prometheus and Grafana unified mappings differ (docs/webhooks.md#grafana). */
export interface AlertmanagerFlavour {
  defaultGroup: string;
  type: string;
  origin(labels: Map<string, string>, defaults: WebhookDefaults): string;
  extraAttributes(item: AlertmanagerItem): Record<string, string>;
  value(item: AlertmanagerItem, annotations: Map<string, string>): string | undefined;
}

export const PROMETHEUS: AlertmanagerFlavour = {
  defaultGroup: 'Prometheus',
  type: 'prometheusAlert',
  origin: (labels, defaults) => {
    const monitor = labels.get('monitor');
    labels.delete('monitor');
    return monitor !== undefined ? `prometheus/${monitor}` : (defaults.origin ?? 'prometheus/-');
  },
  extraAttributes: () => ({}),
  value: (_item, annotations) => take(annotations, 'value'),
};

function take(map: Map<string, string>, key: string): string | undefined {
  const value = map.get(key);
  map.delete(key);
  return value;
}

const nonEmpty = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

/** One Alertmanager item → one alert (docs/webhooks.md#prometheus). */
export function alertFromAlertmanagerItem(
  item: AlertmanagerItem,
  externalUrl: string | undefined,
  defaults: WebhookDefaults,
  flavour: AlertmanagerFlavour,
): AlertInput {
  const rawLabels = { ...item.labels };
  const alertnameAnnotation = nonEmpty(item.annotations?.alertname);
  if (alertnameAnnotation !== undefined) rawLabels.alertname = alertnameAnnotation;
  const labels = new Map(Object.entries(fillAll(rawLabels, rawLabels)));
  const annotations = new Map(Object.entries(fillAll(item.annotations ?? {}, rawLabels)));
  annotations.delete('alertname');

  const severityLabel = take(labels, 'severity');
  let severity: string;
  if (item.status === 'firing') severity = severityLabel ?? defaults.severity ?? 'warning';
  else if (item.status === 'resolved') severity = defaults.normalSeverity;
  else severity = 'unknown';
  const resource = take(labels, 'exported_instance') ?? take(labels, 'instance') ?? 'n/a';
  const event = take(labels, 'event') ?? take(labels, 'alertname') ?? 'n/a';
  const environment = take(labels, 'environment') ?? defaults.environment;
  const customer = take(labels, 'customer') ?? defaults.customer;
  const correlate = take(labels, 'correlate');
  const service = take(labels, 'service');
  const group = take(labels, 'group') ?? take(labels, 'job') ?? defaults.group ?? flavour.defaultGroup;
  const origin = flavour.origin(labels, defaults);
  const timeoutLabel = Number(take(labels, 'timeout'));
  const timeout = Number.isInteger(timeoutLabel) && timeoutLabel > 0 ? timeoutLabel : defaults.timeout;

  const value = flavour.value(item, annotations);
  const text =
    take(annotations, 'description') ??
    take(annotations, 'summary') ??
    `${severity.toUpperCase()}: ${resource} is ${event}`;
  const attributes: Record<string, unknown> = {};
  if (item.startsAt !== undefined) attributes.startsAt = item.startsAt;
  if (item.endsAt !== undefined) attributes.endsAt = item.endsAt;
  if (externalUrl !== undefined) attributes.externalUrl = externalUrl;
  // docs/webhooks.md#prometheus (ours): the plain generator URL rather than an HTML anchor.
  if (nonEmpty(item.generatorURL) !== undefined) attributes.moreInfo = item.generatorURL;
  Object.assign(attributes, flavour.extraAttributes(item));
  for (const [k, v] of annotations) attributes[attributeKey(k)] = v;

  return {
    resource,
    event,
    environment,
    severity,
    ...(correlate !== undefined ? { correlate: splitList(correlate) } : {}),
    service: service !== undefined ? splitList(service) : (defaults.service ?? []),
    group,
    ...(value !== undefined ? { value } : {}),
    text,
    tags: [...labels].map(([k, v]) => `${k}=${v}`),
    attributes,
    origin,
    type: flavour.type,
    ...(timeout !== undefined ? { timeout } : {}),
    rawData: JSON.stringify(item),
    ...(customer !== undefined ? { customer } : {}),
  };
}

/** POST /webhooks/prometheus: each `alerts[]` item becomes one alert. */
export function prometheusAlerts(payload: AlertmanagerPayload, defaults: WebhookDefaults): AlertInput[] {
  return payload.alerts.map((item) => alertFromAlertmanagerItem(item, payload.externalURL, defaults, PROMETHEUS));
}
