import { logIn } from './support/alerts';
import { expect, test } from './support/server';

// docs/console/plumbing.md#routes: an address without a screen says so, instead of showing the alert list.

test.describe('unknown addresses', () => {
  test('show a not-found page with the address as text and a way back to the list', async ({ page, server }) => {
    await logIn(page, server, '/alerts');
    const address = '/docs/<img src=x>/runbook?section=2';
    await page.goto(`${server.baseURL}${address}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Not Found | Alerta');
    // The address as the browser holds it, shown as text: no element comes of it.
    const shown = page.getByTestId('unknown-address');
    await expect(shown).toHaveText('/docs/%3Cimg%20src=x%3E/runbook?section=2');
    await expect(shown.locator('img')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/docs/%3Cimg%20src=x%3E/runbook');
    await page.getByRole('link', { name: 'Go to the alert list' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');
    await expect(page).toHaveTitle('Alerts | Alerta');
  });

  test('fit a phone, with the link easy to tap', async ({ page, server }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, server, '/alerts');
    await page.goto(`${server.baseURL}/docs/${'a-very-long-segment-'.repeat(8)}`);
    const link = page.getByRole('link', { name: 'Go to the alert list' });
    await expect(link).toBeVisible();
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    const box = await link.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });

  test('keep the old hash links and the root going where they went', async ({ page, server }) => {
    await logIn(page, server, '/alerts');
    await page.goto(`${server.baseURL}/#/heartbeats`);
    await expect(page).toHaveURL((url) => url.pathname === '/heartbeats' && url.hash === '');
    await page.goto(`${server.baseURL}/`);
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  });
});
