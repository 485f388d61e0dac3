import { useDocumentVisibility } from '@mantine/hooks';
import { useCallback } from 'react';
import { useLiveState, type LiveState } from '../live';
import { useAlertsUi, useAlertsUiStore } from './AlertsUiContext';
import type { PauseReason } from './RefreshStatus';
import { DEFAULT_REFRESH_MS } from './useAlertsQuery';

/**
 * docs/console/behaviour.md#live-updates: while the live stream is healthy the list still reloads this often, as a
 * safety net, instead of every few seconds.
 */
export const LIVE_SAFETY_MS = 60_000;

export interface RefreshPolicy {
  /** How often the list reloads while nothing pauses it and no live stream brings the changes. */
  intervalMs: number;
  /** The live stream's state: `off` without one (polling only), `live` while changes arrive through it. */
  live: LiveState;
  /** Why the list is not reloading now; null while it is. */
  pauseReason: PauseReason;
  /** What the list query is given: the interval (the safety interval while live), or false while paused. */
  refreshMs: number | false;
  /** Pauses or resumes at the user's request (the refresh status button). */
  togglePaused: () => void;
}

/**
 * docs/console/behaviour.md#states-and-actions: refresh on the user's interval, else the config's, else every 5 s
 * (every minute while the live stream brings the changes, docs/console/behaviour.md#live-updates); paused while the user asked for it, has alerts selected, has a dialog or menu open, or has the page hidden, in that
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
  const live = useLiveState();
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
  const pollMs = live === 'live' ? Math.max(LIVE_SAFETY_MS, intervalMs) : intervalMs;
  return { intervalMs, live, pauseReason, refreshMs: pauseReason === null ? pollMs : false, togglePaused };
}
