import type { Page } from '@playwright/test';
import { expect, type RunningServer } from './server';

/**
 * Fixed data and a fixed clock for the screenshot tests (e2e/visual.spec.ts, README.md#testing-it): what the console
 * shows must be the same on every run, whatever the day, the machine's time zone or the order the server made things.
 */

/** The time the browser believes it is, before any real run, so tokens the server signs now look valid. */
export const FROZEN_NOW = new Date('2026-03-14T09:30:00.000Z');
/** Every time the server stamps during the run (creation, receipt, last login) is shown as this. */
export const SERVER_STAMP = '2026-03-14T09:26:00.000Z';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(FROZEN_NOW.getTime() + ms).toISOString();

/** Alert ids the sender chooses (docs/api/alerts.md#the-alert-object), so addresses and short ids never change. */
export const DETAIL_ALERT_ID = '5e1f0c2a-7b3d-4c8e-9a61-0d2b4f6a8c01';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * Replaces, in an API answer, every date the server stamped with the real clock since `since` by SERVER_STAMP. Dates
 * the seed gave (alert createTime, blackout windows, key expiry) lie far from the real clock and stay as they are.
 */
function freezeStamps(value: unknown, since: number): unknown {
  if (typeof value === 'string') {
    if (!ISO_DATE.test(value)) return value;
    const time = Date.parse(value);
    return time >= since && time <= Date.now() + HOUR ? SERVER_STAMP : value;
  }
  if (Array.isArray(value)) return value.map((item) => freezeStamps(item, since));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, freezeStamps(item, since)]));
  }
  return value;
}

/**
 * Freezes the page's clock at FROZEN_NOW (timers still run, so the lists refresh) and rewrites the server's own time
 * stamps in every JSON answer of the API. `since` is a moment before the server started.
 */
export async function freezeTime(page: Page, server: RunningServer, since: number): Promise<void> {
  await page.clock.setFixedTime(FROZEN_NOW);
  await page.route(`${server.baseURL}/api/**`, async (route) => {
    // The live stream's answer never ends, so it cannot be read whole and rewritten: it is left waiting, and the
    // console says Connecting on every run (docs/console/behaviour.md#live-updates).
    if (new URL(route.request().url()).pathname.endsWith('/alerts/stream')) return;
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('json')) {
      await route.fulfill({ response });
      return;
    }
    const body: unknown = await response.json();
    // The body handed back is decoded and of another length: those two headers would no longer be true.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
    );
    await route.fulfill({ response, headers, json: freezeStamps(body, since) });
  });
}

/** Signs the page in as the administrator before it loads: the token where the console keeps it. */
export async function signInAsAdmin(page: Page, server: RunningServer): Promise<void> {
  const login = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: server.admin.login, password: server.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('auth.token', value), token);
}

