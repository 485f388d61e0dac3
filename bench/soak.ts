/**
 * Soak run (bench/README.md#soak): SOAK_MINUTES (30) of steady mixed load against the built server on one engine at a
 * time, with housekeeping every minute, recording the server's RSS and the latency of each kind of request per minute,
 * then judging whether memory and latency stay flat. Writes bench/SOAK-RESULTS.md. Run with `npm run bench:soak` after
 * `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { type Client, createClient, percentile } from './http';
import { rng } from './seed-data';
import { ENVIRONMENTS, loginToken, startBenchServer } from './server';
import pg from 'pg';
import { type Cluster, startCluster } from '../packages/server/test/support/postgres.js';

const MINUTES = positiveInt('SOAK_MINUTES', 30);
/** Requests per second over all kinds: a busy but not saturated server, so latencies are those of a working day. */
const RATE = positiveInt('SOAK_RATE', 200);
const CONNECTIONS = 32;
/** Minutes are counted from 1; the verdict looks at this minute and the ones after it. */
const JUDGED_FROM = 10;
/** Fewer minutes than this from JUDGED_FROM on give no verdict: one or two values are flat by definition. */
const MIN_JUDGED = 3;
const TOLERANCE = 0.1;
/** More requests than this waiting for an answer means the server has stopped keeping up; new ones are skipped. */
const MAX_IN_FLIGHT = RATE * 10;
/** Where the results go: SOAK_RESULTS, e.g. to run each engine in its own process at the same time. */
const RESULTS_FILE = process.env.SOAK_RESULTS ?? 'bench/SOAK-RESULTS.md';

/**
 * The server's settings for the run: housekeeping every minute (HOUSEKEEPING_INTERVAL is in seconds), and deletion
 * ages short enough that alerts are deleted within the run (docs/api/management.md#housekeeping). Alerts stop
 * receiving once their generation is over, expire ALERT_TIMEOUT_S later and are deleted DELETE_EXPIRED_AFTER after
 * their last receipt; informational ones never expire and go after DELETE_INFO_AFTER.
 */
const ALERT_TIMEOUT_S = 120;
const SERVER_SETTINGS = { HOUSEKEEPING_INTERVAL: '60', DELETE_EXPIRED_AFTER: '180', DELETE_INFO_AFTER: '240' };

