import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createTestDatabase, dropTestDatabases, stopOwnCluster } from '../packages/server/test/support/postgres';
import {
  type ServerProcess,
  startServerProcess,
  startWithFirstAdmin,
} from '../packages/server/test/support/server-process';
import { type Credentials, createUser, logIn, postAlert, putMyPreferences, unique } from './support/alerts';
import { expect, runningServer, test, type RunningServer } from './support/server';

// docs/console/behaviour.md#live-updates and docs/api/stream.md: on our server the console hears of changes through
// the live stream instead of polling. Every user here polls once an hour, so a change that shows within seconds came
// through the stream.

const HOUR = 3_600_000;
/** A change reaches the screen well within this through the stream (the bench measures it: bench/RESULTS.md). */
const LIVE_WITHIN = 5_000;

/** A user of the console's own who polls once an hour. */
async function hourlyPoller(server: RunningServer, roles = ['admin']): Promise<Credentials> {
  const user = await createUser(server, { roles });
  await putMyPreferences(server, user, { refreshInterval: HOUR });
  return user;
}

const indicator = (page: Page) => page.getByRole('status').filter({ hasText: /^(Live|Connecting|Polling)$/ });

/** Opens the alert list of `event` alone and waits for the stream to be live. */
async function openLiveList(page: Page, server: RunningServer, who: Credentials, event: string): Promise<void> {
  await logIn(page, server, `/alerts?q=event:${event}`, who);
  await expect(page.getByRole('table', { name: 'Alert list' })).toBeVisible();
  await expect(indicator(page)).toHaveText('Live', { timeout: 15_000 });
}

const row = (page: Page, resource: string) =>
  page.getByRole('table', { name: 'Alert list' }).getByRole('row').filter({ hasText: resource });