/** The administrator's stored preferences (docs/console/account-screens.md#default-preferences). */
export async function setPreferences(server: RunningServer, prefs: Record<string, unknown>): Promise<void> {
  const answer = await server.api('PUT', '/user/me/attributes', { attributes: { prefs: null } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const saved = await server.api('PUT', '/user/me/attributes', { attributes: { prefs } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function made(server: RunningServer, method: string, path: string, body: unknown): Promise<void> {
  const answer = await server.api(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
}

/** Texts each screen shows once its rows have arrived. */
export const MARKS = {
  alerts: 'web-frontend-01',
  detail: 'Response time above 2 s on the checkout page',
  blackouts: 'db-primary-fra',
  keys: 'Monitoring bridge, Frankfurt',
  users: 'Erika Mustermann',
} as const;

/** The same alerts, blackouts, keys and users on every run, each with fixed names, texts and dates. */
export async function seedFixedData(server: RunningServer): Promise<void> {
  const alerts = [
    {
      id: DETAIL_ALERT_ID,
      resource: 'web-frontend-01',
      event: 'HttpResponseSlow',
      severity: 'critical',
      service: ['Web', 'Checkout'],
      group: 'Performance',
      value: '2.7 s',
      text: MARKS.detail,
      tags: ['eu-central', 'customer-facing'],
      attributes: { region: 'eu-central-1', runbook: 'https://wiki.example.com/runbooks/slow-checkout' },
      origin: 'prometheus/eu-1',
    },
    {
      id: '5e1f0c2a-7b3d-4c8e-9a61-0d2b4f6a8c02',
      resource: 'db-primary-fra',
      event: 'ReplicationLag',
      severity: 'major',
      service: ['Database'],
      group: 'Storage',
      value: '45 s',
      text: 'Replica is 45 seconds behind the primary',
      tags: ['postgres'],
      origin: 'zabbix/fra',
    },
    {
      id: '5e1f0c2a-7b3d-4c8e-9a61-0d2b4f6a8c03',
      resource: 'mail-relay-02',
      event: 'QueueGrowing',
      severity: 'minor',
      service: ['Mail'],
      group: 'Messaging',
      value: '1200',
      text: 'Outgoing mail queue has 1200 messages',
      origin: 'nagios/mx',
    },
    {
      id: '5e1f0c2a-7b3d-4c8e-9a61-0d2b4f6a8c04',
      resource: 'lb-edge-03',
      event: 'CertificateExpiry',
      severity: 'warning',
      service: ['Network'],
      group: 'Security',
      value: '12 days',
      text: 'TLS certificate expires in 12 days',
      origin: 'certwatch',
    },
    {
      id: '5e1f0c2a-7b3d-4c8e-9a61-0d2b4f6a8c05',
      resource: 'batch-worker-07',
      event: 'JobFailed',
      severity: 'major',
      service: ['Batch'],
      group: 'Jobs',
      value: 'exit 2',
      text: 'Nightly invoice export failed',
      origin: 'cron/batch-07',
    },
  ];
  for (const [index, alert] of alerts.entries()) {
    await made(server, 'POST', '/alert', {
      environment: 'Production',
      type: 'exceptionAlert',
      createTime: at(-(index + 1) * 7 * MINUTE),
      timeout: 0,
      ...alert,
    });
  }
  await made(server, 'PUT', `/alert/5e1f0c2a-7b3d-4c8e-9a61-0d2b4f6a8c05/action`, {
    action: 'ack',
    text: 'Looking into it',
  });
  await made(server, 'PUT', `/alert/${DETAIL_ALERT_ID}/note`, { text: 'Checkout team informed' });

  const blackouts = [
    {
      resource: 'db-primary-fra',
      event: 'ReplicationLag',
      startTime: at(-90 * MINUTE),
      endTime: '2090-01-01T00:00:00.000Z',
      text: 'Long migration of the primary database',
    },
    {
      service: ['Mail'],
      startTime: '2099-06-01T22:00:00.000Z',
      endTime: '2099-06-02T02:00:00.000Z',
      text: 'Mail relay upgrade',
    },
    {
      resource: 'lb-edge-03',
      startTime: at(-2 * DAY),
      endTime: at(-DAY),
      text: 'Load balancer firmware update',
    },
  ];
  for (const blackout of blackouts) {
    await made(server, 'POST', '/blackout', { environment: 'Production', ...blackout });
  }

  const keys = [
    {
      key: 'visual-test-key-monitoring-bridge-0001',
      scopes: ['read', 'write:alerts', 'write:heartbeats'],
      text: MARKS.keys,
      expireTime: '2099-01-01T00:00:00.000Z',
    },
    {
      key: 'visual-test-key-read-only-dashboard-02',
      scopes: ['read'],
      text: 'Wall dashboard, read only',
      expireTime: at(-3 * DAY),
    },
  ];
  for (const key of keys) await made(server, 'POST', '/key', { user: server.admin.login, ...key });
  // The keys list sorts by last use (docs/console/admin-screens.md#api-keys): one use of the active key puts it first
  // on every run, where two unused keys would tie.
  const used = await fetch(`${server.baseURL}/api/alerts`, {
    headers: { Authorization: `Key ${keys[0]?.key ?? ''}` },
  });
  expect(used.status).toBe(200);
  await used.body?.cancel();

  const users = [
    { name: 'Erika Mustermann', login: 'erika', email: 'erika@example.com', roles: ['user'] },
    { name: 'Kemal Yıldız', login: 'kemal', email: 'kemal@example.com', roles: ['user', 'ops'] },
  ];
  for (const user of users) {
    await made(server, 'POST', '/user', { ...user, password: 'Fixed-Password-1', email_verified: true });
  }
}

/** The document's width against the viewport's, measured in the page. */
export async function widths(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}
