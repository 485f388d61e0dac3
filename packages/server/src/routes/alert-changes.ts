import { actionSchema, attributesChangeSchema, statusChangeSchema, tagsChangeSchema } from '@alerta/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { checkStatus } from '../domain/alert-changes.js';
import { notFound } from '../errors.js';
import type { LockedAlert } from '../store/change-types.js';
import { registerBulkRoutes } from './alert-bulk.js';
import { registerNoteRoutes } from './alert-notes.js';
import { actorOf, alertChanges, alertIdOf, parseBody } from './change-support.js';

export function registerAlertChangeRoutes(app: FastifyInstance, context: AppContext): void {
  type ById = { Params: { id: string } };
  const store = context.store.alertChanges;

  async function changeOne(request: FastifyRequest<ById>, work: (locked: LockedAlert) => Promise<void>) {
    const id = await alertIdOf(context, request, request.params.id);
    const outcome = await store.change(id, work);
    if (!outcome.found) throw notFound();
    return { status: 'ok' };
  }

  app.put<ById>('/alert/:id/status', { config: { scope: 'write:alerts' } }, async (request) => {
    const body = parseBody(statusChangeSchema, request.body);
    checkStatus(context.model, body.status);
    return changeOne(request, alertChanges(context, actorOf(request)).status(body, ''));
  });

  app.put<ById>('/alert/:id/action', { config: { scope: 'write:alerts' } }, async (request) => {
    const body = parseBody(actionSchema, request.body);
    return changeOne(request, alertChanges(context, actorOf(request)).action(body));
  });

  app.put<ById>('/alert/:id/tag', { config: { scope: 'write:alerts' } }, async (request) => {
    const { tags } = parseBody(tagsChangeSchema, request.body);
    return changeOne(request, alertChanges(context, actorOf(request)).tag(tags));
  });

  app.put<ById>('/alert/:id/untag', { config: { scope: 'write:alerts' } }, async (request) => {
    const { tags } = parseBody(tagsChangeSchema, request.body);
    return changeOne(request, alertChanges(context, actorOf(request)).untag(tags));
  });

  app.put<ById>('/alert/:id/attributes', { config: { scope: 'write:alerts' } }, async (request) => {
    const { attributes } = parseBody(attributesChangeSchema, request.body);
    return changeOne(request, alertChanges(context, actorOf(request)).attributes(attributes));
  });

  app.delete<ById>('/alert/:id', { config: { scope: 'delete:alerts' } }, async (request) => {
    const id = await alertIdOf(context, request, request.params.id);
    const deleted = await store.delete([id]);
    if (deleted.length === 0) throw notFound();
    return { status: 'ok' };
  });

  registerNoteRoutes(app, context);
  registerBulkRoutes(app, context);
}
