import { useDocumentVisibility } from '@mantine/hooks';
import { useCallback } from 'react';
import { useAlertsUi, useAlertsUiStore } from './AlertsUiContext';
import type { PauseReason } from './RefreshStatus';
import { DEFAULT_REFRESH_MS } from './useAlertsQuery';

export interface RefreshPolicy {
  /** How often the list reloads while nothing pauses it. */
  intervalMs: number;
  /** Why the list is not reloading now; null while it is. */
  pauseReason: PauseReason;
  /** What the list query is given: the interval, or false while paused. */
  refreshMs: number | false;
  /** Pauses or resumes at the user's request (the refresh status button). */
  togglePaused: () => void;
}

/**
 * docs/console/behaviour.md#states-and-actions: refresh on the user's interval, else the config's, else every 5 s;
 * paused while the user asked for it, has alerts selected, has a dialog or menu open, or has the page hidden, in that
 * order of precedence for what the screen says.
 */
export function useRefreshPolicy(
  userIntervalMs: number | undefined,
  configIntervalMs: number | undefined,
): RefreshPolicy {
  const store = useAlertsUiStore();
  const userPaused = useAlertsUi((s) => s.paused);
  const selectedCount = useAlertsUi((s) => s.selected.size);
  const overlays = useAlertsUi((s) => s.overlays);
  const visibility = useDocumentVisibility();
  const intervalMs = userIntervalMs ?? configIntervalMs ?? DEFAULT_REFRESH_MS;
  const pauseReason: PauseReason = userPaused
    ? 'user'
    : selectedCount > 0
      ? 'selection'
      : overlays > 0
        ? 'dialog'
        : visibility === 'hidden'
          ? 'hidden'
          : null;
  const togglePaused = useCallback(() => store.setPaused(!userPaused), [store, userPaused]);
  return { intervalMs, pauseReason, refreshMs: pauseReason === null ? intervalMs : false, togglePaused };
}
