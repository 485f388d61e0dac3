/**
 * HTTP fuzzing of the built server at scale (bench/README.md#http-fuzzing): requests made by the generators of
 * packages/server/test/support/http-fuzz-arbitraries.ts, good and bad, over keep-alive raw sockets, on SQLite and on a
 * throwaway PostgreSQL cluster. No answer may be a 5xx and the process must stay up. Writes bench/FUZZ-RESULTS.md.
 * Run with `npm run build && node --import tsx bench/fuzz.ts`; FUZZ_REQUESTS=5000 makes a quick run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { z } from 'zod';
import {
  type FuzzFixtures,
  type FuzzRequest,
  type FuzzRoute,
  type FuzzSend,
  describeRequest,
  fuzzRequest,
  harvest,
  makeFixtures,
  routesFromIndex,
} from '../packages/server/test/support/http-fuzz-arbitraries.js';
import { type ServerProcess, startServerProcess } from '../packages/server/test/support/server-process.js';
import { type BenchDatabase, startBenchDatabase } from './cluster.js';
import { readChunked } from './http.js';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const WARMUP = Number(process.env.FUZZ_WARMUP ?? Math.min(5_000, Math.ceil(REQUESTS / 5)));
const CONNECTIONS = Number(process.env.FUZZ_CONNECTIONS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const SETTLE_MS = Number(process.env.FUZZ_SETTLE_MS ?? 15_000);
const ENGINES = (process.env.FUZZ_ENGINES ?? 'sqlite,postgres').split(',');
const BODY_LIMIT = 1_048_576;
/** Node's default limit on a request's line and headers. */
const MAX_HEADER_BYTES = 16_384;
const REQUEST_TIMEOUT_MS = 60_000;
/** A framing fault may leave the server waiting for bytes that never come; that is not a hang of ours to report. */
const WIRE_FAULT_TIMEOUT_MS = 10_000;
const BATCH = 500;
const ADMIN = { login: 'fuzz@example.com', password: 'fuzz-password-1' };
/** RSS after the run counts as back at its start level when within this share of it (see the README). */
const RSS_TOLERANCE = 0.25;
/** The JS heap after full collections counts as back at its start level when within this share of it. */
const HEAP_TOLERANCE = 0.1;

// ---------------------------------------------------------------------------------------------------------------
// A raw-socket client: it sends what the generators made byte for byte, framing faults included, and survives the
// server closing the connection after a refusal.

interface Answer {
  status: number;
  body: string;
  /** The server closed the connection after (or instead of) answering. */
  closed: boolean;
  /** Why there is no answer (status 0). */
  failure?: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

class WireConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter: { resolve: (answer: Answer) => void; head: boolean } | undefined;
  private closed = false;
  readonly socket: Socket;

  constructor(host: string, port: number) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse(false);
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.closed = true;
      this.parse(true);
    });
  }

  get usable(): boolean {
    return !this.closed && !this.socket.destroyed;
  }

  /** How many requests this connection has answered. */
  answered = 0;

  send(bytes: Buffer, head: boolean, endAfterWrite: boolean, timeoutMs: number): Promise<Answer> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        this.socket.destroy();
        resolve({ status: 0, body: '', closed: true, failure: `no answer within ${timeoutMs / 1000} s` });
      }, timeoutMs);
      this.waiter = {
        head,
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
      };
      this.socket.write(bytes);
      if (endAfterWrite) this.socket.end();
    });
  }

  private finish(answer: Answer): void {
    if (answer.status !== 0) this.answered += 1;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve(answer);
  }

  private parse(atClose: boolean): void {
    for (;;) {
      if (this.waiter === undefined) return;
      const headerEnd = this.buffer.indexOf(HEADER_END);
      if (headerEnd < 0) {
        if (atClose) this.finish({ status: 0, body: '', closed: true, failure: 'closed without an answer' });
        return;
      }
      const head = this.buffer.subarray(0, headerEnd).toString('latin1');
      const status = Number(head.slice(9, 12));
      const bodyStart = headerEnd + 4;
      // Interim answers (100 Continue) come before the real one.
      if (status >= 100 && status < 200) {
        this.buffer = this.buffer.subarray(bodyStart);
        continue;
      }
      const closing = /\r\nconnection: *close/i.test(head);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      let body = '';
      let consumed = bodyStart;
      if (this.waiter.head || status === 204 || status === 304) {
        consumed = bodyStart;
      } else if (length !== null) {
        consumed = bodyStart + Number(length[1]);
        if (this.buffer.length < consumed) {
          if (atClose) this.finish({ status, body: '', closed: true });
          return;
        }
        body = this.buffer.subarray(bodyStart, consumed).toString('utf8');
      } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
        const chunked = readChunked(this.buffer, bodyStart);
        if (!chunked.complete) {
          if (atClose) this.finish({ status, body: chunked.body, closed: true });
          return;
        }
        consumed = chunked.consumed;
        body = chunked.body;
      } else if (closing) {
        // No length: the body runs to the end of the connection.
        if (!atClose) return;
        consumed = this.buffer.length;
        body = this.buffer.subarray(bodyStart).toString('utf8');
      }
      this.buffer = this.buffer.subarray(consumed);
      if (closing) this.socket.destroy();
      this.finish({ status, body, closed: closing || atClose });
      return;
    }
  }
}

