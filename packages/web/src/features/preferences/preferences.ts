import { z } from 'zod/mini';

/** A stored value of the wrong type is ignored rather than breaking every other preference. */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/**
 * User preferences, stored server-side in the user's attributes under `prefs` (docs/console/behaviour.md#entities,
 * docs/console/account-screens.md#default-preferences). Every key is optional: what is missing falls back to the
 * configuration or the defaults below.
 */
export const preferencesSchema = z.looseObject({
  isDark: lenient(z.boolean()),
  isMute: lenient(z.boolean()),
  languagePref: lenient(z.nullable(z.string())),
  audioURL: lenient(z.nullable(z.string())),
  dates: lenient(
    z.looseObject({
      longDate: lenient(z.nullable(z.string())),
      mediumDate: lenient(z.nullable(z.string())),
      shortTime: lenient(z.nullable(z.string())),
    }),
  ),
  timezone: lenient(z.string()),
  displayDensity: lenient(z.nullable(z.string())),
  showAllowedEnvs: lenient(z.boolean()),
  showNotesIcon: lenient(z.boolean()),
  // The alert table's font, keyed by CSS property names ("font-size": "13px"); tableFont reads the values leniently.
  font: lenient(z.looseObject({})),
  rowsPerPage: lenient(z.int().check(z.positive())),
  valueWidth: lenient(z.number().check(z.positive())),
  textWidth: lenient(z.number().check(z.positive())),
  refreshInterval: lenient(z.number().check(z.positive())),
  ackTimeout: lenient(z.nullable(z.number().check(z.nonnegative()))),
  shelveTimeout: lenient(z.nullable(z.number().check(z.nonnegative()))),
  blackoutStartNow: lenient(z.boolean()),
  blackoutPeriod: lenient(z.nullable(z.number())),
  // docs/console/behaviour.md#desktop-notifications: off unless the user turns them on, for the severities chosen.
  notify: lenient(z.boolean()),
  notifySeverities: lenient(z.array(z.string())),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * A saved search (docs/console/shell.md#top-bar): its name, its query, and the list's grouping when it was saved
 * grouped (docs/console/alert-screens.md#grouped-view); the predecessor's entries have no grouping and keep working.
 */
export const savedQuerySchema = z.looseObject({
  text: z.string(),
  q: z.string(),
  groupBy: lenient(z.array(z.string())),
  groupSort: lenient(z.string()),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

/** GET /user/me/attributes (docs/api/identity.md). */
export const userAttributesResponseSchema = z.looseObject({
  attributes: z.looseObject({
    prefs: z.catch(z.optional(z.nullable(preferencesSchema)), undefined),
    queries: z.catch(z.optional(z.nullable(z.array(savedQuerySchema))), undefined),
  }),
});

/** docs/console/account-screens.md#default-preferences: what a user gets before changing anything. */
export const DEFAULT_ROWS_PER_PAGE = 20;
export const DEFAULT_VALUE_WIDTH = 50;
export const DEFAULT_TEXT_WIDTH = 400;
/** docs/console/behaviour.md#desktop-notifications: what a user who turns notifications on is notified of. */
export const DEFAULT_NOTIFY_SEVERITIES: readonly string[] = ['critical', 'major'];
