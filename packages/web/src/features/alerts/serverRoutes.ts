import { useSyncExternalStore } from 'react';
import { useApi, type ApiClient } from '../../api';

/**
 * Whether the server lacks this console's grouped routes, GET /alerts/grouped and GET /alerts/facets
 * (docs/console/alert-screens.md#grouped-view). A stock Alerta answers 404 to both: found once through either, the
 * list is then grouped in the browser, and the facets panel and the search box's value suggestions are hidden.
 */
const lacking = new WeakSet<ApiClient>();
const listeners = new Set<() => void>();

export function noteGroupedRoutesMissing(api: ApiClient): void {
  if (lacking.has(api)) return;
  lacking.add(api);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the console's API client's server lacks them, rendering again once that is found. */
export function useLacksGroupedRoutes(): boolean {
  const api = useApi();
  return useSyncExternalStore(subscribe, () => lacking.has(api));
}
