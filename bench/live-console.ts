/**
 * The live console end to end (docs/console/behaviour.md#live-updates, docs/api/stream.md), in headless Chromium
 * against the built server:
 * - latency: from `POST /alert` answered to the alert's row on screen, with the console on the process the alert was
 *   sent to (SQLite, one process) and on another process than the sender (two processes on one PostgreSQL);
 * - reconnect: the server stopped for a while and started again; the time from its return until the console is live
 *   again, and whether a change made meanwhile shows;
 * - read-path CPU: the server's CPU time over a window with 50 consoles open, live against polling every 5 s (the
 *   stream turned off), with no changes and with a change every 10 s, each less the CPU of the same changes with no
 *   console open.
 * Writes bench/LIVE-RESULTS.md. Run with `npm run build && node --import tsx bench/live-console.ts`;
 * `BENCH_LIVE_ALERTS`, `BENCH_LIVE_CONSOLES`, `BENCH_LIVE_WINDOW_S` change the sizes.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { startServerProcess } from '../packages/server/test/support/server-process';
import { startBenchDatabase } from './cluster';
import { percentile } from './http';
import { pageScript } from './page-script';
import { ADMIN, type BenchServer, loginToken, requireBuild, startBenchServer } from './server';

const ALERTS = Number(process.env.BENCH_LIVE_ALERTS ?? 100);
const CONSOLES = Number(process.env.BENCH_LIVE_CONSOLES ?? 50);
const WINDOW_S = Number(process.env.BENCH_LIVE_WINDOW_S ?? 60);
/** Rounds of the read-path runs: the machine's CPU figures swing between runs, so each case runs this often. */
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 2);
/** Between two alerts of the latency run: longer than the console's gathering of changes (4 batches a second). */
const GAP_MS = 400;
const HOUR_MS = 3_600_000;
const POLL_MS = 5_000;
const DOWN_S = 10;
const EVENT = 'LiveBench';
const RESULTS = 'bench/LIVE-RESULTS.md';

requireBuild();

/** The console as built when the run starts, so that a rebuild during the run changes nothing. */
const CONSOLE_COPY = mkdtempSync(join(tmpdir(), 'alerta-live-console-'));
cpSync('packages/web/dist', CONSOLE_COPY, { recursive: true });
const SERVED = { CONSOLE_DIR: CONSOLE_COPY };

interface LiveWindow {
  __seen?: Record<string, number>;
}

