import type { Locator, Page } from '@playwright/test';
import { logInAnyLanguage, postAlert, takeAction, unique } from './support/alerts';
import { sayer } from './support/catalogue';
import { expect, test, type RunningServer } from './support/server';

// docs/console/alert-screens.md#phone-cards, #column-priority and docs/console/shell.md#phone-top-bar, at the sizes
// operators use (a phone, a laptop, a wall screen) and in three languages chosen by the browser's locale.

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'wall screen', width: 1920, height: 1080 },
] as const;

const LONG = 'x'.repeat(12);

/** Three alerts with long resource, event and text values; one acknowledged. */
async function longAlerts(server: RunningServer): Promise<string> {
  const event = unique(`VeryLongEventNameForTheLayoutCheck${LONG}`);
  for (const name of ['alpha', 'beta', 'gamma']) {
    const id = await postAlert(server, {
      resource: `${name}-database-cluster-node-${LONG}-eu-west-1.internal.example.com`,
      event,
      severity: name === 'alpha' ? 'critical' : 'minor',
      text:
        `Replication lag on ${name} exceeded the threshold for more than fifteen minutes; ` +
        'the standby is falling further behind and failover would lose recent writes. '.repeat(3),
      service: ['Database', 'Storage', 'Replication'],
      value: '1234567 ms',
    });
    if (name === 'beta') await takeAction(server, id, 'ack');
  }
  return event;
}

/** Nothing is wider than the window: no sideways scroll of the page. */
async function expectNoPageScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.scroll, 'page width').toBeLessThanOrEqual(widths.window);
}

/** The element is on screen: inside the window, and not cut by its own box (its content fits). */
async function expectInView(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, width: window.innerWidth };
  });
  expect(box.left, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.right, 'right edge').toBeLessThanOrEqual(box.width);
  expect(box.top, 'top edge').toBeGreaterThanOrEqual(0);
}

/** A touch target of at least 44 × 44 px. */
async function expectTouchSize(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.width ?? 0, `${what} width`).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0, `${what} height`).toBeGreaterThanOrEqual(44);
}

/** Every label of the top bar shows whole: no element in it is cut. */
async function expectTopBarNotClipped(page: Page): Promise<void> {
  const cut = await page.getByRole('banner').evaluate((header) => {
    const bar = header.getBoundingClientRect();
    const found: string[] = [];
    for (const element of header.querySelectorAll<HTMLElement>('label, button, a, input')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.left < bar.left - 0.5 || rect.right > bar.right + 0.5)
        found.push(`outside: ${element.outerHTML.slice(0, 80)}`);
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflow === 'hidden') {
        found.push(`cut: ${element.textContent ?? ''}`);
      }
    }
    return found;
  });
  expect(cut).toEqual([]);
}

