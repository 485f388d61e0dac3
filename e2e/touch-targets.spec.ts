import type { Page } from '@playwright/test';
import { logInAnyLanguage, postAlert, takeAction, unique } from './support/alerts';
import { sayer } from './support/catalogue';
import { expect, networkQuiet, test } from './support/server';

// docs/console/alert-screens.md#touch-targets: on a phone every control of the alert list and the alert page is at
// least 44 × 44 px to touch. The test asks the browser what a touch lands on (hit testing), so a control drawn smaller
// whose padding or ::before reaches 44 px passes, and one covered by another element fails.

const PHONE = { width: 390, height: 844 };
const MINIMUM = 44;

/**
 * Every visible control on the page whose touch area is below 44 × 44 px, each described with its size. The area is
 * measured through the control's centre: how far, across and down, a point still hits the control (or something
 * inside it). A label wrapping an input is the input's target, and so is the box of a multi-value input. Links
 * inside running text are left out, as WCAG 2.5.5 allows for inline targets: a link whose line holds words of its
 * own beside it.
 */
async function smallTargets(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(
    ([minimum, scope]) => {
      const SELECTOR = [
        'button',
        'a[href]',
        'input',
        'select',
        'textarea',
        '[role="tab"]',
        '[role="switch"]',
        '[role="checkbox"]',
        '[role="radio"]',
        '[role="menuitem"]',
        'label',
      ].join(',');
      // Disabled controls take hits while measured, so that they are measured like the others.
      const style = document.createElement('style');
      style.textContent = ':disabled, [data-disabled] { pointer-events: auto !important; }';
      document.head.append(style);

      const describe = (element: Element): string => {
        const name =
          element.getAttribute('aria-label') ??
          element.getAttribute('title') ??
          (element.textContent ?? '').trim().slice(0, 40);
        const role = element.getAttribute('role');
        return `${element.tagName.toLowerCase()}${role === null ? '' : `[role=${role}]`} "${name}"`;
      };
      const hidden = (element: Element): boolean => {
        if (element.closest('[inert], [aria-hidden="true"]') !== null) return true;
        if (!element.checkVisibility({ visibilityProperty: true })) return true;
        const rect = element.getBoundingClientRect();
        return rect.width < 2 || rect.height < 2;
      };
      /** A link with words of its own beside it on its line: running text. */
      const inline = (element: Element): boolean => {
        if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
        let block = element.parentElement;
        while (block !== null && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        if (block === null) return false;
        const copy = block.cloneNode(true) as Element;
        for (const link of copy.querySelectorAll('a')) link.remove();
        return /\p{L}{2,}/u.test(copy.textContent ?? '');
      };
      /** What a touch on the control lands on: a wrapping label, or the label of a hidden input. */
      const targetOf = (element: Element): Element | null => {
        if (element.tagName === 'LABEL') {
          return element.querySelector('input, select, textarea') === null ? null : element;
        }
        if (element.tagName === 'INPUT' || element.getAttribute('role') === 'switch') {
          const wrapping = element.closest('label');
          if (wrapping !== null) return wrapping;
          // The field of a multi-value input sits among its chosen values; a touch anywhere on the box goes to it.
          const box = element.closest('.mantine-Input-input');
          if (box !== null) return box;
          const rect = element.getBoundingClientRect();
          const label = element.id === '' ? null : document.querySelector(`label[for="${CSS.escape(element.id)}"]`);
          if (rect.width < 2 || rect.height < 2) return label;
          // A label drawn over its input takes the touches for it.
          const over = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          if (label !== null && over !== null && label.contains(over)) return label;
        }
        return element;
      };
      const hits = (target: Element, x: number, y: number): boolean => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === target || target.contains(hit));
      };
      /**
       * How far from (x, y) a point still hits the target, to a quarter pixel and up to the minimum (one side that
       * reaches it is enough): whole pixels first, then quarters, which keeps a screen full of controls quick.
       */
      const reach = (target: Element, x: number, y: number, dx: number, dy: number): number => {
        const within = (distance: number): boolean => hits(target, x + dx * distance, y + dy * distance);
        let distance = 0;
        while (distance < minimum && within(distance + 1)) distance += 1;
        while (distance < minimum && within(distance + 0.25)) distance += 0.25;
        return distance;
      };

      const targets = new Set<Element>();
      for (const element of document.querySelector(scope)?.querySelectorAll(SELECTOR) ?? []) {
        if (hidden(element) || inline(element)) continue;
        const target = targetOf(element);
        if (target !== null && !hidden(target)) targets.add(target);
      }
      const small: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth) small.push('the page is wider than the screen');
      for (const target of targets) {
        target.scrollIntoView({ block: 'center', inline: 'center' });
        // A link broken over two lines is measured on its first.
        const rect = target.getClientRects()[0] ?? target.getBoundingClientRect();
        // Above or left of the page, as the skip link is until the keyboard reaches it: not shown.
        if (rect.bottom <= 0 || rect.right <= 0) continue;
        if (rect.top >= window.innerHeight || rect.left >= window.innerWidth) {
          small.push(`${describe(target)}: off the screen`);
          continue;
        }
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        if (!hits(target, x, y)) {
          small.push(
            `${describe(target)}: covered at its centre by ${describe(document.elementFromPoint(x, y) ?? target)}`,
          );
          continue;
        }
        const width = reach(target, x, y, -1, 0) + reach(target, x, y, 1, 0) + 0.25;
        const height = reach(target, x, y, 0, -1) + reach(target, x, y, 0, 1) + 0.25;
        // A quarter pixel for the stepping.
        if (width < minimum - 0.5 || height < minimum - 0.5) {
          small.push(`${describe(target)}: ${width.toFixed(1)} × ${height.toFixed(1)} px`);
        }
      }
      style.remove();
      window.scrollTo(0, 0);
      return small;
    },
    [MINIMUM, within] as const,
  );
}

