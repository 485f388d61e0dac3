/** The live stream of changes (docs/console/behaviour.md#live-updates) and the desktop notifications it raises. */
export { LiveProvider, useLiveListRefresh, useLiveState, useLiveStore } from './LiveContext';
export type { LiveState } from './liveStore';
export { notificationApi } from './notificationApi';
