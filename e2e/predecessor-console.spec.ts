import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page, Response } from '@playwright/test';
import { getAlert, postAlert, unique } from './support/alerts';
import { type RunningServer, expect, test } from './support/server';

// The predecessor console, alerta-webui 8.7.1 built from its public source, is kept outside the repository in
// ../shared/clients/alerta-webui (or ALERTA_WEBUI_DIR) and served unchanged through CONSOLE_DIR (README "Testing it").
const WEBUI_DIR =
  process.env.ALERTA_WEBUI_DIR ??
  resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'clients', 'alerta-webui');

// Its bundle looks for the global object with `Function('return this')`, and it compiles CLIPBOARD_TEMPLATE to code:
// the console's policy refuses both unless CONSOLE_UNSAFE_EVAL allows them (README.md#security-headers).
test.use({ serverEnv: { CONSOLE_DIR: WEBUI_DIR, CONSOLE_UNSAFE_EVAL: 'true' } });

/** An answer of 400 or more that the test expects: the method, the path and the status. */
interface ExpectedFailure {
  method: string;
  path: RegExp;
  status: number;
}

// None: every request the webui makes in this walk-through must succeed.
const EXPECTED_FAILURES: readonly ExpectedFailure[] = [];

interface Problems {
  /** Uncaught errors, errors the webui logs, and answers of 400 or more not in the expected list. */
  errors: string[];
  /** The content type each of the webui's own files (/js, /css, /fonts) was served with, by path. */
  assetTypes: Map<string, string>;
}

function watchForProblems(page: Page, expected: readonly ExpectedFailure[]): Problems {
  const problems: Problems = { errors: [], assetTypes: new Map() };
  const isExpected = (response: Response) =>
    expected.some(
      (e) =>
        e.method === response.request().method() &&
        e.status === response.status() &&
        e.path.test(new URL(response.url()).pathname),
    );
  page.on('pageerror', (error) => problems.errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    // The browser's own line for a failed request is judged by its response below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.errors.push(`console.error: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !isExpected(response)) {
      problems.errors.push(`${String(response.status())} ${response.request().method()} ${response.url()}`);
    }
    const path = new URL(response.url()).pathname;
    if (/^\/(js|css|fonts)\//.test(path)) problems.assetTypes.set(path, response.headers()['content-type'] ?? '');
  });
  return problems;
}

/** The webui's icon buttons have no accessible name; they are told apart by their Material icon's ligature. */
function iconButton(scope: Locator, icon: string): Locator {
  return scope.locator('button:not(aside button)').filter({ has: scope.page().getByText(icon, { exact: true }) });
}

/** A row of a table, by the exact text of one of its cells. */
function rowWith(page: Page, cell: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: cell, exact: true }) });
}

/** Opens a Vuetify select by its label and picks an item from its menu. */
async function pick(page: Page, scope: Locator, label: string, item: string): Promise<void> {
  await scope
    .getByRole('combobox')
    .filter({ has: page.getByRole('textbox', { name: label }) })
    .locator('.v-input__slot')
    .click();
  await page.locator('.menuable__content__active').getByText(item, { exact: true }).click();
}

async function seed(server: RunningServer, run: string) {
  const alerts = {
    disk: { resource: `db-${run}`, event: 'DiskFull', environment: 'Production', severity: 'critical' },
    http: { resource: `web-${run}`, event: 'HttpError', environment: 'Production', severity: 'major' },
    build: { resource: `ci-${run}`, event: 'BuildFailed', environment: 'Development', severity: 'minor' },
    tests: { resource: `qa-${run}`, event: 'TestsSlow', environment: 'Development', severity: 'warning' },
  };
  const diskId = await postAlert(server, { ...alerts.disk, text: `disk full on ${alerts.disk.resource}` });
  for (const alert of [alerts.http, alerts.build, alerts.tests]) {
    await postAlert(server, { ...alert, text: `${alert.event} on ${alert.resource}` });
  }
  const blackout = await server.api('POST', '/blackout', {
    environment: 'Development',
    resource: `maint-${run}`,
    text: `maintenance ${run}`,
  });
  expect(blackout.status, JSON.stringify(blackout.body)).toBe(201);
  return { alerts, diskId };
}

let problems: Problems;
test.beforeEach(({ page }) => {
  problems = watchForProblems(page, EXPECTED_FAILURES);
});
// Also after a failed step, whose cause is often one of these.
test.afterEach(() => {
  expect(problems.errors, 'errors the webui met').toEqual([]);
});

