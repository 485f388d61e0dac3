/**
 * What the alert list lends other screens (the alert detail's actions, the settings' default refresh interval), and
 * what the app's frame shows of it: the first screen itself and the top bar's search, watch switch and bulk bar.
 */
export { AlertSearchField } from './AlertSearchField';
export { AlertsScreen } from './AlertsScreen';
export { AlertsUiProvider, useAlertsUi, usePauseWhileOpen } from './AlertsUiContext';
export { AlertsUiStore } from './alertsUiStore';
export { hashWithGrouping, parseViewHash, sameGrouping, savedGrouping } from './alertsView';
export { BulkBar } from './BulkBar';
export { preloadGroupedView } from './grouping/preloadGroupedView';
export { ACTION_ICONS, ACTION_LABELS, CustomActionsMenu } from './RowActions';
export { DEBOUNCE_MS, useAlertActions } from './useAlertActions';
export { DEFAULT_REFRESH_MS } from './useAlertsQuery';
export { useConfirmDelete } from './useConfirmDelete';
export { WatchSwitch } from './WatchSwitch';
