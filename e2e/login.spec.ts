import { expect, test } from './support/server';

test.describe('sign in and see alerts', () => {
  test('logs in with the printed credentials, sees a posted alert, stays logged in on reload, logs out', async ({
    page,
    server,
  }) => {
    const resource = `e2e-web-${Date.now()}`;
    const posted = await server.api('POST', '/alert', {
      resource,
      event: 'NodeDown',
      environment: 'Production',
      service: ['Web'],
      severity: 'major',
      text: 'Node is not answering <script>window.__xss = 1</script>',
    });
    expect(posted.status).toBe(201);

    await page.goto(`${server.baseURL}/alerts`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Falerts/);

    await page.getByLabel(/username|email/i).fill(server.admin.login);
    await page.getByLabel(/password/i).fill(server.admin.password);
    await page.getByRole('button', { name: /log in|sign in/i }).click();

    await expect(page).toHaveURL(/\/alerts/);
    const row = page.getByRole('row', { name: new RegExp(resource) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Node is not answering <script>');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page).toHaveTitle(/Alerts \| Alerta/);

    await page.reload();
    await expect(page).toHaveURL(/\/alerts/);
    await expect(page.getByRole('row', { name: new RegExp(resource) })).toBeVisible();

    await page.goto(`${server.baseURL}/logout`);
    await expect(page.getByText(/logged out/i)).toBeVisible();
    await page.goto(`${server.baseURL}/alerts`);
    await expect(page).toHaveURL(/\/login/);
  });

  test('rejects a wrong password with the server message', async ({ page, server }) => {
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel(/username|email/i).fill(server.admin.login);
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('offers no sign-up on a server left at its defaults', async ({ page, server }) => {
    // README.md#where-we-differ-from-the-reference-server: sign-up is off unless SIGNUP_ENABLED=true.
    const config = await fetch(`${server.baseURL}/api/config`);
    expect(((await config.json()) as { signup_enabled?: unknown }).signup_enabled).toBe(false);
    await page.goto(`${server.baseURL}/login`);
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await page.goto(`${server.baseURL}/signup`);
    await expect(page.getByRole('heading', { name: 'Sorry, sign up is not currently available' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeDisabled();
  });

  test('rewrites an old-style /#/ link, and tells a visitor that an unknown path has no page', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.baseURL}/#/alerts`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Falerts/);
    // docs/console/plumbing.md#routes: not found, whoever the visitor is; the address stays.
    await page.goto(`${server.baseURL}/no-such-screen`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/no-such-screen');
  });
});