for (const locale of ['en-GB', 'de-DE'] as const) {
  const say = sayer(locale.slice(0, 2));

  test.describe(`touch targets on a phone in ${locale}`, () => {
    test.use({ locale, viewport: PHONE });

    test('every control of the alert list is at least 44 px', async ({ page, server }) => {
      // Two environments (two tabs), more alerts than a page (the pager), a search (a filter chip).
      const event = unique('Touch');
      for (let n = 0; n < 23; n += 1) {
        await postAlert(server, {
          resource: `node-${String(n)}`,
          event,
          environment: n % 2 === 0 ? 'Production' : 'Development',
        });
      }
      await logInAnyLanguage(page, server, `/alerts?q=event:${event}`);
      const cards = page.getByRole('grid', { name: say('alerts.tableLabel') });
      await expect(cards.getByRole('row')).toHaveCount(20);
      await expect(page.getByRole('button', { name: say('alerts.nextPage') })).toBeEnabled();
      expect(await smallTargets(page), 'the list').toEqual([]);

      // The top bar's menu, open.
      const menuButton = page.getByRole('button', { name: say('shell.menu'), exact: true });
      await menuButton.click();
      await expect(page.getByRole('group', { name: say('shell.menu') })).toBeVisible();
      // Only the panel: it covers the list.
      const panel = `[role="group"][aria-label="${say('shell.menu')}"]`;
      expect(await smallTargets(page, panel), 'the top-bar menu').toEqual([]);
      await page.keyboard.press('Escape');

      // A card's menu, open.
      const first = cards.getByRole('row').first();
      await first.locator('button[aria-haspopup="menu"]').click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await smallTargets(page, '[role="menu"]'), 'a card menu').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);

      // The second page.
      await page.getByRole('button', { name: say('alerts.nextPage') }).click();
      await expect(cards.getByRole('row')).toHaveCount(3);
      // The pager's buttons change with the page (the first one comes on): measured once they have settled.
      await expect.poll(() => smallTargets(page), { message: 'the second page' }).toEqual([]);

      // A card selected: the bulk bar.
      await cards.getByRole('row').first().locator('label').first().click();
      await expect(page.getByText(say('alerts.bulk.selected', { count: '1' }))).toBeAttached();
      await expect(page.getByRole('button', { name: say('alerts.bulk.back'), exact: true })).toBeVisible();
      expect(await smallTargets(page), 'the bulk bar').toEqual([]);
      await page.getByRole('button', { name: say('alerts.bulk.back'), exact: true }).click();

      // The Undo message after an action.
      await cards.getByRole('row').first().locator('button[aria-haspopup="menu"]').click();
      await page.getByRole('menuitem', { name: say('alerts.action.ack') }).click();
      await expect(page.getByRole('menu')).toHaveCount(0);
      const status = page.getByRole('status').filter({ has: page.getByRole('button', { name: say('alerts.undo') }) });
      await expect(status).toBeVisible();
      expect(await smallTargets(page), 'the Undo message').toEqual([]);

      // The filter sheet, drawn outside the screen's frame.
      await page.getByRole('button', { name: say('alerts.filters'), exact: true }).click();
      const sheet = page.getByRole('dialog', { name: say('alerts.filters') });
      await expect(sheet).toBeVisible();
      expect(await smallTargets(page, '[role="dialog"]'), 'the filter sheet').toEqual([]);
    });

    test('every control of the alert page is at least 44 px, on each tab', async ({ page, server }) => {
      const resource = unique('touch-node');
      const id = await postAlert(server, {
        resource,
        event: 'DiskFull',
        service: ['Storage', 'Web'],
        tags: ['rack-4', 'eu'],
        attributes: { runbook: 'https://example.com/runbook', region: 'eu-west-1' },
        rawData: 'disk /var at 97 %',
      });
      // Enough history entries for a second page of history.
      for (let n = 0; n < 6; n += 1) {
        await takeAction(server, id, 'ack');
        await takeAction(server, id, 'unack');
      }
      const note = await server.api('PUT', `/alert/${id}/note`, { text: 'Looking into it' });
      expect(note.status).toBe(201);
      await logInAnyLanguage(page, server, `/alert/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(resource);
      expect(await smallTargets(page), 'the details tab').toEqual([]);

      await page.getByRole('tab', { name: say('detail.tab.history') }).click();
      await expect(page.getByRole('table', { name: say('detail.historyLabel') })).toBeVisible();
      expect(await smallTargets(page), 'the history tab').toEqual([]);
      await page.getByRole('button', { name: say('alerts.nextPage') }).click();
      expect(await smallTargets(page), 'the history tab, second page').toEqual([]);

      await page.getByRole('tab', { name: say('detail.tab.data') }).click();
      await expect(page.getByText('disk /var at 97 %')).toBeVisible();
      expect(await smallTargets(page), 'the data tab').toEqual([]);

      // The note form.
      await page.getByRole('button', { name: say('detail.note.add') }).click();
      await expect(page.getByRole('textbox')).toBeVisible();
      expect(await smallTargets(page), 'the note form').toEqual([]);
    });
  });
}

// docs/console/admin-screens.md#table-layout: a phone, and a touch tablet (a finger the main pointer, up to 1024 px),
// get the cards and their 44 px controls on the alert list and on every administration list.
const DEVICES = [
  { name: 'phone', use: { viewport: PHONE } },
  { name: 'touch tablet', use: { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true } },
];
for (const device of DEVICES) {
  test.describe(`touch targets on a ${device.name}`, () => {
    test.use({ locale: 'en-GB', ...device.use });

    test('the sign-in screen and the alert list are cards with controls of 44 px', async ({ page, server }) => {
      const event = unique('Tablet');
      for (let n = 0; n < 3; n += 1) await postAlert(server, { resource: `tablet-${String(n)}`, event });
      await page.goto(`${server.baseURL}/login`);
      await expect(page.getByRole('button', { name: /log in/i })).toBeVisible();
      expect(await smallTargets(page), 'the sign-in screen').toEqual([]);
      await logInAnyLanguage(page, server, `/alerts?q=event:${event}`);
      await expect(page.getByRole('grid', { name: 'Alert list' }).getByRole('row')).toHaveCount(3);
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(await smallTargets(page), 'the alert list').toEqual([]);
    });

    test('every administration list is cards with controls of 44 px', async ({ page, server }) => {
      await logInAnyLanguage(page, server, '/users');
      for (const path of [
        '/users',
        '/groups',
        '/customers',
        '/blackouts',
        '/perms',
        '/keys',
        '/heartbeats',
        '/reports',
      ]) {
        await page.goto(`${server.baseURL}${path}`);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await networkQuiet(page);
        await expect(page.getByRole('table')).toHaveCount(0);
        expect(await smallTargets(page), path).toEqual([]);
      }
    });

    test('the form dialogs have controls of 44 px', async ({ page, server }) => {
      await logInAnyLanguage(page, server, '/users');
      for (const [path, form] of [
        ['/users', 'New user'],
        ['/blackouts', 'New blackout'],
      ] as const) {
        await page.goto(`${server.baseURL}${path}`);
        await page.getByRole('button', { name: form, exact: true }).click();
        await expect(page.getByRole('dialog', { name: form })).toBeVisible();
        expect(await smallTargets(page, '[role="dialog"]'), `the ${form} form`).toEqual([]);
      }
    });
  });
}
