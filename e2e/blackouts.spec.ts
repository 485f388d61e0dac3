import type { Locator, Page } from '@playwright/test';
import { createUser, logIn, postAlert, putMyPreferences, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, test, type RunningServer } from './support/server';

interface StoredBlackout {
  id: string;
  environment: string;
  service: string[];
  resource: string | null;
  event: string | null;
  group: string | null;
  tags: string[];
  origin: string | null;
  startTime: string;
  endTime: string;
  status: string;
  text: string | null;
}

/** GET /blackouts as the administrator, filtered by `query`. */
async function blackouts(server: RunningServer, query: string): Promise<StoredBlackout[]> {
  const answer = await server.api('GET', `/blackouts?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { blackouts: StoredBlackout[] }).blackouts;
}

/** The list's row of the blackout whose resource is `resource`. */
function row(page: Page, resource: string): Locator {
  // The Scope cell names the resource (docs/console/admin-screens.md#blackout-list); the Resource column itself may
  // have given way on a narrower screen.
  const named = page.locator('td[data-column="scope"] span', { hasText: new RegExp(`^Resource: ${resource}$`) });
  return page.getByRole('row').filter({ has: named });
}

/** Adds `values` to a field that takes several (service, tags): type each, then Enter. */
async function addValues(field: Locator, ...values: string[]): Promise<void> {
  for (const value of values) {
    await field.fill(value);
    await field.press('Enter');
  }
}

const HOUR = 3600_000;

/** Blackouts of every kind the list shows differently: narrowed, whole environment, all from an origin, pending. */
async function postVariedBlackouts(server: RunningServer, resource: string): Promise<void> {
  const now = Date.now();
  for (const body of [
    { environment: 'Production', resource, service: ['Web'], tags: ['linux'], text: 'planned work' },
    { environment: 'Development', text: 'whole environment' },
    { environment: 'Development', origin: 'nagios', startTime: new Date(now + 2 * HOUR).toISOString() },
  ]) {
    const answer = await server.api('POST', '/blackout', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
}

test.describe('blackouts', () => {
  // Tests share the worker's server: a blackout left behind would silence the alerts later files post.
  test.afterEach(async ({ server }) => {
    const answer = await server.api('GET', '/blackouts?page-size=1000');
    for (const { id } of (answer.body as { blackouts?: { id: string }[] }).blackouts ?? []) {
      expect((await server.api('DELETE', `/blackout/${id}`)).status).toBe(200);
    }
  });

  test('a blackout is created, edited, copied and deleted through the screen', async ({ page, server }) => {
    const resource = unique('bo-web');
    const copy = unique('bo-db');

    await logIn(page, server, '/blackouts');
    await expect(page.getByRole('heading', { name: 'Blackouts' })).toBeVisible();

    await page.getByRole('button', { name: 'New blackout' }).click();
    const create = page.getByRole('dialog', { name: 'New blackout' });
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Required')).toBeVisible();
    await create.getByLabel('Environment').selectOption('Production');
    await addValues(create.getByLabel('Service'), 'Web');
    await create.getByLabel('Resource').fill(`  ${resource} `);
    await create.getByLabel('Reason').fill('Kernel upgrade');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Blackout created.')).toBeVisible();
    await expect(create).toBeHidden();
    await expect(row(page, resource)).toContainText('Kernel upgrade');
    await expect(row(page, resource)).toContainText('Active');

    const [created] = await blackouts(server, `resource=${resource}`);
    expect(created).toMatchObject({
      environment: 'Production',
      service: ['Web'],
      resource,
      event: null,
      tags: [],
      status: 'active',
      text: 'Kernel upgrade',
    });
    expect(Date.parse(created?.endTime ?? '') - Date.parse(created?.startTime ?? '')).toBe(HOUR);
    expect(Math.abs(Date.parse(created?.startTime ?? '') - Date.now())).toBeLessThan(2 * 60_000);

    // Edit: a longer duration and another reason; the start stays as stored.
    await row(page, resource)
      .getByRole('button', { name: /^Edit blackout/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit blackout' });
    await expect(edit.getByLabel('Resource')).toHaveValue(resource);
    await edit.getByLabel('Duration').selectOption({ label: '8 hours' });
    await edit.getByLabel('Reason').fill('Kernel upgrade, then reboot');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Blackout saved.')).toBeVisible();
    await expect(row(page, resource)).toContainText('Kernel upgrade, then reboot');
    const [edited] = await blackouts(server, `resource=${resource}`);
    expect(edited?.id).toBe(created?.id);
    expect(edited?.startTime).toBe(created?.startTime);
    expect(edited?.text).toBe('Kernel upgrade, then reboot');
    expect(Date.parse(edited?.endTime ?? '') - Date.parse(edited?.startTime ?? '')).toBe(8 * HOUR);

    // Copy: a new blackout with the same fields and fresh times.
    await row(page, resource)
      .getByRole('button', { name: /^Copy blackout/ })
      .click();
    const copied = page.getByRole('dialog', { name: 'New blackout' });
    await expect(copied.getByLabel('Environment')).toHaveValue('Production');
    await expect(copied.getByText('Web', { exact: true })).toBeVisible();
    await expect(copied.getByLabel('Reason')).toHaveValue('Kernel upgrade, then reboot');
    await copied.getByLabel('Resource').fill(copy);
    await copied.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Blackout created.')).toBeVisible();
    await expect(row(page, copy)).toBeVisible();
    const [fromCopy] = await blackouts(server, `resource=${copy}`);
    expect(fromCopy).toMatchObject({
      environment: 'Production',
      service: ['Web'],
      text: 'Kernel upgrade, then reboot',
    });
    expect(fromCopy?.id).not.toBe(created?.id);
    expect(Date.parse(fromCopy?.endTime ?? '') - Date.parse(fromCopy?.startTime ?? '')).toBe(HOUR);

    // Delete the copy, after confirming.
    await row(page, copy)
      .getByRole('button', { name: /^Delete blackout/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Blackout deleted.')).toBeVisible();
    await expect(row(page, copy)).toBeHidden();
    expect(await blackouts(server, `resource=${copy}`)).toEqual([]);
    expect(await blackouts(server, `resource=${resource}`)).toHaveLength(1);
  });

  test('a blackout is made from an alert, showing the open alerts it would match', async ({ page, server }) => {
    const resource = unique('bo-alert');
    const event = unique('DiskFull');
    const id = await postAlert(server, { resource, event, service: ['Storage'], group: 'Disks', origin: 'e2e/host' });

    await logIn(page, server, `/alert/${id}`);
    await expect(page.getByRole('heading', { name: `${resource} · ${event}` })).toBeVisible();
    await page.getByRole('button', { name: 'Blackout…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New blackout' });
    await expect(dialog.getByLabel('Environment')).toHaveValue('Production');
    await expect(dialog.getByLabel('Resource')).toHaveValue(resource);
    await expect(dialog.getByLabel('Event')).toHaveValue(event);
    await expect(dialog.getByLabel('Group')).toHaveValue('Disks');
    await expect(dialog.getByLabel('Origin')).toHaveValue('e2e/host');
    await expect(dialog.getByText('Would match 1 alert now')).toBeVisible();
    // A tag no alert has: the count follows the fields (tags are asked for in q).
    await addValues(dialog.getByLabel('Tags'), 'no-such-tag');
    await expect(dialog.getByText('Would match no alerts now')).toBeVisible();
    // Backspace in the empty field takes the last value away again.
    await dialog.getByLabel('Tags').press('Backspace');
    await expect(dialog.getByText('Would match 1 alert now')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Blackout created.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const [made] = await blackouts(server, `resource=${resource}`);
    expect(made).toMatchObject({
      environment: 'Production',
      service: ['Storage'],
      resource,
      event,
      group: 'Disks',
      tags: [],
      origin: 'e2e/host',
      status: 'active',
    });
  });

  test('axe finds nothing serious or critical on the screen and in the dialog', async ({ page, server }, testInfo) => {
    const resource = unique('bo-axe');
    await postVariedBlackouts(server, resource);
    await logIn(page, server, '/blackouts');
    await expect(row(page, resource)).toBeVisible();
    await expect(page.getByText('Covers the whole environment').first()).toBeAttached();
    const list = await runAxe(page, testInfo, 'blackouts');

    await row(page, resource)
      .getByRole('button', { name: /^Edit blackout/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit blackout' });
    await expect(dialog.getByText(/^Would match/)).toBeVisible();
    await dialog.getByLabel('Resource').fill('');
    await dialog.getByLabel('Tags').press('Backspace');
    await dialog.getByLabel('Service').press('Backspace');
    await expect(dialog.getByRole('note')).toContainText('Nothing narrows this blackout');
    const form = await runAxe(page, testInfo, 'blackouts-dialog');

    expect(blocking(list), 'serious or critical axe violations on /blackouts').toEqual([]);
    expect(blocking(form), 'serious or critical axe violations in the blackout dialog').toEqual([]);
  });

  test('axe finds nothing serious or critical in dark mode either', async ({ page, server }, testInfo) => {
    const resource = unique('bo-dark');
    await postVariedBlackouts(server, resource);
    const user = await createUser(server, { roles: ['admin'] });
    await putMyPreferences(server, user, { isDark: true });
    await logIn(page, server, '/blackouts', user);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(row(page, resource)).toBeVisible();
    const list = await runAxe(page, testInfo, 'blackouts-dark');
    await row(page, resource)
      .getByRole('button', { name: /^Copy blackout/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'New blackout' }).getByText(/^Would match/)).toBeVisible();
    const form = await runAxe(page, testInfo, 'blackouts-dialog-dark');
    expect(blocking(list), 'serious or critical axe violations on /blackouts in dark mode').toEqual([]);
    expect(blocking(form), 'serious or critical axe violations in the dialog in dark mode').toEqual([]);
  });
});
