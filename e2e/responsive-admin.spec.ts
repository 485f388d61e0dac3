import type { Page } from '@playwright/test';
import { unique } from './support/alerts';
import { expect, test, type RunningServer } from './support/server';

// docs/console/admin-screens.md#table-layout: every administration screen fits a phone and a desktop, in English and
// in German (the longer words), with rows made through the API that have long names.
test.use({ serverEnv: { CUSTOMER_VIEWS: 'true' } });

const LONG = 'a-very-long-name-without-any-spaces-that-goes-on-and-on-and-on-1234567890';
const HOUR = 3600_000;

interface Seeded {
  /** A text each screen shows once its rows are there, keyed by path. */
  marks: Record<string, string>;
  blackoutResource: string;
}

async function made(server: RunningServer, method: string, path: string, body: unknown): Promise<unknown> {
  const answer = await server.api(method, path, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body;
}

/** One row or more on every administration screen, each with long texts. */
async function seed(server: RunningServer): Promise<Seeded> {
  const tag = unique('wide');
  const now = Date.now();
  const blackoutResource = `${tag}-${LONG}`;
  await made(server, 'POST', '/blackout', {
    environment: 'Production',
    service: ['web', 'database-cluster-frankfurt'],
    resource: blackoutResource,
    event: 'NodeDown',
    group: 'Network',
    tags: ['maintenance', 'planned'],
    origin: 'monitoring/host42',
    customer: 'Acme',
    startTime: new Date(now - HOUR).toISOString(),
    endTime: new Date(now + 2 * HOUR).toISOString(),
    text: 'Planned maintenance of the whole database cluster in Frankfurt, a reason long enough to wrap',
  });
  const key = (await made(server, 'POST', '/key', {
    user: server.admin.login,
    scopes: ['read', 'write:alerts', 'write:heartbeats', 'write:blackouts', 'admin:keys'],
    text: `Key ${tag} for the monitoring bridge in the Frankfurt data centre, rotated yearly`,
    expireTime: new Date(now + 400 * 24 * HOUR).toISOString(),
  })) as { key: string };
  const userName = `Maximiliane ${tag} Mustermann-Schnarrenberger von Hohenzollern`;
  await made(server, 'POST', '/user', {
    name: userName,
    login: `${tag}.mustermann-schnarrenberger`,
    email: `${tag}.mustermann-schnarrenberger@a-very-long-domain.example.com`,
    password: `pw-${tag}-Secret1`,
    roles: ['user', `operations-${tag}`],
    text: 'On call every second week for the whole Frankfurt data centre',
  });
  const groupName = `Operations ${tag} ${LONG}`;
  await made(server, 'POST', '/group', {
    name: groupName,
    text: 'Everyone on call for the Frankfurt data centre, first and second line, and the night shift',
  });
  const customerMatch = `${tag}.frankfurt-operations.example.com`;
  await made(server, 'POST', '/customer', {
    match: customerMatch,
    customer: 'Acme Corporation Frankfurt Data Centre Operations',
  });
  const role = `operations-${tag}-${LONG}`;
  await made(server, 'POST', '/perm', {
    match: role,
    scopes: ['read', 'write:alerts', 'write:blackouts', 'write:heartbeats', 'read:keys', 'write:keys', 'read:perms'],
  });
  const origin = `monitoring/${tag}-${LONG}`;
  await made(server, 'POST', '/heartbeat', {
    origin,
    tags: ['frankfurt', 'database'],
    timeout: 120,
    attributes: { region: 'eu-central-1', owner: 'operations-team-frankfurt' },
  });
  const event = `${tag}Down`;
  await made(server, 'POST', '/alert', {
    resource: `${tag}-${LONG}`,
    event,
    environment: 'Production',
    service: ['web'],
    severity: 'major',
  });
  return {
    blackoutResource,
    marks: {
      '/heartbeats': origin,
      '/users': userName,
      '/groups': groupName,
      '/customers': customerMatch,
      '/blackouts': blackoutResource,
      '/perms': role,
      '/keys': key.key,
      '/reports': event,
    },
  };
}

/** Signs the page in as the administrator before it loads: the token where the console keeps it. */
async function signIn(page: Page, server: RunningServer): Promise<void> {
  const login = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: server.admin.login, password: server.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('auth.token', value), token);
}