test.describe('live updates', () => {
  test('an alert posted through the API shows without a poll, and its close takes it away', async ({
    page,
    server,
  }) => {
    const user = await hourlyPoller(server);
    const event = unique('Live');
    await postAlert(server, { resource: 'live-first', event });
    await openLiveList(page, server, user, event);
    await expect(row(page, 'live-first')).toBeVisible();

    const id = await postAlert(server, { resource: 'live-second', event, severity: 'critical' });
    await expect(row(page, 'live-second')).toBeVisible({ timeout: LIVE_WITHIN });
    await expect(page.getByRole('tab', { selected: true })).toContainText('2');

    const closed = await server.api('PUT', `/alert/${id}/status`, { status: 'closed', text: 'fixed' });
    expect(closed.status).toBe(200);
    await expect(row(page, 'live-second')).toHaveCount(0, { timeout: LIVE_WITHIN });
  });

  test('the alert page shows an action taken elsewhere without a reload', async ({ page, server }) => {
    const user = await hourlyPoller(server);
    const resource = unique('live-detail');
    const id = await postAlert(server, { resource, event: 'DiskFull' });
    // The stream is the console's, not the alert list's: it opens on any screen once the console is quiet.
    const streaming = page.waitForResponse((response) => response.url().endsWith('/api/alerts/stream'));
    await logIn(page, server, `/alert/${id}`, user);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(resource);
    expect((await streaming).status()).toBe(200);
    const ack = await server.api('PUT', `/alert/${id}/action`, { action: 'ack', text: 'on it' });
    expect(ack.status).toBe(200);
    await expect(page.getByText(/Acknowledged by/).first()).toBeVisible({ timeout: LIVE_WITHIN });
  });

  test('two tabs of one browser share one stream, and the second takes it over when the first closes', async ({
    browser,
    server,
  }) => {
    const user = await hourlyPoller(server);
    const event = unique('Tabs');
    const context = await browser.newContext();
    const streams: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/alerts/stream')) streams.push(request.url());
    });
    const first = await context.newPage();
    await openLiveList(first, server, user, event);
    const second = await context.newPage();
    await second.goto(`${server.baseURL}/alerts?q=event:${event}`);
    await expect(indicator(second)).toHaveText('Live', { timeout: 15_000 });
    expect(streams, 'one stream for both tabs').toHaveLength(1);

    await postAlert(server, { resource: 'seen-in-both', event });
    await expect(row(first, 'seen-in-both')).toBeVisible({ timeout: LIVE_WITHIN });
    await expect(row(second, 'seen-in-both')).toBeVisible({ timeout: LIVE_WITHIN });

    await first.close();
    await expect.poll(() => streams.length, { timeout: 15_000 }).toBe(2);
    await postAlert(server, { resource: 'after-takeover', event });
    await expect(row(second, 'after-takeover')).toBeVisible({ timeout: LIVE_WITHIN });
    await context.close();
  });

  test('a desktop notification for a new open alert of a chosen severity, not for a repeat, opening the alert', async ({
    page,
    server,
  }) => {
    // The browser's notification centre is outside the page: a recorder stands in for it, granting permission when
    // asked, as a user clicking Allow would.
    await page.addInitScript(() => {
      type Shown = { title: string; body: string; tag: string; onclick: (() => void) | null };
      const shown: Shown[] = [];
      class RecordedNotification {
        // The browser remembers the answer for the site, across loads of the page.
        static get permission(): NotificationPermission {
          return localStorage.getItem('recorded-notification-permission') === 'granted' ? 'granted' : 'default';
        }
        static requestPermission(): Promise<NotificationPermission> {
          localStorage.setItem('recorded-notification-permission', 'granted');
          return Promise.resolve('granted');
        }
        onclick: (() => void) | null = null;
        constructor(title: string, options: NotificationOptions = {}) {
          const entry: Shown = { title, body: options.body ?? '', tag: options.tag ?? '', onclick: null };
          shown.push(entry);
          Object.defineProperty(this, 'onclick', {
            set: (handler: (() => void) | null) => {
              entry.onclick = handler;
            },
            get: () => entry.onclick,
          });
        }
        close(): void {
          // Nothing is on a screen to take away.
        }
      }
      Object.assign(window, { Notification: RecordedNotification, shownNotifications: shown });
    });
    const user = await hourlyPoller(server);
    await logIn(page, server, '/settings', user);
    await page.getByRole('switch', { name: 'Notify me of new alerts on the desktop' }).click();
    await expect(page.getByRole('switch', { name: 'Notify me of new alerts on the desktop' })).toBeChecked();

    const event = unique('Notify');
    await page.goto(`${server.baseURL}/alerts?q=event:${event}`);
    await expect(indicator(page)).toHaveText('Live', { timeout: 15_000 });
    const shown = () =>
      page.evaluate(() =>
        (
          window as unknown as { shownNotifications: { title: string; body: string; tag: string }[] }
        ).shownNotifications.map(({ title, body, tag }) => ({ title, body, tag })),
      );

    const id = await postAlert(server, { resource: 'notify-db', event, severity: 'critical', text: 'replica down' });
    await expect
      .poll(shown, { timeout: LIVE_WITHIN })
      .toEqual([{ title: `Critical: notify-db · ${event}`, body: 'replica down', tag: id }]);
    // A repeat of the critical alert, then a minor one (a severity not chosen): nothing more. Changes are handled in
    // the order they come, so once the minor row shows, both have been.
    await postAlert(server, { resource: 'notify-db', event, severity: 'critical', text: 'replica down' });
    await postAlert(server, { resource: 'notify-minor', event, severity: 'minor' });
    await expect(row(page, 'notify-minor')).toBeVisible({ timeout: LIVE_WITHIN });
    expect(await shown()).toHaveLength(1);

    await page.evaluate(() => {
      (
        window as unknown as { shownNotifications: { onclick: (() => void) | null }[] }
      ).shownNotifications[0]?.onclick?.();
    });
    await expect(page).toHaveURL(new RegExp(`/alert/${id}$`));
  });

  test('a user of one customer never hears of another customer’s alert', async ({ browser }) => {
    const base = await startWithFirstAdmin({ name: 'live-customers', env: { CUSTOMER_VIEWS: 'True' } });
    try {
      const server = runningServer(base.origin, base.admin);
      for (const [customer, match] of [
        ['Acme', 'acme.example'],
        ['Globex', 'globex.example'],
      ] as const) {
        const made = await server.api('POST', '/customer', { customer, match });
        expect(made.status).toBe(201);
      }
      const login = unique('acme-op');
      const user = { login, password: `pw-${login}-Secret1` };
      const made = await server.api('POST', '/user', {
        name: `Operator ${login}`,
        login,
        email: `${login}@acme.example`,
        password: user.password,
        email_verified: true,
        roles: ['user'],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      await putMyPreferences(server, user, { refreshInterval: HOUR });

      const page = await browser.newPage();
      const event = unique('Tenant');
      await openLiveList(page, server, user, event);

      // What the stream itself says to this user, read in the page with the user's own token, while both customers'
      // alerts come.
      const token = await page.evaluate(() => {
        for (const storage of [localStorage, sessionStorage]) {
          for (let i = 0; i < storage.length; i += 1) {
            const value = storage.getItem(storage.key(i) ?? '') ?? '';
            const found = /eyJ[\w-]+\.[\w-]+\.[\w-]+/.exec(value);
            if (found !== null) return found[0];
          }
        }
        return null;
      });
      expect(token, 'the console keeps its token in web storage').not.toBeNull();
      const heard = page.evaluate(async (bearer) => {
        const answer = await fetch('/api/alerts/stream', { headers: { Authorization: `Bearer ${bearer ?? ''}` } });
        const reader = (answer.body ?? new ReadableStream<Uint8Array>()).getReader();
        const decoder = new TextDecoder();
        let text = '';
        const until = Date.now() + 6_000;
        while (Date.now() < until && !text.includes('globex-after')) {
          const next = await Promise.race([
            reader.read(),
            new Promise<undefined>((resolve) => setTimeout(resolve, until - Date.now())),
          ]);
          if (next === undefined || next.done) break;
          text += decoder.decode(next.value, { stream: true });
        }
        await reader.cancel();
        return text;
      }, token);
      await page.waitForTimeout(500);
      const globexId = await postAlert(server, { resource: 'globex-db', event, customer: 'Globex' });
      const acmeId = await postAlert(server, { resource: 'acme-web', event, customer: 'Acme' });
      await expect(row(page, 'acme-web')).toBeVisible({ timeout: LIVE_WITHIN });
      const text = await heard;
      expect(text).toContain(acmeId);
      expect(text).not.toContain(globexId);
      await expect(row(page, 'globex-db')).toHaveCount(0);
      await page.close();
    } finally {
      await base.stop();
    }
  });

  test('the stream drops with its server, the console polls meanwhile, and it is live again after the restart without missing a change', async ({
    browser,
    consoleErrors,
  }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'alerta-live-restart-'));
    let first: (ServerProcess & { admin: Credentials }) | undefined;
    let second: ServerProcess | undefined;
    try {
      first = await startWithFirstAdmin({ name: 'live-restart', env: { DATA_DIR: dataDir } });
      const server = runningServer(first.origin, first.admin);
      const user = await createUser(server, { roles: ['admin'] });
      // Polls every 2 s when it must, so that the fallback shows.
      await putMyPreferences(server, user, { refreshInterval: 2_000 });
      const page = await browser.newPage();
      const event = unique('Restart');
      await postAlert(server, { resource: 'before-restart', event });
      await openLiveList(page, server, user, event);

      await first.stop();
      await expect(indicator(page)).toHaveText(/Connecting|Polling/, { timeout: 20_000 });

      second = await startServerProcess({ name: 'live-restart', port: first.port, env: { DATA_DIR: dataDir } });
      // A change made at once after the restart, perhaps before the console is back on the stream: it must show.
      const again = runningServer(second.origin, first.admin);
      await postAlert(again, { resource: 'after-restart', event });
      await expect(indicator(page)).toHaveText('Live', { timeout: 70_000 });
      await expect(row(page, 'after-restart')).toBeVisible({ timeout: LIVE_WITHIN });
      // Live again: the next change comes through the stream.
      await putMyPreferences(again, user, { refreshInterval: HOUR });
      await postAlert(again, { resource: 'live-again', event });
      await expect(row(page, 'live-again')).toBeVisible({ timeout: 10_000 });
      await page.close();
      // The requests refused while the server was down are expected here, and only those.
      const refused = consoleErrors.filter((text) => /ERR_CONNECTION_REFUSED|Failed to fetch/.test(text));
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !refused.includes(text)));
    } finally {
      await second?.stop();
      await first?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('live updates across server processes on PostgreSQL', () => {
  test.afterAll(async () => {
    await dropTestDatabases();
    await stopOwnCluster();
  });

  test('a change made through one process shows on a console of another', async ({ browser }) => {
    const databaseUrl = await createTestDatabase();
    const a = await startWithFirstAdmin({ name: 'live-a', env: { DATABASE_URL: databaseUrl } });
    let b: ServerProcess | undefined;
    try {
      b = await startServerProcess({ name: 'live-b', env: { DATABASE_URL: databaseUrl } });
      const onA = runningServer(a.origin, a.admin);
      const onB = runningServer(b.origin, a.admin);
      const user = await hourlyPoller(onA);
      const event = unique('Across');
      await postAlert(onA, { resource: 'posted-to-a', event });
      const page = await browser.newPage();
      await openLiveList(page, onA, user, event);
      await expect(row(page, 'posted-to-a')).toBeVisible();

      const id = await postAlert(onB, { resource: 'posted-to-b', event, severity: 'critical' });
      await expect(row(page, 'posted-to-b')).toBeVisible({ timeout: LIVE_WITHIN });
      const ack = await onB.api('PUT', `/alert/${id}/action`, { action: 'ack', text: 'from B' });
      expect(ack.status).toBe(200);
      await expect(row(page, 'posted-to-b')).toContainText('Acknowledged', { timeout: LIVE_WITHIN });
      await page.close();
    } finally {
      await b?.stop();
      await a.stop();
    }
  });
});
