import { alertRow, createUser, EVERY_STATUS, logIn, postAlert, putMyPreferences, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, test, type RunningServer } from './support/server';

/** WCAG relative luminance of a CSS `rgb()`/`rgba()` colour. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Every severity of the default alarm model, so every row colour of the list is checked (ok/normal/cleared close). */
const SEVERITIES = [
  'security',
  'critical',
  'major',
  'minor',
  'warning',
  'indeterminate',
  'informational',
  'normal',
  'ok',
  'cleared',
  'debug',
  'trace',
  'unknown',
];

async function postEverySeverity(server: RunningServer, event: string): Promise<string[]> {
  const ids: string[] = [];
  for (const severity of SEVERITIES) {
    ids.push(await postAlert(server, { resource: `${event}-${severity}`, event, severity, text: `${severity} alert` }));
  }
  return ids;
}

test.describe('accessibility', () => {
  test('axe finds nothing serious or critical on the alert list and the alert detail', async ({
    page,
    server,
  }, testInfo) => {
    const event = unique('Axe');
    const [id] = await postEverySeverity(server, event);
    await server.api('PUT', `/alert/${id}/note`, { text: 'looking into it' });
    await logIn(page, server, `/alerts?q=event:${event}${EVERY_STATUS}`);
    await expect(alertRow(page, `${event}-critical`)).toBeVisible();
    await expect(alertRow(page, `${event}-ok`)).toBeVisible();

    const list = await runAxe(page, testInfo, 'alerts');
    await page.goto(`${server.baseURL}/alert/${id}`);
    await expect(page.getByRole('heading', { name: `${event}-security · ${event}` })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Details' }).getByText('looking into it')).toBeVisible();
    const detail = await runAxe(page, testInfo, 'alert-detail');
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('table', { name: 'Alert history' })).toBeVisible();
    const history = await runAxe(page, testInfo, 'alert-history');

    expect(blocking(list), 'serious or critical axe violations on /alerts').toEqual([]);
    expect(blocking(detail), 'serious or critical axe violations on /alert/:id').toEqual([]);
    expect(blocking(history), 'serious or critical axe violations on the history tab').toEqual([]);
  });

  test('dark mode from the user preference: dark page background, screenshot attached', async ({
    page,
    server,
  }, testInfo) => {
    const user = await createUser(server);
    await putMyPreferences(server, user, { isDark: true });
    const event = unique('Dark');
    await postEverySeverity(server, event);
    await logIn(page, server, `/alerts?q=event:${event}${EVERY_STATUS}`, user);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(alertRow(page, `${event}-critical`)).toBeVisible();
    await expect(alertRow(page, `${event}-ok`)).toBeVisible();

    await page.mouse.move(0, 0);
    const path = testInfo.outputPath('alerts-dark.png');
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach('alerts-dark', { path, contentType: 'image/png' });

    const colors = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      main: getComputedStyle(document.querySelector('main') ?? document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
    }));
    // A transparent main shows the body behind it.
    const mainColor = /rgba\(.*,\s*0\)$/.test(colors.main) ? colors.body : colors.main;
    expect(luminance(colors.body), `body background ${colors.body}`).toBeLessThan(0.05);
    expect(luminance(mainColor), `main background ${mainColor}`).toBeLessThan(0.05);
    expect(luminance(colors.text), `body text ${colors.text}`).toBeGreaterThan(0.4);

    const dark = await runAxe(page, testInfo, 'alerts-dark');
    await alertRow(page, `${event}-critical`).getByRole('link', { name: event }).click();
    await expect(page.getByRole('heading', { name: `${event}-critical · ${event}` })).toBeVisible();
    const darkDetail = await runAxe(page, testInfo, 'alert-detail-dark');
    expect(blocking(dark), 'serious or critical axe violations on /alerts in dark mode').toEqual([]);
    expect(blocking(darkDetail), 'serious or critical axe violations on /alert/:id in dark mode').toEqual([]);
  });
});