/** Before the console's scripts: the session token, and an observer noting when each resource's row first shows. */
function installProbe({ token }: { token: string }): void {
  localStorage.setItem('auth.token', token);
  const seen: Record<string, number> = {};
  (window as LiveWindow).__seen = seen;
  new MutationObserver(() => {
    for (const row of document.querySelectorAll('table tbody tr')) {
      const text = row.textContent ?? '';
      const found = /live-bench-\d+-\d+/.exec(text);
      if (found !== null && seen[found[0]] === undefined) seen[found[0]] = performance.timeOrigin + performance.now();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function seenAt(page: Page, resource: string): Promise<number | undefined> {
  const script = pageScript((name: string) => (window as LiveWindow).__seen?.[name] ?? null, resource);
  return (await page.evaluate<number | null>(script)) ?? undefined;
}

async function api(baseURL: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token === '' ? {} : { Authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function loginAs(baseURL: string, username: string, password: string): Promise<string> {
  const answer = (await api(baseURL, '', 'POST', '/auth/login', { username, password })) as { token?: string };
  if (answer.token === undefined) throw new Error(`no token for ${username}`);
  return answer.token;
}

const setRefresh = (baseURL: string, token: string, refreshInterval: number) =>
  api(baseURL, token, 'PUT', '/user/me/attributes', { attributes: { prefs: { refreshInterval } } });

let sequence = 0;
const postAlert = (baseURL: string, token: string, run: number, severity = 'major') => {
  sequence += 1;
  const resource = `live-bench-${String(run)}-${String(sequence)}`;
  return api(baseURL, token, 'POST', '/alert', {
    resource,
    event: EVENT,
    environment: 'Production',
    service: ['Bench'],
    severity,
    text: 'live bench',
  }).then(() => resource);
};

async function openConsole(
  browser: Browser,
  origin: string,
  token: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  await context.addInitScript({ content: pageScript(installProbe, { token }) });
  const page = await context.newPage();
  await page.goto(`${origin}/alerts?q=event:${EVENT}`);
  await page.getByRole('table', { name: 'Alert list' }).waitFor();
  return { context, page };
}

const isLive = (page: Page) => page.getByRole('status').filter({ hasText: /^Live$/ });

/** From each POST /alert answered (sent to `sendTo`) to its row on screen in a console of `watch`. */
async function latency(browser: Browser, watch: string, sendTo: string, run: number): Promise<number[]> {
  const token = await loginToken(`${watch}/api`);
  await setRefresh(`${watch}/api`, token, HOUR_MS);
  const sender = await loginToken(`${sendTo}/api`);
  const { context, page } = await openConsole(browser, watch, token);
  await isLive(page).waitFor({ timeout: 30_000 });
  const times: number[] = [];
  for (let n = 0; n < ALERTS; n += 1) {
    const resource = await postAlert(`${sendTo}/api`, sender, run);
    const answered = Date.now();
    const deadline = answered + 10_000;
    let at: number | undefined;
    while ((at = await seenAt(page, resource)) === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (at === undefined) throw new Error(`${resource} did not show within 10 s`);
    times.push(at - answered);
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  await context.close();
  return times.sort((a, b) => a - b);
}

/** CPU seconds (user + system) the process has used. */
function cpuSeconds(pid: number): number {
  const fields =
    readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface CpuFigure {
  label: string;
  kind: 'base' | 'polling' | 'live';
  changeEvery: number;
  cpu: number;
  requests: number;
}

/** Server CPU over WINDOW_S with `consoles` consoles open and a change every `changeEvery` s (0: none). */
async function readPathCpu(
  browser: Browser,
  stream: boolean,
  consoles: number,
  changeEvery: number,
): Promise<CpuFigure> {
  const server: BenchServer = await startBenchServer(
    undefined,
    stream ? SERVED : { ...SERVED, STREAM_ENABLED: 'False' },
  );
  const origin = server.baseURL.replace(/\/api$/, '');
  const contexts: BrowserContext[] = [];
  const requests = { count: 0, byPath: new Map<string, number>() };
  try {
    const token = await loginToken(server.baseURL);
    for (let n = 0; n < 30; n += 1) await postAlert(server.baseURL, token, 0);
    for (let n = 0; n < consoles; n += 1) {
      // A user each, as on an operations floor: one user's streams are limited (STREAM_MAX_PER_USER).
      const login = `operator${String(n)}@example.com`;
      const password = `operator-password-${String(n)}`;
      await api(server.baseURL, token, 'POST', '/user', {
        name: `Operator ${String(n)}`,
        login,
        email: login,
        password,
        roles: ['user'],
        email_verified: true,
      });
      const own = await loginAs(server.baseURL, login, password);
      await setRefresh(server.baseURL, own, POLL_MS);
      const { context, page } = await openConsole(browser, origin, own);
      page.on('request', (request) => {
        if (!request.url().includes('/api/')) return;
        requests.count += 1;
        const path = new URL(request.url()).pathname;
        requests.byPath.set(path, (requests.byPath.get(path) ?? 0) + 1);
      });
      contexts.push(context);
    }
    // Every console past its first load, and live where the stream is offered.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const before = cpuSeconds(server.pid);
    const counted = requests.count;
    requests.byPath.clear();
    const until = Date.now() + WINDOW_S * 1000;
    while (Date.now() < until) {
      const next = Math.min(until, Date.now() + (changeEvery === 0 ? WINDOW_S * 1000 : changeEvery * 1000));
      await new Promise((resolve) => setTimeout(resolve, next - Date.now()));
      if (changeEvery > 0 && Date.now() < until) await postAlert(server.baseURL, token, 0);
    }
    // Which requests the window saw, for reading the figures (not part of the results).
    console.log([...requests.byPath].map(([path, n]) => `${path} ${String(n)}`).join(', '));
    return {
      label: `${String(consoles)} consoles, ${stream ? 'live' : 'polling every 5 s'}, ${changeEvery === 0 ? 'no changes' : `a change every ${String(changeEvery)} s`}`,
      kind: consoles === 0 ? 'base' : stream ? 'live' : 'polling',
      changeEvery,
      cpu: cpuSeconds(server.pid) - before,
      requests: requests.count - counted,
    };
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
  }
}

/** The server stopped for DOWN_S and started again on the same data: time until the console is live again. */
async function reconnect(browser: Browser): Promise<{ liveAfterMs: number; missed: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alerta-live-bench-'));
  const first = await startBenchServer(undefined, { ...SERVED, DATA_DIR: dataDir });
  const origin = first.baseURL.replace(/\/api$/, '');
  const port = Number(new URL(origin).port);
  const token = await loginToken(first.baseURL);
  await setRefresh(first.baseURL, token, HOUR_MS);
  const { context, page } = await openConsole(browser, origin, token);
  await isLive(page).waitFor({ timeout: 30_000 });
  await first.stop();
  await new Promise((resolve) => setTimeout(resolve, DOWN_S * 1000));
  const second = await startServerProcess({
    name: 'bench',
    port,
    env: { ...SERVED, DATA_DIR: dataDir, ADMIN_USERS: ADMIN.login, HOUSEKEEPING_INTERVAL: '0' },
  });
  const back = Date.now();
  try {
    const resource = await postAlert(second.endpoint, token, 9);
    await isLive(page).waitFor({ timeout: 120_000 });
    const liveAfterMs = Date.now() - back;
    const deadline = Date.now() + 10_000;
    while ((await seenAt(page, resource)) === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { liveAfterMs, missed: (await seenAt(page, resource)) === undefined };
  } finally {
    await context.close();
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const lines: string[] = [];
const ms = (v: number) => v.toFixed(0);
/** Servers and clusters started and not yet stopped: a failing step leaves none behind. */
const running: { stop(): Promise<void> }[] = [];
async function started<T extends { stop(): Promise<void> }>(thing: Promise<T>): Promise<T> {
  const value = await thing;
  running.push(value);
  return value;
}
try {
  // One process on SQLite.
  const sqlite = await started(startBenchServer(undefined, SERVED));
  const origin = sqlite.baseURL.replace(/\/api$/, '');
  const one = await latency(browser, origin, origin, 1);
  await sqlite.stop();
  console.log(`sqlite, one process: p50 ${ms(percentile(one, 50))} p95 ${ms(percentile(one, 95))} ms`);

  // Two processes on one PostgreSQL: the console on A, the alerts sent to B.
  const database = await started(startBenchDatabase('live_bench'));
  const a = await started(startBenchServer(database.url, SERVED));
  const b = await started(startBenchServer(database.url, SERVED));
  const originA = a.baseURL.replace(/\/api$/, '');
  const originB = b.baseURL.replace(/\/api$/, '');
  const same = await latency(browser, originA, originA, 2);
  const across = await latency(browser, originA, originB, 3);
  await b.stop();
  await a.stop();
  await database.stop();
  console.log(`postgres across: p50 ${ms(percentile(across, 50))} p95 ${ms(percentile(across, 95))} ms`);

  const restart = await reconnect(browser);
  console.log(
    `restart: live ${ms(restart.liveAfterMs)} ms after the server's return, missed ${String(restart.missed)}`,
  );

  const cpu: CpuFigure[] = [];
  for (const changeEvery of [0, 10]) {
    for (let round = 0; round < ROUNDS; round += 1) {
      cpu.push(await readPathCpu(browser, true, 0, changeEvery));
      cpu.push(await readPathCpu(browser, false, CONSOLES, changeEvery));
      cpu.push(await readPathCpu(browser, true, CONSOLES, changeEvery));
      console.log(cpu.slice(-3).map((f) => `${f.label}: ${f.cpu.toFixed(2)} CPU-s, ${String(f.requests)} requests`));
    }
  }

  const row = (label: string, sorted: number[]) =>
    `| ${label} | ${String(sorted.length)} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(sorted.at(-1) ?? 0)} |`;
  const cpuRows = cpu.map(
    (f, n) =>
      `| ${f.label} | ${String(Math.floor((n % (3 * ROUNDS)) / 3) + 1)} | ${f.cpu.toFixed(2)} | ${String(f.requests)} |`,
  );
  /** Polling over live, each less the same changes with no console open: per round, and of the rounds' sums. */
  const readPath = (changeEvery: number) => {
    const figures = cpu.filter((f) => f.changeEvery === changeEvery);
    const sum = (kind: CpuFigure['kind'], round?: number) =>
      figures
        .filter((f, n) => f.kind === kind && (round === undefined || Math.floor(n / 3) === round))
        .reduce((total, f) => total + f.cpu, 0);
    const ratio = (round?: number) => {
      const polling = sum('polling', round) - sum('base', round);
      const live = Math.max(sum('live', round) - sum('base', round), 0.01);
      return { ratio: polling / live, polling, live };
    };
    const all = ratio();
    const rounds = Array.from({ length: ROUNDS }, (_, round) => `${ratio(round).ratio.toFixed(1)}×`).join(', ');
    return (
      `${all.ratio.toFixed(1)}× over ${String(ROUNDS)} rounds (polling ${all.polling.toFixed(2)} CPU-s, live ` +
      `${all.live.toFixed(2)}); each round: ${rounds}`
    );
  };
  lines.push(
    '# Live console results',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`node --import tsx bench/live-console.ts\` on ` +
      `${String(cpus().length)} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${String(Math.round(totalmem() / 2 ** 30))} GiB, ` +
      `Node ${process.version}, headless Chromium (${CHROMIUM_PATH}); browser and servers share the cores.`,
    '',
    '## From POST /alert answered to the row on screen (targets: p95 ≤ 250 ms one process, ≤ 400 ms across processes)',
    '',
    `${String(ALERTS)} alerts, ${String(GAP_MS)} ms apart, each a new row at the top of a console at 1280 × 800 whose own ` +
      'refresh is set to an hour: the row came through the stream. The time on screen is taken by a MutationObserver ' +
      'in the page, against the wall clock of the same machine.',
    '',
    '| setup | alerts | p50 ms | p95 ms | worst ms |',
    '|---|---|---|---|---|',
    row('SQLite, one process', one),
    row('PostgreSQL, console and sender on process A', same),
    row('PostgreSQL, console on A, alerts sent to B', across),
    '',
    '## Server restart (target: live again within 5 s of the server’s return, no change missed)',
    '',
    `SQLite; the server stopped for ${String(DOWN_S)} s and started again on the same data and port; an alert sent at ` +
      'once after the return.',
    '',
    `- Live again ${ms(restart.liveAfterMs)} ms after the server answered its healthcheck; the alert sent meanwhile ` +
      `${restart.missed ? 'was **missed**' : 'showed'}.`,
    '',
    '## Read-path CPU with 50 consoles (target: live at least 5× lower than polling every 5 s)',
    '',
    `SQLite, 30 open alerts, ${String(CONSOLES)} consoles of as many users (one browser context each, so one ` +
      'stream each), ' +
      `${String(WINDOW_S)} s measured after 15 s of settling; server CPU (user + system) from /proc; requests counted ` +
      `in the browsers. Each case runs ${String(ROUNDS)} times, the three setups of a round one after another, as the ` +
      'CPU figures of this shared machine swing between runs.',
    '',
    '| setup | round | server CPU-s | API requests |',
    '|---|---|---|---|',
    ...cpuRows,
    '',
    `- Read path (less the same changes with no console), no changes: polling / live = ${readPath(0)}.`,
    `- Read path, a change every 10 s: polling / live = ${readPath(10)}.`,
    '',
  );
  writeFileSync(RESULTS, lines.join('\n'));
  console.log(`wrote ${RESULTS}`);
} finally {
  await browser.close();
  // Stopping twice is harmless: a stopped server's stop only waits for its exit.
  for (const thing of running.reverse()) await thing.stop().catch(() => undefined);
  rmSync(CONSOLE_COPY, { recursive: true, force: true });
}
