import { z } from 'zod/mini';
import { isoDateSchema } from './dates.js';
import { clearableField, optionalField } from './fields.js';

export const KEY_TYPES = ['read-write', 'read-only'] as const;
export type KeyType = (typeof KEY_TYPES)[number];
export const KEY_STATUSES = ['active', 'expired'] as const;
/** A key string a client may choose (POST /key, ADMIN_KEY): usable in a header and a query string. */
export const API_KEY_PATTERN = /^[\w\-.~]{8,128}$/;

/** The API key object (docs/api/keys.md). */
export const apiKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  status: z.enum(KEY_STATUSES),
  href: z.string(),
  user: z.string(),
  scopes: z.array(z.string()),
  type: z.enum(KEY_TYPES),
  text: z.string(),
  expireTime: z.string(),
  count: z.int(),
  lastUsedTime: z.nullable(z.string()),
  customer: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

// Bounded like alert fields, so that one request cannot store megabytes.
const MAX_NAME = 255;
const MAX_TEXT = 10_000;
const MAX_SCOPES = 100;

const scopeList = z
  .array(
    z
      .string({ error: "'scopes' must be a list of strings" })
      .check(z.maxLength(MAX_NAME, { error: `a scope must be at most ${MAX_NAME} characters` })),
    { error: "'scopes' must be a list" },
  )
  .check(z.maxLength(MAX_SCOPES, { error: `'scopes' must list at most ${MAX_SCOPES} scopes` }));
const boundedText = (field: string, maxLength = MAX_NAME) =>
  z
    .string({ error: `'${field}' must be a string` })
    .check(z.maxLength(maxLength, { error: `'${field}' must be at most ${maxLength} characters` }));
const keyTypeField = z.enum(KEY_TYPES, { error: "'type' must be one of read-write, read-only" });

/** The body of POST /key (docs/api/keys.md); every field may be left out or null (README "Senders"). */
export const apiKeyInputSchema = z.object({
  user: optionalField(boundedText('user')),
  // An empty list, as the reference's client sends without --scope, gets the default scopes, as in the reference.
  scopes: optionalField(scopeList),
  type: optionalField(keyTypeField),
  text: optionalField(boundedText('text', MAX_TEXT)),
  expireTime: optionalField(isoDateSchema),
  customer: optionalField(boundedText('customer')),
  // A client may choose its own key string; it must be usable in a header and a query string. An empty one, which the
  // predecessor console's New API Key dialog sends, means none was chosen, as in the reference.
  key: optionalField(
    z.pipe(
      z.string({ error: "'key' must be a string" }).check(
        z.refine((key) => key === '' || API_KEY_PATTERN.test(key), {
          error: "'key' must be 8 to 128 letters, digits or -._~",
        }),
      ),
      z.transform((key: string) => (key === '' ? undefined : key)),
    ),
  ),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

/**
 * The body of PUT /key/{key}; `type` replaces the scopes, as on POST (a way to make a leaked key read-only). A null
 * text or customer clears it, as in the reference; any other null leaves the field as it is (README "Senders").
 */
export const apiKeyUpdateSchema = z.object({
  user: optionalField(boundedText('user')),
  scopes: optionalField(scopeList),
  type: optionalField(keyTypeField),
  text: clearableField(boundedText('text', MAX_TEXT)),
  expireTime: optionalField(isoDateSchema),
  customer: clearableField(boundedText('customer')),
});
export type ApiKeyUpdate = z.infer<typeof apiKeyUpdateSchema>;

/** docs/api/keys.md: read-write when any scope writes or administers, else read-only. */
export function keyType(scopes: readonly string[]): KeyType {
  return scopes.some((s) => s.startsWith('write') || s.startsWith('admin')) ? 'read-write' : 'read-only';
}
