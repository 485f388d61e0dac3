import {
  alertRow,
  EVERY_STATUS,
  expectStatus,
  expectTag,
  getAlert,
  logIn,
  postAlert,
  rowAction,
  takeAction,
  unique,
} from './support/alerts';
import { expect, test } from './support/server';

// This file's server offers two custom actions (GET /config `actions`, from the ACTIONS setting).
test.use({ serverEnv: { ACTIONS: 'createTicket,escalate_to_ops' } });

test.describe('row actions', () => {
  test('unack, shelve and unshelve, close and reopen from the row buttons', async ({ page, server }) => {
    const event = unique('RowStatus');
    const acked = unique('acked');
    const opened = unique('opened');
    const ackedId = await postAlert(server, { resource: acked, event });
    const openId = await postAlert(server, { resource: opened, event });
    await takeAction(server, ackedId, 'ack');
    await logIn(page, server, `/alerts?q=event:${event}${EVERY_STATUS}`);

    // docs/console/behaviour.md#states-and-actions: an acked alert offers unack, shelve, close and reopen, not ack.
    const ackedRow = alertRow(page, acked);
    await expect(ackedRow.getByRole('cell', { name: 'Acknowledged', exact: true })).toBeVisible();
    await ackedRow.hover();
    for (const label of ['Reopen', 'Undo acknowledge', 'Shelve', 'Close', 'Delete']) {
      await expect(ackedRow.getByRole('button', { name: label, exact: true })).toBeVisible();
    }
    await expect(ackedRow.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveCount(0);
    await rowAction(ackedRow, 'Undo acknowledge');
    await expect(ackedRow.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
    await expectStatus(server, ackedId, 'open');

    // An open alert: ack, shelve, close; no reopen, no unack.
    const openRow = alertRow(page, opened);
    await openRow.hover();
    await expect(openRow.getByRole('button', { name: 'Acknowledge', exact: true })).toBeVisible();
    await expect(openRow.getByRole('button', { name: 'Reopen', exact: true })).toHaveCount(0);
    await expect(openRow.getByRole('button', { name: 'Undo acknowledge', exact: true })).toHaveCount(0);

    await rowAction(openRow, 'Shelve');
    await expect(openRow.getByRole('cell', { name: 'Shelved', exact: true })).toBeVisible();
    await expectStatus(server, openId, 'shelved');
    await openRow.hover();
    await expect(openRow.getByRole('button', { name: 'Shelve', exact: true })).toHaveCount(0);
    await rowAction(openRow, 'Unshelve');
    await expect(openRow.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
    await expectStatus(server, openId, 'open');

    await rowAction(openRow, 'Close');
    await expect(openRow.getByRole('cell', { name: 'Closed', exact: true })).toBeVisible();
    await expectStatus(server, openId, 'closed');
    await openRow.hover();
    await expect(openRow.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
    await rowAction(openRow, 'Reopen');
    await expect(openRow.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
    await expectStatus(server, openId, 'open');
  });

  test('watch and unwatch tag the alert with the user, and the watch switch lists it', async ({ page, server }) => {
    const event = unique('RowWatch');
    const watched = unique('watched');
    const other = unique('other');
    const id = await postAlert(server, { resource: watched, event });
    await postAlert(server, { resource: other, event });
    await logIn(page, server, `/alerts?q=event:${event}`);
    const tag = `watch:${server.admin.login}`;

    const row = alertRow(page, watched);
    await rowAction(row, 'Watch');
    await expectTag(server, id, tag);
    await row.hover();
    await expect(row.getByRole('button', { name: 'Stop watching', exact: true })).toBeVisible();
    await expect(alertRow(page, other).getByRole('button', { name: 'Stop watching', exact: true })).toHaveCount(0);

    // docs/console/behaviour.md#screens-and-routes: the top bar's switch narrows the list to what the user watches.
    await page.getByRole('switch', { name: 'Watched only' }).check();
    await expect(alertRow(page, other)).toHaveCount(0);
    await expect(row).toBeVisible();
    await page.getByRole('switch', { name: 'Watched only' }).uncheck();
    await expect(alertRow(page, other)).toBeVisible();

    await rowAction(row, 'Stop watching');
    await expectTag(server, id, tag, false);
    await row.hover();
    await expect(row.getByRole('button', { name: 'Watch', exact: true })).toBeVisible();
  });

  test('delete asks first: cancel keeps the alert, confirming deletes it', async ({ page, server }) => {
    const event = unique('RowDelete');
    const doomed = unique('doomed');
    const kept = unique('kept');
    const id = await postAlert(server, { resource: doomed, event });
    const keptId = await postAlert(server, { resource: kept, event });
    await logIn(page, server, `/alerts?q=event:${event}`);

    const row = alertRow(page, doomed);
    await rowAction(row, 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    await expect(dialog).toContainText('cannot be undone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();
    expect(await getAlert(server, id)).toBeDefined();

    await rowAction(row, 'Delete');
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await expect.poll(async () => getAlert(server, id)).toBeUndefined();
    await expect(alertRow(page, kept)).toBeVisible();
    expect(await getAlert(server, keptId)).toBeDefined();
  });

  test('runs the configured custom actions from the row menu and the detail toolbar', async ({ page, server }) => {
    const config = await fetch(`${server.baseURL}/api/config`).then(
      async (r) => (await r.json()) as { actions: string[] },
    );
    expect(config.actions).toEqual(['createTicket', 'escalate_to_ops']);

    const event = unique('RowCustom');
    const resource = unique('custom');
    const id = await postAlert(server, { resource, event });
    await logIn(page, server, `/alerts?q=event:${event}`);
    const row = alertRow(page, resource);
    await rowAction(row, 'More actions');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Create Ticket', 'Escalate To Ops']);
    const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/alert/${id}/action`));
    await menu.getByRole('menuitem', { name: 'Escalate To Ops' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ action: 'escalate_to_ops' });
    await expect(menu).toHaveCount(0);
    // Picking from the menu acts on the row; it does not also open the alert.
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');

    // A custom action changes no status; the server records it in the history.
    await expect.poll(async () => (await getAlert(server, id))?.history.some((h) => h.type === 'action')).toBe(true);
    const stored = await getAlert(server, id);
    expect(stored?.status).toBe('open');
    expect(stored?.history.find((h) => h.type === 'action')?.user).toBe(server.admin.login);

    // The detail toolbar offers the same menu.
    await row.getByRole('link', { name: event }).click();
    await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
    // The list stays on screen until the detail screen has loaded, with the row's own "More actions" under the pointer.
    await expect(page.getByRole('heading', { level: 1, name: `${resource} · ${event}` })).toBeVisible();
    await page.getByRole('button', { name: 'More actions' }).click();
    const again = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/alert/${id}/action`));
    await page.getByRole('menuitem', { name: 'Create Ticket' }).click();
    expect((await again).postDataJSON()).toMatchObject({ action: 'createTicket' });
    await expect
      .poll(async () => (await getAlert(server, id))?.history.filter((h) => h.type === 'action').length)
      .toBe(2);
  });
});
