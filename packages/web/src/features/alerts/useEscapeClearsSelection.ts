import { useEffect } from 'react';
import { useAlertsUiStore } from './AlertsUiContext';

/**
 * docs/console/behaviour.md#screens-and-routes keyboard: Escape clears the selection, unless a dialog or menu is open
 * (Escape closes that instead). Leaving the screen drops the selection too, so the top bar is not left in bulk mode.
 */
export function useEscapeClearsSelection(): void {
  const store = useAlertsUiStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && store.getState().overlays === 0) store.clearSelection();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store]);
  useEffect(() => () => store.clearSelection(), [store]);
}
