/**
 * README.md#durability: what senders and readers see while the database is out, and that nothing answered is lost.
 *
 * - PostgreSQL: a throwaway cluster with its default durability under 16 connections (12 posting alerts, 4 reading
 *   the alert list), stopped with `pg_ctl stop -m fast` for OUTAGE_SECONDS (15) and started again. Records the answers
 *   by status during the outage, the longest answer, the healthcheck meanwhile, the time from the database's return to
 *   the first 2xx, and the answered alerts found afterwards.
 * - SQLite on a full disk: a small tmpfs filled up by another file for OUTAGE_SECONDS under the same load, then freed.
 * - SQLite on a disk that turns read-only: an ext4 image mounted with errors=remount-ro, made to fail under load as a
 *   failing disk makes it; afterwards the server is stopped, the file system checked and the database file with it.
 * - SQLite on a read-only folder at start: the message the server stops with.
 *
 * The SQLite runs mount file systems, which needs root. Writes bench/OUTAGE-RESULTS.md; `npm run build` first.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ServerProcess } from '../packages/server/test/support/server-process.js';
import {
  API_KEY,
  type PostAnswer,
  SERVER_MAIN,
  type Target,
  durablePostgres,
  machine,
  sleep,
  sqliteIntegrity,
  startOn,
  storedAlerts,
} from './durable-support';
import { createClient } from './http';

const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 15) * 1000;
const WRITERS = 12;
const READERS = 4;
const EVENT = 'OutageCheck';

interface Phase {
  statuses: Record<string, number>;
  longestMs: number;
}

interface Run {
  name: string;
  how: string;
  during: Phase;
  healthDuring: Record<string, number>;
  backToFirst2xxMs: number | null;
  longestOverallMs: number;
  acknowledged: number;
  found: number;
  integrity: string;
  notes: string[];
}

const emptyPhase = (): Phase => ({ statuses: {}, longestMs: 0 });

/**
 * 16 connections of traffic until stop() resolves: writers post alerts (new ones and repeats), readers list alerts.
 * Each answer is filed under the phase current when it was sent.
 */
function traffic(server: ServerProcess) {
  const client = createClient(server.endpoint, { Authorization: `Key ${API_KEY}` }, WRITERS + READERS);
  const acknowledged = new Map<string, string>();
  const phases = { before: emptyPhase(), during: emptyPhase(), after: emptyPhase() };
  let phase: keyof typeof phases = 'before';
  let running = true;
  let firstAfter: number | null = null;
  let longest = 0;
  let n = 0;
  const record = (at: keyof typeof phases, status: string, ms: number) => {
    const p = phases[at];
    p.statuses[status] = (p.statuses[status] ?? 0) + 1;
    p.longestMs = Math.max(p.longestMs, ms);
    longest = Math.max(longest, ms);
  };
  const writer = async (w: number) => {
    while (running) {
      const resource = Math.random() < 0.5 ? `new-${w}-${(n += 1)}` : `again-${w}-${Math.floor(Math.random() * 30)}`;
      const id = randomUUID();
      const at = phase;
      const t0 = performance.now();
      try {
        const { status, body } = await client.call('POST', '/alert', {
          id,
          resource,
          event: EVENT,
          environment: 'Production',
          service: ['Outage'],
          severity: Math.random() < 0.5 ? 'major' : 'minor',
          text: 'sent through an outage',
        });
        record(at, String(status), performance.now() - t0);
        if (status >= 200 && status < 300) {
          const answer = JSON.parse(body) as PostAnswer;
          acknowledged.set(answer.alert.id, resource);
          if (at === 'after' && firstAfter === null) firstAfter = performance.now();
        } else {
          await sleep(50);
        }
      } catch {
        record(at, 'no answer', performance.now() - t0);
        await sleep(50);
      }
    }
  };
  const reader = async () => {
    while (running) {
      const at = phase;
      const t0 = performance.now();
      try {
        const { status } = await client.call('GET', '/alerts?status=open&page-size=50');
        record(at, `GET ${status}`, performance.now() - t0);
        if (status !== 200) await sleep(50);
      } catch {
        record(at, 'GET no answer', performance.now() - t0);
        await sleep(50);
      }
    }
  };
  const all = [
    ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
    ...Array.from({ length: READERS }, () => reader()),
  ];
  return {
    acknowledged,
    phases,
    setPhase: (next: keyof typeof phases) => {
      phase = next;
    },
    firstAfter: () => firstAfter,
    longest: () => longest,
    stop: async () => {
      running = false;
      await Promise.all(all);
      client.close();
    },
  };
}

