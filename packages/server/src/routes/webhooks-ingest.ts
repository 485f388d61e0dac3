import { type AlertInput, alertInputSchema } from '@alerta/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldsError } from '../http/validation.js';
import { type AppContext, principalOf } from '../context.js';
import type { DivertedAlert } from '../domain/ingest.js';
import { alertView } from './alert-view.js';
import { assignCustomer } from './ownership.js';
import { isDiverted, receiveAlert, sendDiverted } from './receive.js';

/**
 * docs/webhooks.md#answers: each mapped alert goes through the POST /alert pipeline. One alert answers with it, several with
 * their ids; when none is stored (a heartbeat, a blackout), the first one's 202 (docs/webhooks.md#answers).
 */
export async function storeWebhookAlerts(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  mapped: readonly AlertInput[],
): Promise<FastifyReply> {
  const inputs = mapped.map((input) => {
    const checked = alertInputSchema.safeParse(input);
    if (!checked.success) throw fieldsError(checked.error.issues);
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
}
