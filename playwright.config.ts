import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

// Browser tests drive Debian's Chromium against the built server (see e2e/support/server.ts); never a downloaded browser.
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Screenshot baselines (e2e/visual.spec.ts): one folder, no platform suffix, since only Debian's Chromium runs them.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  // Two workers, each with a server of its own (e2e/support/server.ts): the tests mostly wait on the browser and the
  // servers, so two run side by side in the CPU time one took: 296 s instead of 477 s (scripts/test.mjs).
  workers: 2,
  // In CI a failed test runs once more; one that then passes is reported as flaky and named at the end of
  // `npm test` (scripts/test.mjs), so a race shows without failing the run. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  // The tests that walk every screen (the policy check, touch targets, the translations) take 25 s alone on a slow
  // two-core machine and more beside the other steps of `npm test`; a limit is only a backstop for a test that hangs.
  timeout: 60_000,
  // A few pixels of antialiasing may differ; a moved button changes far more than 0.2 % of the screen.
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide' } },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    // A failed test keeps its trace (actions, DOM snapshots, network) without the screencast, which cost every passing
    // test a sixth more CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
