import type { Page } from '@playwright/test';
import { linkToken, startMailbox, type Mailbox } from '../packages/server/test/support/mailbox';
import { createUser, unique } from './support/alerts';
import { blocking, runAxe, type AxeFinding } from './support/axe';
import { expect, test as base } from './support/server';

// Sign-up, email confirmation, forgotten and reset passwords against the real server, with the mail read from a
// local SMTP server (docs/console/behaviour.md#screens-and-routes, docs/console/behaviour.md#calls;
// docs/console/account-screens.md#sign-in-screens).

const test = base.extend<object, { mailbox: Mailbox }>({
  mailbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  // The server of this file lets people sign up (off by default) and confirms addresses by mail, through the mailbox
  // above. The administrator (who makes the test users) needs a confirmed address to log in, which only a login that is
  // an address gets.
  serverEnv: [
    async ({ mailbox }, use) => {
      await use({
        SIGNUP_ENABLED: 'true',
        ADMIN_USERS: 'admin@example.com',
        EMAIL_VERIFICATION: 'true',
        MAIL_FROM: 'alerta@example.com',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mailbox.port),
        SMTP_STARTTLS: 'false',
      });
    },
    { scope: 'worker' },
  ],
});

async function logInAs(page: Page, login: string, password: string) {
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('accounts', () => {
  test('sign up, confirm the address from the mail, then log in', async ({ page, server, mailbox }) => {
    const email = `${unique('signup')}@example.com`;
    const password = 'a long passphrase';
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your Alerta account' })).toBeVisible();

    await page.getByLabel(/^Full name/).fill('Signup Tester');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill('not the same');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText("Passwords entered don't match")).toBeVisible();
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByLabel(/^Description/).fill('Testing the sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(`We have sent a confirmation link to ${email}.`)).toBeVisible();

    const mail = await mailbox.next(email);
    const { link } = linkToken(mail, 'confirm');
    expect(new URL(link).origin).toBe(server.baseURL);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Thanks!' })).toBeVisible();
    await expect(page.getByText(`email address ${email} confirmed`)).toBeVisible();

    await page.getByRole('link', { name: 'Go to the login page' }).click();
    await logInAs(page, email, password);
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');
    const menu = page.getByRole('button', { name: `Account menu for ${email}` });
    await expect(menu).toBeVisible();

    // The description went into the account.
    const users = await server.api('GET', '/users');
    expect(JSON.stringify(users.body)).toContain('Testing the sign-up');
  });

  test('a used confirmation link says so and points to logging in again', async ({ page, server }) => {
    await page.goto(`${server.baseURL}/confirm/not-a-real-token`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Sorry, there was a problem confirming your email address');
    await page.getByRole('link', { name: 'Please try again' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  test('forgot password, reset it from the mailed link, and log in with the new one', async ({
    page,
    server,
    mailbox,
  }) => {
    const user = await createUser(server);
    const email = `${user.login}@example.com`;
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await expect(page.getByText('Reset email sent')).toBeVisible();

    const { link } = linkToken(await mailbox.next(email), 'reset');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = 'brand new secret';
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^Confirm password/).fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Min 8 characters')).toBeVisible();
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Confirm password/).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    // The link works once.
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('another secret 2');
    await page.getByLabel(/^Confirm password/).fill('another secret 2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toContainText('The password could not be reset');

    await page.goto(`${server.baseURL}/login`);
    await logInAs(page, user.login, user.password);
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
    await logInAs(page, user.login, newPassword);
    await expect(page).toHaveURL((url) => url.pathname === '/alerts');
  });

  test('axe finds nothing serious on the account screens', async ({ page, server, mailbox }, testInfo) => {
    const found: [string, AxeFinding[]][] = [];
    const scan = async (name: string) => {
      found.push([name, await runAxe(page, testInfo, name)]);
    };

    await page.goto(`${server.baseURL}/login`);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await scan('login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please fill in this field').first()).toBeVisible();
    await scan('login-errors');

    await page.goto(`${server.baseURL}/signup`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
    await scan('signup-errors');

    await page.goto(`${server.baseURL}/forgot`);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await scan('forgot');
    const user = await createUser(server);
    await page.getByLabel(/^Email/).fill(`${user.login}@example.com`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await scan('forgot-sent');
    const { link } = linkToken(await mailbox.next(`${user.login}@example.com`), 'reset');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await scan('reset');

    await page.goto(`${server.baseURL}/confirm/expired-token`);
    await expect(page.getByRole('alert')).toBeVisible();
    await scan('confirm-failed');

    await page.goto(`${server.baseURL}/logout`);
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    await scan('logout');

    for (const [name, findings] of found) {
      expect(blocking(findings), `serious or critical axe violations on ${name}`).toEqual([]);
    }
  });
});