function positiveInt(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more: ${text}`);
  return value;
}

const CLASSES = [
  'new alert',
  'duplicate',
  'severity change',
  'heartbeat',
  'list',
  'count',
  'environments',
  'services',
  'top10',
  'alert',
  'ack',
  'note',
  'shelve',
  'unshelve',
  'close',
] as const;
type RequestClass = (typeof CLASSES)[number];

/** Shares of the load, in percent. The five operator actions share `action` (below). */
const MIX: readonly [RequestClass | 'action', number][] = [
  ['new alert', 10],
  ['duplicate', 25],
  ['severity change', 8],
  ['heartbeat', 5],
  ['list', 10],
  ['count', 8],
  ['environments', 6],
  ['services', 6],
  ['top10', 4],
  ['alert', 6],
  ['action', 12],
];
const MIX_TOTAL = MIX.reduce((sum, [, share]) => sum + share, 0);

interface Step {
  action: 'ack' | 'note' | 'shelve' | 'unshelve' | 'close';
  timeout?: number;
}
/**
 * Operators' walks through one alert, one step per action request (docs/api/alarm-models.md#the-alerta-model). Every
 * other operator alert takes the second, whose ack and shelve time out after 30 s, so that housekeeping has shelves
 * and acks to return as well (docs/api/management.md#housekeeping).
 */
const WALKS: readonly (readonly Step[])[] = [
  [{ action: 'ack' }, { action: 'note' }, { action: 'shelve' }, { action: 'unshelve' }, { action: 'close' }],
  [{ action: 'ack', timeout: 30 }, { action: 'note' }, { action: 'shelve', timeout: 30 }],
];
/** Alerts waiting for their next operator step; the next new alerts join while there are fewer. */
const LIFECYCLE_QUEUE = 20;

/** Each generation lasts a minute: its alerts are made and repeated in it, then left to expire and be deleted. */
const GENERATION_MS = 60_000;
const EVENTS = ['CpuHigh', 'DiskFull', 'NodeDown', 'HttpError', 'LatencyHigh'];
const SEVERITIES = ['critical', 'major', 'minor', 'warning'];
const SERVICES = ['Web', 'Api', 'Payments', 'Search', 'Database', 'Cache', 'Queue', 'Auth'];
const REGIONS = ['eu-west', 'us-east', 'ap-south'];
const HEARTBEAT_ORIGINS = 50;
/** The console's default list request (docs/console/alert-screens.md#the-list-request): open and ack, by severity. */
const OPEN = 'status=open&status=ack';

interface ChurnAlert {
  id: string;
  body: Record<string, unknown>;
  severity: number;
  informational: boolean;
}

interface Generation {
  index: number;
  alerts: ChurnAlert[];
  /** Those whose severity may change (not informational). */
  alerting: ChurnAlert[];
}

interface Request {
  cls: RequestClass;
  method: string;
  path: string;
  body?: unknown;
  /** Called with the answer's body on a 2xx. */
  done?: (body: string) => void;
  /** Called when there was no 2xx, or the request was skipped. */
  failed?: () => void;
}

/** What one minute saw, by the minute in which each answer arrived. */
class Bucket {
  readonly latencies = new Map<RequestClass, number[]>(CLASSES.map((cls) => [cls, []]));
  /** Non-2xx answers and failed requests, by `<class> <status or error>`. */
  readonly failures = new Map<string, number>();
  sent = 0;
  skipped = 0;

  /** `outcome` is the HTTP status, or why there was none (then no latency is kept: nothing was answered). */
  record(cls: RequestClass, ms: number, outcome: number | string): void {
    if (typeof outcome === 'number' || /^\d/.test(outcome)) this.latencies.get(cls)?.push(ms);
    if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) return;
    const key = `${cls} ${String(outcome)}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  get answered(): number {
    let n = 0;
    for (const list of this.latencies.values()) n += list.length;
    return n;
  }

  get failed(): number {
    let n = 0;
    for (const count of this.failures.values()) n += count;
    return n;
  }

  all(): number[] {
    return [...this.latencies.values()].flat().sort((a, b) => a - b);
  }
}

interface MinuteRow {
  minute: number;
  rssMb: number;
  /** The machine's one-minute load average at the minute's end. */
  loadAverage: number;
  sent: number;
  answered: number;
  failed: number;
  skipped: number;
  p50: number;
  p95: number;
  p99: number;
  byClass: Map<RequestClass, number | null>;
  stored: number | null;
  closedOrExpired: number | null;
}

interface Judgement {
  label: string;
  median: number;
  min: number;
  max: number;
  flat: boolean;
}

interface EngineRun {
  engine: string;
  database: string;
  minutes: MinuteRow[];
  totals: Bucket;
  verdict: { judged: false; why: string } | { judged: true; rss: Judgement; p95: Judgement; pass: boolean };
}

const stopping = new AbortController();

/** Waits `ms`, or less when `signal` aborts first. */
function sleep(ms: number, signal: AbortSignal = stopping.signal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** Whether the process still runs: gone, or a zombie not yet reaped, is not running. */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  } catch {
    return false;
  }
}

function checkNotStopped(): void {
  if (stopping.signal.aborted) throw new Error('interrupted');
}

/** Makes the requests of the mix, keeping what it needs to make sensible ones: the alerts made and their state. */
class Workload {
  private readonly random = rng(20_260_101);
  private readonly started = performance.now();
  private generation: Generation = { index: 0, alerts: [], alerting: [] };
  private previous: Generation | undefined;
  private made = 0;
  private beats = 0;
  private lifecycleCount = 0;
  /** Operator alerts, their walk and the index of their next step in it, oldest first. */
  private readonly lifecycle: { id: string; walk: readonly Step[]; step: number }[] = [];
  private lifecycleJoining = 0;

