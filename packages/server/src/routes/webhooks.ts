import { type AlertInput, alertInputSchema } from '@alerta/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AppContext, principalOf } from '../context.js';
import type { AlertRecord } from '../store/types.js';
import { type WebhookDefaults, splitList } from '../domain/webhooks/defaults.js';
import {
  grafanaLegacyAlerts,
  grafanaLegacySchema,
  grafanaUnifiedAlerts,
  grafanaUnifiedSchema,
  isUnifiedPayload,
} from '../domain/webhooks/grafana.js';
import { alertmanagerPayloadSchema, prometheusAlerts } from '../domain/webhooks/prometheus.js';
import { ApiError, badRequest } from '../errors.js';
import { alertView } from './alert-view.js';
import { alertQuery, queryParams } from './alert-params.js';
import { assignCustomer, callerQuery } from './ownership.js';
import { validationError } from './alerts.js';
import { isDiverted, receiveAlert, sendDiverted } from './receive.js';
import type { DivertedAlert } from '../domain/ingest.js';

function payloadError(error: z.ZodError): ApiError {
  const messages = error.issues.map((issue) =>
    issue.path.length === 0 ? issue.message : `'${issue.path.map(String).join('.')}': ${issue.message}`,
  );
  return badRequest(messages[0] ?? 'invalid payload', messages);
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw payloadError(parsed.error);
  return parsed.data;
}

/** webhooks.md: query parameters give defaults that labels and tags override. */
function webhookDefaults(context: AppContext, request: FastifyRequest): WebhookDefaults {
  const params = queryParams(request.query);
  const first = (name: string): string | undefined => {
    const value = params.get(name)?.[0];
    return value === undefined || value === '' ? undefined : value;
  };
  const timeoutText = first('timeout');
  if (timeoutText !== undefined && !/^\d+$/.test(timeoutText)) throw badRequest("'timeout' must be an integer");
  const services = params.get('service')?.flatMap(splitList);
  return {
    environment: first('environment') ?? context.settings.DEFAULT_ENVIRONMENT,
    service: services !== undefined && services.length > 0 ? services : undefined,
    group: first('group'),
    severity: first('severity'),
    customer: first('customer'),
    origin: first('origin'),
    timeout: timeoutText === undefined ? undefined : Number(timeoutText),
    normalSeverity: context.model.defaults.normal_severity,
  };
}

/** A stored alert sent again with the normal severity, which closes it (legacy Grafana `ok`, webhooks.md). */
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

type WebhookMapper = (context: AppContext, request: FastifyRequest, defaults: WebhookDefaults) => Promise<AlertInput[]>;

interface Webhook {
  /** Maps the JSON body of a POST to alerts. */
  map: WebhookMapper;
  /** Who sends it, and what the reference answers when the payload is missing (webhooks.md). */
  sender: string;
  noPayload: string;
}

const WEBHOOKS: Readonly<Record<string, Webhook>> = {
  prometheus: {
    sender: 'Alertmanager',
    noPayload: 'no alerts in Prometheus notification payload',
    map: (_context, request, defaults) =>
      Promise.resolve(prometheusAlerts(parse(alertmanagerPayloadSchema, request.body), defaults)),
  },
  grafana: {
    sender: 'Grafana',
    noPayload: 'no alerts in Grafana notification payload',
    map: async (context, request, defaults) => {
      if (isUnifiedPayload(request.body)) {
        return grafanaUnifiedAlerts(parse(grafanaUnifiedSchema, request.body), defaults);
      }
      const payload = parse(grafanaLegacySchema, request.body);
      if (payload.state === 'alerting') return grafanaLegacyAlerts(payload, defaults);
      if (payload.state === 'ok' && payload.ruleId !== undefined) {
        const params = new Map([['attributes.ruleId', [String(payload.ruleId)]]]);
        // api.md §6.6: only the caller's alerts of the rule. Another customer's would be refused with its name, and
        // one without a customer would be copied into the caller's.
        const query = callerQuery(request, alertQuery(params, context.model, new Date().toISOString()));
        const rows = await context.store.alerts.list(query, { offset: 0, limit: 1000, withHistory: false });
        return rows.map((row) => resolvedCopy(row.alert, defaults.normalSeverity));
      }
      throw badRequest(`Grafana state '${payload.state}' is not supported`);
    },
  },
};

function webhookNamed(name: string): Webhook {
  const webhook = Object.hasOwn(WEBHOOKS, name) ? WEBHOOKS[name] : undefined;
  if (webhook === undefined) throw new ApiError(404, `Custom webhook '${name}' not found.`);
  return webhook;
}

/**
 * POST /webhooks/{name} (api.md §1.9): each mapped alert goes through the POST /alert pipeline. One alert answers
 * with it, several with their ids; a heartbeat or a suppressed alert answers 202 at once, as the reference does.
 */
export function registerWebhookRoutes(app: FastifyInstance, context: AppContext): void {
  const handler = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const webhook = webhookNamed(request.params.name);
    if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw badRequest('the request body must be a JSON object');
    }
    const inputs = (await webhook.map(context, request, webhookDefaults(context, request))).map((input) => {
      const checked = alertInputSchema.safeParse(input);
      if (!checked.success) throw validationError(checked.error);
      return checked.data;
    });
    // A payload naming a customer the caller may not use fails before any of its alerts is stored.
    const principal = principalOf(request);
    for (const input of inputs) assignCustomer(principal, input.customer, 'admin:alerts');
    // Every alert of the payload goes through the pipeline; the reference stops at the first one that a blackout
    // suppresses or that is a heartbeat, and drops the rest.
    const stored = [];
    let diverted: DivertedAlert | undefined;
    for (const input of inputs) {
      const result = await receiveAlert(context, request, input);
      if (isDiverted(result)) diverted ??= result;
      else stored.push(result.stored);
    }
    if (stored.length === 0 && diverted !== undefined) return sendDiverted(reply, diverted);
    const only = stored.length === 1 ? stored[0] : undefined;
    if (only !== undefined) {
      return reply.code(201).send({
        status: 'ok',
        id: only.alert.id,
        alert: alertView(only.alert, only.history, context.apiRoot(request), { rawData: true }),
      });
    }
    return reply.code(201).send({ status: 'ok', ids: stored.map((s) => s.alert.id) });
  };
  /**
   * api.md §1.9 also routes GET, whose payload could only be the query string. Alertmanager and Grafana send theirs
   * as the body of a POST, so a GET brings nothing to map: a 400 with the reference's words for a missing payload,
   * rather than a 405 that would suggest the webhook does not exist for GET at all.
   */
  const getHandler = (request: FastifyRequest<{ Params: { name: string } }>) => {
    const webhook = webhookNamed(request.params.name);
    throw badRequest(webhook.noPayload, [`${webhook.sender} sends its notifications as the JSON body of a POST`]);
  };
  // api.md §1.9: `/webhooks/{name}/{path}` reaches the same webhook; ours ignore the extra path.
  for (const path of ['/webhooks/:name', '/webhooks/:name/*']) {
    app.post(path, { config: { scope: 'write:webhooks' } }, handler);
    app.get(path, { config: { scope: 'write:webhooks' } }, getHandler);
  }
}
