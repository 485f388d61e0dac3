/**
 * The console's grouped view (docs/console/alert-screens.md#grouped-view) in headless Chromium, against the built
 * server with 10,000 open alerts, grouped by service and then resource (targets in bench/README.md): the first group
 * headers on screen after a cold navigation, the main thread's cost of a refresh that changed nothing, and from a
 * click on a group's header to its first alert row on screen. On SQLite and on a throwaway PostgreSQL cluster.
 * Writes bench/GROUPED-RESULTS.md and a summary section in bench/RESULTS.md. Run with `npm run bench:grouped` after
 * `npm run build`.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, tmpdir, totalmem } from 'node:os';
import { type Browser, type BrowserContext, type CDPSession, type Page, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { type BenchDatabase, runStatement, startBenchDatabase } from './cluster';
import {
  expectStatus,
  inPage,
  loadAverage,
  metrics,
  ms,
  seedOpenAlerts,
  setPrefs,
  sleep,
  TIME_DOMAINS,
  type TimeDomain,
  useClock,
  verdict,
} from './console-kit';
import { type Client, createClient, percentile } from './http';
import { pageScript } from './page-script';
import { writeGroupedSection } from './results-file';
import { type BenchServer, loginToken, requireBuild, startBenchServer } from './server';

const ALERTS = Number(process.env.BENCH_GROUPED_ALERTS ?? 10_000);
const LOADS = Number(process.env.BENCH_LOADS ?? 10);
/** Samples per case and clock of the refresh's main-thread cost. */
const REFRESH_SAMPLES = Number(process.env.BENCH_REFRESHES ?? 10);
/** Groups expanded per kind; the view lists 20 top groups at first, each with its first 10 sub-groups. */
const EXPANDS = Number(process.env.BENCH_EXPANDS ?? 20);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres')
  .split(',')
  .map((engine) => engine.trim())
  .filter((engine) => engine !== '');
/** The whole run is abandoned (browser, servers and cluster still stopped) after this long. */
const RUN_TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);
const STEP_TIMEOUT_MS = 30_000;
const VIEWPORT = { width: 1280, height: 800 };
/** The list grouped by service, then resource (the `gb` key of the alert list's hash, features/alerts/alertsView.ts). */
const TWO_LEVELS = '#gb:service,resource';
/** One level, by service: an open top group then shows its alerts. */
const ONE_LEVEL = '#gb:service';
const GROUPED_PATH = '/api/alerts/grouped';
/** Each idle sample spans this long. */
const WINDOW_MS = 1000;
/** A refresh interval long enough that the console never refreshes by itself during a measurement. */
const NO_AUTO_REFRESH_MS = 3_600_000;
/** The console's refresh interval while its timer's refreshes are measured. */
const TIMER_MS = 1500;
/** After a refresh's answers are in, the render is over well within this. */
const SETTLE_MS = 400;
/** Between two steps of the expansion runs, so that each click lands on a quiet page. */
const PAUSE_MS = 300;

const TARGET_FIRST_HEADERS_MS = 1000;
const TARGET_REFRESH_MS = 10;
const TARGET_EXPAND_MS = 150;

type Engine = 'sqlite' | 'postgres';
const isEngine = (name: string): name is Engine => name === 'sqlite' || name === 'postgres';

requireBuild();
if (!existsSync(CHROMIUM_PATH)) {
  console.error(`No Chromium at ${CHROMIUM_PATH}: install Debian's chromium or set CHROMIUM_PATH.`);
  process.exit(1);
}
for (const engine of ENGINES) {
  if (!isEngine(engine)) {
    console.error(`BENCH_ENGINES: unknown engine ${engine} (sqlite, postgres)`);
    process.exit(1);
  }
}

// ---- In the page -------------------------------------------------------------------------------------------------

/** One click on a group's header that opened it, as the page saw it. */
interface ExpandProbe {
  /** 0: a top group's header (h2), 1: a sub-group's (h3). */
  level: number;
  /** The click event's timeStamp, on the performance.now() clock. */
  clickAt: number;
  /** The first animation frame with one of the group's sub-group headers in view (a top group of two levels). */
  subgroupAt: number | null;
  /** The first animation frame with one of the group's alert rows in view. */
  rowAt: number | null;
}

interface GroupedState {
  /** performance.now() (ms after navigation start) of the first frame showing what the load waits for in view. */
  firstShown: number | null;
  /** How many of them the document held at that frame. */
  shown: number;
  expand: ExpandProbe | null;
}

/** What a load waits for: a top group's header (an h2 holding the button that opens it, grouping/GroupHeader.tsx). */
const HEADER = 'h2 > button[aria-expanded]';
/** …or, for the flat list, an alert row (AlertRow.tsx). */
const ROW = 'tr[data-alert-id]';

type BenchWindow = Window & { __grouped?: GroupedState };

/**
 * Runs before the console's scripts on every navigation: stores the session token where the console looks for it
 * (`auth.token`, features/auth/token.ts) and checks each animation frame for the first element of `first` in view
 * (a group header, or an alert row). A trusted click that opens a group is followed frame by frame, until its first
 * sub-group header or its first alert row is in view.
 */
