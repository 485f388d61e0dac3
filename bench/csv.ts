/**
 * GET /alerts.csv with 10,000 alerts stored (docs/api/alerts.md#get-alertscsv): how long the whole file takes and how
 * far the server's resident memory rises while it streams, beside GET /alerts asked for the same alerts as one page
 * (the whole result in memory at once), on SQLite and on PostgreSQL. Writes its section of bench/RESULTS.md. Run with
 * `npm run build && node --import tsx bench/csv.ts`; `BENCH_CSV_ALERTS` stores another number of alerts,
 * `BENCH_ENGINES=sqlite` (or `postgres`) measures one engine.
 */
import { cpus, totalmem } from 'node:os';
import { startBenchDatabase } from './cluster';
import { writeCsvSection } from './results-file';
import { benchAlert } from './seed-data';
import { type BenchServer, loginToken, startBenchServer } from './server';

const ALERTS = Number(process.env.BENCH_CSV_ALERTS ?? 10_000);
const RUNS = 3;
const SEND_CONNECTIONS = 16;
/** The console's order (SORT_LIST_BY) and no status filter: every alert stored. */
const QUERY = 'sort-by=severity&sort-by=lastReceiveTime';

interface Measure {
  ms: number;
  firstByteMs: number;
  bytes: number;
  lines: number;
  peakRssMb: number;
}

async function seed(baseURL: string, token: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < ALERTS; i = next++) {
      const response = await fetch(`${baseURL}/alert`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(benchAlert(i)),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`POST /alert answered ${String(response.status)}`);
    }
  };
  await Promise.all(Array.from({ length: SEND_CONNECTIONS }, worker));
}

/** One GET, its body read as it arrives (nothing kept but counts), the server's RSS sampled every 20 ms meanwhile. */
async function measure(server: BenchServer, token: string, path: string): Promise<Measure> {
  let peak = server.rssMb();
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 20);
  const t0 = performance.now();
  const response = await fetch(`${server.baseURL}${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'identity' },
  });
  if (response.status !== 200 || response.body === null) throw new Error(`${path} answered ${String(response.status)}`);
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    if (bytes === 0) firstByteMs = performance.now() - t0;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { ms, firstByteMs, bytes, lines, peakRssMb: Math.max(peak, server.rssMb()) };
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function run(engine: string, databaseUrl: string | undefined): Promise<string[]> {
  const server = await startBenchServer(databaseUrl);
  try {
    const token = await loginToken(server.baseURL);
    const t0 = performance.now();
    await seed(server.baseURL, token);
    process.stderr.write(
      `${engine}: ${String(ALERTS)} alerts stored in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
    const idle = server.rssMb();
    const rows: string[] = [];
    for (const [label, path] of [
      ['GET /alerts.csv', `/alerts.csv?${QUERY}`],
      [`GET /alerts, one page of ${String(ALERTS)}`, `/alerts?${QUERY}&page-size=${String(ALERTS)}`],
    ] as const) {
      const runs: Measure[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measure(server, token, path));
      const csv = label === 'GET /alerts.csv';
      if (csv && runs.some((r) => r.lines !== ALERTS + 1))
        throw new Error(`the file has ${String(runs[0]?.lines)} lines`);
      rows.push(
        `| ${engine} | ${label} | ${median(runs.map((r) => r.ms)).toFixed(0)} | ${median(runs.map((r) => r.firstByteMs)).toFixed(0)} | ` +
          `${(median(runs.map((r) => r.bytes)) / 1_048_576).toFixed(1)} | ${idle.toFixed(0)} | ` +
          `${Math.max(...runs.map((r) => r.peakRssMb)).toFixed(0)} |`,
      );
      process.stderr.write(`${rows.at(-1) ?? ''}\n`);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const rows: string[] = [];
if (engines.includes('sqlite')) rows.push(...(await run('sqlite', undefined)));
if (engines.includes('postgres')) {
  const database = await startBenchDatabase('benchcsv', { durable: true });
  try {
    rows.push(...(await run('postgres', database.url)));
  } finally {
    await database.stop();
  }
}

const cpu = cpus()[0]?.model ?? 'unknown';
writeCsvSection('## CSV export', [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`node --import tsx bench/csv.ts\` on ${String(cpus().length)} × ` +
    `${cpu}, ${String(Math.round(totalmem() / 2 ** 30))} GiB, Node ${process.version}: ${ALERTS.toLocaleString('en')} ` +
    `alerts of the benchmark's estate stored through \`POST /alert\`, every one of them asked for in the console's ` +
    `order, uncompressed; median of ${String(RUNS)} requests, peak RSS the highest sampled (every 20 ms) during them. ` +
    `The client shares the server's cores.`,
  '',
  '| engine | request | total ms | first byte ms | MB | server RSS before, MB | server peak RSS, MB |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
  "Memory is the process's resident set, garbage not yet collected included; the CSV route reads the ids of the " +
    'matches once, in order, and holds one page of 500 alerts at a time beside them.',
]);