  next(): Request {
    this.roll();
    let roll = this.random() * MIX_TOTAL;
    let kind: RequestClass | 'action' = 'new alert';
    for (const [name, share] of MIX) {
      roll -= share;
      if (roll < 0) {
        kind = name;
        break;
      }
    }
    return this.request(kind);
  }

  private roll(): void {
    const index = Math.floor((performance.now() - this.started) / GENERATION_MS);
    if (index === this.generation.index) return;
    this.previous = this.generation;
    this.generation = { index, alerts: [], alerting: [] };
  }

  private pick<T>(list: readonly T[]): T | undefined {
    return list[Math.floor(this.random() * list.length)];
  }

  /** An alert of this generation (or the last, early in a generation) for a repeat, a read or a note. */
  private recent(alerting = false): ChurnAlert | undefined {
    const own = alerting ? this.generation.alerting : this.generation.alerts;
    if (own.length > 0) return this.pick(own);
    return this.pick((alerting ? this.previous?.alerting : this.previous?.alerts) ?? []);
  }

  private request(kind: RequestClass | 'action'): Request {
    switch (kind) {
      case 'new alert':
        return this.newAlert();
      case 'duplicate': {
        const alert = this.recent();
        return alert === undefined ? this.newAlert() : { cls: kind, method: 'POST', path: '/alert', body: alert.body };
      }
      case 'severity change': {
        const alert = this.recent(true);
        if (alert === undefined) return this.newAlert();
        alert.severity = (alert.severity + 1) % SEVERITIES.length;
        alert.body = { ...alert.body, severity: SEVERITIES[alert.severity], value: `${String(alert.severity * 25)}%` };
        return { cls: kind, method: 'POST', path: '/alert', body: alert.body };
      }
      case 'heartbeat':
        this.beats += 1;
        return {
          cls: kind,
          method: 'POST',
          path: '/heartbeat',
          body: { origin: `soak/agent-${String(this.beats % HEARTBEAT_ORIGINS)}`, timeout: 120, tags: ['soak'] },
        };
      case 'list':
        return {
          cls: kind,
          method: 'GET',
          path: `/alerts?${OPEN}&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=20`,
        };
      case 'count':
        return { cls: kind, method: 'GET', path: `/alerts/count?${OPEN}` };
      case 'environments':
        return { cls: kind, method: 'GET', path: `/environments?${OPEN}` };
      case 'services':
        return { cls: kind, method: 'GET', path: `/services?${OPEN}` };
      case 'top10':
        return { cls: kind, method: 'GET', path: `/alerts/top10/count?${OPEN}` };
      case 'alert': {
        const alert = this.recent();
        return alert === undefined ? this.newAlert() : { cls: kind, method: 'GET', path: `/alert/${alert.id}` };
      }
      default:
        return this.action();
    }
  }

  private newAlert(): Request {
    const n = this.made++;
    const generation = this.generation;
    if (this.lifecycle.length + this.lifecycleJoining < LIFECYCLE_QUEUE) return this.operatorAlert(n, generation);
    const informational = n % 10 === 9;
    const severity = n % SEVERITIES.length;
    const event = EVENTS[n % EVENTS.length] ?? 'CpuHigh';
    const resource = `soak-${String(generation.index)}-${String(Math.floor(n / EVENTS.length))}`;
    const body = {
      resource,
      event,
      environment: ENVIRONMENTS[Math.floor(n / EVENTS.length) % ENVIRONMENTS.length],
      service: [SERVICES[n % SERVICES.length]],
      group: 'Soak',
      severity: informational ? 'informational' : SEVERITIES[severity],
      value: `${String(severity * 25)}%`,
      text: `${event} on ${resource}`,
      tags: ['soak', `rack-${String(n % 10)}`],
      attributes: { region: REGIONS[n % REGIONS.length] },
      origin: `soak/agent-${String(n % HEARTBEAT_ORIGINS)}`,
      timeout: informational ? 0 : ALERT_TIMEOUT_S,
    };
    return {
      cls: 'new alert',
      method: 'POST',
      path: '/alert',
      body,
      done: (answer) => {
        const alert: ChurnAlert = { id: idOf(answer), body, severity, informational };
        generation.alerts.push(alert);
        if (!informational) generation.alerting.push(alert);
      },
    };
  }

