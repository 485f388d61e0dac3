import { z } from 'zod/mini';
import { MAX_FIELD_LENGTH, noteSchema } from './alert.js';
import { optionalField } from './fields.js';
import { timeoutSeconds } from './sender-fields.js';

/**
 * Bodies and answers of the alert change endpoints (docs/api/alerts.md): status, action, tag, untag, attributes, notes,
 * the bulk variants and housekeeping (docs/api/management.md#housekeeping). Unknown fields are ignored, as the
 * reference does, and optional ones may be null (README "Senders").
 */

const text = (field: string) =>
  optionalField(
    z
      .string({ error: `'${field}' must be a string` })
      .check(z.maxLength(MAX_FIELD_LENGTH, { error: `'${field}' must be at most ${MAX_FIELD_LENGTH} characters` })),
  );

const timeout = optionalField(timeoutSeconds);

/**
 * A mandatory name; when it is missing (or null) the message is the reference's `must supply '<field>' as json data`.
 */
const name = (field: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `must supply '${field}' as json data`
          : `'${field}' must be a string`,
    })
    .check(
      z.minLength(1, { error: `'${field}' must not be empty` }),
      z.maxLength(255, { error: `'${field}' must be at most 255 characters` }),
    );

/** PUT /alert/{id}/status and PUT /_bulk/alerts/status. Whether the status exists is the alarm model's business. */
export const statusChangeSchema = z.object({ status: name('status'), text: text('text'), timeout });
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** PUT /alert/{id}/action and PUT /_bulk/alerts/action; any action name is accepted (custom actions). */
export const actionSchema = z.object({ action: name('action'), text: text('text'), timeout });
export type ActionRequest = z.infer<typeof actionSchema>;

const tagList = z.array(
  z
    .string({ error: "'tags' must be a list of strings" })
    .check(z.maxLength(MAX_FIELD_LENGTH, { error: `a tag must be at most ${MAX_FIELD_LENGTH} characters` })),
  { error: "must supply 'tags' as json list" },
);

/** PUT /alert/{id}/tag and /untag, and their bulk variants. */
export const tagsChangeSchema = z.object({ tags: tagList });
export type TagsChange = z.infer<typeof tagsChangeSchema>;

/** docs/api/alerts.md: attribute keys may not contain `.` or `$`; a null value deletes the key. */
const attributeChanges = z.record(z.string(), z.unknown(), { error: "must supply 'attributes' as json data" }).check(
  z.refine((attrs) => Object.keys(attrs).every((k) => !k.includes('.') && !k.includes('$')), {
    error: "attribute keys must not contain '.' or '$'",
  }),
);

/** PUT /alert/{id}/attributes and PUT /_bulk/alerts/attributes. */
export const attributesChangeSchema = z.object({ attributes: attributeChanges });
export type AttributesChange = z.infer<typeof attributesChangeSchema>;

/** PUT /alert/{id}/note: the text comes as `text` or `note`. */
export const noteInputSchema = z.object({ text: text('text'), note: text('note') });
export type NoteInput = z.infer<typeof noteInputSchema>;

/** PUT /alert/{id}/note/{noteId}: new text (as `text` or `note`) and attributes to merge. */
export const noteUpdateSchema = z.object({
  text: text('text'),
  note: text('note'),
  attributes: optionalField(attributeChanges),
});
export type NoteUpdate = z.infer<typeof noteUpdateSchema>;

/** The answer of PUT /alert/{id}/note and PUT /alert/{id}/note/{noteId}. */
export const noteResponseSchema = z.object({ status: z.literal('ok'), id: z.optional(z.string()), note: noteSchema });
export type NoteResponse = z.infer<typeof noteResponseSchema>;

export const notesResponseSchema = z.object({
  status: z.literal('ok'),
  notes: z.array(noteSchema),
  total: z.int(),
});
export type NotesResponse = z.infer<typeof notesResponseSchema>;

/**
 * The answer of the bulk change endpoints (README.md#where-we-differ-from-the-reference-server: they run synchronously
 * and report what they changed).
 */
export const bulkUpdateResultSchema = z.object({
  status: z.literal('ok'),
  updated: z.array(z.string()),
  count: z.int(),
});
export type BulkUpdateResult = z.infer<typeof bulkUpdateResultSchema>;

export const bulkDeleteResultSchema = z.object({
  status: z.literal('ok'),
  deleted: z.array(z.string()),
  count: z.int(),
});
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;

/** GET/POST /management/housekeeping (docs/api/management.md, docs/api/management.md#housekeeping). */
export const housekeepingResultSchema = z.object({
  status: z.literal('ok'),
  expired: z.array(z.string()),
  unshelve: z.array(z.string()),
  unack: z.array(z.string()),
  count: z.int(),
});
export type HousekeepingResult = z.infer<typeof housekeepingResultSchema>;

/** docs/api/ingest.md#history: action history entries take the action's name when it is one of these, else `action`. */
export const HISTORY_ACTION_TYPES: readonly string[] = [
  'open',
  'assign',
  'ack',
  'unack',
  'shelve',
  'unshelve',
  'close',
  'expired',
  'timeout',
];