/** The request as bytes on the wire, with its framing fault if it has one. */
function wireBytes(request: FuzzRequest, host: string): { bytes: Buffer; endAfterWrite: boolean } {
  const wire = request.wire;
  const method = wire?.kind === 'method' ? wire.method : request.method;
  const target = wire?.kind === 'raw target' ? `/api${wire.target}` : `/api${request.url}`;
  const version = wire?.kind === 'http/1.0' ? 'HTTP/1.0' : 'HTTP/1.1';
  const lines = [`${method} ${target} ${version}`];
  if (!request.headers.some(([name]) => name.toLowerCase() === 'host')) lines.push(`Host: ${host}`);
  lines.push('Connection: keep-alive');
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  if (wire?.kind === 'header') lines.push(wire.line);
  const payload = request.body === undefined ? undefined : Buffer.from(request.body);
  let body: Buffer = payload ?? Buffer.alloc(0);
  let endAfterWrite = false;
  if (wire?.kind === 'content-length') lines.push(`Content-Length: ${wire.value}`);
  else if (wire?.kind === 'duplicate content-length') {
    lines.push(`Content-Length: ${wire.values[0]}`, `Content-Length: ${wire.values[1]}`);
  } else if (wire?.kind === 'chunked' || wire?.kind === 'content-length and chunked') {
    if (wire.kind === 'content-length and chunked') lines.push(`Content-Length: ${body.length}`);
    lines.push('Transfer-Encoding: chunked');
    const sizes = wire.kind === 'chunked' ? wire.chunkSizes : [body.length.toString(16), '0'];
    const chunks = sizes.map((size) => {
      const n = parseInt(size, 16);
      const data = Number.isFinite(n) && n > 0 && n <= body.length ? body.subarray(0, n) : Buffer.alloc(0);
      return Buffer.concat([Buffer.from(`${size}\r\n`), data, Buffer.from(n > 0 ? '\r\n' : '\r\n')]);
    });
    body = Buffer.concat(chunks);
  } else if (wire?.kind === 'truncated body') {
    lines.push(`Content-Length: ${body.length + 100}`);
    endAfterWrite = true;
  } else if (payload !== undefined) {
    lines.push(`Content-Length: ${payload.length}`);
  }
  return { bytes: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]), endAfterWrite };
}

// ---------------------------------------------------------------------------------------------------------------
// One engine

interface EngineResult {
  engine: string;
  warmup: number;
  requests: number;
  seconds: number;
  byClass: Record<string, number>;
  byStatus: Record<string, number>;
  byAuth: Record<string, Record<string, number>>;
  noAnswer: Record<string, number>;
  serverErrors: { request: string; status: number; body: string }[];
  loggedErrors: number;
  loggedErrorSamples: string[];
  stayedUp: boolean;
  samePid: boolean;
  rss: { start: number; peak: number; after: number; beforeWarmup: number };
  /** Memory after full garbage collections (bench/memory-probe.mjs), at the start and after the run. */
  collected: { start: Probe; after: Probe };
}