interface Layout {
  scrollWidth: number;
  innerWidth: number;
  /** Row buttons partly or wholly outside the viewport. */
  actionsOutside: string[];
  /** The smallest row button, width and height. */
  smallestAction: number;
  /** Every header's font size and weight, as "14px/600". */
  headerFonts: string[];
  tableCount: number;
  cardCount: number;
}

function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll('main [data-row-actions] button')].map((b) =>
      b.getBoundingClientRect(),
    );
    const headerFonts = [...document.querySelectorAll('main table th')].flatMap((th) =>
      [th, ...th.querySelectorAll('button')]
        .filter((element) => (element.textContent ?? '').trim() !== '')
        .map((element) => {
          const style = getComputedStyle(element);
          return `${style.fontSize}/${style.fontWeight}`;
        }),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      actionsOutside: buttons
        .filter((r) => r.left < 0 || r.right > window.innerWidth)
        .map((r) => `${Math.round(r.left)}–${Math.round(r.right)}`),
      smallestAction: buttons.length === 0 ? 0 : Math.min(...buttons.map((r) => Math.min(r.width, r.height))),
      headerFonts,
      tableCount: document.querySelectorAll('main table').length,
      cardCount: document.querySelectorAll('main ul > li').length,
    };
  });
}

const SCREENS = ['/heartbeats', '/users', '/groups', '/customers', '/blackouts', '/perms', '/keys', '/reports'];

const VIEWPORTS = [
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 800, phone: false },
  { width: 1440, height: 900, phone: false },
  { width: 1920, height: 1080, phone: false },
];

let seeded: Seeded | undefined;

test.beforeAll(async ({ server }) => {
  seeded = await seed(server);
});

function data(): Seeded {
  if (seeded === undefined) throw new Error('rows not made');
  return seeded;
}

