import { notifyManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

const realSetTimeout = globalThis.setTimeout;

/**
 * Fakes the clock the console's timers read (setTimeout, clearTimeout, Date) so a test moves time by hand, while
 * fetches, rendering and the query cache's notifications still run on the real event loop. Use {@link until} instead of
 * findBy/waitFor and fireEvent instead of user-event: both of those wait on setTimeout and would never resume.
 */
export function startFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  notifyManager.setScheduler((callback) => {
    realSetTimeout(callback, 0);
  });
}

export function stopFakeClock(): void {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => {
    setTimeout(callback, 0);
  });
}

/** Moves the fake clock on by `ms`, running every timer that falls due, and lets React catch up. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * Retries `check` until it passes (about 5 s at most), letting the real event loop and the timers due now run in
 * between. The fake clock stays put unless `stepMs` says how far to move it each time (a zero-delay timer set while
 * timers run is due 1 ms later).
 */
export async function until(check: () => void, stepMs = 0): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      check();
      return;
    } catch (error) {
      if (attempt >= 500) throw error;
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(stepMs);
      await new Promise<void>((resolve) => realSetTimeout(resolve, 10));
    });
  }
}
