import { actionSchema, attributesChangeSchema, statusChangeSchema, tagsChangeSchema } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { checkStatus } from '../domain/alert-changes.js';
import { notFound } from '../errors.js';
import type { LockedAlert } from '../store/change-types.js';
import { registerBulkRoutes } from './alert-bulk.js';
import { registerNoteRoutes } from './alert-notes.js';
import type { ApiApp } from '../http/validation.js';
import { idParams } from '../openapi/schemas.js';
import { actorOf, alertChanges, alertIdOf } from './change-support.js';

export function registerAlertChangeRoutes(app: ApiApp, context: AppContext): void {
  type ById = { Params: { id: string } };
  const write = { scope: 'write:alerts' };
  const store = context.store.alertChanges;

  async function changeOne(request: FastifyRequest<ById>, work: (locked: LockedAlert) => Promise<void>) {
    const id = await alertIdOf(context, request, request.params.id);
    const outcome = await store.change(id, work);
    if (!outcome.found) throw notFound();
    return { status: 'ok' };
  }

  app.put(
    '/alert/:id/status',
    { config: write, schema: { params: idParams, body: statusChangeSchema } },
    async (request) => {
      const body = request.body;
      checkStatus(context.model, body.status);
      return changeOne(request, alertChanges(context, actorOf(request)).status(body, ''));
    },
  );

  app.put('/alert/:id/action', { config: write, schema: { params: idParams, body: actionSchema } }, async (request) => {
    const body = request.body;
    return changeOne(request, alertChanges(context, actorOf(request)).action(body));
  });

  app.put(
    '/alert/:id/tag',
    { config: write, schema: { params: idParams, body: tagsChangeSchema } },
    async (request) => {
      const { tags } = request.body;
      return changeOne(request, alertChanges(context, actorOf(request)).tag(tags));
    },
  );

  app.put(
    '/alert/:id/untag',
    { config: write, schema: { params: idParams, body: tagsChangeSchema } },
    async (request) => {
      const { tags } = request.body;
      return changeOne(request, alertChanges(context, actorOf(request)).untag(tags));
    },
  );

  app.put(
    '/alert/:id/attributes',
    { config: write, schema: { params: idParams, body: attributesChangeSchema } },
    async (request) => {
      const { attributes } = request.body;
      return changeOne(request, alertChanges(context, actorOf(request)).attributes(attributes));
    },
  );

  app.delete('/alert/:id', { config: { scope: 'delete:alerts' }, schema: { params: idParams } }, async (request) => {
    const id = await alertIdOf(context, request, request.params.id);
    const deleted = await store.delete([id]);
    if (deleted.length === 0) throw notFound();
    return { status: 'ok' };
  });

  registerNoteRoutes(app, context);
  registerBulkRoutes(app, context);
}
