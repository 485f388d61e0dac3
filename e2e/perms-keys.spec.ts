import type { Locator, Page } from '@playwright/test';
import { createUser, logIn, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, test } from './support/server';

/** Picks `names` in the pick list labelled `label` (a Mantine select: type to narrow it, then click the option). */
async function pick(page: Page, scope: Locator, label: string | RegExp, names: string[]): Promise<void> {
  const field = scope.getByRole('combobox', { name: label });
  for (const name of names) {
    await field.click();
    await field.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  // A multiple choice list stays open after a pick; Escape closes it (and would close the dialog were it shut).
  if ((await field.getAttribute('aria-expanded')) === 'true') await field.press('Escape');
}

test.describe('permissions', () => {
  test('create, edit and delete a permission; system roles stay locked; axe finds nothing serious', async ({
    page,
    server,
  }, testInfo) => {
    const role = unique('oncall');
    await logIn(page, server, '/perms');
    await expect(page.getByRole('heading', { name: 'Permissions' })).toBeVisible();
    const adminRow = page.getByRole('row', { name: /admin \(role\)/ });
    await expect(adminRow.getByRole('img', { name: 'System role' })).toBeVisible();
    await expect(adminRow.getByRole('button', { name: 'Edit admin' })).toHaveAttribute('aria-disabled', 'true');
    const list = await runAxe(page, testInfo, 'perms');

    await page.getByRole('button', { name: 'New permission' }).click();
    const dialog = page.getByRole('dialog', { name: 'New permission' });
    await dialog.getByRole('textbox', { name: /^Role/ }).fill(role);
    await pick(page, dialog, /^Scopes/, ['read:alerts', 'write:heartbeats']);
    const form = await runAxe(page, testInfo, 'perms-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(`${role} \\(role\\)`) });
    await expect(row.getByText('write:heartbeats')).toBeVisible();
    const stored = async () => {
      const answer = await server.api('GET', `/perms?match=${role}`);
      return (answer.body as { permissions: { id: string; match: string; scopes: string[] }[] }).permissions;
    };
    expect((await stored()).map((p) => [p.match, [...p.scopes].sort()])).toEqual([
      [role, ['read:alerts', 'write:heartbeats']],
    ]);

    await row.getByRole('button', { name: `Edit ${role}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit permission' });
    await expect(edit.getByRole('textbox', { name: /^Role/ })).toHaveValue(role);
    await pick(page, edit, /^Scopes/, ['read:heartbeats']);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByText('read:heartbeats')).toBeVisible();
    await expect
      .poll(async () => (await stored()).map((p) => [...p.scopes].sort()))
      .toEqual([['read:alerts', 'read:heartbeats', 'write:heartbeats']]);

    await row.getByRole('button', { name: `Delete ${role}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(row).toBeHidden();
    await expect.poll(async () => (await stored()).length).toBe(0);

    expect(blocking(list), 'serious or critical axe violations on /perms').toEqual([]);
    expect(blocking(form), 'serious or critical axe violations in the permission form').toEqual([]);
  });
});

test.describe('API keys', () => {
  test('an administrator makes a key for another user that works, edits and deletes it; axe finds nothing serious', async ({
    page,
    server,
  }, testInfo) => {
    const owner = await createUser(server);
    const text = unique('deploy bot ');
    await logIn(page, server, '/keys');
    await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();
    const list = await runAxe(page, testInfo, 'keys');

    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await expect(dialog.getByRole('combobox', { name: /^User/ })).toHaveValue(server.admin.login);
    await pick(page, dialog, /^User/, [owner.login]);
    await pick(page, dialog, /^Scopes/, ['read:alerts']);
    await dialog.getByRole('textbox', { name: 'Description' }).fill(text);
    const form = await runAxe(page, testInfo, 'keys-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const created = page.getByRole('dialog', { name: 'Your new API key' });
    const keyText = created.getByText(/^[\w-]{20,}$/);
    await expect(keyText).toBeVisible();
    const key = (await keyText.textContent()) ?? '';
    const shown = await runAxe(page, testInfo, 'keys-created');
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();

    // The key works: the API takes it in place of a login.
    const withKey = await fetch(`${server.baseURL}/api/alerts`, { headers: { Authorization: `Key ${key}` } });
    expect(withKey.status).toBe(200);

    const row = page.getByRole('row', { name: new RegExp(text) });
    await expect(row.getByRole('cell', { name: owner.login })).toBeVisible();
    await expect(row.getByText(key)).toBeVisible();
    await expect(row.getByText('Active')).toBeVisible();
    const stored = async () => {
      const answer = await server.api('GET', `/key/${key}`);
      return answer.status === 200
        ? (answer.body as { key: { user: string; text: string; scopes: string[] } }).key
        : null;
    };
    expect(await stored()).toMatchObject({ user: owner.login, text, scopes: ['read:alerts'] });

    await row.getByRole('button', { name: /^Edit key / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit API key' });
    await expect(edit.getByRole('textbox', { name: 'API Key' })).toHaveValue(key);
    const description = edit.getByRole('textbox', { name: 'Description' });
    await expect(description).toHaveValue(text);
    await description.fill(`${text} renamed`);
    const editForm = await runAxe(page, testInfo, 'keys-edit-dialog');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(`${text} renamed`) })).toBeVisible();
    await expect.poll(async () => (await stored())?.text).toBe(`${text} renamed`);

    await page
      .getByRole('row', { name: new RegExp(`${text} renamed`) })
      .getByRole('button', { name: /^Delete key / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: new RegExp(text) })).toBeHidden();
    await expect.poll(stored).toBeNull();
    const afterDelete = await fetch(`${server.baseURL}/api/alerts`, { headers: { Authorization: `Key ${key}` } });
    expect(afterDelete.status).toBe(401);

    expect(blocking(list), 'serious or critical axe violations on /keys').toEqual([]);
    expect(blocking(form), 'serious or critical axe violations in the new key form').toEqual([]);
    expect(blocking(shown), 'serious or critical axe violations in the new key notice').toEqual([]);
    expect(blocking(editForm), 'serious or critical axe violations in the key edit form').toEqual([]);
  });
});