  /** A new alert that an operator then walks through one of WALKS. */
  private operatorAlert(n: number, generation: Generation): Request {
    this.lifecycleJoining += 1;
    this.lifecycleCount += 1;
    const resource = `soak-op-${String(generation.index)}-${String(this.lifecycleCount)}`;
    const walk = WALKS[this.lifecycleCount % WALKS.length] ?? [];
    const release = (id: string | undefined) => {
      this.lifecycleJoining -= 1;
      if (id !== undefined) this.lifecycle.push({ id, walk, step: 0 });
    };
    return {
      cls: 'new alert',
      method: 'POST',
      path: '/alert',
      body: {
        resource,
        event: 'ServiceCheck',
        environment: ENVIRONMENTS[n % ENVIRONMENTS.length],
        service: [SERVICES[n % SERVICES.length]],
        group: 'Soak',
        severity: 'major',
        text: `ServiceCheck failed on ${resource}`,
        tags: ['soak', 'operator'],
        origin: 'soak/operator',
        timeout: ALERT_TIMEOUT_S,
      },
      done: (answer) => release(idOf(answer)),
      failed: () => release(undefined),
    };
  }

  private action(): Request {
    const next = this.lifecycle.shift();
    if (next === undefined) {
      // Early on, before the first operator alerts are in: a note on a recent alert instead.
      const alert = this.recent();
      return alert === undefined
        ? this.newAlert()
        : { cls: 'note', method: 'PUT', path: `/alert/${alert.id}/note`, body: { text: 'looking into it' } };
    }
    const step = next.walk[next.step] ?? { action: 'close' };
    const onward = () => {
      if (next.step + 1 < next.walk.length) this.lifecycle.push({ ...next, step: next.step + 1 });
    };
    if (step.action === 'note') {
      return {
        cls: 'note',
        method: 'PUT',
        path: `/alert/${next.id}/note`,
        body: { text: 'checked the service, waiting for the vendor' },
        done: onward,
      };
    }
    return {
      cls: step.action,
      method: 'PUT',
      path: `/alert/${next.id}/action`,
      body: { action: step.action, text: `${step.action} during the soak run`, timeout: step.timeout },
      done: onward,
    };
  }
}

function idOf(answer: string): string {
  const id = (JSON.parse(answer) as { id?: unknown }).id;
  if (typeof id !== 'string') throw new Error(`no id in the answer: ${answer.slice(0, 200)}`);
  return id;
}

/** The stored alerts and how many of them are closed or expired, outside the measured load. */
async function storedAlerts(baseURL: string, token: string): Promise<{ total: number; done: number } | null> {
  try {
    const answer = await fetch(`${baseURL}/alerts/count`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await answer.json()) as { total?: number; statusCounts?: Record<string, number> };
    return {
      total: body.total ?? 0,
      done: (body.statusCounts?.closed ?? 0) + (body.statusCounts?.expired ?? 0),
    };
  } catch {
    return null;
  }
}

function judge(label: string, values: readonly number[]): Judgement {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = Number.isInteger(middle)
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[Math.floor(middle)] ?? 0);
  const min = sorted[0] ?? 0;
  const max = sorted.at(-1) ?? 0;
  return {
    label,
    median,
    min,
    max,
    flat: max <= median * (1 + TOLERANCE) && min >= median * (1 - TOLERANCE),
  };
}

