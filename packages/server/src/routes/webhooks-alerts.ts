import type { AlertInput } from '@alerta/contract';
import type { AlertRecord } from '../store/types.js';
import {
  alarmOf,
  cloudwatchAlarmAlert,
  snsConfirmationAlert,
  snsMessageSchema,
} from '../domain/webhooks/cloudwatch.js';
import {
  grafanaLegacyAlerts,
  grafanaLegacySchema,
  grafanaUnifiedAlerts,
  grafanaUnifiedSchema,
  isUnifiedPayload,
} from '../domain/webhooks/grafana.js';
import {
  graylogEventAlert,
  graylogEventSchema,
  graylogStreamAlert,
  graylogStreamAlertSchema,
  isGraylogEvent,
} from '../domain/webhooks/graylog.js';
import {
  LEGACY_NOT_SUPPORTED,
  isNewRelicIssue,
  newRelicIncidentAlert,
  newRelicIncidentSchema,
  newRelicIssueAlert,
  newRelicIssueSchema,
} from '../domain/webhooks/newrelic.js';
import { pingdomAlert, pingdomSchema } from '../domain/webhooks/pingdom.js';
import { alertmanagerPayloadSchema, prometheusAlerts } from '../domain/webhooks/prometheus.js';
import { riemannAlert, riemannEventSchema } from '../domain/webhooks/riemann.js';
import { serverDensityAlert, serverDensitySchema } from '../domain/webhooks/serverdensity.js';
import {
  isPubSubPush,
  pubSubPayload,
  pubSubPushSchema,
  stackdriverAlert,
  stackdriverIncidentSchema,
  withDocumentation,
} from '../domain/webhooks/stackdriver.js';
import { badRequest } from '../errors.js';
import { alertQuery } from './alert-params.js';
import { callerQuery } from './ownership.js';
import { type Webhook, jsonPayload, parse } from './webhooks-support.js';

/** A stored alert sent again with the normal severity, which closes it (legacy Grafana `ok`, docs/webhooks.md). */
function resolvedCopy(alert: AlertRecord, normalSeverity: string): AlertInput {
  return {
    resource: alert.resource,
    event: alert.event,
    environment: alert.environment,
    severity: normalSeverity,
    correlate: alert.correlate,
    service: alert.service,
    group: alert.group,
    ...(alert.value !== null ? { value: alert.value } : {}),
    text: alert.text,
    tags: alert.tags,
    attributes: alert.attributes,
    origin: alert.origin,
    type: alert.type,
    timeout: alert.timeout,
    ...(alert.customer !== null ? { customer: alert.customer } : {}),
  };
}

/** A webhook whose JSON payload maps to alerts without looking at stored ones. */
function mapping(
  sender: string,
  noPayload: string,
  map: (payload: Record<string, unknown>, defaults: Parameters<Webhook['receive']>[2]) => AlertInput[],
): Webhook {
  const webhook: Webhook = {
    sender,
    noPayload,
    receive: (_context, request, defaults) => Promise.resolve(map(jsonPayload(request.body, webhook), defaults)),
  };
  return webhook;
}

/** docs/webhooks.md#stackdriver: the incident (with its documentation's overrides) of either form of payload. */
function stackdriverAlerts(body: Record<string, unknown>, defaults: Parameters<Webhook['receive']>[2]): AlertInput[] {
  let payload = body;
  if (isPubSubPush(body)) {
    const decoded = pubSubPayload(parse(pubSubPushSchema, body));
    if (decoded === undefined) throw badRequest("'message.data' is not base64-encoded JSON");
    payload = decoded;
  }
  const incident = payload.incident;
  if (incident === null || typeof incident !== 'object' || Array.isArray(incident)) {
    throw badRequest('no incident in Stackdriver notification payload');
  }
  const merged = withDocumentation(incident as Record<string, unknown>);
  return [stackdriverAlert(parse(stackdriverIncidentSchema, merged, 'incident.'), JSON.stringify(payload), defaults)];
}

