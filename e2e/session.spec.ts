import { alertRow, createUser, logIn, postAlert, unique } from './support/alerts';
import { expect, test } from './support/server';

/** Where the console keeps the token (packages/web/src/features/auth/token.ts). */
const TOKEN_KEY = 'auth.token';

test.describe('session', () => {
  test('a 401 mid-session goes to the login screen, and logging in again returns to the same filtered list', async ({
    page,
    server,
  }) => {
    const user = await createUser(server);
    const event = unique('Session');
    const resource = `${event}-prod`;
    await postAlert(server, { resource, event, environment: 'Production' });
    await postAlert(server, { resource: `${event}-dev`, event, environment: 'Development' });
    const path = `/alerts?q=event%3A${event}#environment:Production;dateRange:,;sb:default;sd:0;asi:0`;
    await logIn(page, server, path, user);
    await expect(alertRow(page, resource)).toBeVisible();
    await expect(alertRow(page, `${event}-dev`)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /^Production/ })).toHaveAttribute('aria-selected', 'true');
    const before = new URL(page.url());

    // The server stops accepting the user's token: the next load answers 401.
    const disabled = await server.api('PUT', `/user/${user.id}`, { status: 'inactive' });
    expect(disabled.status).toBe(200);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe(`${before.pathname}${before.search}${before.hash}`);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await expect(page.getByRole('button', { name: /log in/i })).toBeVisible();

    const enabled = await server.api('PUT', `/user/${user.id}`, { status: 'active' });
    expect(enabled.status).toBe(200);
    await page.getByLabel(/username|email/i).fill(user.login);
    await page.getByLabel(/password/i).fill(user.password);
    await page.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(`${server.baseURL}${redirect ?? ''}`);
    await expect(page.getByRole('searchbox', { name: 'Search alerts' })).toHaveValue(`event:${event}`);
    await expect(page.getByRole('tab', { name: /^Production/ })).toHaveAttribute('aria-selected', 'true');
    await expect(alertRow(page, resource)).toBeVisible();
    await expect(alertRow(page, `${event}-dev`)).toHaveCount(0);
  });

  test('a stored token the server refuses sends a reload to the login screen', async ({ page, server }) => {
    const event = unique('Forged');
    await postAlert(server, { resource: `${event}-a`, event });
    const path = `/alerts?q=event%3A${event}`;
    await logIn(page, server, path);
    await expect(alertRow(page, `${event}-a`)).toBeVisible();

    // Same claims, not yet expired, but a signature the server did not make.
    await page.evaluate((key) => {
      const token = localStorage.getItem(key) ?? '';
      const [header, payload, signature = ''] = token.split('.');
      const forged = (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1);
      localStorage.setItem(key, `${header}.${payload}.${forged}`);
    }, TOKEN_KEY);
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === path);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    await page.getByLabel(/username|email/i).fill(server.admin.login);
    await page.getByLabel(/password/i).fill(server.admin.password);
    await page.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(`${server.baseURL}${path}`);
    await expect(alertRow(page, `${event}-a`)).toBeVisible();
  });
});