async function soak(engine: 'sqlite' | 'postgres', databaseUrl: string | undefined, database: string) {
  console.log(`\n== ${engine}: ${String(MINUTES)} min at ${String(RATE)} requests/s ==`);
  const server = await startBenchServer(databaseUrl, SERVER_SETTINGS);
  let client: Client | undefined;
  let ticker: NodeJS.Timeout | undefined;
  // A server that dies ends the run within a second, not at the end of the minute.
  const lost = new AbortController();
  const watchdog = setInterval(() => {
    if (!running(server.pid)) lost.abort(new Error(`the server (pid ${String(server.pid)}) has exited`));
  }, 1000);
  const wake = AbortSignal.any([stopping.signal, lost.signal]);
  const checkServer = (): void => {
    checkNotStopped();
    if (lost.signal.aborted) throw lost.signal.reason;
  };
  try {
    checkNotStopped();
    const token = await loginToken(server.baseURL);
    client = createClient(server.baseURL, { Authorization: `Bearer ${token}` }, CONNECTIONS);
    const load = client;
    const workload = new Workload();
    const totals = new Bucket();
    let bucket = new Bucket();
    let inFlight = 0;
    let failureSamples = 0;

    const fire = (request: Request): void => {
      bucket.sent += 1;
      if (inFlight >= MAX_IN_FLIGHT) {
        bucket.skipped += 1;
        request.failed?.();
        return;
      }
      inFlight += 1;
      const t0 = performance.now();
      const settle = (status: number | string, body: string) => {
        const ms = performance.now() - t0;
        inFlight -= 1;
        let outcome = status;
        if (typeof status === 'number' && status >= 200 && status < 300) {
          try {
            request.done?.(body);
          } catch {
            // A 2xx whose body we cannot use counts as a failure of its kind.
            outcome = `${String(status)} unreadable`;
          }
        }
        bucket.record(request.cls, ms, outcome);
        totals.record(request.cls, ms, outcome);
        if (outcome === status && typeof status === 'number' && status < 300 && status >= 200) return;
        request.failed?.();
        if (failureSamples < 10 && !stopping.signal.aborted) {
          failureSamples += 1;
          console.log(`  ${request.cls} ${request.method} ${request.path} → ${String(outcome)} ${body.slice(0, 200)}`);
        }
      };
      load.call(request.method, request.path, request.body).then(
        ({ status, body }) => settle(status, body),
        (error: unknown) => settle(error instanceof Error ? error.message : String(error), ''),
      );
    };

    // Open loop: requests go out on a fixed schedule whatever the answers do, so a slow server shows as latency
    // (from the moment each request is handed to the client, connection wait included) rather than as fewer requests.
    const started = performance.now();
    let issued = 0;
    ticker = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      for (; issued < due; issued++) fire(workload.next());
    }, 5);

    const minutes: MinuteRow[] = [];
    for (let minute = 1; minute <= MINUTES; minute++) {
      await sleep(started + minute * 60_000 - performance.now(), wake);
      checkServer();
      const closed = bucket;
      bucket = new Bucket();
      const rssMb = server.rssMb();
      const stored = await storedAlerts(server.baseURL, token);
      const all = closed.all();
      const row: MinuteRow = {
        minute,
        rssMb,
        loadAverage: loadavg()[0] ?? 0,
        sent: closed.sent,
        answered: closed.answered,
        failed: closed.failed,
        skipped: closed.skipped,
        p50: percentile(all, 50),
        p95: percentile(all, 95),
        p99: percentile(all, 99),
        byClass: new Map(
          [...closed.latencies].map(([cls, list]) => [
            cls,
            list.length === 0
              ? null
              : percentile(
                  [...list].sort((a, b) => a - b),
                  95,
                ),
          ]),
        ),
        stored: stored?.total ?? null,
        closedOrExpired: stored?.done ?? null,
      };
      minutes.push(row);
      console.log(
        `minute ${String(minute)}: RSS ${rssMb.toFixed(0)} MB, ${String(row.answered)} answered, ` +
          `p95 ${row.p95.toFixed(1)} ms, ${String(row.failed)} failed, ${String(row.skipped)} skipped, ` +
          `${String(row.stored ?? '?')} alerts stored`,
      );
    }
    clearInterval(ticker);
    ticker = undefined;
    // Let the last answers in before the server goes, so they are not counted as failures of a stopping server.
    for (let waited = 0; inFlight > 0 && waited < 30_000 && !wake.aborted; waited += 100) await sleep(100, wake);
    checkServer();

    const window = minutes.filter((row) => row.minute >= JUDGED_FROM);
    let verdict: EngineRun['verdict'];
    if (window.length < MIN_JUDGED) {
      verdict = {
        judged: false,
        why:
          `not judged: the verdict needs at least ${String(MIN_JUDGED)} minutes from minute ${String(JUDGED_FROM)} ` +
          `on (SOAK_MINUTES ≥ ${String(JUDGED_FROM + MIN_JUDGED - 1)}), this run had ${String(MINUTES)}`,
      };
    } else {
      const rss = judge(
        'RSS',
        window.map((row) => row.rssMb),
      );
      const p95 = judge(
        'overall p95',
        window.map((row) => row.p95),
      );
      const failures = totals.failed + minutes.reduce((sum, row) => sum + row.skipped, 0);
      verdict = { judged: true, rss, p95, pass: rss.flat && p95.flat && failures === 0 };
    }
    return { engine, database, minutes, totals, verdict } satisfies EngineRun;
  } finally {
    clearInterval(watchdog);
    if (ticker !== undefined) clearInterval(ticker);
    client?.close();
    await server.stop();
  }
}

