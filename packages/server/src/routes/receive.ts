import type { AlertInput } from '@alerta/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext, principalOf } from '../context.js';
import type { DivertedAlert, IngestResult } from '../domain/ingest.js';
import { IngestBatcher } from '../domain/ingest-batch.js';
import { ingestSettingsOf } from '../domain/ingest-settings.js';
import { ApiError } from '../errors.js';
import { switchboardOf } from '../http/switchboard.js';
import { assignCustomer } from './ownership.js';

/** docs/api/ingest.md `remote_ip`: the first hop of X-Forwarded-For, else the peer address. */
export function clientAddress(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first !== undefined && first !== '' ? first : request.ip;
}

// One batcher per server, so alerts from POST /alert and the webhooks share batches.
const batchers = new WeakMap<AppContext, IngestBatcher>();

function batcherOf(context: AppContext): IngestBatcher {
  let batcher = batchers.get(context);
  if (batcher === undefined) {
    batcher = new IngestBatcher(context.store, ingestSettingsOf(context.settings, context.model, context.origin));
    batchers.set(context, batcher);
  }
  return batcher;
}

/** Runs one alert through the whole pipeline of POST /alert; webhooks use it too. Counts what became of it. */
export async function receiveAlert(
  context: AppContext,
  request: FastifyRequest,
  input: AlertInput,
): Promise<IngestResult | DivertedAlert> {
  try {
    if (!switchboardOf(context).isOn('sender-api-allow')) {
      throw new ApiError(503, 'new alerts are switched off on this server (sender-api-allow)');
    }
    const principal = principalOf(request);
    // docs/api/customers.md: the caller's customer, or one an admin (or admin:alerts) names; 400 for anyone else's.
    const { customer: wanted, ...rest } = input;
    const customer = assignCustomer(principal, wanted, 'admin:alerts');
    const assigned: AlertInput = {
      ...rest,
      ...(customer === null ? {} : { customer }),
      attributes: { ...input.attributes, ip: clientAddress(request) },
    };
    const result = await batcherOf(context).ingest(assigned, principal.login);
    context.metrics.countIngest(result.kind);
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500) context.metrics.countIngest('rejected');
    throw error;
  }
}

export const isDiverted = (result: IngestResult | DivertedAlert): result is DivertedAlert =>
  result.kind === 'heartbeat' || result.kind === 'suppressed';

/** 202 for an alert that became a heartbeat or was suppressed by a blackout (docs/api/alerts.md). */
export function sendDiverted(reply: FastifyReply, result: DivertedAlert): FastifyReply {
  return reply.code(202).send({ status: 'ok', message: result.message, id: result.id });
}
