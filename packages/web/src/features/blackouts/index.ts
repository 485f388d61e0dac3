/** The alert detail's button that opens a new blackout filled in from the alert. */
export { BlackoutFromAlertButton } from './BlackoutFromAlertButton';
/** The grouped alert list's new blackout filled in from a group. */
export { BlackoutForGroupDialog, type GroupKeys } from './BlackoutForGroupDialog';
