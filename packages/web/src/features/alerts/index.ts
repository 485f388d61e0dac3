/** What the alert list lends other screens (the alert detail's actions, the settings' default refresh interval). */
export { ACTION_ICONS, ACTION_LABELS, CustomActionsMenu } from './RowActions';
export { DEBOUNCE_MS, useAlertActions } from './useAlertActions';
export { DEFAULT_REFRESH_MS } from './useAlertsQuery';
export { useConfirmDelete } from './useConfirmDelete';