test('the predecessor console logs in, lists, filters and acts on alerts, and opens the admin screens', async ({
  page,
  server,
}) => {
  expect(existsSync(join(WEBUI_DIR, 'index.html')), `the built alerta-webui in ${WEBUI_DIR}`).toBe(true);
  // This file has a server of its own (serverEnv); emptied, so the four alerts are all there is, even on a repeat.
  expect((await server.api('DELETE', '/_bulk/alerts')).status).toBe(200);
  const run = unique('');
  const { alerts, diskId } = await seed(server, run);

  // Logs in with the first-run administrator and keeps the token where the webui keeps it.
  await page.goto(`${server.baseURL}/alerts`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Username').fill(server.admin.login);
  await page.getByLabel('Password').fill(server.admin.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/alerts');
  expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toMatch(/^ey/);

  // Every open alert, most severe first, under the ALL tab.
  const rows = page.getByRole('rowgroup').last().getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(/Critical\s+Open/);
  await expect(rows.nth(0)).toContainText(alerts.disk.resource);
  await expect(rows.nth(3)).toContainText(/Warning\s+Open/);
  await expect(rows.nth(3)).toContainText(alerts.tests.resource);

  // The environment tabs, with their counts.
  await page.getByRole('link', { name: 'Production (2)' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rowWith(page, alerts.http.resource)).toContainText('Production');
  await page.getByRole('link', { name: 'Development (2)' }).click();
  await expect(rowWith(page, alerts.http.resource)).toBeHidden();
  await expect(rows).toHaveCount(2);
  await expect(rowWith(page, alerts.build.resource)).toContainText(/Minor\s+Open/);
  await page.getByRole('link', { name: 'ALL (4)' }).click();
  await expect(rows).toHaveCount(4);

  // The search box asks the server (q=). Tab, not Enter: on Enter the webui submits twice, and its router rejects the
  // second, identical navigation as an uncaught error.
  const search = page.getByRole('navigation').getByRole('textbox', { name: 'Search' });
  await search.fill(alerts.disk.resource);
  await search.press('Tab');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${alerts.disk.resource}`));
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'ALL (1)' })).toBeVisible();

  // Opens the alert, acknowledges it, shelves it and adds a note.
  await rowWith(page, alerts.disk.event).click();
  await expect(page).toHaveURL((url) => url.pathname === `/alert/${diskId}`);
  const main = page.getByRole('main');
  const toolbar = main.getByRole('navigation');
  await expect(main).toContainText(/Status\s+Open\s+by admin/);
  await iconButton(toolbar, 'check').click();
  await expect(main).toContainText(/Status\s+Ack\s+by admin/);
  await iconButton(toolbar, 'schedule').click();
  await expect(main).toContainText(/Status\s+Shelved\s+by admin/);
  await main.getByRole('button', { name: 'Add note' }).click();
  await main.getByRole('textbox', { name: 'Add note' }).fill(`called the vendor ${run}`);
  await main.getByRole('button', { name: 'Add note' }).last().click();
  // The note box above the details (a Vuetify alert, without the role).
  await expect(main.locator('.v-alert').filter({ hasText: `called the vendor ${run}` })).toContainText(
    /admin\s+added note on/,
  );

  const stored = await getAlert(server, diskId);
  expect(stored?.status).toBe('shelved');
  expect(stored?.history.map((h) => [h.type, h.status, h.user])).toEqual(
    expect.arrayContaining([
      ['ack', 'ack', server.admin.login],
      ['shelve', 'shelved', server.admin.login],
    ]),
  );
  const notes = await server.api('GET', `/alert/${diskId}/notes`);
  expect((notes.body as { notes: { text: string; user: string }[] }).notes).toEqual([
    expect.objectContaining({ text: `called the vendor ${run}`, user: server.admin.login }),
  ]);

  // Back on the list (open and ack by default), the shelved alert shows once the filter sheet adds that status.
  await iconButton(toolbar, 'arrow_back').click();
  await expect(page).toHaveURL((url) => url.pathname === '/alerts');
  await expect(rows).toHaveCount(3);
  await expect(rowWith(page, alerts.disk.resource)).toBeHidden();
  await iconButton(main, 'filter_list').click();
  const filters = page.getByRole('complementary').filter({ hasText: 'Filters' });
  await pick(page, filters, 'Status', 'shelved');
  await expect(rowWith(page, alerts.disk.resource)).toContainText(/Critical\s+Shelved/);
  await expect(rows).toHaveCount(4);
  await page.keyboard.press('Escape');
  await iconButton(filters, 'close').click();

  // The administration screens, from the drawer, which stays open beside them on a wide window.
  await iconButton(page.locator('body'), 'menu').click();
  const drawer = page.getByRole('complementary').filter({ has: page.getByRole('link', { name: 'Blackouts' }) });
  await drawer.getByRole('link', { name: 'Blackouts', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/blackouts');
  await expect(rowWith(page, `maint-${run}`)).toContainText(`maintenance ${run}`);

  await drawer.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/users');
  await expect(rowWith(page, server.admin.login).first()).toContainText('admin (role)');

  // A key made in the New API Key dialog, which sends an empty key string and no scopes.
  await drawer.getByRole('link', { name: 'API Keys', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/keys');
  await page.locator('button.v-btn--floating').click();
  const dialog = page.locator('.v-dialog--active');
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(`deploy key ${run}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const keyRow = rowWith(page, `deploy key ${run}`);
  await expect(keyRow).toContainText(/read\s+\(scope\)\s*write\s+\(scope\)/);
  const keys = await server.api('GET', '/keys');
  const made = (keys.body as { keys: { key: string; text: string; user: string }[] }).keys.find(
    (k) => k.text === `deploy key ${run}`,
  );
  expect(made?.user).toBe(server.admin.login);
  await expect(keyRow).toContainText(made?.key ?? 'no key made');

  // Its own files came with their types (a font preloaded under an unhashed name is the webui's, see README).
  const types = [...problems.assetTypes].filter(([path]) => /\.[0-9a-f]{8}\.\w+$/.test(path));
  expect(types.filter(([path]) => path.endsWith('.js')).length).toBeGreaterThan(0);
  for (const [path, type] of types) {
    const want = path.endsWith('.js') ? /javascript/ : path.endsWith('.css') ? /^text\/css/ : /^font\//;
    expect(type, path).toMatch(want);
  }
});