function installProbe({ token, first }: { token: string; first: string }): void {
  localStorage.setItem('auth.token', token);
  const state: GroupedState = { firstShown: null, shown: 0, expand: null };
  (window as BenchWindow).__grouped = state;
  const inView = (element: Element | null | undefined): boolean => {
    const box = element?.getBoundingClientRect();
    return box !== undefined && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const look = (): void => {
    const found = document.querySelectorAll(first);
    if (inView(found[0])) {
      state.firstShown = performance.now();
      state.shown = found.length;
    } else {
      requestAnimationFrame(look);
    }
  };
  requestAnimationFrame(look);

  // In the capture phase at the document, before React's own listener at its root: the button still says closed.
  document.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !(event.target instanceof Element)) return;
      const button = event.target.closest('button[aria-expanded="false"]');
      const heading = button?.parentElement;
      const item = button?.closest('li');
      if (heading == null || item == null || (heading.tagName !== 'H2' && heading.tagName !== 'H3')) return;
      const probe: ExpandProbe = {
        level: heading.tagName === 'H2' ? 0 : 1,
        clickAt: event.timeStamp,
        subgroupAt: null,
        rowAt: null,
      };
      state.expand = probe;
      const giveUp = probe.clickAt + 30_000;
      const watch = (): void => {
        if (state.expand !== probe) return;
        const now = performance.now();
        // A top group's own header is an h2, so an h3 inside its item is one of its sub-groups'.
        if (probe.level === 0 && inView(item.querySelector('h3 > button[aria-expanded]'))) probe.subgroupAt = now;
        if (inView(item.querySelector('tr[data-alert-id]'))) probe.rowAt = now;
        if (probe.subgroupAt === null && probe.rowAt === null && now < giveUp) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    },
    { capture: true },
  );
}

/**
 * Asks the page every 50 ms until `test` holds. Playwright's waitForFunction evaluates its predicate inside the page,
 * which the console's Content-Security-Policy (no 'unsafe-eval') refuses; the page records its times itself, so the
 * asking does not change the figures.
 */
