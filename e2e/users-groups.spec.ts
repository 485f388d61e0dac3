import type { Locator, Page } from '@playwright/test';
import { createUser, logIn, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, test, type RunningServer } from './support/server';

/** The row of the administration table whose first cell is `name`. */
function row(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

/** Picks `option` from the combobox `field` (a Mantine select) inside `scope`. */
async function pick(scope: Locator, field: string, option: string | RegExp, type?: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: field });
  await input.click();
  if (type !== undefined) await input.fill(type);
  await scope.page().getByRole('option', { name: option }).click();
  // A click on the dialog's title closes the list, which may cover the buttons below it.
  await scope.getByRole('heading').first().click();
}

async function confirmDelete(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog', { name: 'Delete' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
}

async function get<T>(server: RunningServer, path: string): Promise<T> {
  const answer = await server.api('GET', path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as T;
}

test.describe('users and groups', () => {
  test('a user is created through the form, edited, switched off and deleted', async ({ page, server }, testInfo) => {
    const groupName = unique('Oncall');
    const group = await server.api('POST', '/group', { name: groupName, text: 'people on call' });
    expect(group.status).toBe(201);
    const groupId = (group.body as { id: string }).id;
    const login = unique('carol');
    const name = `Carol ${login}`;

    await logIn(page, server, '/users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('cell', { name: server.admin.login, exact: true }).first()).toBeVisible();
    const listFindings = await runAxe(page, testInfo, 'users');

    await page.getByRole('button', { name: 'New user' }).click();
    const create = page.getByRole('dialog', { name: 'New user' });
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Required')).toHaveCount(4);
    const createFindings = await runAxe(page, testInfo, 'users-new');
    await create.getByLabel(/^Name/).fill(name);
    await create.getByLabel(/^Login/).fill(login);
    await create.getByLabel(/^Email\W*$/).fill(`${login}@example.com`);
    await create.getByLabel(/^Password/).fill('correct horse battery');
    await create.getByLabel(/^Confirm password/).fill('correct horse battery');
    await pick(create, 'Roles', 'user');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`User ${name} created.`)).toBeVisible();
    await expect(create).toBeHidden();
    await expect(row(page, name)).toContainText('user (role)');

    const found = await get<{ users: { id: string; login: string; roles: string[]; status: string }[] }>(
      server,
      `/users?login=${login}`,
    );
    const id = found.users[0]?.id ?? '';
    expect(found.users[0]).toMatchObject({ login, roles: ['user'], status: 'active' });

    // Edit: another role and a group.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await expect(edit.getByLabel(/^Login/)).toBeDisabled();
    await pick(edit, 'Roles', 'user');
    await pick(edit, 'Roles', 'guest');
    await pick(edit, 'Groups', groupName, groupName.slice(0, 8));
    const editFindings = await runAxe(page, testInfo, 'users-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`User ${name} saved.`)).toBeVisible();
    await expect(row(page, name)).toContainText('guest (role)');
    expect((await get<{ user: { roles: string[] } }>(server, `/user/${id}`)).user.roles).toEqual(['guest']);
    const groups = await get<{ groups: { id: string }[] }>(server, `/user/${id}/groups`);
    expect(groups.groups.map((g) => g.id)).toEqual([groupId]);

    // The status switch acts at once (its input is drawn as a track, so it is used from the keyboard).
    await row(page, name)
      .getByRole('switch', { name: `${name} is active` })
      .press('Space');
    await expect(page.getByText('User status saved.')).toBeVisible();
    await expect
      .poll(async () => (await get<{ user: { status: string } }>(server, `/user/${id}`)).user.status)
      .toBe('inactive');
    await expect(row(page, name).getByRole('switch')).not.toBeChecked();

    // The server filters: inactive users only, then those holding the role guest (the chips' inputs are drawn as
    // chips, so they are used from the keyboard).
    const adminCell = page.getByRole('cell', { name: server.admin.login, exact: true }).first();
    await page.getByRole('checkbox', { name: 'Active', exact: true }).press('Space');
    await expect(adminCell).toBeHidden();
    await expect(row(page, name)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Active', exact: true }).press('Space');
    await expect(adminCell).toBeVisible();
    await pick(page.getByRole('main'), 'Roles', 'guest');
    await expect(adminCell).toBeHidden();
    await expect(row(page, name)).toBeVisible();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmDelete(page);
    await expect(row(page, name)).toHaveCount(0);
    expect((await server.api('GET', `/user/${id}`)).status).toBe(404);

    expect(blocking(listFindings), 'serious or critical axe violations on /users').toEqual([]);
    expect(blocking(createFindings), 'serious or critical axe violations in the new user form').toEqual([]);
    expect(blocking(editFindings), 'serious or critical axe violations in the edit user form').toEqual([]);
  });

  test('a group is created, gains and loses a member, and is deleted', async ({ page, server }, testInfo) => {
    const member = await createUser(server);
    const groupName = unique('Dbas');

    await logIn(page, server, '/groups');
    await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
    const listFindings = await runAxe(page, testInfo, 'groups');

    await page.getByRole('button', { name: 'New group' }).click();
    const create = page.getByRole('dialog', { name: 'New group' });
    await create.getByLabel(/^Name/).fill(groupName);
    await create.getByLabel('Description').fill('Database people');
    const formFindings = await runAxe(page, testInfo, 'groups-new');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Group ${groupName} created.`)).toBeVisible();
    await expect(row(page, groupName)).toContainText('Database people');
    await expect(row(page, groupName).getByRole('cell').nth(2)).toHaveText('0');

    await page.getByRole('button', { name: `Members of ${groupName}` }).click();
    const members = page.getByRole('dialog', { name: `Members of ${groupName}` });
    await expect(members.getByText('Nobody is in this group yet.')).toBeVisible();
    // The picker asks the server as one types and shows the previous answer until the new one comes; a click while
    // the list changes could land on another row, so the login (unique) is typed and its one answer awaited.
    await members.getByRole('combobox', { name: 'Add a user' }).fill(member.login);
    await expect(members.getByRole('listbox').getByRole('option')).toHaveCount(1);
    await pick(members, 'Add a user', new RegExp(`^Operator ${member.login}`));
    await expect(page.getByText('User added to the group.')).toBeVisible();
    const list = members.getByRole('list', { name: 'Users in this group' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText(member.login);
    const membersFindings = await runAxe(page, testInfo, 'groups-members');
    await expect(row(page, groupName).getByRole('cell').nth(2)).toHaveText('1');

    await members.getByRole('button', { name: `Remove Operator ${member.login} from the group` }).click();
    await expect(page.getByText('User removed from the group.')).toBeVisible();
    await expect(members.getByText('Nobody is in this group yet.')).toBeVisible();
    await members.getByRole('button', { name: 'Close' }).last().click();
    await expect(members).toBeHidden();

    await page.getByRole('button', { name: `Delete ${groupName}` }).click();
    await confirmDelete(page);
    await expect(row(page, groupName)).toHaveCount(0);
    const left = await get<{ groups: { name: string }[] }>(server, `/groups?name=${groupName}`);
    expect(left.groups).toEqual([]);

    expect(blocking(listFindings), 'serious or critical axe violations on /groups').toEqual([]);
    expect(blocking(formFindings), 'serious or critical axe violations in the group form').toEqual([]);
    expect(blocking(membersFindings), 'serious or critical axe violations in the members dialog').toEqual([]);
  });
});
