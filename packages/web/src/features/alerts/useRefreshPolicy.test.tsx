import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAlert } from '../../test/fixtures';
import { AlertsUiProvider } from './AlertsUiContext';
import { AlertsUiStore } from './alertsUiStore';
import { DEFAULT_REFRESH_MS } from './useAlertsQuery';
import { useRefreshPolicy } from './useRefreshPolicy';

function renderPolicy(userIntervalMs?: number, configIntervalMs?: number) {
  const store = new AlertsUiStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AlertsUiProvider store={store}>{children}</AlertsUiProvider>
  );
  const hook = renderHook(() => useRefreshPolicy(userIntervalMs, configIntervalMs), { wrapper });
  return { ...hook, store };
}

/** Shows or hides the page as a browser would: the state changes, then the event. */
function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  // Back to jsdom's own (visible) page.
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('useRefreshPolicy', () => {
  it("refreshes on the user's interval, else the config's, else the default", () => {
    expect(renderPolicy(60_000, 10_000).result.current).toMatchObject({ intervalMs: 60_000, refreshMs: 60_000 });
    expect(renderPolicy(undefined, 10_000).result.current).toMatchObject({ intervalMs: 10_000, refreshMs: 10_000 });
    expect(renderPolicy().result.current).toMatchObject({ intervalMs: DEFAULT_REFRESH_MS, pauseReason: null });
  });

  it('pauses while alerts are selected, and refreshes again once none is', () => {
    const { result, store } = renderPolicy(30_000);
    const alert = makeAlert();
    act(() => store.toggle(alert, true));
    expect(result.current).toMatchObject({ pauseReason: 'selection', refreshMs: false, intervalMs: 30_000 });
    act(() => store.clearSelection());
    expect(result.current).toMatchObject({ pauseReason: null, refreshMs: 30_000 });
  });

  it('pauses while a dialog or menu is open', () => {
    const { result, store } = renderPolicy();
    act(() => store.openOverlay());
    expect(result.current).toMatchObject({ pauseReason: 'dialog', refreshMs: false });
    act(() => store.closeOverlay());
    expect(result.current.pauseReason).toBeNull();
  });

  it('pauses while the page is hidden', () => {
    const { result } = renderPolicy();
    setVisibility('hidden');
    expect(result.current).toMatchObject({ pauseReason: 'hidden', refreshMs: false });
    setVisibility('visible');
    expect(result.current).toMatchObject({ pauseReason: null, refreshMs: DEFAULT_REFRESH_MS });
  });

  it("names the user's own pause first, and the toggle resumes it", () => {
    const { result, store } = renderPolicy();
    act(() => {
      store.toggle(makeAlert(), true);
      store.openOverlay();
    });
    expect(result.current.pauseReason).toBe('selection');
    act(() => result.current.togglePaused());
    expect(store.getState().paused).toBe(true);
    expect(result.current.pauseReason).toBe('user');
    act(() => result.current.togglePaused());
    expect(store.getState().paused).toBe(false);
    expect(result.current.pauseReason).toBe('selection');
  });
});
