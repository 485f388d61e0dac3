import { randomUUID } from 'node:crypto';
import { type Note, noteInputSchema, noteUpdateSchema } from '@alerta/contract';
import { type AppContext, principalOf } from '../context.js';
import { dismissEntry, editNote, newNote } from '../domain/notes.js';
import { badRequest, notFound } from '../errors.js';
import type { NoteRecord } from '../store/change-types.js';
import type { ApiApp } from '../http/validation.js';
import { idParams, noteParams } from '../openapi/schemas.js';
import { actorOf, alertIdOf } from './change-support.js';

/** The Note object of docs/api/alerts.md, with absolute hrefs. */
export function noteView(note: NoteRecord, apiRoot: string): Note {
  const { alertId, ...rest } = note;
  const alertHref = `${apiRoot}/alert/${alertId}`;
  return {
    ...rest,
    href: `${apiRoot}/note/${note.id}`,
    related: { alert: alertId },
    _links: { alert: alertHref },
  };
}

const MISSING_TEXT = "must supply 'note' text";

export function registerNoteRoutes(app: ApiApp, context: AppContext): void {
  const write = { scope: 'write:alerts' };
  const store = context.store.alertChanges;
  const limit = context.settings.HISTORY_LIMIT;

  const addNote = { config: write, schema: { params: idParams, body: noteInputSchema } };
  app.put('/alert/:id/note', addNote, async (request, reply) => {
    const body = request.body;
    const text = body.text ?? body.note ?? '';
    if (text.trim() === '') throw badRequest(MISSING_TEXT);
    const alertId = await alertIdOf(context, request, request.params.id);
    const actor = actorOf(request);
    const outcome = await store.change(alertId, async (locked) => {
      const { note, entry } = newNote(locked.alert, randomUUID(), text, actor);
      await locked.insertNote(note);
      await locked.save(locked.alert, [entry], limit);
      return note;
    });
    if (!outcome.found) throw notFound();
    const apiRoot = context.apiRoot(request);
    const note = outcome.value;
    return reply
      .code(201)
      .header('Location', `${apiRoot}/alert/${alertId}/note/${note.id}`)
      .send({ status: 'ok', id: note.id, note: noteView(note, apiRoot) });
  });

  app.get('/alert/:id/notes', { config: { scope: 'read:alerts' }, schema: { params: idParams } }, async (request) => {
    const id = request.params.id;
    if (id.length === 0 || id.length > 255) throw notFound();
    // Read routes find alerts as GET /alert/{id} does (docs/api/conventions.md).
    const found = await context.store.alerts.get(id, principalOf(request).customers);
    if (found === undefined) throw notFound();
    const apiRoot = context.apiRoot(request);
    const notes = (await store.notes(found.alert.id)).map((note) => noteView(note, apiRoot));
    return { status: 'ok', ...(notes.length === 0 ? { message: 'not found' } : {}), notes, total: notes.length };
  });

  const editOne = { config: write, schema: { params: noteParams, body: noteUpdateSchema } };
  app.put('/alert/:id/note/:noteId', editOne, async (request) => {
    const body = request.body;
    const text = body.text ?? body.note;
    if (text !== undefined && text.trim() === '') throw badRequest(MISSING_TEXT);
    const alertId = await alertIdOf(context, request, request.params.id, 'alert not found');
    const actor = actorOf(request);
    const outcome = await store.change(alertId, async (locked) => {
      const note = await locked.note(request.params.noteId);
      if (note === undefined) throw notFound('note not found');
      const edited = editNote(note, { text, attributes: body.attributes }, actor);
      await locked.updateNote(edited);
      return edited;
    });
    if (!outcome.found) throw notFound('alert not found');
    return { status: 'ok', note: noteView(outcome.value, context.apiRoot(request)) };
  });

  app.delete('/alert/:id/note/:noteId', { config: write, schema: { params: noteParams } }, async (request) => {
    const alertId = await alertIdOf(context, request, request.params.id, 'alert not found');
    const actor = actorOf(request);
    const outcome = await store.change(alertId, async (locked) => {
      const note = await locked.note(request.params.noteId);
      if (note === undefined) throw notFound('note not found');
      await locked.deleteNote(note.id);
      await locked.save(locked.alert, [dismissEntry(locked.alert, note.id, actor)], limit);
    });
    if (!outcome.found) throw notFound('alert not found');
    return { status: 'ok' };
  });
}