const ms = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : value.toFixed(1);

function describeJudgement(j: Judgement, unit: string): string {
  const off = (value: number): string => {
    const percent = (value / j.median - 1) * 100;
    return `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(1)}%`;
  };
  return (
    `${j.label} ${j.flat ? 'flat' : 'NOT flat'} (median ${j.median.toFixed(1)} ${unit}, ` +
    `min ${j.min.toFixed(1)} ${unit} ${off(j.min)}, max ${j.max.toFixed(1)} ${unit} ${off(j.max)})`
  );
}

function engineSection(run: EngineRun): string[] {
  const verdict = run.verdict;
  const totalFailed = run.totals.failed;
  const skipped = run.minutes.reduce((sum, row) => sum + row.skipped, 0);
  const failures = [...run.totals.failures].sort((a, b) => b[1] - a[1]);
  return [
    `## ${run.engine}`,
    '',
    run.database,
    '',
    verdict.judged
      ? `**Verdict: ${verdict.pass ? 'PASS' : 'FAIL'}.** From minute ${String(JUDGED_FROM)} on: ` +
        `${describeJudgement(verdict.rss, 'MB')}; ${describeJudgement(verdict.p95, 'ms')}; ` +
        `${String(totalFailed)} non-2xx or failed requests and ${String(skipped)} skipped over the whole run.`
      : `**Verdict: ${verdict.why}.** ${String(totalFailed)} non-2xx or failed requests and ${String(skipped)} ` +
        'skipped over the whole run.',
    '',
    '### Per minute',
    '',
    `Load average is the machine's over the last minute, at the minute's end: above ${String(cpus().length)}, the ` +
      'number of cores, other work was competing with the run.',
    '',
    '| minute | RSS MB | due | answered | non-2xx or failed | skipped | p50 ms | p95 ms | p99 ms | alerts stored | of them closed or expired | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...run.minutes.map(
      (row) =>
        `| ${String(row.minute)} | ${row.rssMb.toFixed(1)} | ${String(row.sent)} | ${String(row.answered)} | ` +
        `${String(row.failed)} | ${String(row.skipped)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ` +
        `${String(row.stored ?? '–')} | ${String(row.closedOrExpired ?? '–')} | ${row.loadAverage.toFixed(2)} |`,
    ),
    '',
    '### p95 ms of each kind of request, per minute',
    '',
    `| minute | ${CLASSES.join(' | ')} |`,
    `|---|${CLASSES.map(() => '---|').join('')}`,
    ...run.minutes.map(
      (row) => `| ${String(row.minute)} | ${CLASSES.map((cls) => ms(row.byClass.get(cls))).join(' | ')} |`,
    ),
    '',
    '### Whole run',
    '',
    '| request | answered | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|',
    ...CLASSES.map((cls) => {
      const sorted = [...(run.totals.latencies.get(cls) ?? [])].sort((a, b) => a - b);
      return (
        `| ${cls} | ${String(sorted.length)} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ` +
        `${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? 0)} |`
      );
    }),
    '',
    failures.length === 0
      ? `Every request made was answered with a 2xx${skipped === 0 ? '' : `; ${String(skipped)} more were due but skipped`}.`
      : `Non-2xx answers and failed requests: ${failures.map(([key, n]) => `${key} ×${String(n)}`).join(', ')}.`,
    '',
  ];
}

