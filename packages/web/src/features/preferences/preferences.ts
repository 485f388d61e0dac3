import { z } from 'zod';

/** A stored value of the wrong type is ignored rather than breaking every other preference. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * User preferences, stored server-side in the user's attributes under `prefs` (console.md §3, screens.md §17). Every
 * key is optional: what is missing falls back to the configuration or the defaults below.
 */
export const preferencesSchema = z.looseObject({
  isDark: lenient(z.boolean()),
  isMute: lenient(z.boolean()),
  languagePref: lenient(z.string().nullable()),
  audioURL: lenient(z.string().nullable()),
  dates: lenient(
    z.looseObject({
      longDate: lenient(z.string().nullable()),
      mediumDate: lenient(z.string().nullable()),
      shortTime: lenient(z.string().nullable()),
    }),
  ),
  timezone: lenient(z.string()),
  displayDensity: lenient(z.string().nullable()),
  showAllowedEnvs: lenient(z.boolean()),
  showNotesIcon: lenient(z.boolean()),
  rowsPerPage: lenient(z.number().int().positive()),
  valueWidth: lenient(z.number().positive()),
  textWidth: lenient(z.number().positive()),
  refreshInterval: lenient(z.number().positive()),
  ackTimeout: lenient(z.number().nonnegative().nullable()),
  shelveTimeout: lenient(z.number().nonnegative().nullable()),
  blackoutStartNow: lenient(z.boolean()),
  blackoutPeriod: lenient(z.number().nullable()),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const savedQuerySchema = z.looseObject({ text: z.string(), q: z.string() });
export type SavedQuery = z.infer<typeof savedQuerySchema>;

/** GET /user/me/attributes (api.md §1.6). */
export const userAttributesResponseSchema = z.looseObject({
  attributes: z.looseObject({
    prefs: preferencesSchema.nullable().optional().catch(undefined),
    queries: z.array(savedQuerySchema).nullable().optional().catch(undefined),
  }),
});

/** screens.md §17: what a user gets before changing anything. */
export const DEFAULT_ROWS_PER_PAGE = 20;
