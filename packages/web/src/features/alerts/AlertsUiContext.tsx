import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AlertsUiStore, AlertsUiState } from './alertsUiStore';

const AlertsUiContext = createContext<AlertsUiStore | null>(null);

export function AlertsUiProvider({ store, children }: { store: AlertsUiStore; children: ReactNode }) {
  return <AlertsUiContext value={store}>{children}</AlertsUiContext>;
}

export function useAlertsUiStore(): AlertsUiStore {
  const store = useContext(AlertsUiContext);
  if (store === null) throw new Error('useAlertsUiStore needs an AlertsUiProvider');
  return store;
}

/** One slice of the shared alerts UI state; re-renders only when that slice changes. */
export function useAlertsUi<T>(select: (state: AlertsUiState) => T): T {
  const store = useAlertsUiStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/**
 * Counts an open dialog or menu, so auto-refresh waits until it closes (docs/console/behaviour.md#states-and-actions
 * "Auto-refresh").
 */
export function usePauseWhileOpen(open: boolean): void {
  const store = useAlertsUiStore();
  useEffect(() => {
    if (!open) return;
    store.openOverlay();
    return () => store.closeOverlay();
  }, [open, store]);
}