async function until(page: Page, test: (arg: null) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!(await inPage(page, test, null))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${String(STEP_TIMEOUT_MS)} ms`);
    await sleep(50);
  }
}

/** A load's times, ms after navigation start (-1: did not happen). */
interface LoadTimings {
  /** The first frame with a group header (or, for the flat list, an alert row) in view. */
  first: number;
  shown: number;
  documentEnd: number;
  /** The last script or style received. */
  assetsEnd: number;
  fcp: number;
  /** The user's preferences (GET /user/me/attributes) received. */
  prefsEnd: number;
  /** The grouped view's own chunk (GroupedResults) received. */
  chunkEnd: number;
  /** The list's request (GET /alerts/grouped, or GET /alerts for the flat list) sent, and its answer received. */
  askedAt: number;
  answerEnd: number;
}

function readLoadTimings(listPath: string): LoadTimings {
  const state = (window as BenchWindow).__grouped;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const matching = (test: (url: URL) => boolean) => resources.filter((r) => test(new URL(r.name)));
  const ends = (test: (url: URL) => boolean) => Math.max(-1, ...matching(test).map((r) => r.responseEnd));
  const list = matching((url) => url.pathname === listPath)[0];
  return {
    first: state?.firstShown ?? -1,
    shown: state?.shown ?? 0,
    documentEnd: navigation?.responseEnd ?? -1,
    assetsEnd: ends((url) => url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname)),
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    prefsEnd: ends((url) => url.pathname === '/api/user/me/attributes'),
    chunkEnd: ends((url) => url.pathname.startsWith('/assets/GroupedResults-') && url.pathname.endsWith('.js')),
    askedAt: list?.startTime ?? -1,
    answerEnd: list?.responseEnd ?? -1,
  };
}

interface Place {
  x: number;
  y: number;
  name: string;
}

/**
 * Scrolls the `index`-th top group's header (or, with `sub`, the first sub-group header of the open top group) to the
 * middle of the viewport, so that what opens below it is on screen; where to click it.
 */
function placeHeader({ index, sub }: { index: number; sub: boolean }): Place | null {
  const top = sub
    ? document.querySelector('h2 > button[aria-expanded="true"]')
    : document.querySelectorAll('h2 > button[aria-expanded]')[index];
  const button = sub ? top?.closest('li')?.querySelector('h3 > button[aria-expanded="false"]') : top;
  if (!(button instanceof HTMLElement)) return null;
  button.scrollIntoView({ block: 'center' });
  const box = button.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2, name: button.getAttribute('aria-label') ?? '' };
}

interface ExpandReading {
  /** From the click to the first frame with what the group opened onto in view, ms. */
  ms: number;
  /** The group's GET /alerts, from the request's start to its answer's end, ms; null when it asked none. */
  answerMs: number | null;
}

function readExpand(): ExpandReading | null {
  const probe = (window as BenchWindow).__grouped?.expand;
  const shown = probe?.rowAt ?? probe?.subgroupAt ?? null;
  if (probe == null || shown === null) return null;
  const asked = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
    (r) => new URL(r.name).pathname === '/api/alerts' && r.startTime >= probe.clickAt,
  );
  return { ms: shown - probe.clickAt, answerMs: asked === undefined ? null : asked.responseEnd - asked.startTime };
}

// ---- Around the page ---------------------------------------------------------------------------------------------

interface Stats {
  p50: number;
  p95: number;
  max: number;
  min: number;
  n: number;
}

function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? 0,
    min: sorted[0] ?? 0,
    n: sorted.length,
  };
}

/** The groups the view shows first: the top groups in all, and the sub-groups of each of the first page. */
async function groupShape(client: Client): Promise<{ groups: number; subgroups: number[] }> {
  const body = await expectStatus(
    client,
    'GET',
    '/alerts/grouped?status=open&status=ack&group-by=service&group-by=resource&page-size=20&sub-page-size=10',
    undefined,
    200,
  );
  const answer = JSON.parse(body) as { total: number; groups: { subgroupTotal?: number }[] };
  return { groups: answer.total, subgroups: answer.groups.map((g) => g.subgroupTotal ?? 0) };
}

async function newContext(browser: Browser, token: string, first = HEADER): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  await context.addInitScript({ content: pageScript(installProbe, { token, first }) });
  return context;
}

/**
 * Navigates to the alert list (grouped by `hash`, or flat with an empty one) and waits until a group header (an alert
 * row) is in view; the page's own timings of that load.
 */
async function loadGrouped(page: Page, origin: string, hash: string): Promise<LoadTimings> {
  await page.goto(`${origin}/alerts${hash}`, { waitUntil: 'commit' });
  await until(page, () => (window as BenchWindow).__grouped?.firstShown != null, 'a group header or row in view');
  const listPath = hash === '' ? '/api/alerts' : GROUPED_PATH;
  const timings = await inPage(page, readLoadTimings, listPath);
  if (timings.answerEnd < 0) throw new Error(`the console showed the list without asking ${listPath}`);
  return timings;
}

/**
 * Opens a page on the grouped list, past its first load before anything is measured: lazy chunks, fonts, and the
 * live stream, which opens once the console has had nothing to load for 1.5 s (docs/console/behaviour.md#live-updates).
 */
async function openGrouped(browser: Browser, token: string, origin: string, hash: string) {
  const context = await newContext(browser, token);
  const page = await context.newPage();
  await loadGrouped(page, origin, hash);
  await sleep(3000);
  return { context, page };
}

// ---- 1. First group headers, cold --------------------------------------------------------------------------------

interface LoadResult {
  grouped: LoadTimings[];
  /** The flat list's first row in the same conditions, for comparison. */
  flat: LoadTimings[];
}

/** Cold loads of the grouped list, and of the flat list for comparison, taken in turn. */
async function measureLoads(browser: Browser, token: string, origin: string): Promise<LoadResult> {
  const result: LoadResult = { grouped: [], flat: [] };
  // One load of each first, not counted: the server's and the browser's first run of these paths.
  for (let i = -1; i < LOADS; i += 1) {
    for (const flat of [false, true]) {
      const context = await newContext(browser, token, flat ? ROW : HEADER);
      try {
        const load = await loadGrouped(await context.newPage(), origin, flat ? '' : TWO_LEVELS);
        if (i >= 0) result[flat ? 'flat' : 'grouped'].push(load);
        console.log(
          `${i < 0 ? 'warm-up load' : `cold load ${i + 1}`}${flat ? ' (flat list)' : ''}: first ` +
            `${flat ? 'row' : 'group header'} at ${load.first.toFixed(0)} ms (${load.shown} shown; preferences ` +
            `${load.prefsEnd.toFixed(0)}, chunk ${load.chunkEnd.toFixed(0)}, list asked ${load.askedAt.toFixed(0)}, ` +
            `answered ${load.answerEnd.toFixed(0)} ms)`,
        );
      } finally {
        await context.close();
      }
    }
  }
  return result;
}

// ---- 2. A refresh that changed nothing ---------------------------------------------------------------------------

interface WindowCost {
  /** Main-thread milliseconds spent running script (CDP Performance ScriptDuration). */
  script: number;
  /** Main-thread milliseconds spent in tasks of any kind: script, style, layout, paint (TaskDuration). */
  task: number;
  /** The GET /alerts/grouped round trip of the refresh, ms (0 in an idle window). */
  answerMs: number;
  spanMs: number;
}

/** What a refresh of the grouped view reloads (GroupedResults.tsx): the groups, the environment tabs' counts, and
 * the alerts of each open group. */
const REFRESH_PATHS = [GROUPED_PATH, '/api/environments'] as const;
const OPEN_REFRESH_PATHS = [...REFRESH_PATHS, '/api/alerts'] as const;

/** Counts the console's GET answers received in full, by path, and wakes whoever waits for them. */
class Answers {
  private readonly counts = new Map<string, number>();
  private waiters: (() => void)[] = [];
  /** The last GET /alerts/grouped's round trip, ms. */
  lastGroupedMs = 0;

  constructor(page: Page) {
    page.on('response', (response) => {
      if (response.request().method() !== 'GET') return;
      const path = new URL(response.url()).pathname;
      if (!path.startsWith('/api/')) return;
      // A 304 (an open group's alerts unchanged since the page the console holds) has no body, and Playwright never
      // reports it finished: it is complete when it arrives.
      (response.status() === 304 ? Promise.resolve(null) : response.finished()).then(
        () => {
          this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
          if (path === GROUPED_PATH) {
            const timing = response.request().timing();
            this.lastGroupedMs = timing.responseEnd >= 0 ? timing.responseEnd : timing.responseStart;
          }
          for (const wake of this.waiters.splice(0)) wake();
        },
        () => undefined,
      );
    });
  }

  snapshot(): ReadonlyMap<string, number> {
    return new Map(this.counts);
  }

  /** Resolves once every one of `paths` has been answered again since `since`. */
  async after(since: ReadonlyMap<string, number>, paths: readonly string[]): Promise<void> {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (paths.some((path) => (this.counts.get(path) ?? 0) <= (since.get(path) ?? 0))) {
      if (Date.now() > deadline) throw new Error(`no refresh of ${paths.join(', ')} within ${STEP_TIMEOUT_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** Opens the first top group and its first sub-group (DOM clicks, outside any measurement), until a row shows. */
async function openFirstSubgroup(page: Page): Promise<void> {
  const clickHeader = (sub: boolean) =>
    inPage(
      page,
      (inner: boolean) => {
        const top = document.querySelector('h2 > button[aria-expanded]');
        const button = inner ? top?.closest('li')?.querySelector('h3 > button[aria-expanded]') : top;
        if (!(button instanceof HTMLElement)) return false;
        button.click();
        return true;
      },
      sub,
    );
  if (!(await clickHeader(false))) throw new Error('no group header to open');
  await until(page, () => document.querySelector('h3 > button[aria-expanded]') !== null, 'a sub-group header');
  if (!(await clickHeader(true))) throw new Error('no sub-group header to open');
  await until(page, () => document.querySelector('tr[data-alert-id]') !== null, 'an alert row in the open group');
  await sleep(1000);
}

interface RefreshSamples {
  /** Windows of WINDOW_MS without a refresh: what the page does anyway. */
  idle: Record<TimeDomain, WindowCost[]>;
  /** Windows holding exactly one refresh by the console's timer. */
  timer: Record<TimeDomain, WindowCost[]>;
}

const emptySamples = (): RefreshSamples => ({
  idle: { threadTicks: [], timeTicks: [] },
  timer: { threadTicks: [], timeTicks: [] },
});

interface RefreshResult {
  /** The view as it first shows: the top groups, none open. */
  closed: RefreshSamples;
  /** The first top group open on its sub-groups, and its first sub-group open on its alerts. */
  open: RefreshSamples;
  /** Rows in the DOM and group headers in the open case. */
  rows: number;
  headers: number;
  profile: string | null;
}

async function idleWindows(page: Page, samples: RefreshSamples, answers: Answers): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < REFRESH_SAMPLES * TIME_DOMAINS.length; i += 1) {
    const domain = TIME_DOMAINS[i % TIME_DOMAINS.length] ?? 'threadTicks';
    await useClock(cdp, domain);
    const requests = answers.snapshot();
    const before = await metrics(cdp);
    const started = performance.now();
    await sleep(WINDOW_MS);
    const after = await metrics(cdp);
    const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
    if ([...answers.snapshot()].some(([path, n]) => n !== requests.get(path))) {
      throw new Error('the console asked the server for something during an idle window');
    }
    samples.idle[domain].push({
      script: delta('ScriptDuration'),
      task: delta('TaskDuration'),
      answerMs: 0,
      spanMs: performance.now() - started,
    });
  }
  await cdp.detach();
}