for (const locale of ['en-GB', 'de-DE']) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${locale} at ${viewport.width}×${viewport.height}`, () => {
      test.use({ locale, viewport: { width: viewport.width, height: viewport.height } });

      test('every administration screen fits: no page scroll sideways, row buttons on screen, one header style', async ({
        page,
        server,
      }) => {
        test.setTimeout(90_000);
        await signIn(page, server);
        const fonts = new Set<string>();
        for (const path of SCREENS) {
          await page.goto(`${server.baseURL}${path}`);
          await expect(page.getByText(data().marks[path] ?? '', { exact: false }).first()).toBeVisible();
          const layout = await measure(page);
          expect(layout.scrollWidth, `${path} scrolls the page sideways`).toBeLessThanOrEqual(layout.innerWidth);
          expect(layout.actionsOutside, `${path}: row buttons outside the viewport`).toEqual([]);
          if (viewport.phone) {
            // docs/console/admin-screens.md#table-layout: cards below 768 px, buttons of 44 px at least.
            expect(layout.tableCount, `${path} shows a table on a phone`).toBe(0);
            expect(layout.cardCount, `${path} shows no cards`).toBeGreaterThan(0);
            if (path !== '/reports') expect(layout.smallestAction, `${path} row buttons`).toBeGreaterThanOrEqual(44);
          } else {
            expect(layout.tableCount, `${path} shows no table`).toBeGreaterThan(0);
            for (const font of layout.headerFonts) fonts.add(font);
          }
          if (path === '/blackouts') {
            const scope = page.locator('main [data-column="scope"]').filter({ hasText: data().blackoutResource });
            await expect(scope).toBeVisible();
            await expect(scope).toContainText('Production');
            await expect(scope).toContainText('database-cluster-frankfurt');
            await expect(scope).toContainText('monitoring/host42');
          }
        }
        if (!viewport.phone) expect([...fonts], 'header font sizes and weights across the tables').toHaveLength(1);
      });
    });
  }
}

for (const locale of ['en-GB', 'de-DE']) {
  test.describe(`${locale} on a phone`, () => {
    test.use({ locale, viewport: { width: 390, height: 844 } });

    test('an empty list says so on screen, wrapped, and a form fills the screen', async ({ page, server }) => {
      await signIn(page, server);
      await page.goto(`${server.baseURL}/blackouts`);
      await expect(page.getByText(data().blackoutResource).first()).toBeVisible();
      await page.getByRole('searchbox').fill(`nothing-matches-${LONG}-${LONG}`);
      const empty = page.locator('main ul > li').filter({ hasText: 'nothing-matches' });
      await expect(empty).toBeVisible();
      const box = await empty.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.getByRole('searchbox').fill('');
      await page.getByRole('button', { name: locale === 'de-DE' ? 'Neues Wartungsfenster' : 'New blackout' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const frame = await dialog.boundingBox();
      expect(frame?.x).toBe(0);
      expect(frame?.width).toBe(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    test('the long date format is shown whole under its select', async ({ page, server }) => {
      await signIn(page, server);
      await page.goto(`${server.baseURL}/settings`);
      const select = page.getByRole('combobox', {
        name: locale === 'de-DE' ? 'Langes Datumsformat' : 'Long date format',
      });
      const chosen = await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text ?? '');
      expect(chosen).toContain('(');
      const line = page.locator('main p').filter({ hasText: chosen });
      await expect(line).toBeVisible();
      const box = await line.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });

  test.describe(`${locale} on a desktop`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('the long date format select is as wide as its text', async ({ page, server }) => {
      await signIn(page, server);
      await page.goto(`${server.baseURL}/settings`);
      const select = page.getByRole('combobox', {
        name: locale === 'de-DE' ? 'Langes Datumsformat' : 'Long date format',
      });
      await expect(select).toBeVisible();
      const room = await select.evaluate((element: HTMLSelectElement) => {
        const style = getComputedStyle(element);
        const canvas = document.createElement('canvas').getContext('2d');
        if (canvas === null) return -1;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = canvas.measureText(element.selectedOptions[0]?.text ?? '').width;
        const inner =
          element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return inner - text;
      });
      expect(room, 'room left in the select beside its text').toBeGreaterThanOrEqual(0);
    });

    test('the reports filters stay in line with two statuses chosen', async ({ page, server }) => {
      await signIn(page, server);
      // Open and acknowledged are the default statuses: two chips in Status.
      await page.goto(`${server.baseURL}/reports`);
      await expect(page.getByText(data().marks['/reports'] ?? '').first()).toBeVisible();
      await expect(page.locator('main .mantine-Pill-root')).toHaveCount(2);
      const lines = await page.evaluate(() => {
        const row = document.querySelector('main label')?.closest('.mantine-Group-root');
        if (!row) return [];
        // Each control of the row: where it starts (its label, or the blank line above a button) and ends, and where
        // its box starts.
        return [...row.children]
          .filter((child) => child.getBoundingClientRect().height > 0)
          .map((child) => {
            const rect = child.getBoundingClientRect();
            const box = child.querySelector('.mantine-Input-wrapper, button');
            return {
              top: Math.round(rect.top),
              bottom: Math.round(rect.bottom),
              boxTop: Math.round(box?.getBoundingClientRect().top ?? -1),
            };
          });
      });
      expect(lines.length).toBeGreaterThan(5);
      // Controls side by side (overlapping heights) start at the same height and have their boxes at the same height.
      for (const control of lines) {
        const beside = lines.filter((other) => other.top < control.bottom && control.top < other.bottom);
        expect(beside.map((other) => [other.top, other.boxTop])).toEqual(
          beside.map(() => [control.top, control.boxTop]),
        );
      }
    });
  });
}
