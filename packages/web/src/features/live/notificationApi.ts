/** The browser's Notification API, when it has one (docs/console/behaviour.md#desktop-notifications). */
export function notificationApi(): typeof Notification | undefined {
  return typeof Notification === 'undefined' ? undefined : Notification;
}
