import type { NoteRecord } from '../store/change-types.js';
import type { AlertRecord, HistoryRecord } from '../store/types.js';
import { type Actor, mergeAttributes } from './alert-changes.js';

/** The history entry that records a note being added or dismissed (docs/api/alerts.md, docs/api/ingest.md#history). */
function noteEntry(alert: AlertRecord, noteId: string, type: 'note' | 'dismiss', text: string, actor: Actor) {
  const entry: HistoryRecord = {
    id: noteId,
    event: alert.event,
    severity: alert.severity,
    status: alert.status,
    value: alert.value,
    text,
    type,
    updateTime: actor.now,
    user: actor.user,
    timeout: null,
  };
  return entry;
}

/** PUT /alert/{id}/note: the note carries a snapshot of the alert, and history gets a `note` entry. */
export function newNote(
  alert: AlertRecord,
  noteId: string,
  text: string,
  actor: Actor,
): { note: NoteRecord; entry: HistoryRecord } {
  return {
    note: {
      id: noteId,
      alertId: alert.id,
      text,
      user: actor.user,
      attributes: {
        resource: alert.resource,
        event: alert.event,
        environment: alert.environment,
        severity: alert.severity,
        status: alert.status,
      },
      type: 'alert',
      createTime: actor.now,
      updateTime: null,
      customer: alert.customer,
    },
    entry: noteEntry(alert, noteId, 'note', text, actor),
  };
}

/** PUT /alert/{id}/note/{noteId}: new text if given, attributes merged, the caller becomes the note's user. */
export function editNote(
  note: NoteRecord,
  change: { text: string | undefined; attributes: Record<string, unknown> | undefined },
  actor: Actor,
): NoteRecord {
  return {
    ...note,
    text: change.text ?? note.text,
    attributes: mergeAttributes(note.attributes, change.attributes ?? {}),
    user: actor.user,
    updateTime: actor.now,
  };
}

/** DELETE /alert/{id}/note/{noteId}: history `dismiss` with the text `note dismissed`. */
export function dismissEntry(alert: AlertRecord, noteId: string, actor: Actor): HistoryRecord {
  return noteEntry(alert, noteId, 'dismiss', 'note dismissed', actor);
}