/**
 * Refreshes by the console's timer, every TIMER_MS: each window runs from just after one refresh has settled to just
 * after the next, so it holds exactly one refresh (the timer firing, the requests, the answers and the render).
 */
async function timerWindows(
  page: Page,
  samples: RefreshSamples,
  answers: Answers,
  paths: readonly string[],
  label: string,
): Promise<string | null> {
  const cdp = await page.context().newCDPSession(page);
  // A console that has been open a while: the refresh path has run, and is compiled, before the samples.
  for (let i = 0; i < 3; i += 1) await answers.after(answers.snapshot(), paths);
  await sleep(SETTLE_MS);
  for (let i = 0; i < REFRESH_SAMPLES * TIME_DOMAINS.length; i += 1) {
    const domain = TIME_DOMAINS[i % TIME_DOMAINS.length] ?? 'threadTicks';
    await useClock(cdp, domain);
    const since = answers.snapshot();
    const before = await metrics(cdp);
    const started = performance.now();
    await answers.after(since, paths);
    await sleep(SETTLE_MS);
    const after = await metrics(cdp);
    const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
    const cost: WindowCost = {
      script: delta('ScriptDuration'),
      task: delta('TaskDuration'),
      answerMs: answers.lastGroupedMs,
      spanMs: performance.now() - started,
    };
    samples.timer[domain].push(cost);
    console.log(
      `${label}, timer sample ${i + 1} (${domain}): script ${cost.script.toFixed(1)} ms, task ` +
        `${cost.task.toFixed(1)} ms over ${cost.spanMs.toFixed(0)} ms`,
    );
  }
  await cdp.send('Performance.disable');
  const profile = await profileRefresh(cdp, answers, paths, label);
  await cdp.detach();
  return profile;
}

