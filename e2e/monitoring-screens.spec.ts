import { getAlert, logIn, postAlert, unique } from './support/alerts';
import { blocking, runAxe } from './support/axe';
import { expect, test } from './support/server';

test.describe('heartbeats, reports and about', () => {
  /** Heartbeats a test made; an expired one left behind would fail the API's health check for every later test. */
  const madeHeartbeats: string[] = [];
  test.afterEach(async ({ server }) => {
    for (const id of madeHeartbeats.splice(0)) await server.api('DELETE', `/heartbeat/${id}`);
  });

  test('a heartbeat sent to the API is listed with its status, and deleted after confirmation', async ({
    page,
    server,
  }, testInfo) => {
    const origin = unique('cron-');
    const posted = await server.api('POST', '/heartbeat', {
      origin,
      tags: ['nightly', 'e2e'],
      attributes: { region: 'eu-west' },
      timeout: 600,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const id = (posted.body as { id: string }).id;
    madeHeartbeats.push(id);
    // One late (sent 10 s before it arrived) and one already past its timeout, so all three labels are on the page.
    const sent = new Date(Date.now() - 10_000).toISOString();
    for (const body of [
      { origin: `${origin}-slow`, createTime: sent, timeout: 600 },
      { origin: `${origin}-gone`, timeout: 0 },
    ]) {
      const other = await server.api('POST', '/heartbeat', body);
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      madeHeartbeats.push((other.body as { id: string }).id);
    }

    await logIn(page, server, '/heartbeats');
    await page.getByRole('searchbox', { name: 'Search' }).fill(origin);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: origin, exact: true }) });
    await expect(row).toBeVisible();
    await expect(row.getByText('nightly')).toBeVisible();
    await expect(row.getByText('region: eu-west')).toBeVisible();
    await expect(row.getByText('OK', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: /^0:(09|10):\d\d$/ })).toBeVisible();
    await expect(row.getByRole('cell', { name: /seconds? ago|a minute ago/ })).toBeVisible();
    const rowOf = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(rowOf(`${origin}-slow`).getByText('Slow', { exact: true })).toBeVisible();
    await expect(rowOf(`${origin}-slow`).getByRole('cell', { name: /^1\d{4} ms$/ })).toBeVisible();
    // The list is read again on the top bar's Refresh, by when the second one has expired.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await expect(rowOf(`${origin}-gone`).getByText('Expired', { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(rowOf(`${origin}-gone`).getByRole('cell', { name: '0:00:00' })).toBeVisible();

    // Only the expired one with OK and Slow turned off.
    const statusFilter = page.getByRole('group', { name: 'Show' });
    await statusFilter.getByText('OK', { exact: true }).click();
    await statusFilter.getByText('Slow', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'OK' })).not.toBeChecked();
    await expect(row).toHaveCount(0);
    await expect(rowOf(`${origin}-slow`)).toHaveCount(0);
    await expect(rowOf(`${origin}-gone`)).toBeVisible();
    await statusFilter.getByText('OK', { exact: true }).click();
    await statusFilter.getByText('Slow', { exact: true }).click();
    await expect(row).toBeVisible();

    const findings = await runAxe(page, testInfo, 'heartbeats');
    expect(blocking(findings), 'serious or critical axe violations on /heartbeats').toEqual([]);

    await row.getByRole('button', { name: `Delete heartbeat ${origin}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Heartbeat deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(rowOf(`${origin}-slow`)).toBeVisible();
    await expect.poll(async () => (await server.api('GET', `/heartbeat/${id}`)).status).toBe(404);
  });

  test('reports list the top offenders of posted alerts, and a resource opens its alert', async ({
    page,
    server,
  }, testInfo) => {
    const service = unique('Billing');
    const event = unique('QueueBacklog');
    const first = await postAlert(server, { resource: unique('queue-a'), event, service: [service] });
    const resource = (await getAlert(server, first))?.resource ?? '';
    await postAlert(server, { resource, event, service: [service] });
    await postAlert(server, { resource: unique('queue-b'), event, service: [service], environment: 'Development' });
    // A change of severity makes the first alert flap.
    await postAlert(server, { resource, event, service: [service], severity: 'critical' });

    // The service filter in the address keeps other tests' alerts out.
    await logIn(page, server, `/reports?service=${service}`);
    const offenders = page.getByRole('table', { name: 'Top 10 offenders' });
    const row = offenders.getByRole('row', { name: new RegExp(event) });
    await expect(row).toBeVisible();
    // Two alerts (one with a repeat); the environments in either order.
    await expect(row.getByRole('cell')).toHaveText([
      event,
      '2',
      /^\d+$/,
      /^(Production, Development|Development, Production)$/,
      service,
      new RegExp(resource),
    ]);
    await expect(
      page.getByRole('table', { name: 'Top 10 flapping' }).getByRole('row', { name: new RegExp(event) }),
    ).toBeVisible();

    const findings = await runAxe(page, testInfo, 'reports');
    expect(blocking(findings), 'serious or critical axe violations on /reports').toEqual([]);

    await page.getByRole('combobox', { name: 'Show' }).selectOption('20');
    await expect(page.getByRole('table', { name: 'Top 20 offenders' })).toBeVisible();
    await expect(page).toHaveURL(/top=20/);

    await page.getByRole('table', { name: 'Top 20 offenders' }).getByRole('link', { name: resource }).click();
    await expect(page).toHaveURL(new RegExp(`/alert/${first}$`));
    await expect(page.getByRole('heading', { name: `${resource} · ${event}` })).toBeVisible();
    await page.goBack();
    await expect(
      page.getByRole('table', { name: 'Top 20 offenders' }).getByRole('row', { name: new RegExp(event) }),
    ).toBeVisible();
  });

  test('about shows the console version, the API manifest, its health and its metrics', async ({
    page,
    server,
  }, testInfo) => {
    // A received alert makes sure the alert timer has run at least once.
    await postAlert(server, { resource: unique('about-'), event: 'AboutCheck' });
    await logIn(page, server, '/about');
    const versions = page.getByRole('table', { name: /Versions of the console/ });
    const consoleRow = versions
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Console', exact: true }) });
    await expect(consoleRow).toContainText('0.1.0');
    await expect(versions.getByRole('row', { name: /^API endpoint/ }).getByRole('link')).toHaveText(
      `${server.baseURL}/api`,
    );
    await expect(versions.getByText(/^Alerta API \d+\.\d+\.\d+$/)).toBeVisible();
    await expect(versions.getByRole('row', { name: /^Health check/ })).toContainText('OK');

    const metrics = page.getByRole('table', { name: 'Metrics of the API' });
    const total = metrics.getByRole('row', { name: /alerts\.total/ });
    await expect(total).toBeVisible();
    await expect(total.getByRole('cell').nth(1)).toHaveText('Gauge');
    const received = metrics.getByRole('row').filter({ has: page.getByRole('cell', { name: 'alerts.received' }) });
    await expect(received.getByRole('cell')).toHaveText([
      'Received alerts',
      'Timer',
      'alerts.received',
      /^\d+$/,
      /^\d+\.\d\d ms$/,
    ]);
    await expect(page.getByRole('row', { name: /^Uptime/ })).toContainText(/^Uptime\s*\d+ days? \d\d:\d\d:\d\d$/);

    const findings = await runAxe(page, testInfo, 'about');
    expect(blocking(findings), 'serious or critical axe violations on /about').toEqual([]);
  });
});