/** RSS, V8 heap in use and memory of C++ objects bound to JavaScript, in MB, right after full collections. */
interface Probe {
  rss: number;
  heapUsed: number;
  external: number;
}

const probeLine = z.object({ rss: z.number(), heapUsed: z.number(), external: z.number() });

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The process's start time in clock ticks since boot: a restarted process under the same pid would differ. */
function startTicks(pid: number): string {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19] ?? '';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fuzzEngine(engine: string, databaseUrl: string | undefined): Promise<EngineResult> {
  console.log(`\n== ${engine} ==`);
  const server: ServerProcess = await startServerProcess({
    name: 'fuzz',
    nodeArgs: ['--expose-gc', '--import', fileURLToPath(new URL('memory-probe.mjs', import.meta.url))],
    env: {
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
      ADMIN_USERS: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      ALLOWED_ENVIRONMENTS: 'Production,Development,Staging,QA,Lab',
      CUSTOMER_VIEWS: 'true',
      HOUSEKEEPING_INTERVAL: '0',
      // Wrong passwords are part of the traffic; at the default cost each would take most of a core's 50 ms.
      BCRYPT_LOG_ROUNDS: '4',
      // Reset mail fails at once rather than waiting on a mail server that is not there.
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
    },
  });
  const pid = server.child.pid ?? 0;
  const ticks = startTicks(pid);
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  let loggedErrors = 0;
  const loggedErrorSamples: string[] = [];
  let probed: ((probe: Probe) => void) | undefined;
  createInterface({ input: server.child.stderr! }).on('line', (line) => {
    if (line.startsWith('memory-probe ')) {
      const bytes = probeLine.parse(JSON.parse(line.slice('memory-probe '.length)));
      const mb = (n: number) => n / 2 ** 20;
      probed?.({ rss: mb(bytes.rss), heapUsed: mb(bytes.heapUsed), external: mb(bytes.external) });
      return;
    }
    // The server logs JSON lines (pino); level 50 is error and 60 fatal.
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level < 50 && !/error/i.test(line)) return;
    loggedErrors += 1;
    if (loggedErrorSamples.length < 10) loggedErrorSamples.push(line.slice(0, 400));
  });

  /** Asks the server to collect its garbage and report its memory (bench/memory-probe.mjs). */
  const probe = (): Promise<Probe> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not report its memory')), 30_000);
      probed = (memory) => {
        clearTimeout(timer);
        probed = undefined;
        resolve(memory);
      };
      server.child.kill('SIGUSR2');
    });
  const url = new URL(server.endpoint);
  const hostHeader = url.host;
  const send: FuzzSend = async (method, path, headers, body) => {
    const response = await fetch(`${server.endpoint}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.text() };
  };
  const fixtures: FuzzFixtures = await makeFixtures(send, ADMIN);
  const index = JSON.parse((await send('GET', '/', {})).body) as {
    uri: string;
    links: { href: string; method: string }[];
  };
  const routes: FuzzRoute[] = routesFromIndex(index.links, index.uri);
  console.log(`${routes.length} routes`);
  const arbitrary = fuzzRequest(fixtures, routes, { bodyLimit: BODY_LIMIT, wire: true });

  const result: EngineResult = {
    engine,
    warmup: WARMUP,
    requests: 0,
    seconds: 0,
    byClass: {},
    byStatus: {},
    byAuth: {},
    noAnswer: {},
    serverErrors: [],
    loggedErrors: 0,
    loggedErrorSamples,
    stayedUp: true,
    samePid: true,
    rss: { start: 0, peak: 0, after: 0, beforeWarmup: rssMb(pid) },
    collected: { start: { rss: 0, heapUsed: 0, external: 0 }, after: { rss: 0, heapUsed: 0, external: 0 } },
  };
  let batch = 0;
  let queue: FuzzRequest[] = [];
  const next = (): FuzzRequest => {
    if (queue.length === 0) {
      // Each batch has its own seed, derived from the run's, so a run can be repeated.
      queue = fc.sample(arbitrary, { seed: SEED + batch++, numRuns: BATCH });
    }
    return queue.pop()!;
  };

  const run = async (total: number, record: boolean): Promise<void> => {
    let issued = 0;
    const worker = async (): Promise<void> => {
      let connection: WireConnection | undefined;
      const fresh = () => new WireConnection(url.hostname, Number(url.port));
      while (issued < total && !exited) {
        issued += 1;
        const request = next();
        const { bytes, endAfterWrite } = wireBytes(request, hostHeader);
        const head = request.method === 'HEAD';
        let answer: Answer;
        if (request.wire !== undefined) {
          // A framing fault goes on a connection of its own, closed after it: whatever the server makes of the bytes
          // must not be read as the answer to the next request.
          const own = fresh();
          answer = await own.send(bytes, head, endAfterWrite, WIRE_FAULT_TIMEOUT_MS);
          own.socket.destroy();
        } else {
          if (connection === undefined || !connection.usable) connection = fresh();
          answer = await connection.send(bytes, head, false, REQUEST_TIMEOUT_MS);
          // The server may close a kept-alive connection just as a request goes out on it; as any HTTP client does,
          // send it again once on a new connection.
          if (answer.status === 0 && !answer.failure?.includes('within') && connection.answered > 0) {
            connection = fresh();
            answer = await connection.send(bytes, head, false, REQUEST_TIMEOUT_MS);
          }
          // A refusal may come before the server has read the body (Expect, size, credentials): start afresh rather
          // than leave unread bytes in front of the next request.
          const unread = request.body !== undefined || request.headers.some(([name]) => /^expect$/i.test(name));
          if (answer.closed || (answer.status >= 400 && unread)) {
            connection.socket.destroy();
            connection = undefined;
          }
        }
        harvest(fixtures, request, answer.status, answer.body);
        if (!record) continue;
        result.requests += 1;
        if (answer.status === 0) {
          // Node refuses a request head over 16 KiB (431) and Fastify a body over the limit (413), and both close
          // the connection at once: while megabytes are still being sent, the refusal is often lost in the reset.
          const bodyBytes = Buffer.byteLength(request.body ?? '');
          const oversized = bytes.length - bodyBytes > MAX_HEADER_BYTES || bodyBytes > BODY_LIMIT;
          const fault = request.wire?.kind ?? (oversized ? 'oversized head or body' : 'no fault');
          const kind = `${fault}: ${answer.failure ?? ''}`;
          result.noAnswer[kind] = (result.noAnswer[kind] ?? 0) + 1;
          if (request.wire === undefined && !(oversized && answer.failure === 'closed without an answer')) {
            result.serverErrors.push({ request: describeRequest(request), status: 0, body: answer.failure ?? '' });
          }
          continue;
        }
        const statusClass = `${Math.floor(answer.status / 100)}xx`;
        result.byClass[statusClass] = (result.byClass[statusClass] ?? 0) + 1;
        result.byStatus[answer.status] = (result.byStatus[answer.status] ?? 0) + 1;
        const byAuth = (result.byAuth[request.auth] ??= {});
        byAuth[statusClass] = (byAuth[statusClass] ?? 0) + 1;
        if (answer.status >= 500) {
          result.serverErrors.push({
            request: describeRequest(request),
            status: answer.status,
            body: answer.body.slice(0, 300),
          });
          console.log(`${answer.status} ← ${describeRequest(request)}\n   ${answer.body.slice(0, 300)}`);
        }
      }
      connection?.socket.destroy();
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, () => worker()));
  };

  try {
    await run(WARMUP, false);
    await pause(SETTLE_MS);
    result.rss.start = rssMb(pid);
    result.rss.peak = result.rss.start;
    result.collected.start = await probe();
    const sampler = setInterval(() => {
      if (!exited) result.rss.peak = Math.max(result.rss.peak, rssMb(pid));
    }, 250);
    const progress = setInterval(() => {
      console.log(`${result.requests} sent, ${JSON.stringify(result.byClass)}, rss ${rssMb(pid).toFixed(0)} MB`);
    }, 15_000);
    const started = performance.now();
    await run(REQUESTS, true);
    result.seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    clearInterval(progress);
    await pause(SETTLE_MS);
    result.stayedUp = !exited;
    if (!exited) {
      result.rss.after = rssMb(pid);
      result.collected.after = await probe();
      result.samePid = startTicks(pid) === ticks;
      const health = await fetch(`${server.endpoint}/management/healthcheck`);
      if (health.status !== 200) {
        result.stayedUp = false;
        console.log(`healthcheck answered ${health.status}: ${await health.text()}`);
      }
    }
    result.loggedErrors = loggedErrors;
    console.log(
      `${result.requests} requests in ${result.seconds.toFixed(0)} s: ${JSON.stringify(result.byClass)}; ` +
        `${result.serverErrors.length} server errors; up ${String(result.stayedUp)}; RSS ` +
        `${result.rss.start.toFixed(0)} → peak ${result.rss.peak.toFixed(0)} → ${result.rss.after.toFixed(0)} MB; ` +
        `after collection heap ${result.collected.start.heapUsed.toFixed(1)} → ` +
        `${result.collected.after.heapUsed.toFixed(1)} MB, RSS ${result.collected.start.rss.toFixed(0)} → ` +
        `${result.collected.after.rss.toFixed(0)} MB`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: a throwaway cluster, as bench/run.ts starts it.

function startPostgres(): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL_BENCH)
    return Promise.resolve({ url: process.env.DATABASE_URL_BENCH, stop: async () => {} });
  return startBenchDatabase('fuzz');
}

// ---------------------------------------------------------------------------------------------------------------

const results: EngineResult[] = [];
if (ENGINES.includes('sqlite')) results.push(await fuzzEngine('sqlite', undefined));
if (ENGINES.includes('postgres')) {
  const postgres = await startPostgres();
  try {
    results.push(await fuzzEngine('postgres', postgres.url));
  } finally {
    await postgres.stop();
  }
}

const count = (n: number | undefined) => (n ?? 0).toLocaleString('en');
const mb = (n: number) => `${n.toFixed(0)} MB`;
const settled = (r: EngineResult) => r.rss.after <= r.rss.start * (1 + RSS_TOLERANCE);
const cpu = cpus()[0]?.model ?? 'unknown';
const lines = [
  '# HTTP fuzzing results',
  '',
  `Run ${new Date().toISOString().slice(0, 10)} by \`node --import tsx bench/fuzz.ts\` on ${cpus().length} × ${cpu}, ` +
    `${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; seed ${SEED}, ${CONNECTIONS} keep-alive ` +
    `connections. The built server runs with CUSTOMER_VIEWS on and MAX_CONTENT_LENGTH ${BODY_LIMIT.toLocaleString('en')}; ` +
    'PostgreSQL is a local throwaway cluster. What the requests are is in bench/README.md.',
  '',
  `RSS: "start" is read after a warm-up of ${count(WARMUP)} fuzz requests and ${SETTLE_MS / 1000} s idle, "after" ` +
    `${SETTLE_MS / 1000} s after the last request; "settled" means after is at most ${RSS_TOLERANCE * 100}% above start. ` +
    'RSS moves with where the garbage collector happens to be and keeps what the allocator does not give back, so ' +
    'right after each of those two readings the server also collects its garbage fully and reports its memory ' +
    '(bench/memory-probe.mjs, loaded for this run only): the JS heap then holds live data only, and is the measure of ' +
    `whether the run left anything behind.`,
  '',
  '| | ' + results.map((r) => r.engine).join(' | ') + ' |',
  '|---|' + results.map(() => '---|').join(''),
  `| requests (after warm-up) | ${results.map((r) => count(r.requests)).join(' | ')} |`,
  `| time, rate | ${results.map((r) => `${r.seconds.toFixed(0)} s, ${(r.requests / r.seconds).toFixed(0)}/s`).join(' | ')} |`,
  ...['2xx', '3xx', '4xx', '5xx'].map(
    (c) => `| answers ${c} | ${results.map((r) => count(r.byClass[c])).join(' | ')} |`,
  ),
  `| connection closed without an answer (framing faults, oversized requests) | ${results
    .map((r) => count(Object.values(r.noAnswer).reduce((a, b) => a + b, 0)))
    .join(' | ')} |`,
  `| answers ≥ 500 or hangs | ${results.map((r) => count(r.serverErrors.length)).join(' | ')} |`,
  `| errors the server logged | ${results.map((r) => count(r.loggedErrors)).join(' | ')} |`,
  `| process stayed up, same process, healthcheck 200 after | ${results
    .map((r) => (r.stayedUp && r.samePid ? 'yes' : 'NO'))
    .join(' | ')} |`,
  `| RSS before warm-up | ${results.map((r) => mb(r.rss.beforeWarmup)).join(' | ')} |`,
  `| RSS start / peak / after | ${results.map((r) => `${mb(r.rss.start)} / ${mb(r.rss.peak)} / ${mb(r.rss.after)}`).join(' | ')} |`,
  `| RSS settled | ${results.map((r) => (settled(r) ? 'yes' : 'no')).join(' | ')} |`,
  `| after full collection: JS heap in use, start / after | ${results
    .map((r) => `${r.collected.start.heapUsed.toFixed(1)} MB / ${r.collected.after.heapUsed.toFixed(1)} MB`)
    .join(' | ')} |`,
  `| after full collection: external (C++ objects bound to JS), start / after | ${results
    .map((r) => `${r.collected.start.external.toFixed(1)} MB / ${r.collected.after.external.toFixed(1)} MB`)
    .join(' | ')} |`,
  `| after full collection: RSS, start / after | ${results
    .map((r) => `${mb(r.collected.start.rss)} / ${mb(r.collected.after.rss)}`)
    .join(' | ')} |`,
  `| JS heap back to its start level (at most ${HEAP_TOLERANCE * 100}% above) | ${results
    .map((r) => (r.collected.after.heapUsed <= r.collected.start.heapUsed * (1 + HEAP_TOLERANCE) ? 'yes' : 'no'))
    .join(' | ')} |`,
  '',
  '## Answers by status',
  '',
  ...results.flatMap((r) => [
    `- ${r.engine}: ` +
      Object.entries(r.byStatus)
        .map(([s, n]) => `${s}×${count(n)}`)
        .join(', '),
  ]),
  '',
  '## Answers by credentials',
  '',
  ...results.flatMap((r) =>
    Object.entries(r.byAuth).map(
      ([auth, classes]) =>
        `- ${r.engine}, ${auth}: ` +
        Object.entries(classes)
          .sort()
          .map(([c, n]) => `${c}×${count(n)}`)
          .join(', '),
    ),
  ),
  '',
  '## Requests the server closed without answering',
  '',
  ...results.flatMap((r) => Object.entries(r.noAnswer).map(([kind, n]) => `- ${r.engine}, ${kind}: ${count(n)}`)),
  '',
  '## Answers ≥ 500',
  '',
  ...(results.every((r) => r.serverErrors.length === 0)
    ? ['None.']
    : results.flatMap((r) => r.serverErrors.map((e) => `- ${r.engine} ${e.status}: \`${e.request}\` → ${e.body}`))),
  '',
  ...(results.some((r) => r.loggedErrorSamples.length > 0)
    ? [
        '## Errors the server logged',
        '',
        ...results.flatMap((r) => r.loggedErrorSamples.map((line) => `- ${r.engine}: \`${line}\``)),
        '',
      ]
    : []),
];
writeFileSync('bench/FUZZ-RESULTS.md', lines.join('\n'));
console.log('\nwrote bench/FUZZ-RESULTS.md');
const failed = results.some((r) => r.serverErrors.length > 0 || !r.stayedUp || !r.samePid);
process.exit(failed ? 1 : 0);
