import type { MessageKey } from '../i18n';

/** What each route tells the shell about itself, kept in react-router's `handle`. */
export interface RouteHandle {
  titleKey: MessageKey;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value && typeof value.titleKey === 'string';
}
