import { z } from 'zod/mini';
import type { ApiClient } from '../../api';
import { lenientAlertSchema } from '../../shared/lenientAlert';

// Read as forgivingly as the list (lenientAlert.ts), so an alert the list shows also opens.
const alertResponseSchema = z.looseObject({ alert: lenientAlertSchema });
// Notes are read loosely: a note some other client stored without every field still shows.
const notesResponseSchema = z.looseObject({
  notes: z.array(
    z.looseObject({
      id: z.string(),
      text: z.string(),
      user: z.optional(z.nullable(z.string())),
      createTime: z.optional(z.nullable(z.string())),
    }),
  ),
});
export type AlertNote = z.infer<typeof notesResponseSchema>['notes'][number];

const okSchema = z.looseObject({ status: z.string() });

const path = (id: string) => `/alert/${encodeURIComponent(id)}`;

export async function fetchAlert(api: ApiClient, id: string, signal?: AbortSignal) {
  return (await api.request(path(id), { signal, schema: alertResponseSchema })).alert;
}

export async function fetchNotes(api: ApiClient, id: string, signal?: AbortSignal): Promise<AlertNote[]> {
  return (await api.request(`${path(id)}/notes`, { signal, schema: notesResponseSchema })).notes;
}

export function addNote(api: ApiClient, id: string, text: string): Promise<unknown> {
  return api.request(`${path(id)}/note`, { method: 'PUT', body: { text }, schema: okSchema });
}

export function deleteNote(api: ApiClient, id: string, noteId: string): Promise<unknown> {
  return api.request(`${path(id)}/note/${encodeURIComponent(noteId)}`, { method: 'DELETE', schema: okSchema });
}
