import type { APIResponse, Page } from '@playwright/test';
import { logIn, postAlert, unique } from './support/alerts';
import { type RunningServer, expect, networkQuiet, test } from './support/server';

// README.md#security-headers. Every test of the suite fails on a Content-Security-Policy violation (the cspViolations
// fixture of support/server.ts); this one walks every screen of the console under the policy, and checks the headers.

/** The screens behind the login, by path and the title each sets (`<screen> | Alerta`). */
const SCREENS: readonly (readonly [string, string])[] = [
  ['/heartbeats', 'Heartbeats'],
  ['/users', 'Users'],
  ['/groups', 'Groups'],
  ['/customers', 'Customers'],
  ['/blackouts', 'Blackouts'],
  ['/perms', 'Permissions'],
  ['/keys', 'API Keys'],
  ['/reports', 'Reports'],
  ['/profile', 'Profile'],
  ['/settings', 'Settings'],
  ['/about', 'About'],
];

/** The screens for visitors who are not signed in. */
const PUBLIC_SCREENS: readonly (readonly [string, string])[] = [
  ['/login', 'Log In'],
  ['/signup', 'Sign Up'],
  ['/forgot', 'Forgot Password'],
  ['/reset/not-a-real-token', 'Reset Password'],
];

/** Opens a screen and waits until it has drawn and fetched everything it asks for. */
async function visit(page: Page, server: RunningServer, path: string, title: string): Promise<void> {
  await page.goto(`${server.baseURL}${path}`);
  await expect(page).toHaveTitle(`${title} | Alerta`);
  await networkQuiet(page);
  await expect(page.getByRole('heading').first()).toBeVisible();
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: APIResponse): Map<string, string> {
  const header = response.headers()['content-security-policy'] ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

function expectCommonHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('same-origin');
  expect(directives(response).get('frame-ancestors'), what).toBe("'none'");
  expect(headers['cross-origin-opener-policy'], what).toBeUndefined();
  expect(headers['cross-origin-embedder-policy'], what).toBeUndefined();
}

test.describe('content security policy', () => {
  test('every screen of the console works under the policy without a single violation', async ({ page, server }) => {
    const resource = unique('csp-');
    const id = await postAlert(server, { resource, event: 'CspCheck', text: 'checked under the policy' });
    // Chromium reports a header it cannot parse (an unknown Permissions-Policy feature) as a console warning.
    const headerComplaints: string[] = [];
    page.on('console', (message) => {
      if (/Permissions-Policy|Content-Security-Policy/.test(message.text())) headerComplaints.push(message.text());
    });

    await logIn(page, server, '/alerts');
    await networkQuiet(page);
    const row = page.locator(`tr[data-alert-id="${id}"]`);
    await expect(row).toBeVisible();

    await visit(page, server, `/alert/${id}`, 'Alert Detail');
    await expect(page.getByText(resource).first()).toBeVisible();

    for (const [path, title] of SCREENS) await visit(page, server, path, title);

    // A dialog draws through a portal with styles of its own.
    await visit(page, server, '/blackouts', 'Blackouts');
    await page
      .getByRole('button', { name: /new blackout|add blackout|create/i })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`${server.baseURL}/logout`);
    await expect(page).toHaveTitle('Logout | Alerta');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth.token'))).toBeNull();
    for (const [path, title] of PUBLIC_SCREENS) await visit(page, server, path, title);
    await expect(page.getByLabel(/password/i).first()).toBeVisible();
    expect(headerComplaints, 'security headers Chromium could not read').toEqual([]);
  });

  test('the listener catches what the policy refuses', async ({ page, server, cspViolations, consoleErrors }) => {
    await page.goto(`${server.baseURL}/login`);
    await expect(page).toHaveTitle('Log In | Alerta');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations[0]).toMatch(/^script-src-elem refused inline/);
    // Chromium logs the refusal as well; both are what this test provoked.
    cspViolations.splice(0);
    const logged = consoleErrors.filter((text) => /Content Security Policy/.test(text));
    expect(logged.length).toBeGreaterThan(0);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !logged.includes(text)));
  });

  test('pages, files, config.json and API answers carry the security headers', async ({ page, server }) => {
    const home = await page.request.get(`${server.baseURL}/`);
    expect(home.status()).toBe(200);
    expectCommonHeaders(home, '/');
    const policy = directives(home);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'self'");
    expect(home.headers()['permissions-policy']).toMatch(/camera=\(\)/);
    expect(home.headers()['cross-origin-resource-policy']).toBe('same-origin');

    const script = /<script[^>]+src="([^"]+)"/.exec(await home.text())?.[1];
    expect(script, 'the script index.html loads').toBeDefined();
    const asset = await page.request.get(`${server.baseURL}${String(script)}`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(asset.status()).toBe(200);
    expectCommonHeaders(asset, 'asset');
    expect(directives(asset).get('default-src')).toBe("'none'");
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['vary']).toMatch(/accept-encoding/i);

    const config = await page.request.get(`${server.baseURL}/config.json`);
    expect(await config.json()).toEqual({ endpoint: '/api' });
    expectCommonHeaders(config, '/config.json');

    const api = await page.request.get(`${server.baseURL}/api/config`);
    expect(api.status()).toBe(200);
    expectCommonHeaders(api, '/api/config');
    expect(directives(api).get('default-src')).toBe("'none'");
    expect(api.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
