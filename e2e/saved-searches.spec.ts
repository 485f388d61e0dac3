import type { Page } from '@playwright/test';
import { expect, test, type RunningServer } from './support/server';

/** Saved searches in the navigation drawer, and the indicator panel, against the real server. */

async function logIn(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.baseURL}/alerts`);
  await page.getByLabel(/username|email/i).fill(server.admin.login);
  await page.getByLabel(/password/i).fill(server.admin.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/alerts/);
}

async function postAlert(server: RunningServer, body: Record<string, unknown>): Promise<void> {
  const answer = await server.api('POST', '/alert', { service: ['Web'], event: 'DiskFull', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

async function savedQueries(server: RunningServer): Promise<unknown> {
  const answer = await server.api('GET', '/user/me/attributes');
  return (answer.body as { attributes: { queries?: unknown } }).attributes.queries;
}

test.describe('saved searches', () => {
  test('saves the search, lists it in the drawer, applies it and deletes it', async ({ page, server }) => {
    const run = Date.now().toString(36);
    await postAlert(server, { resource: `saved-${run}`, environment: 'Production', severity: 'major' });
    // Critical and the newest, so it heads the unfiltered list whatever other tests left on the shared server.
    await postAlert(server, { resource: `other-${run}`, environment: 'Production', severity: 'critical' });
    await logIn(page, server);

    const search = page.getByRole('searchbox', { name: 'Search alerts' });
    await search.fill(`resource:saved-${run}`);
    await search.press('Enter');
    await expect(page.getByRole('row', { name: new RegExp(`other-${run}`) })).toHaveCount(0);

    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save search' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill(`Mine ${run}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`Search “Mine ${run}” saved.`)).toBeVisible();
    expect(await savedQueries(server)).toEqual([{ text: `Mine ${run}`, q: `resource:saved-${run}` }]);

    // Back to every alert, then the saved search from the drawer.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`other-${run}`) })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Saved searches' }).click();
    await nav.getByRole('link', { name: `Mine ${run}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=resource%3Asaved-${run}`));
    await expect(search).toHaveValue(`resource:saved-${run}`);
    await expect(page.getByRole('row', { name: new RegExp(`saved-${run}`) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`other-${run}`) })).toHaveCount(0);

    // It survives a reload (stored with the user), and goes with its delete button.
    await page.reload();
    await nav.getByRole('button', { name: 'Saved searches' }).click();
    await nav.getByRole('button', { name: `Delete saved search Mine ${run}` }).click();
    await expect(nav.getByRole('link', { name: `Mine ${run}` })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Saved searches' })).toHaveCount(0);
    await expect.poll(() => savedQueries(server)).toEqual([]);
  });
});

test.describe('indicator panel', () => {
  test('shows the counts of the configured queries and applies one on click', async ({ page, server }) => {
    const run = Date.now().toString(36);
    await postAlert(server, { resource: `prod-${run}`, environment: 'Production', severity: 'critical' });
    await postAlert(server, { resource: `dev-${run}`, environment: 'Development', severity: 'warning' });
    // The server's default indicators include "Production" (environment=Production); the tile counts every status.
    const counts = await server.api('GET', '/alerts/count?environment=Production');
    const critical = (counts.body as { severityCounts: Record<string, number> }).severityCounts.critical ?? 0;
    expect(critical).toBeGreaterThan(0);
    await logIn(page, server);

    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Show indicator panel' }).click();
    await expect(page).toHaveURL(/asi:1$/);
    const panel = page.getByRole('region', { name: 'Alert indicators' });
    await expect(panel.getByRole('button', { name: /^Production/ })).toHaveAccessibleName(
      new RegExp(`^Production: Critical ${critical}, Major \\d+, Minor \\d+, Warning \\d+,`),
    );

    // The panel's state is in the hash, so a reload keeps it.
    await page.reload();
    await panel.getByRole('button', { name: /^Development/ }).click();
    await expect(page).toHaveURL(/#environment:Development;/);
    await expect(page.getByRole('tab', { name: /^Development/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row', { name: new RegExp(`dev-${run}`) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`prod-${run}`) })).toHaveCount(0);
  });
});