/** Polls the healthcheck every 250 ms until stopped, counting its answers. */
function watchHealth(server: ServerProcess) {
  const seen: Record<string, number> = {};
  let running = true;
  const loop = (async () => {
    while (running) {
      const answer = await fetch(`${server.endpoint}/management/healthcheck`, {
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      const key = answer === undefined ? 'no answer' : `${answer.status} ${(await answer.text()).slice(0, 40)}`;
      seen[key] = (seen[key] ?? 0) + 1;
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

/** Waits for the first answered write after the database's return, at most 60 s. */
async function untilFirst2xx(load: ReturnType<typeof traffic>, since: number): Promise<number | null> {
  while (performance.now() - since < 60_000) {
    const first = load.firstAfter();
    if (first !== null) return first - since;
    await sleep(20);
  }
  return null;
}

async function found(target: Target, acknowledged: Map<string, string>): Promise<number> {
  const stored = await storedAlerts(target, EVENT);
  const ids = new Set([...stored.values()].map((alert) => alert.id));
  return [...acknowledged.keys()].filter((id) => ids.has(id)).length;
}

async function postgresRun(): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alerta-outage-'));
  const target = await durablePostgres(dataDir);
  const cluster = target.cluster;
  if (cluster === undefined) throw new Error('no cluster');
  const server = await startOn(target);
  try {
    const load = traffic(server);
    await sleep(3_000);
    load.setPhase('during');
    const health = watchHealth(server);
    cluster.halt('fast');
    await sleep(OUTAGE_MS);
    cluster.resume();
    const back = performance.now();
    load.setPhase('after');
    const toFirst = await untilFirst2xx(load, back);
    const healthDuring = await health.stop();
    await sleep(3_000);
    await load.stop();
    return {
      name: 'PostgreSQL stopped',
      how: `\`pg_ctl stop -m fast\`, ${OUTAGE_MS / 1000} s, \`pg_ctl start\``,
      during: load.phases.during,
      healthDuring,
      backToFirst2xxMs: toFirst,
      longestOverallMs: load.longest(),
      acknowledged: load.acknowledged.size,
      found: await found(target, load.acknowledged),
      integrity: 'n/a',
      notes: [],
    };
  } finally {
    await server.stop();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function mount(args: string[], dir: string): void {
  execFileSync('mount', [...args, dir]);
}

async function sqliteFullRun(): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'alerta-full-'));
  mount(['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs'], dir);
  const target: Target = { engine: 'sqlite', databaseUrl: `sqlite:${join(dir, 'alerta.sqlite')}`, dataDir: dir };
  try {
    const server = await startOn(target);
    let stopped = false;
    try {
      const load = traffic(server);
      await sleep(3_000);
      load.setPhase('during');
      const health = watchHealth(server);
      const filler = join(dir, 'filler');
      const fd = openSync(filler, 'w');
      try {
        for (;;) writeSync(fd, Buffer.alloc(256 * 1024, 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
      await sleep(OUTAGE_MS);
      rmSync(filler);
      const back = performance.now();
      load.setPhase('after');
      const toFirst = await untilFirst2xx(load, back);
      const healthDuring = await health.stop();
      await sleep(3_000);
      await load.stop();
      await server.stop();
      stopped = true;
      return {
        name: 'SQLite disk full',
        how: `a 32 MB tmpfs filled by another file for ${OUTAGE_MS / 1000} s, then freed`,
        during: load.phases.during,
        healthDuring,
        backToFirst2xxMs: toFirst,
        longestOverallMs: load.longest(),
        acknowledged: load.acknowledged.size,
        found: await found(target, load.acknowledged),
        integrity: sqliteIntegrity(join(dir, 'alerta.sqlite')),
        notes: [],
      };
    } finally {
      if (!stopped) await server.stop();
    }
  } finally {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function sqliteReadOnlyRun(): Promise<Run> {
  const work = mkdtempSync(join(tmpdir(), 'alerta-ro-'));
  const image = join(work, 'disk.img');
  const dir = join(work, 'mnt');
  mkdirSync(dir);
  execFileSync('truncate', ['-s', '64M', image]);
  execFileSync('mkfs.ext4', ['-q', image]);
  mount(['-o', 'loop,errors=remount-ro', image], dir);
  let mounted = true;
  const unmount = () => {
    if (mounted) execFileSync('umount', [dir]);
    mounted = false;
  };
  // /sys/fs/ext4 lists each mounted ext4 file system under its block device, here a loop device.
  const device = basename(execFileSync('findmnt', ['-n', '-o', 'SOURCE', dir]).toString().trim());
  const target: Target = { engine: 'sqlite', databaseUrl: `sqlite:${join(dir, 'alerta.sqlite')}`, dataDir: dir };
  try {
    const server = await startOn(target);
    const notes: string[] = [];
    let load: ReturnType<typeof traffic> | undefined;
    try {
      load = traffic(server);
      await sleep(3_000);
      load.setPhase('during');
      const health = watchHealth(server);
      // What the kernel does on a disk error with errors=remount-ro: from now on every write fails with EROFS.
      writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, '1');
      await sleep(OUTAGE_MS);
      const healthDuring = await health.stop();
      await load.stop();
      const acknowledged = load.acknowledged;
      await server.stop();
      unmount();
      const fsck = spawn('e2fsck', ['-fy', image], { stdio: 'ignore' });
      const fsckCode = await new Promise<number | null>((resolve) => fsck.once('close', resolve));
      notes.push(`e2fsck -fy after the run exited with ${String(fsckCode)} (0: clean, 1: errors corrected)`);
      mount(['-o', 'loop', image], dir);
      mounted = true;
      return {
        name: 'SQLite disk turns read-only',
        how: `ext4 image (errors=remount-ro) failed under load through trigger_fs_error; ${OUTAGE_MS / 1000} s`,
        during: load.phases.during,
        healthDuring,
        backToFirst2xxMs: null,
        longestOverallMs: load.longest(),
        acknowledged: acknowledged.size,
        found: await found(target, acknowledged),
        integrity: sqliteIntegrity(join(dir, 'alerta.sqlite')),
        notes,
      };
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  } finally {
    unmount();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The server started on a folder it cannot write: its exit code and what it printed. */
async function readOnlyStart(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'alerta-rostart-'));
  mount(['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs'], dir);
  try {
    mount(['-o', 'remount,ro'], dir);
    const child = spawn(process.execPath, [SERVER_MAIN], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: dir, PORT: '0', SECRET_KEY: 'x'.repeat(40) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return `exit code ${String(code)}: \`${output.trim().replaceAll(dir, '<DATA_DIR>')}\``;
  } finally {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

const statuses = (record: Record<string, number>) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

const runs: Run[] = [];
const only = (process.env.OUTAGE_RUNS ?? 'postgres,full,readonly').split(',');
if (only.includes('postgres')) runs.push(await postgresRun());
if (only.includes('full')) runs.push(await sqliteFullRun());
if (only.includes('readonly')) runs.push(await sqliteReadOnlyRun());
const startMessage = await readOnlyStart();

const lines = [
  '# Outage results',
  '',
  `\`node --import tsx bench/outage.ts\` on ${machine()}, ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `${WRITERS} connections post alerts (half new, half sent again) and ${READERS} read the alert list, with an API key,`,
  'against the built server with its default settings (`DATABASE_CONNECT_TIMEOUT=5`, `DATABASE_QUERY_TIMEOUT=30`,',
  '`SQLITE_SYNCHRONOUS=FULL`). Failed requests are sent again after 50 ms. The healthcheck is polled every 250 ms',
  'during the outage. "Answered alerts found" reads the database after the run.',
  '',
  ...runs.flatMap((run) => [
    `## ${run.name}`,
    '',
    `How: ${run.how}.`,
    '',
    `- answers during the outage: ${statuses(run.during.statuses)}`,
    `- longest answer during the outage: ${run.during.longestMs.toFixed(0)} ms; over the whole run: ${run.longestOverallMs.toFixed(0)} ms`,
    `- healthcheck during the outage: ${statuses(run.healthDuring)}`,
    `- from the database's return to the first 2xx: ${run.backToFirst2xxMs === null ? 'not measured (not brought back under load)' : `${run.backToFirst2xxMs.toFixed(0)} ms`}`,
    `- alerts answered 2xx: ${run.acknowledged}, found afterwards: ${run.found}, lost: **${run.acknowledged - run.found}**`,
    `- \`PRAGMA integrity_check\`: ${run.integrity}`,
    ...run.notes.map((note) => `- ${note}`),
    '',
  ]),
  '## SQLite data folder read-only at start',
  '',
  `A read-only tmpfs as \`DATA_DIR\`: ${startMessage}`,
];
writeFileSync('bench/OUTAGE-RESULTS.md', `${lines.join('\n').trimEnd()}\n`);
console.log(lines.join('\n'));
if (runs.some((run) => run.acknowledged !== run.found)) process.exitCode = 1;
