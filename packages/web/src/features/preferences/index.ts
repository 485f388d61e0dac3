/** The signed-in user's preferences and saved searches, and the date and table formats they choose. */
export { formatDate, showsUtc, useDateExtras, useDateFormat, type DateKind, type FormatDate } from './dateFormat';
export {
  DEFAULT_NOTIFY_SEVERITIES,
  DEFAULT_ROWS_PER_PAGE,
  DEFAULT_TEXT_WIDTH,
  DEFAULT_VALUE_WIDTH,
  preferencesSchema,
  userAttributesResponseSchema,
  type Preferences,
} from './preferences';
export { FONT_SIZE_RANGE, FONT_WEIGHT_RANGE, tableFont, type TableFont } from './tableFont';
export { usePreferences, useSavePreferences } from './usePreferences';
export { useSavedSearches } from './useSavedSearches';
export { ColorSchemePreference } from './ColorSchemePreference';
export { LanguagePreference } from './LanguagePreference';
