import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { ACTION_WEBHOOKS } from './webhooks-actions.js';
import { ALERT_WEBHOOKS } from './webhooks-alerts.js';
import { storeWebhookAlerts } from './webhooks-ingest.js';
import { type Webhook, acceptWebhookBodies, isAnswer, unknownWebhook, webhookDefaults } from './webhooks-support.js';

/** The twelve built-in webhooks, by the name in their URL (docs/webhooks.md). */
const WEBHOOKS: Readonly<Record<string, Webhook>> = { ...ALERT_WEBHOOKS, ...ACTION_WEBHOOKS };

function webhookNamed(name: string): Webhook {
  const webhook = Object.hasOwn(WEBHOOKS, name) ? WEBHOOKS[name] : undefined;
  if (webhook === undefined) throw unknownWebhook(name);
  return webhook;
}

type ByName = FastifyRequest<{ Params: { name: string } }>;

/**
 * POST /webhooks/{name} (docs/webhooks.md#calling-a-webhook): a webhook maps its payload to alerts, which go through the POST /alert
 * pipeline, or changes stored alerts and gives its own answer (PagerDuty, Slack, Telegram).
 */
export function registerWebhookRoutes(app: FastifyInstance, context: AppContext): void {
  const handler = async (request: ByName, reply: FastifyReply) => {
    const webhook = webhookNamed(request.params.name);
    const outcome = await webhook.receive(context, request, webhookDefaults(context, request));
    if (isAnswer(outcome)) return reply.code(outcome.code).send(outcome.body);
    return storeWebhookAlerts(context, request, reply, outcome);
  };
  /**
   * The reference also routes GET, whose payload could only be the query string. The senders post theirs, so a GET
   * brings nothing to map: a 400 with the reference's words for a missing payload, rather than a 405 that would
   * suggest the webhook does not exist for GET at all. Telegram's answers as the reference's does: nothing to do.
   */
  const getHandler = (request: ByName, reply: FastifyReply) => {
    const webhook = webhookNamed(request.params.name);
    if (webhook.get !== undefined) return reply.code(webhook.get.code).send(webhook.get.body);
    throw badRequest(webhook.noPayload, [`${webhook.sender} sends its notifications as the body of a POST`]);
  };
  void app.register((scope, _options, done) => {
    acceptWebhookBodies(scope);
    // docs/webhooks.md#calling-a-webhook: `/webhooks/{name}/{path}` reaches the same webhook; ours ignore the extra path.
    for (const path of ['/webhooks/:name', '/webhooks/:name/*']) {
      scope.post(path, { config: { scope: 'write:webhooks' } }, handler);
      scope.get(path, { config: { scope: 'write:webhooks' } }, getHandler);
    }
    done();
  });
}