/** With BENCH_PROFILE=<dir>, saves a CPU profile (for Chrome DevTools) of one more refresh by the timer there. */
async function profileRefresh(
  cdp: CDPSession,
  answers: Answers,
  paths: readonly string[],
  label: string,
): Promise<string | null> {
  const dir = process.env.BENCH_PROFILE;
  if (dir === undefined || dir === '') return null;
  mkdirSync(dir, { recursive: true });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const since = answers.snapshot();
  await cdp.send('Profiler.start');
  await answers.after(since, paths);
  await sleep(SETTLE_MS);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Profiler.disable');
  const file = join(dir, `grouped-refresh-${label.replace(/\W+/g, '-')}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

async function measureRefreshes(
  browser: Browser,
  token: string,
  origin: string,
  client: Client,
  engine: Engine,
): Promise<RefreshResult> {
  const result: RefreshResult = { closed: emptySamples(), open: emptySamples(), rows: 0, headers: 0, profile: null };
  await setPrefs(client, { refreshInterval: NO_AUTO_REFRESH_MS });
  {
    const { context, page } = await openGrouped(browser, token, origin, TWO_LEVELS);
    try {
      const answers = new Answers(page);
      await idleWindows(page, result.closed, answers);
      await openFirstSubgroup(page);
      await idleWindows(page, result.open, answers);
    } finally {
      await context.close();
    }
  }
  await setPrefs(client, { refreshInterval: TIMER_MS });
  const { context, page } = await openGrouped(browser, token, origin, TWO_LEVELS);
  try {
    const answers = new Answers(page);
    result.profile = await timerWindows(page, result.closed, answers, REFRESH_PATHS, `${engine} closed`);
    await openFirstSubgroup(page);
    const shown = await inPage(
      page,
      () => ({
        rows: document.querySelectorAll('tr[data-alert-id]').length,
        headers: document.querySelectorAll('h2 > button, h3 > button').length,
      }),
      null,
    );
    result.rows = shown.rows;
    result.headers = shown.headers;
    await timerWindows(page, result.open, answers, OPEN_REFRESH_PATHS, `${engine} open`);
  } finally {
    await context.close();
  }
  return result;
}

// ---- 3. Expanding a group ----------------------------------------------------------------------------------------

interface ExpandResult {
  /** Two levels: a top group's header to its first sub-group header on screen (no request: they came with it). */
  top: ExpandReading[];
  /** Two levels: a sub-group's header to its first alert row on screen (the target). */
  sub: ExpandReading[];
  /** One level (by service): a top group's header to its first alert row on screen. */
  oneLevel: ExpandReading[];
  /** Top groups listed at first. */
  listed: number;
}

/**
 * Clicks a header with CDP input events only (no script of Playwright's runs in the page around the click), after
 * placing it mid-screen and letting the page settle; waits until the page has seen what the group opens onto.
 */
async function clickToOpen(page: Page, index: number, sub: boolean): Promise<ExpandReading> {
  const place = await inPage(page, placeHeader, { index, sub });
  if (place === null) throw new Error(`no ${sub ? 'sub-group' : `top group ${index + 1}`} header to click`);
  await inPage(
    page,
    () => {
      const state = (window as BenchWindow).__grouped;
      if (state !== undefined) state.expand = null;
      performance.clearResourceTimings();
    },
    null,
  );
  await page.mouse.move(place.x, place.y);
  await sleep(PAUSE_MS);
  await page.mouse.click(place.x, place.y);
  await until(page, () => (window as BenchWindow).__grouped?.expand?.clickAt != null, `the click on ${place.name}`);
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const reading = await inPage(page, readExpand, null);
    if (reading !== null) return reading;
    if (Date.now() > deadline) throw new Error(`${place.name}: nothing shown within ${STEP_TIMEOUT_MS} ms`);
    await sleep(50);
  }
}

async function collapseAll(page: Page): Promise<void> {
  await inPage(
    page,
    () => {
      for (const button of document.querySelectorAll<HTMLElement>('h2 > button[aria-expanded="true"]')) {
        button.click();
      }
    },
    null,
  );
  await sleep(PAUSE_MS);
}

async function measureExpands(browser: Browser, token: string, origin: string, client: Client, engine: Engine) {
  await setPrefs(client, { refreshInterval: NO_AUTO_REFRESH_MS });
  const result: ExpandResult = { top: [], sub: [], oneLevel: [], listed: 0 };
  for (const hash of [TWO_LEVELS, ONE_LEVEL]) {
    const { context, page } = await openGrouped(browser, token, origin, hash);
    try {
      const listed = await inPage(page, () => document.querySelectorAll('h2 > button[aria-expanded]').length, null);
      result.listed = listed;
      for (let i = 0; i < Math.min(EXPANDS, listed); i += 1) {
        if (hash === TWO_LEVELS) {
          const top = await clickToOpen(page, i, false);
          await sleep(PAUSE_MS);
          const sub = await clickToOpen(page, i, true);
          result.top.push(top);
          result.sub.push(sub);
          console.log(
            `${engine}, group ${i + 1}: sub-groups shown ${top.ms.toFixed(0)} ms, first alert row of a sub-group ` +
              `${sub.ms.toFixed(0)} ms (its GET /alerts ${sub.answerMs?.toFixed(0) ?? '–'} ms)`,
          );
        } else {
          const one = await clickToOpen(page, i, false);
          result.oneLevel.push(one);
          console.log(
            `${engine}, one level, group ${i + 1}: first alert row ${one.ms.toFixed(0)} ms (its GET /alerts ` +
              `${one.answerMs?.toFixed(0) ?? '–'} ms)`,
          );
        }
        await collapseAll(page);
      }
    } finally {
      await context.close();
    }
  }
  return result;
}

// ---- Report ------------------------------------------------------------------------------------------------------

interface EngineResult {
  engine: Engine;
  /** How the database was set up, for the results. */
  setup: string;
  seedSeconds: number;
  shape: { groups: number; subgroups: number[] };
  loads: LoadResult;
  refreshes: RefreshResult;
  expands: ExpandResult;
}

const ms1 = (value: number) => value.toFixed(1);
const engineName = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const clockName = { threadTicks: 'CPU', timeTicks: 'wall' } as const;

interface Cost {
  script: Stats;
  /** Script less what an idle window of the same length holds. */
  net: Stats;
  task: Stats;
  netTask: Stats;
  answer: Stats;
  span: Stats;
}

function refreshCosts(samples: RefreshSamples, domain: TimeDomain): { idle: Cost; timer: Cost } {
  // What the page does anyway, per millisecond of window.
  const idleScript = stats(samples.idle[domain].map((w) => w.script / w.spanMs)).p50;
  const idleTask = stats(samples.idle[domain].map((w) => w.task / w.spanMs)).p50;
  const cost = (list: WindowCost[]): Cost => ({
    script: stats(list.map((w) => w.script)),
    net: stats(list.map((w) => w.script - idleScript * w.spanMs)),
    task: stats(list.map((w) => w.task)),
    netTask: stats(list.map((w) => w.task - idleTask * w.spanMs)),
    answer: stats(list.map((w) => w.answerMs)),
    span: stats(list.map((w) => w.spanMs)),
  });
  return { idle: cost(samples.idle[domain]), timer: cost(samples.timer[domain]) };
}

function report(machine: string, results: EngineResult[]): { full: string; summary: string[] } {
  const loadRows: string[] = [];
  const loadVerdicts: string[] = [];
  const refreshRows: string[] = [];
  const refreshVerdicts: string[] = [];
  const expandRows: string[] = [];
  const expandVerdicts: string[] = [];
  const summaryRows: string[] = [];
  for (const r of results) {
    const name = engineName[r.engine];
    const first = stats(r.loads.grouped.map((t) => t.first));
    const flatFirst = stats(r.loads.flat.map((t) => t.first));
    const loadsMet = first.max <= TARGET_FIRST_HEADERS_MS;
    for (const [list, timings] of [
      ['grouped: first group header', r.loads.grouped],
      ['flat list (for comparison): first alert row', r.loads.flat],
    ] as const) {
      const pick = (key: keyof LoadTimings) => stats(timings.map((t) => t[key]));
      const at = (key: keyof LoadTimings) => (pick(key).p50 < 0 ? '–' : ms(pick(key).p50));
      const s = pick('first');
      const grouped = timings === r.loads.grouped;
      loadRows.push(
        `| ${name} | ${list} | ${s.n} | **${ms(s.p50)}** | ${ms(s.p95)} | **${ms(s.max)}** | ${ms(s.min)} | ` +
          `${at('documentEnd')} | ${at('assetsEnd')} | ${at('fcp')} | ${at('prefsEnd')} | ${at('chunkEnd')} | ` +
          `${at('askedAt')} | ${at('answerEnd')} | ${ms(pick('shown').p50)} | ` +
          `${grouped ? `≤ ${TARGET_FIRST_HEADERS_MS}: ${verdict(loadsMet)}` : ''} |`,
      );
    }
    // Where the time goes: the medians of each load's steps, the grouped list's against the flat list's.
    const step = (timings: LoadTimings[], from: keyof LoadTimings, to: keyof LoadTimings) =>
      ms(stats(timings.map((t) => t[to] - t[from])).p50);
    const steps = (from: keyof LoadTimings, to: keyof LoadTimings) =>
      `${step(r.loads.grouped, from, to)} ms (flat list ${step(r.loads.flat, from, to)})`;
    loadVerdicts.push(
      `- ${name}: ${verdict(loadsMet)} (worst ${ms(first.max)} ms). Medians of the steps: preferences received ` +
        `${ms(stats(r.loads.grouped.map((t) => t.prefsEnd)).p50)} ms (flat list ` +
        `${ms(stats(r.loads.flat.map((t) => t.prefsEnd)).p50)}); from then to the list asked ` +
        `${steps('prefsEnd', 'askedAt')}; the list’s round trip ${steps('askedAt', 'answerEnd')}; from its answer ` +
        `to the first header (row) on screen ${steps('answerEnd', 'first')}.`,
    );
    summaryRows.push(
      `| first group headers ≤ 1,000 ms, cold (${name}) | p50 ${ms(first.p50)} ms, p95 ${ms(first.p95)}, worst ` +
        `${ms(first.max)} (the flat list’s first row in the same runs: p50 ${ms(flatFirst.p50)}, worst ` +
        `${ms(flatFirst.max)}) | ${verdict(loadsMet)} |`,
    );

    const judged: string[] = [];
    let allMet = true;
    for (const [view, samples] of [
      ['top groups, none open', r.refreshes.closed],
      ['a top group and a sub-group open', r.refreshes.open],
    ] as const) {
      for (const domain of TIME_DOMAINS) {
        const { idle, timer } = refreshCosts(samples, domain);
        const met = timer.net.p50 <= TARGET_REFRESH_MS;
        const judge = domain === 'threadTicks';
        if (judge) {
          allMet &&= met;
          judged.push(`${view}: CPU net p50 ${ms1(timer.net.p50)} ms, worst ${ms1(timer.net.max)}`);
        }
        refreshRows.push(
          `| ${name} | ${view} | idle | ${clockName[domain]} | ${ms(idle.span.p50)} | ${ms1(idle.script.p50)} | ` +
            `${ms1(idle.script.max)} | – | – | ${ms1(idle.task.p50)} | – | – | |`,
          `| ${name} | ${view} | refresh | ${clockName[domain]} | ${ms(timer.span.p50)} | ${ms1(timer.script.p50)} | ` +
            `${ms1(timer.script.max)} | **${ms1(timer.net.p50)}** | ${ms1(timer.net.max)} | ${ms1(timer.task.p50)} | ` +
            `${ms1(timer.netTask.p50)} | ${ms(timer.answer.p50)} | ` +
            `${judge ? `≤ ${TARGET_REFRESH_MS}: ${verdict(met)}` : ''} |`,
        );
      }
    }
    refreshVerdicts.push(`- ${name}: ${verdict(allMet)} (${judged.join('; ')})`);
    summaryRows.push(
      `| unchanged refresh ≤ 10 ms script (${name}, by the timer) | ${judged.join('; ')} | ${verdict(allMet)} |`,
    );

    const kinds = [
      ['two levels: a sub-group', 'its first alert row', r.expands.sub, true],
      ['two levels: a top group', 'its first sub-group header', r.expands.top, false],
      ['one level (service): a top group', 'its first alert row', r.expands.oneLevel, false],
    ] as const;
    for (const [clicked, shown, readings, isTarget] of kinds) {
      const s = stats(readings.map((e) => e.ms));
      const answers = readings.map((e) => e.answerMs).filter((a) => a !== null);
      const met = s.p95 <= TARGET_EXPAND_MS;
      expandRows.push(
        `| ${name} | ${clicked} | ${shown} | ${s.n} | **${ms(s.p50)}** | **${ms(s.p95)}** | ${ms(s.max)} | ` +
          `${ms(s.min)} | ${answers.length === 0 ? '–' : ms(stats(answers).p50)} | ` +
          `${isTarget ? `≤ ${TARGET_EXPAND_MS}: ${verdict(met)}` : ''} |`,
      );
      if (isTarget) {
        expandVerdicts.push(`- ${name}: ${verdict(met)} (p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms)`);
        summaryRows.push(
          `| expanding a group ≤ 150 ms to its first row (${name}, a sub-group) | p50 ${ms(s.p50)} ms, p95 ` +
            `${ms(s.p95)}, worst ${ms(s.max)} | ${verdict(met)} |`,
        );
      }
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  const setups = results.map((r) => `${engineName[r.engine]}: ${r.setup}, seeded in ${r.seedSeconds.toFixed(0)} s`);
  const shapes = results.map(
    (r) =>
      `${engineName[r.engine]} ${r.shape.groups} top groups, the first 20 with ` +
      `${r.shape.subgroups.length === 0 ? 0 : Math.min(...r.shape.subgroups)}–` +
      `${r.shape.subgroups.length === 0 ? 0 : Math.max(...r.shape.subgroups)} sub-groups each`,
  );
  const first = results[0];

  const full = [
    '# Grouped view benchmark results',
    '',
    `Measured ${date} by \`npm run bench:grouped\` on ${machine}`,
    '',
    `The built server with ${ALERTS.toLocaleString('en')} open alerts, seeded through \`POST /alert\` ` +
      '(`seed-data.ts`: 40 services, a few of them far more common, a fifth of the alerts in two; 5,000 hosts as ' +
      `resources); ${setups.join('; ')}. The built console in headless Chromium at ${VIEWPORT.width}×` +
      `${VIEWPORT.height}, logged in with a token in localStorage, no CPU or network throttling, at ` +
      `\`/alerts${TWO_LEVELS}\`: the list (open and acknowledged alerts) grouped by service, then resource ` +
      '(docs/console/alert-screens.md#grouped-view), the first 20 top groups by worst severity, each with its first ' +
      `10 sub-groups (${shapes.join('; ')}). The user's rows per page are the default (20). The browser and the ` +
      'server share the cores.',
    '',
    `## 1. First group headers visible, cold (target ≤ ${TARGET_FIRST_HEADERS_MS.toLocaleString('en')} ms)`,
    '',
    'From navigation start (the page’s `performance.now()` origin) to the first animation frame with a group ' +
      'header in the viewport, each load in a new browser context (empty HTTP cache); one load before them, not ' +
      'counted, is the server’s and the browser’s first run of this path. Beside it, taken in turn with it, the ' +
      'flat list’s first alert row (`/alerts`, the same filter, page size 20) in the same conditions. The other ' +
      'columns are medians of the same loads, ms after navigation start: the HTML received, the last script or ' +
      'style received, first contentful paint, the user’s preferences (`GET /user/me/attributes`) received, the ' +
      'grouped view’s own chunk (`GroupedResults`, loaded once the list is grouped: ' +
      'docs/console/alert-screens.md#grouped-view) received, the list’s request (`GET /alerts/grouped`, or ' +
      '`GET /alerts`) sent and its answer received, and the group headers (rows) in the document at that frame. ' +
      'Judged on the worst load.',
    '',
    '| engine | list | loads | p50 ms | p95 ms | worst ms | best ms | HTML | assets | FCP | preferences | chunk | ' +
      'list asked | list answered | shown | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...loadRows,
    '',
    ...loadVerdicts,
    '',
    `## 2. Main-thread cost of a refresh with nothing changed (target ≤ ${TARGET_REFRESH_MS} ms)`,
    '',
    'As `bench/console.ts` measures the flat list’s (bench/README.md): CDP `Performance.getMetrics` deltas, ' +
      '`ScriptDuration` (script) and `TaskDuration` (all main-thread work, with style, layout and paint), over a ' +
      'window holding one refresh by the console’s own timer (preference `refreshInterval` ' +
      `${TIMER_MS} ms), from just after one refresh has settled to just after the next has (its answers in full, ` +
      `then ${SETTLE_MS} ms). While the live stream is up the console makes that refresh only every 60 s, as a ` +
      'safety net (docs/console/behaviour.md#live-updates), so for this part the server is restarted on the same ' +
      'data without the stream (`STREAM_ENABLED=False`) and the console polls on the user’s interval, as it does ' +
      'against a server without one; sections 1 and 3 ran with the stream. A refresh of the grouped view reloads ' +
      'the groups (`GET /alerts/grouped`), the ' +
      'environment tabs’ counts and the alerts of each open group (`GET /alerts`, asked with the entity tag of the ' +
      `page held, so an unchanged one is a bodiless 304). Idle windows of ${WINDOW_MS} ms in another page of the ` +
      'same view, its timer set to an hour, give what the page does anyway (an open group’s countdown column ticks ' +
      'each second); the net figures subtract that, in proportion to each window’s length. Samples alternate ' +
      'between the main thread’s CPU clock (`threadTicks`, which the other processes on the shared cores do not ' +
      `inflate; the target is judged on its net p50, as the flat list’s) and the wall clock (\`timeTicks\`). ` +
      `${REFRESH_SAMPLES} samples per case and clock. With a group open, ${first?.refreshes.rows ?? 0} alert rows ` +
      `and ${first?.refreshes.headers ?? 0} group headers are in the DOM${first === undefined ? '' : ` (${engineName[first.engine]})`}. ` +
      '“Answer” is the `GET /alerts/grouped` round trip.',
    '',
    '| engine | view | window | clock | window ms | script p50 ms | script worst ms | net p50 ms | net worst ms | ' +
      'task p50 ms | net task p50 ms | answer ms | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...refreshRows,
    '',
    ...refreshVerdicts,
    ...results.flatMap((r) => (r.refreshes.profile === null ? [] : [`- CPU profile: ${r.refreshes.profile}`])),
    '',
    `## 3. Expanding a group (target ≤ ${TARGET_EXPAND_MS} ms from the click to its first alert row on screen)`,
    '',
    'The header is scrolled to the middle of the viewport and, after a pause, clicked with CDP input events (so no ' +
      'script of Playwright’s runs in the page); the time runs from the click event’s `timeStamp` to the first ' +
      'animation frame with what the group opened onto in the viewport, both on the page’s clock; the console’s ' +
      `timer is set to an hour. Over the first ${Math.min(EXPANDS, first?.expands.listed ?? EXPANDS)} top groups ` +
      'listed, each in turn: a click on its header (two levels: it opens on its first sub-groups, which came with the ' +
      'top groups, so nothing is asked), then on its first sub-group’s header, which asks `GET /alerts` for that ' +
      'sub-group’s alerts (docs/console/alert-screens.md#grouped-view), then every group is closed again. The same ' +
      'with the list grouped by service alone, where a top group opens on its alerts. “Answer” is that ' +
      '`GET /alerts` from the request’s start to its answer’s end. Judged on the sub-groups’ p95.',
    '',
    '| engine | click on | until on screen | clicks | p50 ms | p95 ms | worst ms | best ms | answer p50 ms | target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...expandRows,
    '',
    ...expandVerdicts,
    '',
  ].join('\n');

  const summary = [
    `Measured ${date} by \`npm run bench:grouped\` (details: [GROUPED-RESULTS.md](GROUPED-RESULTS.md)); ` +
      `${ALERTS.toLocaleString('en')} open alerts grouped by service, then resource; headless Chromium, shared cores.`,
    '',
    '| target | measured | |',
    '|---|---|---|',
    ...summaryRows,
  ];
  return { full, summary };
}

