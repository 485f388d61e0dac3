import type { ActionRequest, StatusChange } from '@alerta/contract';
import type { FastifyRequest } from 'fastify';
import { type AppContext, principalOf } from '../context.js';
import {
  type Actor,
  type ChangeSettings,
  addTags,
  mergeAttributes,
  planAction,
  planStatusChange,
  removeTags,
} from '../domain/alert-changes.js';
import { badRequest, notFound } from '../errors.js';
import type { LockedAlert } from '../store/change-types.js';

export const actorOf = (request: FastifyRequest): Actor => ({
  user: principalOf(request).login,
  now: new Date().toISOString(),
});

export function changeSettingsOf(context: AppContext): ChangeSettings {
  const { settings } = context;
  return {
    model: context.model,
    ackTimeout: settings.ACK_TIMEOUT,
    shelveTimeout: settings.SHELVE_TIMEOUT,
    historyLimit: settings.HISTORY_LIMIT,
  };
}

/**
 * docs/api/conventions.md: updates and deletes take an id or an unambiguous prefix of one. Another customer's alert is
 * not found (docs/api/customers.md), so nobody learns that it exists.
 */
export async function alertIdOf(
  context: AppContext,
  request: FastifyRequest,
  idPrefix: string,
  missing = 'not found',
): Promise<string> {
  if (idPrefix.length === 0 || idPrefix.length > 255) throw notFound(missing);
  const found = await context.store.alertChanges.resolveId(idPrefix, principalOf(request).customers);
  if (found.kind === 'missing') throw notFound(missing);
  if (found.kind === 'ambiguous') throw badRequest(`alert id prefix '${idPrefix}' matches more than one alert`);
  return found.id;
}

/** The one-alert changes of PUT /alert/{id}/…, shared with the bulk endpoints. */
export interface AlertChanges {
  status(body: StatusChange, defaultText: string): (locked: LockedAlert) => Promise<void>;
  action(body: ActionRequest): (locked: LockedAlert) => Promise<void>;
  tag(tags: readonly string[]): (locked: LockedAlert) => Promise<void>;
  untag(tags: readonly string[]): (locked: LockedAlert) => Promise<void>;
  attributes(changes: Record<string, unknown>): (locked: LockedAlert) => Promise<void>;
}

export function alertChanges(context: AppContext, actor: Actor): AlertChanges {
  const settings = changeSettingsOf(context);
  const limit = settings.historyLimit;
  return {
    status: (body, defaultText) => async (locked) => {
      const change = planStatusChange(
        settings.model,
        locked,
        { status: body.status, text: body.text ?? defaultText, timeout: body.timeout },
        actor,
      );
      await locked.save(change.alert, [change.entry], limit);
    },
    action: (body) => async (locked) => {
      const change = planAction(
        settings,
        locked,
        { action: body.action, text: body.text, timeout: body.timeout },
        actor,
      );
      await locked.save(change.alert, [change.entry], limit);
    },
    tag: (tags) => (locked) => locked.save(addTags(locked.alert, tags), [], limit),
    untag: (tags) => (locked) => locked.save(removeTags(locked.alert, tags), [], limit),
    attributes: (changes) => (locked) =>
      locked.save({ ...locked.alert, attributes: mergeAttributes(locked.alert.attributes, changes) }, [], limit),
  };
}
