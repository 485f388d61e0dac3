/**
 * The live stream's server side (docs/api/stream.md), on SQLite and on a throwaway PostgreSQL cluster with its default
 * durability: how long from `POST /alert` answered to the change reaching a stream (on the same process, and on
 * PostgreSQL on another process than the sender); what 1,000 open streams cost in memory and in ingest throughput
 * (the ingest bench's method: 16 connections, new alerts and duplicates); what the change log's triggers cost ingest;
 * and a server restart: how long until a client reconnecting with Last-Event-ID has its hello again, and whether it
 * then hears every change made while the server was down. Writes its section of RESULTS.md.
 *
 * `npm run build -w packages/server && node --import tsx bench/stream-server.ts`; BENCH_ENGINES=sqlite (or postgres)
 * measures one engine, BENCH_N the requests per ingest case (5,000), BENCH_STREAM_ALERTS the alerts timed one by one
 * (300), BENCH_STREAMS the open streams (1,000).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { SseClient } from '../packages/server/test/support/sse.js';
import { startBenchDatabase } from './cluster';
import { type LoadResult, createClient, percentile, runLoad } from './http';
import { writeStreamSection } from './results-file';
import { benchAlert } from './seed-data';
import { type BenchServer, startBenchServer } from './server';

const N = Number(process.env.BENCH_N ?? 5000);
const TIMED = Number(process.env.BENCH_STREAM_ALERTS ?? 300);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const KEY = 'bench-stream-admin-key-0001';
const AUTH = { Authorization: `Key ${KEY}` };
const ENV = {
  ADMIN_KEY: KEY,
  SECRET_KEY: 'bench-stream-secret-key-that-is-long-enough',
  STREAM_MAX_PER_USER: String(STREAMS + 100),
  STREAM_MAX_CONNECTIONS: String(STREAMS + 100),
};

const lines: string[] = [];
const say = (line: string): void => {
  console.log(line);
  lines.push(line);
};

/** A new alert of its own resource, so every one is created (never a duplicate of another). */
const freshAlert = (tag: string, i: number) => ({ ...benchAlert(i), resource: `${tag}-${i}` });

async function postAlert(endpoint: string, body: unknown): Promise<string> {
  const response = await fetch(`${endpoint}/alert`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { id?: string };
  if (response.status !== 201 || answer.id === undefined) throw new Error(`POST /alert: ${response.status}`);
  return answer.id;
}

/** From each POST /alert answered to its `created` reaching a stream on `listenOn`, one alert at a time. */
async function latency(postTo: string, listenOn: string, tag: string): Promise<{ p50: number; p95: number }> {
  const client = await SseClient.open(`${listenOn}/alerts/stream`, AUTH);
  await client.nextNamed('hello');
  const arrived = new Map<string, number>();
  const received = client.events;
  let scanned = 0;
  const scan = (): void => {
    for (; scanned < received.length; scanned += 1) {
      const event = received[scanned];
      if (event?.event !== 'alerts') continue;
      for (const change of (JSON.parse(event.data) as { changes: { id: string }[] }).changes) {
        if (!arrived.has(change.id)) arrived.set(change.id, performance.now());
      }
    }
  };
  const times: number[] = [];
  for (let i = 0; i < TIMED; i += 1) {
    const id = await postAlert(postTo, freshAlert(tag, i));
    const answered = performance.now();
    await client.until(() => {
      scan();
      return arrived.has(id);
    });
    // The change may come in before the answer is read: then it took no time after it.
    times.push(Math.max(0, (arrived.get(id) ?? answered) - answered));
  }
  client.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Streams held open on raw sockets, each reading and counting what comes; resolves once all have their hello. */
async function openStreams(endpoint: string, count: number): Promise<{ sockets: Socket[]; bytes: () => number }> {
  const url = new URL(`${endpoint}/alerts/stream`);
  const request = `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Key ${KEY}\r\n\r\n`;
  let bytes = 0;
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => {
      return new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: url.hostname, port: Number(url.port) });
        let head = '';
        socket.on('error', reject);
        socket.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (head !== 'done') {
            head += chunk.toString('latin1');
            if (head.includes('event: hello')) {
              head = 'done';
              resolve(socket);
            } else if (/^HTTP\/1\.1 [^2]/.test(head)) reject(new Error(head.split('\r\n')[0]));
          }
        });
        socket.write(request);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return { sockets, bytes: () => bytes };
}

