import { alertRow, expectStatus, logIn, postAlert, unique } from './support/alerts';
import { expect, test } from './support/server';

// docs/console/behaviour.md#undo and docs/console/alert-screens.md#rows-hold-still against the real server.
test.describe('undo and rows that hold still', () => {
  test('a shelved row stays under the pointer, and Undo brings the alert back to open', async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const event = unique('Undo');
    const first = unique('first');
    const second = unique('second');
    // The list shows the newest first: post the second row's alert before the first's.
    await postAlert(server, { resource: second, event, severity: 'major' });
    const firstId = await postAlert(server, { resource: first, event, severity: 'major' });
    // The default filter leaves shelved alerts out, so the shelved one leaves the answer.
    await logIn(page, server, `/alerts?q=event:${event}`);

    const firstRow = alertRow(page, first);
    const secondRow = alertRow(page, second);
    await expect(secondRow).toBeVisible();
    const secondBefore = await secondRow.boundingBox();
    await firstRow.hover();
    const shelve = firstRow.getByRole('button', { name: 'Shelve', exact: true });
    await shelve.click();
    await expectStatus(server, firstId, 'shelved');

    // The message, not the live indicator beside the refresh status (also a status).
    const status = page.locator('[role="status"]:not([data-live])');
    await expect(status).toContainText('1 alert shelved');
    // The list has reloaded (the shelved alert is out of the answer), but its row is held in place, faded and inert.
    const held = page.locator('tbody tr[data-gone]', { hasText: first });
    await expect(held).toHaveCount(1);
    await expect(held).toHaveAttribute('inert', '');
    await expect(held.getByRole('button')).toHaveCount(0);
    const secondAfter = await secondRow.boundingBox();
    expect(secondAfter?.y).toBe(secondBefore?.y);
    // What is under the held row's place now is no other alert's row and no button (inert rows take no hits).
    const box = await held.boundingBox();
    if (box === null) throw new Error('held row not laid out');
    const under = await page.evaluate(
      ([x, y]) => {
        const hit = document.elementFromPoint(x ?? 0, y ?? 0);
        return { row: hit?.closest('tr')?.textContent ?? '', button: hit?.closest('button') !== null };
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(under.row).not.toContain(second);
    expect(under.button).toBe(false);
    // The pointer moving about the held row, which the browser passes through to the table under it, still holds the
    // list: after the moves, a timer turn and two frames (by then a release would have been drawn) it is still there.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0);
        }),
    );
    await expect(held).toHaveCount(1);

    // The Undo button is reached and pressed; the alert is back to open through the API.
    await status.getByRole('button', { name: 'Undo' }).click();
    await expectStatus(server, firstId, 'open');
    await expect(status).toContainText('Undone for 1 alert');
    // Once the pointer is off the list the row is live again, with its buttons.
    await page.mouse.move(5, 5);
    await expect(page.locator('tbody tr[data-gone]')).toHaveCount(0);
    await firstRow.hover();
    await expect(firstRow.getByRole('button', { name: 'Shelve', exact: true })).toBeVisible();
  });
});
