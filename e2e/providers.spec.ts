import type { Page } from '@playwright/test';
import { startIdp, type Idp } from '../packages/server/test/support/oidc-idp';
import { postAlert, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, test as base } from './support/server';

// Signing in through an OpenID Connect provider in a popup (docs/console/plumbing.md#sign-in-providers) against the
// real server and a real identity provider (oidc-provider) started here, which asks who signs in with a form in the
// popup. The server also lets anonymous visitors read (docs/console/behaviour.md#screens-and-routes,
// docs/console/behaviour.md#roles-and-permissions).

const test = base.extend<object, { idp: Idp }>({
  idp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const idp = await startIdp({ loginForm: true });
      await use(idp);
      await idp.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ idp }, use) => {
      await use({
        AUTH_PROVIDER: 'openid',
        OIDC_ISSUER_URL: idp.issuer,
        OAUTH2_CLIENT_ID: idp.clientId,
        OAUTH2_CLIENT_SECRET: idp.clientSecret,
        ALLOW_READONLY: 'true',
      });
    },
    { scope: 'worker' },
  ],
});

/** A person at the identity provider, who signs in on its form by `sub`. */
function personAt(idp: Idp): { sub: string; email: string } {
  const sub = unique('oidc');
  const email = `${sub}@example.com`;
  idp.addAccount({ sub, claims: { preferred_username: sub, name: `OIDC ${sub}`, email, email_verified: true } });
  return { sub, email };
}

/**
 * The sign-in popup the console opens on its own; when the browser blocks it, the console offers a button, which
 * opens it.
 */
async function signInPopup(page: Page, open: () => Promise<unknown>): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await open();
  const blocked = page.getByRole('button', { name: 'Open the sign-in window' });
  const first = await Promise.race([popup, blocked.waitFor().then(() => null)]);
  if (first !== null) return first;
  await blocked.click();
  return popup;
}

test.describe('OpenID Connect sign-in', () => {
  test.beforeEach(({ idp, server }) => {
    // The console sends the provider back to its own address: this server's, known once it runs.
    idp.allowRedirectUri(`${server.baseURL}/`);
  });

  test('an anonymous reader logs in through the provider popup and gets the write controls', async ({
    page,
    server,
    idp,
  }) => {
    const person = personAt(idp);
    const resource = unique('oidc-row');
    await postAlert(server, { resource, event: 'NodeDown' });

    await page.goto(`${server.baseURL}/alerts`);
    const row = page.getByRole('row', { name: new RegExp(resource) });
    await expect(row).toBeVisible();
    await row.hover();
    await expect(row.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
    // Sign-up is only for password accounts.
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);

    const popup = await signInPopup(page, () => page.getByRole('link', { name: 'Log in' }).click());
    await expect(page.getByText('Authenticating with OpenID Connect …')).toBeVisible();
    // Back on the console's address, the popup hands the answer over without starting a console of its own.
    const popupConfigLoads: string[] = [];
    popup.on('request', (request) => {
      if (/\/(?:api\/)?config(?:\.json)?$/.test(new URL(request.url()).pathname)) popupConfigLoads.push(request.url());
    });
    await popup.getByLabel('Username').fill(person.sub);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    // The popup may close while the click is still being reported, and a 'close' already fired is not fired again.
    if (!popup.isClosed()) await popup.waitForEvent('close');
    expect(popupConfigLoads).toEqual([]);

    await expect(page).toHaveURL((url) => url.pathname === '/alerts');
    await expect(page.getByRole('button', { name: `Account menu for ${person.sub}` })).toBeVisible();
    await page.getByRole('row', { name: new RegExp(resource) }).hover();
    await expect(
      page.getByRole('row', { name: new RegExp(resource) }).getByRole('button', { name: 'Acknowledge' }),
    ).toBeVisible();
  });

  test('the popup asks the provider for a code for this console, and a closed popup can be tried again', async ({
    page,
    server,
    idp,
  }) => {
    const asked = page.context().waitForEvent('request', (r) => r.url().startsWith(`${idp.issuer}/auth?`));
    const popup = await signInPopup(page, () => page.goto(`${server.baseURL}/login`));
    const url = (await asked).url();
    const state = new URL(url).searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(url).toBe(
      `${idp.issuer}/auth?response_type=code&client_id=${idp.clientId}` +
        `&redirect_uri=${encodeURIComponent(`${server.baseURL}/`)}&scope=openid%20profile%20email&state=${state}`,
    );
    await expect(popup.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await popup.close();
    await expect(page.getByRole('alert')).toContainText('The sign-in window was closed');
    const again = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Please try again' }).click();
    const second = await again;
    await expect(second.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await second.close();
  });

  test('logging out goes on to the provider, asking to come back to /logout', async ({ page, server, idp }) => {
    const person = personAt(idp);
    const popup = await signInPopup(page, () => page.goto(`${server.baseURL}/login`));
    await popup.getByLabel('Username').fill(person.sub);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');

    // The provider's own sign-out page loads a stylesheet from the internet, which this machine does not reach.
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 200, body: '' }),
    );
    await page.getByRole('button', { name: `Account menu for ${person.sub}` }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.origin === idp.issuer && url.searchParams.get('post_logout_redirect_url') === `${server.baseURL}/logout`,
    );
    await expect(page.getByRole('heading', { name: /sign-out/ })).toBeVisible();
    // The console's own session ended before it left.
    await page.goto(`${server.baseURL}/alerts`);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  });

  test('axe finds nothing serious while the provider is asked', async ({ page, server }, testInfo) => {
    await page.goto(`${server.baseURL}/alerts`);
    const popup = await signInPopup(page, () => page.getByRole('link', { name: 'Log in' }).click());
    await expect(page.getByText('Authenticating with OpenID Connect …')).toBeVisible();
    const waiting = await runAxe(page, testInfo, 'provider-login');
    await popup.close();
    await expect(page.getByRole('button', { name: 'Please try again' })).toBeVisible();
    const failed = await runAxe(page, testInfo, 'provider-login-failed');
    expect(blocking(waiting), 'serious or critical axe violations while signing in').toEqual([]);
    expect(blocking(failed), 'serious or critical axe violations after a failed sign-in').toEqual([]);
  });
});
