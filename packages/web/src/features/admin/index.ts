/**
 * What the administration feature lends other screens: dates and chips as its lists show them, and the scopes a key
 * or permission may grant. The lists' generic parts (paged tables, toolbars, dialogs) live in src/shared/admin, and
 * their texts load through i18n/adminMessages.ts.
 */
export { Chips, DateTime } from './parts';
export { useGrantableScopes, useKnownScopes } from './scopes';
