/** The alert detail's button that opens a new blackout filled in from the alert. */
export { BlackoutFromAlertButton } from './BlackoutFromAlertButton';
