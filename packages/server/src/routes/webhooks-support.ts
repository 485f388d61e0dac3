import { type AlertInput, MAX_SECONDS } from '@alerta/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { type WebhookDefaults, splitList } from '../domain/webhooks/defaults.js';
import { ApiError, badRequest } from '../errors.js';
import { fieldsError } from '../http/validation.js';
import { queryParams } from './alert-params.js';

/** The webhook's own answer, for webhooks that change alerts instead of sending new ones (Slack, Telegram…). */
export interface WebhookAnswer {
  code: number;
  body: Record<string, unknown>;
}

export interface Webhook {
  /** Who sends it, and what the reference answers when the payload is missing (docs/webhooks.md). */
  sender: string;
  noPayload: string;
  /** Maps a POST to alerts for the ingest pipeline, or handles it and gives the answer. */
  receive(
    context: AppContext,
    request: FastifyRequest,
    defaults: WebhookDefaults,
  ): Promise<AlertInput[] | WebhookAnswer>;
  /** The answer to a GET, where the reference answers one (Telegram); otherwise a GET is a 400. */
  get?: WebhookAnswer;
}

/**
 * The payload as `schema` reads it, or the 400 naming what is wrong (docs/api/conventions.md#errors). `prefix` is put
 * before each field's name, for payloads whose alerts sit inside an outer object (`'incident.state'`).
 */
export function parse<T>(schema: z.ZodType<T>, body: unknown, prefix = ''): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.length === 0 ? [] : [`${prefix}${issue.path.map(String).join('.')}`],
    message: issue.message,
  }));
  throw fieldsError(issues, 'invalid payload');
}

/** A urlencoded body as posted (Slack signs the exact text), with its fields. */
export class FormBody {
  readonly fields: ReadonlyMap<string, string>;
  constructor(readonly raw: string) {
    this.fields = new Map(new URLSearchParams(raw));
  }
}

/**
 * Webhooks take what their senders send: JSON, JSON labelled text/plain (Amazon SNS) and forms (Slack), as the
 * reference does. Registered on the scope of the webhook routes only.
 */
export function acceptWebhookBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => {
    done(null, new FormBody(String(text)));
  });
}

/** The body as a JSON object: parsed JSON, or JSON sent as text; anything else is the webhook's "no payload" 400. */
export function jsonPayload(body: unknown, webhook: Pick<Webhook, 'noPayload'>): Record<string, unknown> {
  let value = body;
  if (typeof value === 'string') {
    if (value.trim() === '') throw badRequest(webhook.noPayload, ['the request body is empty']);
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest('Failed to decode JSON object', ['the request body is not JSON']);
    }
  }
  if (value === undefined || value === null) throw badRequest(webhook.noPayload, ['the request body is empty']);
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof FormBody) {
    throw badRequest('the request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** docs/webhooks.md#query-parameters: defaults that the payload overrides. */
export function webhookDefaults(context: AppContext, request: FastifyRequest): WebhookDefaults {
  const params = queryParams(request.query);
  const first = (name: string): string | undefined => {
    const value = params.get(name)?.[0];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const timeoutText = first('timeout');
  if (timeoutText !== undefined && !/^\d+$/.test(timeoutText)) throw badRequest("'timeout' must be an integer");
  if (timeoutText !== undefined && Number(timeoutText) > MAX_SECONDS) {
    throw badRequest(`'timeout' must be at most ${MAX_SECONDS}`);
  }
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
    param: first,
  };
}

export const isAnswer = (outcome: AlertInput[] | WebhookAnswer): outcome is WebhookAnswer => !Array.isArray(outcome);

/** Any webhook not found answers as the reference does. */
export const unknownWebhook = (name: string): ApiError => new ApiError(404, `Custom webhook '${name}' not found.`);
