import { alertRow, createUser, getAlert, logIn, postAlert, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, test } from './support/server';

// Local time 5½ hours from UTC, so a date shown in UTC cannot be mistaken for the local one.
test.use({ timezoneId: 'Asia/Kolkata' });

/** "Fri 20 Nov 10:05", the console's default medium date, in UTC or in Kolkata time. */
function mediumDate(iso: string, timeZone: 'UTC' | 'Asia/Kolkata'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.hour}:${parts.minute}`;
}

test.describe('settings', () => {
  test('switching to French changes the console at once and is kept', async ({ page, server }) => {
    const user = await createUser(server);
    await logIn(page, server, '/settings', user);
    await page.getByRole('combobox', { name: 'Language of the console' }).selectOption('fr');
    await expect(page.getByRole('heading', { name: 'Réglages', level: 1 })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Thème sombre' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Réglages', level: 1 })).toBeVisible();
  });

  test('UTC display shows the alert list in UTC', async ({ page, server }) => {
    const user = await createUser(server);
    const resource = unique('utc');
    const id = await postAlert(server, { resource, event: 'UtcCheck' });
    const stored = await getAlert(server, id);
    const received = String(stored?.lastReceiveTime);
    const local = mediumDate(received, 'Asia/Kolkata');
    const utc = mediumDate(received, 'UTC');
    expect(local).not.toBe(utc);

    await logIn(page, server, `/alerts?q=resource:${resource}`, user);
    await expect(alertRow(page, resource).locator('time')).toHaveText(local);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Show dates and times in' }).selectOption('utc');
    await expect(page.getByText('Settings saved.')).toBeVisible();
    // Back to the list without reloading the page: the change applies at once.
    await page.goBack();
    await expect(alertRow(page, resource).locator('time')).toHaveText(utc);
  });

  test('dark theme turns the console dark at once and stays on', async ({ page, server }) => {
    const user = await createUser(server);
    await logIn(page, server, '/settings', user);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('switch', { name: 'Dark theme' }).check();
    await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('axe finds nothing serious on Settings, light and dark', async ({ page, server }, testInfo) => {
    const user = await createUser(server);
    await logIn(page, server, '/settings', user);
    await expect(page.getByRole('slider', { name: 'Font size' })).toBeVisible();
    const light = await runAxe(page, testInfo, 'settings');
    await page.getByRole('switch', { name: 'Dark theme' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByText('Settings saved.')).toBeVisible();
    const dark = await runAxe(page, testInfo, 'settings-dark');
    expect(blocking(light), 'serious or critical axe violations on /settings').toEqual([]);
    expect(blocking(dark), 'serious or critical axe violations on /settings in dark mode').toEqual([]);
  });
});

test.describe('profile', () => {
  test("shows the administrator's login, read only, and axe finds nothing serious", async ({
    page,
    server,
  }, testInfo) => {
    await logIn(page, server, '/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    const field = (name: string) =>
      page.getByRole('term').filter({ hasText: name }).locator('xpath=following-sibling::dd[1]');
    await expect(field('Username')).toHaveText(server.admin.login);
    await expect(field('Signed in through')).toHaveText('BasicAuth');
    await expect(field('Roles')).toContainText('admin');
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    const findings = await runAxe(page, testInfo, 'profile');
    expect(blocking(findings), 'serious or critical axe violations on /profile').toEqual([]);
  });
});
