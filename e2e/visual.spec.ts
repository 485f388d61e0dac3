import type { Locator, Page } from '@playwright/test';
import { expect, test, type RunningServer } from './support/server';
import {
  DETAIL_ALERT_ID,
  MARKS,
  freezeTime,
  seedFixedData,
  setPreferences,
  signInAsAdmin,
  widths,
} from './support/visual';

// Screenshots of six screens at a phone's and a desktop's size, light and dark, English and German, compared with the
// baselines in e2e/__screenshots__ (README.md#testing-it; `npm run test:visual:update` makes them again). On each, the
// page must be no wider than the viewport (docs/console/admin-screens.md#table-layout).
//
// A server of this file's own (another setting than the other files'), so no other test's rows show up: the
// administrator is fixed by ADMIN_USERS and ADMIN_PASSWORD.
test.use({ serverEnv: { ADMIN_USERS: 'admin', ADMIN_PASSWORD: 'Visual-Tests-Password-1' } });

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;
const LANGUAGES = [
  { code: 'en', locale: 'en-GB' },
  { code: 'de', locale: 'de-DE' },
] as const;

interface Screen {
  name: string;
  path: string;
  /** What is on the screen once it has loaded its data. */
  ready: (page: Page) => Locator;
}

const SCREENS: Screen[] = [
  { name: 'alerts', path: '/alerts', ready: (page) => page.getByText(MARKS.alerts).first() },
  // The alert's text is on the list too: its id is shown only by the detail screen.
  {
    name: 'alert-detail',
    path: `/alert/${DETAIL_ALERT_ID}`,
    ready: (page) => page.getByText(DETAIL_ALERT_ID, { exact: true }).first(),
  },
  { name: 'blackouts', path: '/blackouts', ready: (page) => page.getByText(MARKS.blackouts).first() },
  { name: 'api-keys', path: '/keys', ready: (page) => page.getByText(MARKS.keys).first() },
  { name: 'users', path: '/users', ready: (page) => page.getByText(MARKS.users).first() },
  { name: 'settings', path: '/settings', ready: (page) => page.getByRole('slider').first() },
];

/**
 * Goes to `path` the way the console's own links do, without loading the page again: the router follows the history
 * (docs/console/behaviour.md#screens-and-routes), which keeps the run short.
 */
async function openInPage(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

// Taken before the server starts: every time it stamps comes after this (see freezeTime).
const startedAt = Date.now() - 60_000;
let seeded: Promise<void> | undefined;

function seedOnce(server: RunningServer): Promise<void> {
  seeded ??= seedFixedData(server);
  return seeded;
}

for (const size of SIZES) {
  for (const scheme of SCHEMES) {
    for (const language of LANGUAGES) {
      const combination = `${size.name}-${scheme}-${language.code}`;
      test.describe(combination, () => {
        test.use({
          viewport: size.viewport,
          colorScheme: scheme,
          locale: language.locale,
          timezoneId: 'UTC',
        });

        test('screens look as in their baselines and fit the width', async ({ page, server }) => {
          await seedOnce(server);
          await setPreferences(server, { isDark: scheme === 'dark', languagePref: language.code, timezone: 'utc' });
          await freezeTime(page, server, startedAt);
          await signInAsAdmin(page, server);
          await page.goto(`${server.baseURL}/alerts`);
          for (const screen of SCREENS) {
            await openInPage(page, screen.path);
            await expect(screen.ready(page)).toBeVisible();
            await expect(page.locator('html')).toHaveAttribute('lang', language.code);
            const { scrollWidth, innerWidth } = await widths(page);
            expect
              .soft(
                scrollWidth,
                `${screen.name} at ${combination}: the page is ${String(scrollWidth)} px wide, the viewport ${String(innerWidth)} px`,
              )
              .toBeLessThanOrEqual(innerWidth);
            await expect.soft(page).toHaveScreenshot(`${screen.name}-${combination}.png`, {
              fullPage: false,
              animations: 'disabled',
              caret: 'hide',
            });
          }
        });
      });
    }
  }
}
