import type { Page } from '@playwright/test';
import { expectStatus, expectTag, getAlert, logIn, postAlert, unique } from './support/alerts';
import { expect, test } from './support/server';

/** The detail screen's status value (its text starts with the status, then who changed it). */
const statusValue = (page: Page) => page.locator('dt:text-is("Status") + dd');
/** The toolbar comes before the bottom action bar, which repeats watch and delete. */
const toolbarButton = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true }).first();

test.describe('alert detail toolbar', () => {
  test('shelves, unshelves, watches, closes back to the list, reopens, unacks, and shows the history newest first', async ({
    page,
    server,
  }) => {
    const resource = unique('detail');
    const id = await postAlert(server, { resource, event: 'QueueStuck', text: 'queue is stuck' });
    await logIn(page, server, `/alert/${id}`);
    await expect(page.getByRole('heading', { name: `${resource} · QueueStuck` })).toBeVisible();
    await expect(statusValue(page)).toHaveText(/^Open/);
    await expect(page.getByRole('button', { name: 'Reopen', exact: true })).toHaveCount(0);

    await toolbarButton(page, 'Shelve').click();
    await expect(statusValue(page)).toHaveText(/^Shelved/);
    await expectStatus(server, id, 'shelved');
    await expect(page.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveCount(0);
    await toolbarButton(page, 'Unshelve').click();
    await expect(statusValue(page)).toHaveText(/^Open/);
    await expectStatus(server, id, 'open');

    const tag = `watch:${server.admin.login}`;
    await toolbarButton(page, 'Watch').click();
    await expect(toolbarButton(page, 'Stop watching')).toBeVisible();
    await expectTag(server, id, tag);
    await expect(page.getByRole('definition').filter({ hasText: tag })).toBeVisible();
    await toolbarButton(page, 'Stop watching').click();
    await expect(toolbarButton(page, 'Watch')).toBeVisible();
    await expectTag(server, id, tag, false);

    // docs/console/behaviour.md#screens-and-routes: closing goes back to the list.
    await toolbarButton(page, 'Close').click();
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');
    await expectStatus(server, id, 'closed');

    await page.goto(`${server.baseURL}/alert/${id}`);
    await expect(statusValue(page)).toHaveText(/^Closed/);
    await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
    await toolbarButton(page, 'Reopen').click();
    await expect(statusValue(page)).toHaveText(/^Open/);
    await expectStatus(server, id, 'open');
    await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
    await toolbarButton(page, 'Acknowledge').click();
    await expect(statusValue(page)).toHaveText(/^Acknowledged/);
    await expectStatus(server, id, 'ack');
    await toolbarButton(page, 'Undo acknowledge').click();
    await expect(statusValue(page)).toHaveText(/^Open/);
    await expectStatus(server, id, 'open');

    // History: newest first, one entry per change made above.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'Alert history' });
    const rows = history.locator('tbody tr');
    await expect(rows).toHaveCount(7);
    const times = await history
      .locator('tbody time')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());
    const statuses = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[3]?.textContent ?? ''));
    expect(statuses).toEqual(['Open', 'Acknowledged', 'Open', 'Closed', 'Open', 'Shelved', 'Open']);
    const stored = await getAlert(server, id);
    const newestFirst = [...(stored?.history ?? [])].sort((a, b) => (a.updateTime < b.updateTime ? 1 : -1));
    // Shown as words; the API keeps the names.
    const words: Record<string, string> = { open: 'Open', ack: 'Acknowledged', closed: 'Closed', shelved: 'Shelved' };
    expect(statuses).toEqual(newestFirst.map((h) => words[h.status ?? ''] ?? h.status));
  });

  test('copies the alert as JSON and deletes it back to the list', async ({ page, context, server }) => {
    const resource = unique('copy');
    const id = await postAlert(server, {
      resource,
      event: 'CertExpiry',
      attributes: { region: 'eu-west' },
      tags: ['tls'],
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    await logIn(page, server, `/alert/${id}`);

    await page.getByRole('button', { name: 'Copy as JSON' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    const stored = await getAlert(server, id);
    expect(copied).toMatchObject({
      id,
      resource,
      event: 'CertExpiry',
      status: 'open',
      attributes: { region: 'eu-west' },
      tags: ['tls'],
      lastReceiveTime: stored?.lastReceiveTime,
    });
    // docs/console/behaviour.md#constants: the label says "copied" for 2 s.
    await expect(page.getByRole('button', { name: 'Copy as JSON' })).toBeVisible();

    await toolbarButton(page, 'Delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
    expect(await getAlert(server, id)).toBeDefined();
    await toolbarButton(page, 'Delete').click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');
    await expect.poll(async () => getAlert(server, id)).toBeUndefined();
    await expect(page.getByRole('table', { name: 'Alert list' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(resource) })).toHaveCount(0);
  });
});
