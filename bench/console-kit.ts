/**
 * What the console benches share (bench/console.ts, bench/grouped-console.ts): calls to the server, seeding open
 * alerts, running a function in the page, and reading the page's main-thread metrics through CDP.
 */
import { loadavg } from 'node:os';
import type { CDPSession, Page } from '@playwright/test';
import type { Client } from './http';
import { pageScript } from './page-script';
import { benchAlert } from './seed-data';

/** Calls the server and returns the answer's body, or throws when the status is not `status`. */
export async function expectStatus(
  client: Client,
  method: string,
  path: string,
  body: unknown,
  status: number,
): Promise<string> {
  const response = await client.call(method, path, body);
  if (response.status !== status) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${response.body.slice(0, 300)}`);
  }
  return response.body;
}

/** The i-th bench alert, as an open one: no status from the sender, and a severity that does not close it. */
function openAlert(i: number): Record<string, unknown> {
  const alert = benchAlert(i);
  delete alert.status;
  if (alert.severity === 'normal') alert.severity = 'warning';
  return alert;
}

/** Seeds `count` open alerts through POST /alert, 8 at a time; the request bodies by alert id. */
export async function seedOpenAlerts(client: Client, count: number): Promise<Map<string, Record<string, unknown>>> {
  const byId = new Map<string, Record<string, unknown>>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const body = openAlert(next++);
      const answer = JSON.parse(await expectStatus(client, 'POST', '/alert', body, 201)) as { id?: string };
      if (answer.id === undefined) throw new Error('POST /alert answered without an id');
      byId.set(answer.id, body);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const counted = JSON.parse(await expectStatus(client, 'GET', '/alerts/count?status=open', undefined, 200)) as {
    total?: number;
  };
  if (counted.total !== count) throw new Error(`expected ${count} open alerts, the server counts ${counted.total}`);
  return byId;
}

/** Sets the logged-in user's console preferences. */
export async function setPrefs(client: Client, prefs: Record<string, unknown>): Promise<void> {
  await expectStatus(client, 'PUT', '/user/me/attributes', { attributes: { prefs } }, 200);
}

/** Runs `fn(arg)` in the page, passed as source text so no bundler's helpers go with it. */
export async function inPage<T, A>(page: Page, fn: (arg: A) => T | Promise<T>, arg: A): Promise<T> {
  return page.evaluate<T>(pageScript(fn, arg));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export type Metrics = Record<string, number>;

/** The page's CDP performance metrics, by name. */
export async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/**
 * CDP's two clocks for the duration metrics: `threadTicks` is the main thread's CPU time, which other processes on
 * the shared cores do not inflate; `timeTicks` is wall time, which they do (a descheduled script still counts).
 */
export const TIME_DOMAINS = ['threadTicks', 'timeTicks'] as const;
export type TimeDomain = (typeof TIME_DOMAINS)[number];

/** Switches the duration metrics to `domain`'s clock. */
export async function useClock(cdp: CDPSession, domain: TimeDomain): Promise<void> {
  await cdp.send('Performance.disable');
  await cdp.send('Performance.enable', { timeDomain: domain });
}

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export const ms = (value: number) => value.toFixed(0);
export const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