const NO_PROMETHEUS_ALERTS = 'no alerts in Prometheus notification payload';

/** The webhooks that send new alerts through the ingest pipeline (docs/webhooks.md). */
export const ALERT_WEBHOOKS: Readonly<Record<string, Webhook>> = {
  prometheus: mapping('Alertmanager', NO_PROMETHEUS_ALERTS, (body, defaults) => {
    // docs/webhooks.md#prometheus: a payload without a list of alerts gets the reference's message as it is.
    if (!Array.isArray(body.alerts)) throw badRequest(NO_PROMETHEUS_ALERTS);
    return prometheusAlerts(parse(alertmanagerPayloadSchema, body), defaults);
  }),
  grafana: {
    sender: 'Grafana',
    noPayload: 'no alerts in Grafana notification payload',
    receive: async (context, request, defaults) => {
      const body = jsonPayload(request.body, { noPayload: 'no alerts in Grafana notification payload' });
      if (isUnifiedPayload(body)) return grafanaUnifiedAlerts(parse(grafanaUnifiedSchema, body), defaults);
      const payload = parse(grafanaLegacySchema, body);
      if (payload.state === 'alerting') return grafanaLegacyAlerts(payload, defaults);
      if (payload.state === 'ok' && payload.ruleId !== undefined) {
        const params = new Map([['attributes.ruleId', [String(payload.ruleId)]]]);
        // docs/webhooks.md#grafana: only the caller's alerts of the rule. Another customer's would be refused with its name, and
        // one without a customer would be copied into the caller's.
        const query = callerQuery(request, alertQuery(params, context.model, new Date().toISOString()));
        const rows = await context.store.alerts.list(query, { offset: 0, limit: 1000, withHistory: false });
        return rows.map((row) => resolvedCopy(row.alert, defaults.normalSeverity));
      }
      throw badRequest(`Grafana state '${payload.state}' is not supported`);
    },
  },
  cloudwatch: mapping('Amazon SNS', 'No SNS notification in payload', (body, defaults) => {
    const message = parse(snsMessageSchema, body);
    if (message.Type === 'SubscriptionConfirmation' || message.Type === 'UnsubscribeConfirmation') {
      return [snsConfirmationAlert(message, defaults)];
    }
    if (message.Type !== 'Notification') {
      throw badRequest('No SNS notification in payload', [`SNS message type '${message.Type}' is not known`]);
    }
    const found = alarmOf(message);
    if ('problem' in found) throw badRequest(found.problem, found.details);
    return [cloudwatchAlarmAlert(message, found.alarm, defaults)];
  }),
  graylog: mapping('Graylog', 'no alert in Graylog notification payload', (body, defaults) =>
    isGraylogEvent(body)
      ? [graylogEventAlert(parse(graylogEventSchema, body), defaults)]
      : [graylogStreamAlert(parse(graylogStreamAlertSchema, body), defaults)],
  ),
  newrelic: mapping('New Relic', 'no incident in New Relic notification payload', (body, defaults) => {
    if (isNewRelicIssue(body)) return [newRelicIssueAlert(parse(newRelicIssueSchema, body), defaults)];
    if (!('version' in body)) throw badRequest(LEGACY_NOT_SUPPORTED, ["the payload has no 'version'"]);
    return [newRelicIncidentAlert(parse(newRelicIncidentSchema, body), defaults)];
  }),
  pingdom: mapping('Pingdom', 'no check in Pingdom notification payload', (body, defaults) => [
    pingdomAlert(parse(pingdomSchema, body), defaults),
  ]),
  riemann: mapping('Riemann', 'no event in Riemann payload', (body, defaults) => [
    riemannAlert(parse(riemannEventSchema, body), defaults),
  ]),
  serverdensity: mapping('Server Density', 'no alert in Server Density notification payload', (body, defaults) => [
    serverDensityAlert(parse(serverDensitySchema, body), defaults),
  ]),
  stackdriver: mapping('Cloud Monitoring', 'no incident in Stackdriver notification payload', stackdriverAlerts),
};