/**
 * The streams, held by a process of their own (this file with `--readers`), so that reading them does not slow the
 * load generator's own event loop: it prints `ready` once every stream has its hello, and the bytes received when
 * asked (a line on its input), then exits when its input closes.
 */
async function readersProcess(endpoint: string, count: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--readers', endpoint, String(count)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const next = (): Promise<string> =>
    new Promise((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', () => reject(new Error('the stream readers exited')));
    });
  if ((await next()) !== 'ready') throw new Error('the stream readers did not start');
  return {
    bytes: async () => {
      child.stdin.write('bytes\n');
      return Number(await next());
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}

async function ingest(server: BenchServer, from: number): Promise<{ created: LoadResult; duplicates: LoadResult }> {
  const client = createClient(server.baseURL, AUTH, 16);
  const created = await runLoad(client, N, 16, (i) => ({ method: 'POST', path: '/alert', body: benchAlert(from + i) }));
  const duplicates = await runLoad(client, N, 16, (i) => ({
    method: 'POST',
    path: '/alert',
    body: benchAlert(from + (i % 500)),
  }));
  client.close();
  return { created, duplicates };
}

const signed = (n: number): string => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(0)}`;

/** The server's user and system CPU time so far, in ms (clock ticks of /proc/<pid>/stat at 100 per second). */
function cpuMs(server: BenchServer): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

/** An ingest run with the server's CPU time per request, which the load generator's share of the cores skews less. */
async function ingestCpu(server: BenchServer, from: number) {
  const before = cpuMs(server);
  const result = await ingest(server, from);
  const perRequest = ((cpuMs(server) - before) * 1000) / (2 * N);
  return { ...result, cpuUs: perRequest };
}

/** Runs statements on a connection of its own: better-sqlite3 or pg. */
async function onDatabase(databaseUrl: string, work: (run: (text: string) => Promise<unknown[]>) => Promise<void>) {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new BetterSqlite3(databaseUrl.slice('sqlite:'.length));
    try {
      await work((text) => {
        const statement = db.prepare(text);
        return Promise.resolve(statement.reader ? statement.all() : (statement.run(), []));
      });
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await work(async (text) => (await client.query(text)).rows as unknown[]);
  } finally {
    await client.end();
  }
}

/** Takes away the change log's triggers while `work` runs, then puts them back: what ingest costs without them. */
async function withoutTriggers(databaseUrl: string, work: () => Promise<void>): Promise<void> {
  const restore: string[] = [];
  await onDatabase(databaseUrl, async (run) => {
    if (databaseUrl.startsWith('sqlite:')) {
      const rows = (await run(
        "select name, sql from sqlite_master where type = 'trigger' and name like 'change_log_%'",
      )) as { name: string; sql: string }[];
      for (const row of rows) {
        restore.push(row.sql);
        await run(`drop trigger ${row.name}`);
      }
    } else {
      for (const table of ['alerts', 'heartbeats', 'blackouts']) {
        for (const what of ['insert', 'update', 'delete']) {
          await run(`alter table ${table} disable trigger change_log_${table}_${what}`);
          restore.push(`alter table ${table} enable trigger change_log_${table}_${what}`);
        }
      }
    }
  });
  try {
    await work();
  } finally {
    await onDatabase(databaseUrl, async (run) => {
      for (const statement of restore) await run(statement);
    });
  }
}

async function benchEngine(engine: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'alerta-stream-bench-'));
  const cluster = engine === 'postgres' ? await startBenchDatabase('stream_bench', { durable: true }) : undefined;
  const databaseUrl = cluster?.url ?? `sqlite:${join(dir, 'alerta.sqlite')}`;
  const label = engine === 'postgres' ? 'postgres default' : 'sqlite';
  let server = await startBenchServer(databaseUrl, ENV);
  let other: BenchServer | undefined;
  try {
    say(`### ${label}`);
    say('');
    const same = await latency(server.baseURL, server.baseURL, 'latency');
    say(
      `- POST /alert answered → the change received by a stream on the same process, ${TIMED} alerts one at a time: ` +
        `p50 ${same.p50.toFixed(1)} ms, p95 ${same.p95.toFixed(1)} ms`,
    );
    if (engine === 'postgres') {
      other = await startBenchServer(databaseUrl, ENV);
      const across = await latency(server.baseURL, other.baseURL, 'across');
      say(
        `- the same with the stream on another server process than the sender: p50 ${across.p50.toFixed(1)} ms, ` +
          `p95 ${across.p95.toFixed(1)} ms`,
      );
    }

    // Warmed up first; then, twice, the triggers off, on, and on with the streams listening, the second time in the
    // opposite order, so that no case has the warmer server or the smaller table (each run adds its alerts to the
    // table, and a case that always ran last was measured on the largest); each figure is the mean of its two runs.
    let offset = 100_000;
    await ingest(server, offset);
    offset += N;
    const mean = () => ({ created: 0, duplicates: 0, cpuUs: 0 });
    const without = mean();
    const plain = mean();
    const listened = mean();
    const add = (into: ReturnType<typeof mean>, r: Awaited<ReturnType<typeof ingestCpu>>) => {
      into.created += r.created.perSecond / 2;
      into.duplicates += r.duplicates.perSecond / 2;
      into.cpuUs += r.cpuUs / 2;
    };
    const rss = { before: 0, open: 0, after: 0 };
    let received = 0;
    for (const order of [
      ['off', 'on', 'streams'],
      ['streams', 'on', 'off'],
    ] as const) {
      for (const run of order) {
        if (run === 'off') {
          await withoutTriggers(databaseUrl, async () => add(without, await ingestCpu(server, offset)));
        } else if (run === 'on') {
          add(plain, await ingestCpu(server, offset));
        } else {
          const firstOpen = rss.before === 0;
          if (firstOpen) rss.before = server.rssMb();
          const streams = await readersProcess(server.baseURL, STREAMS);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          if (firstOpen) rss.open = server.rssMb();
          add(listened, await ingestCpu(server, offset));
          if (firstOpen) rss.after = server.rssMb();
          received += await streams.bytes();
          await streams.stop();
        }
        offset += N;
      }
    }
    const change = (withLog: number, base: number) => `${(((withLog - base) / base) * 100).toFixed(1)} %`;
    say(
      `- ingest, ${N} requests per case at 16 connections, no stream open: new alerts ${plain.created.toFixed(0)}/s ` +
        `(${without.created.toFixed(0)}/s with the change log's triggers off: ${change(plain.created, without.created)}), ` +
        `duplicates ${plain.duplicates.toFixed(0)}/s (${without.duplicates.toFixed(0)}/s: ` +
        `${change(plain.duplicates, without.duplicates)}); server CPU ${plain.cpuUs.toFixed(0)} µs per request ` +
        `(${without.cpuUs.toFixed(0)} µs with the triggers off)`,
    );
    say(
      `- ${STREAMS} streams open on the process: RSS ${rss.before.toFixed(0)} MB before, ${rss.open.toFixed(0)} MB ` +
        `with them open (${signed(rss.open - rss.before)} MB), ${rss.after.toFixed(0)} MB after an ingest run with them`,
    );
    say(
      `- ingest with the ${STREAMS} streams listening (each hearing every change): new alerts ` +
        `${listened.created.toFixed(0)}/s (${change(listened.created, plain.created)} against none open), duplicates ` +
        `${listened.duplicates.toFixed(0)}/s (${change(listened.duplicates, plain.duplicates)}); server CPU ` +
        `${listened.cpuUs.toFixed(0)} µs per request (${change(listened.cpuUs, plain.cpuUs)}); the streams received ` +
        `${(received / 1024 / 1024).toFixed(0)} MB in all (read by a process of their own, on the same cores)`,
    );

    // A restart: a client that had a position reconnects; changes made while the server was down must all reach it.
    const client = await SseClient.open(`${server.baseURL}/alerts/stream`, AUTH);
    await client.nextNamed('hello');
    const before = await postAlert(server.baseURL, freshAlert('restart', 0));
    await client.nextChange('alerts', (c) => c.id === before);
    const position = client.events.at(-1)?.id ?? '';
    client.close();
    await server.stop();
    const downAt = performance.now();
    const madeWhileDown: string[] = [];
    if (other !== undefined) {
      for (let i = 1; i <= 50; i += 1) madeWhileDown.push(await postAlert(other.baseURL, freshAlert('restart', i)));
    } else {
      await onDatabase(databaseUrl, async (run) => {
        const rows = (await run('select id from alerts order by id limit 50')) as { id: string }[];
        const ids = rows.map((r) => `'${r.id}'`).join(', ');
        await run(`update alerts set text = 'changed while the server was down' where id in (${ids})`);
        madeWhileDown.push(...rows.map((r) => r.id));
      });
    }
    const restartAt = performance.now();
    server = await startBenchServer(databaseUrl, ENV);
    const healthyAt = performance.now();
    const again = await SseClient.open(`${server.baseURL}/alerts/stream`, { ...AUTH, 'Last-Event-ID': position });
    await again.nextNamed('hello');
    const helloAt = performance.now();
    // Each change made while down is named, or counted in a burst's `omitted` (docs/api/stream.md#the-answer).
    const missing = new Set(madeWhileDown);
    let counted = 0;
    await again.until(() => {
      counted = 0;
      for (const event of again.events) {
        if (event.event !== 'alerts') continue;
        const data = JSON.parse(event.data) as { changes: { id: string }[]; omitted?: number };
        counted += data.omitted ?? 0;
        for (const change of data.changes) missing.delete(change.id);
      }
      return missing.size <= counted;
    }, 20_000);
    again.close();
    say(
      `- restart: ${madeWhileDown.length} changes made while the server was down ` +
        `(${engine === 'postgres' ? 'through the other process' : 'written to the database file directly'}); ` +
        `from the new process's start to its hello for a client reconnecting with Last-Event-ID ` +
        `${((helloAt - restartAt) / 1000).toFixed(2)} s (the process healthy after ${((healthyAt - restartAt) / 1000).toFixed(2)} s, ` +
        `down ${((restartAt - downAt) / 1000).toFixed(1)} s in all); every change made while down received ` +
        `(${String(madeWhileDown.length - counted)} named, ${String(counted)} counted in a burst), ` +
        `${again.events.some((e) => e.event === 'resync') ? 'with' : 'without'} a resync`,
    );
    say('');
  } finally {
    await other?.stop();
    await server.stop();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--readers') {
  const streams = await openStreams(process.argv[3] ?? '', Number(process.argv[4] ?? STREAMS));
  console.log('ready');
  const input = createInterface({ input: process.stdin });
  input.on('line', () => console.log(String(streams.bytes())));
  input.on('close', () => {
    for (const socket of streams.sockets) socket.destroy();
  });
} else {
  for (const engine of ENGINES) await benchEngine(engine);
  writeStreamSection(`## Live stream (server side)`, [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`bench/stream-server.ts\` on the built server, load and ` +
      'streams on the same 2 cores; PostgreSQL with its default durability. Ingest cases run one after another on ' +
      'one growing database, so compare within an engine. Throughput swings by up to 20 % between runs on this ' +
      "machine (even in favour of the triggers), so the server's CPU time per request is the steadier figure.",
    '',
    ...lines,
  ]);
}
