import { actionSchema, attributesChangeSchema, statusChangeSchema, tagsChangeSchema } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { checkStatus } from '../domain/alert-changes.js';
import { ApiError } from '../errors.js';
import type { LockedAlert } from '../store/change-types.js';
import type { ApiApp } from '../http/validation.js';
import { alertListQuery } from '../openapi/schemas.js';
import { actorOf, alertChanges } from './change-support.js';
import { callerQuery } from './ownership.js';
import { alertQuery, queryParams } from './alert-params.js';

/**
 * The bulk endpoints of docs/api/alerts.md: the query string selects alerts exactly as GET /alerts does, and the change
 * runs synchronously, one alert per transaction, answering with the ids it changed
 * (README.md#where-we-differ-from-the-reference-server).
 */
export function registerBulkRoutes(app: ApiApp, context: AppContext): void {
  const store = context.store.alertChanges;
  const config = { scope: 'write:alerts' };
  // The query string selects the alerts, as GET /alerts reads it.
  const withBody = <T>(body: T) => ({ config, schema: { querystring: alertListQuery, body } });

  function selected(request: FastifyRequest): Promise<string[]> {
    // Only GET /alerts defaults `to-date` to now (docs/api/alerts.md). Unlike the reference, bulk changes touch only
    // the caller's customers (docs/api/customers.md), as single changes do.
    const query = callerQuery(request, alertQuery(queryParams(request.query), context.model, undefined));
    return store.matchingIds(query);
  }

  /** Applies `work` to each selected alert; `skip` says which failures leave an alert out instead of failing. */
  async function changeEach(
    request: FastifyRequest,
    work: (locked: LockedAlert) => Promise<void>,
    skip: (error: unknown) => boolean = () => false,
  ) {
    const updated: string[] = [];
    for (const id of await selected(request)) {
      try {
        const outcome = await store.change(id, work);
        if (outcome.found) updated.push(id);
      } catch (error) {
        if (!skip(error)) throw error;
      }
    }
    return { status: 'ok', updated, count: updated.length };
  }

  app.put('/_bulk/alerts/status', withBody(statusChangeSchema), async (request) => {
    const body = request.body;
    checkStatus(context.model, body.status);
    return changeEach(request, alertChanges(context, actorOf(request)).status(body, 'bulk status update'));
  });

  app.put('/_bulk/alerts/action', withBody(actionSchema), async (request) => {
    const body = request.body;
    // An action that is invalid for one alert's status (409 on its own) leaves that alert out of `updated`.
    const invalidTransition = (error: unknown) => error instanceof ApiError && error.statusCode === 409;
    return changeEach(request, alertChanges(context, actorOf(request)).action(body), invalidTransition);
  });

  app.put('/_bulk/alerts/tag', withBody(tagsChangeSchema), async (request) => {
    const { tags } = request.body;
    return changeEach(request, alertChanges(context, actorOf(request)).tag(tags));
  });

  app.put('/_bulk/alerts/untag', withBody(tagsChangeSchema), async (request) => {
    const { tags } = request.body;
    return changeEach(request, alertChanges(context, actorOf(request)).untag(tags));
  });

  app.put('/_bulk/alerts/attributes', withBody(attributesChangeSchema), async (request) => {
    const { attributes } = request.body;
    return changeEach(request, alertChanges(context, actorOf(request)).attributes(attributes));
  });

  app.delete('/_bulk/alerts', { config, schema: { querystring: alertListQuery } }, async (request) => {
    const deleted = await store.delete(await selected(request));
    return { status: 'ok', deleted, count: deleted.length };
  });
}
