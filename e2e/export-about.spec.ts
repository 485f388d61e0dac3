import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { alertRow, logIn, postAlert, unique } from './support/alerts';
import { readCsvExport } from '../packages/server/test/support/csv';
import { expect, test } from './support/server';

/** More alerts than the list's page of 20, so that an export of the page alone would miss some. */
const MANY = 27;

async function download(page: Page): Promise<{ name: string; rows: string[][] }> {
  await page.getByRole('button', { name: 'More options' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as CSV' }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), rows: readCsvExport(await readFile(await file.path(), 'utf8')) };
}

/** Posts MANY alerts of one event, and one of another event that the search leaves out. */
async function postMany(server: Parameters<typeof postAlert>[0], event: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < MANY; i += 1) {
    ids.push(await postAlert(server, { resource: `${event}-${String(i).padStart(2, '0')}`, event }));
  }
  await postAlert(server, { resource: `${event}-other`, event: unique('Unrelated') });
  return ids;
}

// docs/console/alert-screens.md#csv-export
test.describe('CSV export of every matching alert', () => {
  test('downloads all the alerts of the search from the server, not just the page shown', async ({ page, server }) => {
    const event = unique('ExportAll');
    const ids = await postMany(server, event);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/alerts')) asked.push(request.url());
    });
    await logIn(page, server, `/alerts?q=event:${event}`);
    await expect(alertRow(page, `${event}-${String(MANY - 1)}`)).toBeVisible();
    // The list shows one page of 20.
    await expect(page.getByText(`1–20 of ${String(MANY)}`)).toBeVisible();

    const { name, rows } = await download(page);
    expect(name).toBe('Alerts_ALL.csv');
    const [header, ...alerts] = rows;
    expect(header?.slice(0, 3)).toEqual(['id', 'resource', 'event']);
    expect(new Set(alerts.map((row) => row[0]))).toEqual(new Set(ids));
    expect(alerts).toHaveLength(MANY);
    expect(asked.some((url) => new URL(url).pathname === '/api/alerts.csv')).toBe(true);
    await expect(page.getByText('CSV file downloaded.')).toBeVisible();
  });

  test('pages through GET /alerts itself against a server without /alerts.csv, with a progress dialog', async ({
    page,
    server,
  }) => {
    const event = unique('ExportPages');
    const ids = await postMany(server, event);
    // A stock Alerta 9 has no such route; each page of the list is held a moment so that the dialog can be seen.
    await page.route('**/api/alerts.csv*', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"status":"error","message":"Not Found"}' }),
    );
    let holdPages = false;
    await page.route('**/api/alerts?*', async (route) => {
      if (holdPages && new URL(route.request().url()).searchParams.get('page-size') === '200') {
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await logIn(page, server, `/alerts?q=event:${event}`);
    await expect(alertRow(page, `${event}-${String(MANY - 1)}`)).toBeVisible();
    // On a phone from here on: the dialog must fit it.
    await page.setViewportSize({ width: 375, height: 740 });
    holdPages = true;

    await page.getByRole('button', { name: 'More options' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download as CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download as CSV' });
    await expect(dialog.getByText(/at most 10,000/)).toBeVisible();
    // On a phone the dialog fits the screen and its button is big enough to touch.
    const box = await dialog.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 375 && box.y >= 0 && box.y + box.height <= 740).toBe(
      true,
    );
    // The dialog's text wraps inside it rather than widening it.
    const wraps = await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(wraps).toBe(true);
    const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
    expect(cancel?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect((cancel?.x ?? -1) >= 0 && (cancel?.x ?? 0) + (cancel?.width ?? 0) <= 375).toBe(true);

    const file = await downloading;
    const [, ...alerts] = readCsvExport(await readFile(await file.path(), 'utf8'));
    expect(new Set(alerts.map((row) => row[0]))).toEqual(new Set(ids));
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`CSV file downloaded: ${String(MANY)} alerts.`)).toBeVisible();
  });
});

// docs/console/account-screens.md#about
test('About shows this console version and build and the alerts the server created', async ({ page, server }) => {
  const event = unique('AboutCount');
  for (let i = 0; i < 3; i += 1) await postAlert(server, { resource: `${event}-${String(i)}`, event });
  await logIn(page, server, '/about');
  const cell = (name: string) =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
      .getByRole('cell');
  await expect(cell('Console')).toHaveText('0.1.0');
  await expect(cell('Console build').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(cell('API')).toHaveText('Alerta API 9.1.0');
  const created = page
    .getByRole('row', { name: /^Created alerts/ })
    .getByRole('cell')
    .nth(3);
  await expect(created).toHaveText(/^\d+$/);
  expect(Number(await created.textContent())).toBeGreaterThanOrEqual(3);
});
