import type { Page } from '@playwright/test';
import { alertRow, EVERY_STATUS, expectStatus, expectTag, getAlert, logIn, postAlert, unique } from './support/alerts';
import { expect, test } from './support/server';

/** The rows of this test's alerts, in the order the list shows them. */
function rowsOf(page: Page, event: string) {
  return page.getByRole('table', { name: 'Alert list' }).getByRole('row').filter({ hasText: event });
}

test.describe('bulk actions', () => {
  test('selects with the checkboxes and a shift-click range, acks, shelves and closes them', async ({
    page,
    server,
  }) => {
    const event = unique('BulkStatus');
    const ids = new Map<string, string>();
    for (const name of ['a', 'b', 'c', 'd']) {
      const resource = `${event}-${name}`;
      ids.set(resource, await postAlert(server, { resource, event }));
    }
    await logIn(page, server, `/alerts?q=event:${event}${EVERY_STATUS}`);
    const rows = rowsOf(page, event);
    await expect(rows).toHaveCount(4);
    const resourceAt = async (index: number) => {
      const text = await rows.nth(index).innerText();
      const found = [...ids.keys()].find((resource) => text.includes(resource));
      if (found === undefined) throw new Error(`row ${index} is none of this test's alerts: ${text}`);
      return found;
    };
    const order: string[] = [];
    for (const index of [0, 1, 2, 3]) order.push(await resourceAt(index));
    const at = (index: number): string => order[index] ?? '';
    const idAt = (index: number) => ids.get(at(index)) ?? '';

    // The row's checkbox selects and turns on multi-select; shift-click on another takes the range.
    await rows
      .nth(0)
      .getByRole('checkbox', { name: /^Select / })
      .click();
    await expect(page.getByText('1 selected')).toBeVisible();
    await expect(rows.nth(0).getByRole('checkbox', { name: /^Select / })).toBeChecked();
    await rows
      .nth(2)
      .getByRole('checkbox', { name: /^Select / })
      .click({ modifiers: ['Shift'] });
    await expect(page.getByText('3 selected')).toBeVisible();
    for (const index of [0, 1, 2]) {
      await expect(rows.nth(index).getByRole('checkbox', { name: /^Select / })).toBeChecked();
    }
    await expect(rows.nth(3).getByRole('checkbox', { name: /^Select / })).not.toBeChecked();

    // The bar acts on the three; the selection clears and the list reloads.
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(page.getByText(/\d+ selected/)).toHaveCount(0);
    for (const index of [0, 1, 2]) await expectStatus(server, idAt(index), 'ack');
    await expectStatus(server, idAt(3), 'open');
    for (const index of [0, 1, 2]) {
      await expect(alertRow(page, at(index)).getByRole('cell', { name: 'Acknowledged', exact: true })).toBeVisible();
    }

    // The checkbox starts a new selection; while it lasts, a click anywhere on a row selects that row.
    await alertRow(page, at(1))
      .getByRole('checkbox', { name: /^Select / })
      .click();
    await alertRow(page, at(3))
      .getByRole('cell', { name: at(3), exact: true })
      .click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await expect(page).toHaveURL(/\/alerts\?/);
    await bar.getByRole('button', { name: 'Shelve', exact: true }).click();
    await expect(page.getByText(/\d+ selected/)).toHaveCount(0);
    await expectStatus(server, idAt(1), 'shelved');
    await expectStatus(server, idAt(3), 'shelved');
    await expectStatus(server, idAt(0), 'ack');

    // Select all on the page, then close: every one is closed.
    await rows
      .nth(0)
      .getByRole('checkbox', { name: /^Select / })
      .click();
    await page.getByRole('checkbox', { name: 'Select every alert on this page' }).check();
    await expect(page.getByText('4 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByText(/\d+ selected/)).toHaveCount(0);
    for (const index of [0, 1, 2, 3]) await expectStatus(server, idAt(index), 'closed');
    await expect(rowsOf(page, event).getByRole('cell', { name: 'Closed', exact: true })).toHaveCount(4);
  });

  test('back and Escape clear the selection; bulk watch toggles; bulk delete asks first', async ({ page, server }) => {
    const event = unique('BulkWatch');
    const ids = new Map<string, string>();
    for (const name of ['a', 'b', 'c']) {
      const resource = `${event}-${name}`;
      ids.set(resource, await postAlert(server, { resource, event }));
    }
    const [a, b, c] = [`${event}-a`, `${event}-b`, `${event}-c`];
    const id = (resource: string) => ids.get(resource) ?? '';
    const tag = `watch:${server.admin.login}`;
    await logIn(page, server, `/alerts?q=event:${event}`);
    await expect(rowsOf(page, event)).toHaveCount(3);
    const select = async (resource: string) => {
      await alertRow(page, resource)
        .getByRole('checkbox', { name: /^Select / })
        .click();
    };
    const bar = page.getByRole('banner');

    // Back leaves bulk mode without acting.
    await select(a);
    await select(b);
    await expect(bar.getByText('2 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByText(/\d+ selected/)).toHaveCount(0);
    await expect(bar.getByRole('searchbox', { name: 'Search alerts' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Select /, checked: true })).toHaveCount(0);
    await select(a);
    await expect(bar.getByText('1 selected')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(/\d+ selected/)).toHaveCount(0);

    // docs/console/behaviour.md#states-and-actions: if any selected alert is unwatched, all get watched …
    await select(a);
    await expect(bar.getByText('1 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Watch or stop watching' }).click();
    await expectTag(server, id(a), tag);
    await select(a);
    await select(b);
    await expect(bar.getByText('2 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Watch or stop watching' }).click();
    await expectTag(server, id(a), tag);
    await expectTag(server, id(b), tag);
    // … and when every one is watched, all get unwatched.
    await select(a);
    await select(b);
    await bar.getByRole('button', { name: 'Watch or stop watching' }).click();
    await expectTag(server, id(a), tag, false);
    await expectTag(server, id(b), tag, false);
    expect((await getAlert(server, id(c)))?.tags).not.toContain(tag);

    // Delete: cancelling keeps the selection and the alerts; confirming deletes exactly the selected ones.
    await select(a);
    await select(c);
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(bar.getByText('2 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/\d+ selected/)).toHaveCount(0);
    await expect(alertRow(page, a)).toHaveCount(0);
    await expect(alertRow(page, c)).toHaveCount(0);
    await expect(alertRow(page, b)).toBeVisible();
    await expect.poll(async () => getAlert(server, id(a))).toBeUndefined();
    await expect.poll(async () => getAlert(server, id(c))).toBeUndefined();
    expect(await getAlert(server, id(b))).toBeDefined();
  });
});