/** The commit checked out, so runs can be compared; the server may carry changes not yet committed. */
function checkout(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: 'pipe' }).trim();
    const changed = git('status', '--porcelain', '--', 'packages/server', 'packages/contract') !== '';
    return ` Checkout at commit ${git('rev-parse', '--short', 'HEAD')}${changed ? ', with uncommitted server changes' : ''}.`;
  } catch {
    return '';
  }
}

function writeResults(runs: readonly EngineRun[]): void {
  const cpu = cpus()[0]?.model ?? 'unknown';
  const lines = [
    '# Soak results',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:soak\` on ` +
      `${String(cpus().length)} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}: ` +
      `${String(MINUTES)} minutes per engine at ${String(RATE)} requests/s over ${String(CONNECTIONS)} connections ` +
      '(the load generator shares the cores with the server and the database). The server housekeeps every minute ' +
      `(alerts time out after ${String(ALERT_TIMEOUT_S)} s; closed and expired alerts are deleted 180 s, ` +
      'informational ones 240 s, after their last receipt). What the run does and how it is judged: ' +
      `[README.md](README.md#soak).${checkout()}`,
    '',
    ...runs.flatMap(engineSection),
  ];
  writeFileSync(RESULTS_FILE, lines.join('\n'));
  console.log(`wrote ${RESULTS_FILE}`);
}

/** Makes the database `soak` in the cluster at `clusterUrl` and answers its URL. */
async function createSoakDatabase(clusterUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query('CREATE DATABASE soak');
  } finally {
    await client.end();
  }
  return clusterUrl.replace(/\/[^/]*$/, '/soak');
}

/** The settings that decide what a commit waits for, as the database reports them, e.g. `fsync=on, …`. */
async function durabilitySettings(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')
       ORDER BY name`,
    );
    return rows.rows.map((row) => `${row.name}=${row.setting}`).join(', ');
  } finally {
    await client.end();
  }
}

let signals = 0;
const onSignal = (signal: NodeJS.Signals): void => {
  signals += 1;
  if (signals > 1) {
    console.error(`\n${signal} again: leaving at once`);
    process.exit(130);
  }
  console.error(`\n${signal}: stopping the load, the server and any cluster (again to leave at once)`);
  stopping.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const engines = (process.env.SOAK_ENGINES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
for (const name of engines) {
  if (name !== 'sqlite' && name !== 'postgres') throw new Error(`SOAK_ENGINES: unknown engine ${name}`);
}
const runs: EngineRun[] = [];
try {
  if (engines.includes('sqlite')) {
    runs.push(await soak('sqlite', undefined, 'SQLite in a temporary folder, the server’s defaults.'));
    writeResults(runs);
  }
  if (engines.includes('postgres')) {
    checkNotStopped();
    const given = process.env.DATABASE_URL_SOAK;
    let cluster: Cluster | undefined;
    try {
      // PostgreSQL's own durability defaults, unlike the tests' and `npm run bench`'s cluster: each commit waits for
      // the disk, as in production.
      if (given === undefined || given === '') cluster = await startCluster({ durable: true });
      checkNotStopped();
      const url = cluster === undefined ? given : await createSoakDatabase(cluster.url);
      checkNotStopped();
      const settings = await durabilitySettings(url ?? '');
      const description =
        cluster === undefined
          ? `PostgreSQL at DATABASE_URL_SOAK (${settings}).`
          : `A throwaway local PostgreSQL cluster with its default durability settings (${settings}).`;
      runs.push(await soak('postgres', url, description));
      writeResults(runs);
    } finally {
      try {
        cluster?.stop();
      } catch (error) {
        console.error('stopping the PostgreSQL cluster:', error);
      }
    }
  }
  const failed = runs.some((run) => run.verdict.judged && !run.verdict.pass);
  if (failed) process.exitCode = 1;
} catch (error) {
  console.error(stopping.signal.aborted ? 'soak run interrupted; nothing written for the unfinished engine' : error);
  process.exitCode = stopping.signal.aborted ? 130 : 1;
}