// ---- Main --------------------------------------------------------------------------------------------------------

let server: BenchServer | undefined;
let database: BenchDatabase | undefined;
/** The engine's data folder (SQLite's file, the secret key), kept across the server's restart. */
let dataDir: string | undefined;
let browser: Browser | undefined;
let client: Client | undefined;
let consoleCopy: string | undefined;
/** Set once a signal or the watchdog ends the run: the errors of the steps cut short are not worth showing. */
let interrupted = false;

async function stopServer(): Promise<void> {
  client?.close();
  client = undefined;
  const stopping = server;
  server = undefined;
  if (stopping !== undefined) {
    const timer = setTimeout(() => process.kill(stopping.pid, 'SIGKILL'), 10_000);
    await stopping.stop().finally(() => clearTimeout(timer));
  }
}

async function stopEngine(): Promise<void> {
  await stopServer();
  const dropping = database;
  database = undefined;
  await dropping?.stop();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

async function cleanUp(): Promise<void> {
  const closing = browser?.close().catch(() => undefined);
  browser = undefined;
  await closing;
  await stopEngine();
  if (consoleCopy !== undefined) rmSync(consoleCopy, { recursive: true, force: true });
  consoleCopy = undefined;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: closing the browser, the server and the cluster`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Starts the built server on the engine's data; its origin, an administrator's token and a client with it. */
async function serve(copy: string, env: Record<string, string> = {}) {
  const folder = dataDir ?? mkdtempSync(join(tmpdir(), 'alerta-bench-grouped-data-'));
  dataDir = folder;
  const started = await startBenchServer(database?.url, { CONSOLE_DIR: copy, DATA_DIR: folder, ...env });
  server = started;
  const origin = started.baseURL.replace(/\/api$/, '');
  const home = await fetch(`${origin}/alerts`).then((r) => r.text());
  if (!home.includes('<script')) throw new Error(`the server does not serve the console at ${origin}/`);
  const token = await loginToken(started.baseURL);
  const api = createClient(started.baseURL, { Authorization: `Bearer ${token}` }, 8);
  client = api;
  return { origin, token, api };
}

async function measureEngine(engine: Engine, activeBrowser: Browser, copy: string): Promise<EngineResult> {
  console.log(`\n==== ${engineName[engine]} ====`);
  let setup = 'the server’s own SQLite file';
  if (engine === 'postgres') {
    // PostgreSQL's own durability settings (fsync, synchronous_commit, full_page_writes on), as in production.
    database = await startBenchDatabase('grouped_bench', { durable: true });
    setup = 'a throwaway PostgreSQL cluster with its default settings, analyzed after seeding';
  }
  const first = await serve(copy);
  const seeding = performance.now();
  await seedOpenAlerts(first.api, ALERTS);
  const seedSeconds = (performance.now() - seeding) / 1000;
  // As autovacuum would within a minute of the writes (bench/README.md).
  if (database !== undefined) await runStatement(database.url, 'ANALYZE');
  const shape = await groupShape(first.api);
  console.log(
    `seeded ${ALERTS} open alerts in ${seedSeconds.toFixed(1)} s: ${shape.groups} services, sub-groups of the ` +
      `first page ${shape.subgroups.join(' ')}`,
  );

  console.log('\n== first group headers, cold ==');
  const loads = await measureLoads(activeBrowser, first.token, first.origin);

  console.log('\n== expanding a group ==');
  const expands = await measureExpands(activeBrowser, first.token, first.origin, first.api, engine);

  // While the live stream is up the console reloads only every 60 s, as a safety net; the refresh it then makes is
  // the one it makes on its own interval without a stream (docs/console/behaviour.md#live-updates). The same server,
  // on the same data, without the stream, so that the console's timer runs on the user's interval.
  console.log('\n== a refresh with nothing changed (the server restarted without the live stream) ==');
  await stopServer();
  const second = await serve(copy, { STREAM_ENABLED: 'False' });
  const refreshes = await measureRefreshes(activeBrowser, second.token, second.origin, second.api, engine);

  await stopEngine();
  return { engine, setup, seedSeconds, shape, loads, refreshes, expands };
}

async function main(): Promise<void> {
  const load = loadAverage();
  // The server serves a copy of the built console, so a rebuild during the run changes nothing under it.
  const copy = mkdtempSync(join(tmpdir(), 'alerta-bench-grouped-'));
  consoleCopy = copy;
  cpSync('packages/web/dist', copy, { recursive: true });
  const bundle = /assets\/(index-[\w-]+\.js)/.exec(readFileSync(join(copy, 'index.html'), 'utf8'))?.[1];
  const activeBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: STEP_TIMEOUT_MS,
    // Playwright's own handlers would kill the browser and exit before the server is stopped; ours close both.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  browser = activeBrowser;
  const machine =
    `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
    `Node ${process.version}, Chromium ${activeBrowser.version()}`;
  console.log(`${machine}; console bundle ${bundle}; load average ${load}`);

  const results: EngineResult[] = [];
  for (const engine of ENGINES.filter(isEngine)) results.push(await measureEngine(engine, activeBrowser, copy));

  const { full, summary } = report(
    `${machine}; load average ${load} at the start, ${loadAverage()} at the end. The console measured: ` +
      `\`packages/web/dist\` with \`${bundle ?? 'unknown'}\`, served from a copy taken at the start.`,
    results,
  );
  writeFileSync('bench/GROUPED-RESULTS.md', full);
  writeGroupedSection('## Grouped view in headless Chromium', summary);
  console.log(`\n${summary.join('\n')}\n\nwrote bench/GROUPED-RESULTS.md and its section of bench/RESULTS.md`);
}

const watchdog = setTimeout(() => {
  interrupted = true;
  console.error(`\nthe run took longer than ${RUN_TIMEOUT_MS / 60_000} minutes: giving up`);
  void cleanUp().finally(() => process.exit(1));
}, RUN_TIMEOUT_MS);
try {
  await main();
} catch (error) {
  if (!interrupted) console.error(error);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