for (const locale of ['en-GB', 'de-DE', 'fr-FR'] as const) {
  const language = locale.slice(0, 2);
  const say = sayer(language);

  test.describe(`alert list and top bar in ${locale}`, () => {
    test.use({ locale });

    for (const size of SIZES) {
      test(`fit a ${size.name} (${size.width}×${size.height})`, async ({ page, server }) => {
        const event = await longAlerts(server);
        await page.setViewportSize({ width: size.width, height: size.height });
        await logInAnyLanguage(page, server, `/alerts?q=event:${event}`);
        const account = say('shell.userMenu', { name: server.admin.login });
        await page.getByRole('row').first().waitFor();

        if (size.width < 768) {
          // Cards, not the table.
          const cards = page.getByRole('grid', { name: say('alerts.tableLabel') });
          await expect(cards.getByRole('row')).toHaveCount(3);
          await expect(page.getByRole('table')).toHaveCount(0);
          await expectNoPageScroll(page);
          const card = cards.getByRole('row').first();
          await expectInView(card);
          const rowMenu = card.locator('button[aria-haspopup="menu"]');
          await expectTouchSize(rowMenu, 'row menu button');
          await expectTouchSize(card.locator('label').first(), 'selection box');
          await expectTouchSize(page.getByRole('button', { name: say('shell.toggleNavigation') }), 'drawer button');

          // The row menu offers the actions.
          await rowMenu.click();
          const menu = page.getByRole('menu');
          await expect(menu.getByRole('menuitem', { name: say('alerts.action.close') })).toBeVisible();
          await expectTouchSize(menu.getByRole('menuitem').first(), 'menu item');
          await page.keyboard.press('Escape');
          await expect(menu).toHaveCount(0);

          // Every top-bar control is in the menu, and reachable there.
          await expectTopBarNotClipped(page);
          const menuButton = page.getByRole('button', { name: say('shell.menu'), exact: true });
          await expectTouchSize(menuButton, 'top-bar menu button');
          await expectInView(menuButton);
          await menuButton.click();
          const panel = page.getByRole('group', { name: say('shell.menu') });
          for (const control of [
            panel.getByRole('searchbox', { name: say('alerts.search') }),
            panel.getByRole('switch', { name: say('alerts.watchSwitch') }),
            panel.getByRole('button', { name: say('shell.refresh') }),
            panel.getByRole('button', { name: say('shell.fullscreen') }),
            panel.getByRole('button', { name: account }),
          ]) {
            await expectInView(control);
          }
          await expectTouchSize(panel.getByRole('button', { name: say('shell.refresh') }), 'refresh');
          await panel.getByRole('button', { name: account }).click();
          await expectInView(page.getByRole('button', { name: say('shell.logOut') }));
          await expectNoPageScroll(page);

          // The drawer overlays at most 85 % of the width.
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: say('shell.toggleNavigation') }).click();
          const drawer = page.getByRole('navigation', { name: say('shell.navigation') });
          await expect(drawer).toBeVisible();
          const drawerBox = await drawer.boundingBox();
          expect(drawerBox?.width ?? Infinity).toBeLessThanOrEqual(size.width * 0.85);
          await expectNoPageScroll(page);
          return;
        }

        // The table, without sideways scroll, its row buttons clear of the data.
        const table = page.getByRole('table', { name: say('alerts.tableLabel') });
        await expect(table.getByRole('row')).toHaveCount(4);
        await expect(page.getByRole('grid')).toHaveCount(0);
        await expectNoPageScroll(page);
        const frame = await table.evaluate((element) => ({
          table: element.scrollWidth,
          box: element.parentElement?.clientWidth ?? 0,
        }));
        expect(frame.table, 'table width').toBeLessThanOrEqual(frame.box);
        const row = table.getByRole('row').nth(1);
        await row.hover();
        const strip = row.getByRole('button', { name: say('alerts.action.close'), exact: true });
        await expect(strip).toBeVisible();
        const overlaps = await row.evaluate((tr) => {
          const cells = [...tr.querySelectorAll('td')];
          const actions = cells.at(-1);
          const buttons = [...(actions?.querySelectorAll('button') ?? [])].map((b) => b.getBoundingClientRect());
          const found: string[] = [];
          for (const cell of cells.slice(0, -1)) {
            const rect = cell.getBoundingClientRect();
            for (const b of buttons) {
              if (b.left < rect.right && b.right > rect.left && b.top < rect.bottom && b.bottom > rect.top) {
                found.push(cell.textContent ?? '');
              }
            }
          }
          return found;
        });
        expect(overlaps, 'cells under the row buttons').toEqual([]);
        // The description keeps its whole text in the tooltip.
        const text = row.locator('[title^="Replication lag"]').first();
        await expect(text).toHaveAttribute('title', /failover would lose recent writes/);

        // Every top-bar control shows in the bar itself.
        await expectTopBarNotClipped(page);
        const bar = page.getByRole('banner');
        for (const control of [
          bar.getByRole('searchbox', { name: say('alerts.search') }),
          bar.getByRole('switch', { name: say('alerts.watchSwitch') }),
          bar.getByRole('button', { name: say('shell.refresh') }),
          bar.getByRole('button', { name: say('shell.fullscreen') }),
          bar.getByRole('button', { name: account }),
        ]) {
          await expectInView(control);
        }
        await bar.getByRole('button', { name: account }).click();
        await expectInView(page.getByRole('button', { name: say('shell.logOut') }));
      });
    }
  });
}
