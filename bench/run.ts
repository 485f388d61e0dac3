/**
 * API benchmarks on both engines (issue targets in bench/README.md): ingest throughput with 16 connections, and the
 * console's calls with 100,000 alerts stored. Writes bench/RESULTS.md. Run with `npm run bench` after `npm run build`.
 */
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { createInterface } from 'node:readline';
import { type Client, type LoadResult, createClient, percentile, runLoad } from './http';
import { writeServerResults } from './results-file';
import { benchAlert } from './seed-data';
import { type BenchServer, loginToken, startBenchServer } from './server';

const TOTAL_ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const NEW_ALERTS_MEASURED = Math.min(20_000, TOTAL_ALERTS);
const DUPLICATES = Math.min(20_000, TOTAL_ALERTS);
const CONNECTIONS = 16;
const QUERY_SAMPLES = 200;

interface EngineResult {
  engine: string;
  /** A trivial authenticated read (empty database), the most requests per second this HTTP path can answer here. */
  ceiling: LoadResult;
  newAlerts: LoadResult;
  duplicates: LoadResult;
  seedSeconds: number;
  queries: { name: string; p50: number; p95: number; statuses: string }[];
  maxRssMb: number;
}

async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL_BENCH) return { url: process.env.DATABASE_URL_BENCH, stop: async () => {} };
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/test/support/postgres.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const clusterUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^DATABASE_URL_TEST=(.+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error('PostgreSQL did not start')));
  });
  const url = clusterUrl.replace(/\/[^/]*$/, '/bench');
  await runStatement(clusterUrl, 'CREATE DATABASE bench');
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs one statement on its own connection to the database at `url`. */
async function runStatement(url: string, statement: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function sampleRss(server: BenchServer, into: { max: number }): NodeJS.Timeout {
  return setInterval(() => {
    into.max = Math.max(into.max, server.rssMb());
  }, 250);
}

async function timeQuery(client: Client, path: () => string): Promise<{ p50: number; p95: number; statuses: string }> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < QUERY_SAMPLES + 20; i++) {
    const t0 = performance.now();
    const { status } = await client.call('GET', path());
    if (i >= 20) latencies.push(performance.now() - t0);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' '),
  };
}

async function benchEngine(engine: 'sqlite' | 'postgres', databaseUrl: string | undefined): Promise<EngineResult> {
  console.log(`\n== ${engine} ==`);
  const server = await startBenchServer(databaseUrl);
  const rss = { max: server.rssMb() };
  const sampler = sampleRss(server, rss);
  const token = await loginToken(server.baseURL);
  const client = createClient(server.baseURL, { Authorization: `Bearer ${token}` }, CONNECTIONS);
  try {
    const ceiling = await runLoad(client, 10_000, CONNECTIONS, () => ({ method: 'GET', path: '/alerts/tags' }));
    console.log(`trivial read: ${ceiling.perSecond.toFixed(0)}/s`);
    const post = (i: number) => ({ method: 'POST', path: '/alert', body: benchAlert(i) });
    const newAlerts = await runLoad(client, NEW_ALERTS_MEASURED, CONNECTIONS, post);
    console.log(`new alerts: ${newAlerts.perSecond.toFixed(0)}/s`, newAlerts.statuses);

    const seedStart = performance.now();
    await runLoad(client, TOTAL_ALERTS - NEW_ALERTS_MEASURED, CONNECTIONS, (i) => post(i + NEW_ALERTS_MEASURED));
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`seeded ${TOTAL_ALERTS} alerts`);
    // A table loaded in a minute still has the planner statistics of its first few thousand rows until autovacuum's
    // next pass; with them PostgreSQL reads the identity index by environment alone and takes several times longer to
    // find the alerts a batch matches. Measure the steady state, as autovacuum would have it within a minute.
    if (engine === 'postgres' && databaseUrl !== undefined) await runStatement(databaseUrl, 'ANALYZE');

    // Duplicates of 500 stored alerts, the same severity each time (docs/api/ingest.md#matching duplicate).
    const duplicates = await runLoad(client, DUPLICATES, CONNECTIONS, (i) =>
      post((i % 500) * Math.floor(TOTAL_ALERTS / 500)),
    );
    console.log(`duplicates: ${duplicates.perSecond.toFixed(0)}/s`, duplicates.statuses);

    const list = await client.call('GET', '/alerts?page-size=200&sort-by=lastReceiveTime');
    const ids = ((JSON.parse(list.body) as { alerts?: { id: string }[] }).alerts ?? []).map((a) => a.id);
    let n = 0;
    const open = 'status=open&status=ack';
    const queries: EngineResult['queries'] = [];
    const cases: [string, () => string][] = [
      [
        'GET /alerts (first page, severity + lastReceiveTime)',
        () => `/alerts?${open}&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=50`,
      ],
      ['GET /alerts/count', () => `/alerts/count?${open}`],
      ['GET /environments', () => `/environments?${open}`],
      ['GET /services', () => `/services?${open}`],
      ['GET /alerts/top10/count', () => `/alerts/top10/count?${open}`],
      [
        'GET /alerts?q= (text search)',
        () =>
          `/alerts?${open}&q=${encodeURIComponent('failover')}&sort-by=severity&sort-by=lastReceiveTime&page-size=50`,
      ],
      ['GET /alert/{id}', () => `/alert/${ids[n++ % Math.max(1, ids.length)] ?? 'none'}`],
    ];
    for (const [name, path] of cases) {
      const result = await timeQuery(client, path);
      queries.push({ name, ...result });
      console.log(`${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${result.statuses})`);
    }
    return { engine, ceiling, newAlerts, duplicates, seedSeconds, queries, maxRssMb: rss.max };
  } finally {
    clearInterval(sampler);
    client.close();
    await server.stop();
  }
}

function fmt(result: LoadResult): string {
  const statuses = Object.entries(result.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  return `${result.perSecond.toFixed(0)}/s | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${statuses}`;
}

// BENCH_ENGINES=sqlite or =postgres measures one engine (RESULTS.md then shows only that one).
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const results: EngineResult[] = [];
if (engines.includes('sqlite')) results.push(await benchEngine('sqlite', undefined));
if (engines.includes('postgres')) {
  const postgres = await startPostgres();
  try {
    results.push(await benchEngine('postgres', postgres.url));
  } finally {
    await postgres.stop();
  }
}

const cpu = cpus()[0]?.model ?? 'unknown';
const lines = [
  '# Benchmark results',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` on ${cpus().length} × ${cpu}, ` +
    `${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. The load generator runs on the same cores as ` +
    'the server (a raw-socket HTTP/1.1 client, to leave the server as much CPU as it can). One server process per ' +
    'engine; PostgreSQL is a local throwaway cluster (fsync, synchronous_commit and full_page_writes off, as SQLite ' +
    'does not sync at each commit either), analyzed after seeding.',
  '',
  `## Ingest over HTTP, ${CONNECTIONS} connections`,
  '',
  '| engine | case | throughput | p50 ms | p99 ms | answers |',
  '|---|---|---|---|---|---|',
  ...results.flatMap((r) => [
    `| ${r.engine} | trivial authenticated read, for scale (10000) | ${fmt(r.ceiling)} |`,
    `| ${r.engine} | new alerts (${NEW_ALERTS_MEASURED}) | ${fmt(r.newAlerts)} |`,
    `| ${r.engine} | duplicates (${DUPLICATES}) | ${fmt(r.duplicates)} |`,
  ]),
  '',
  `## The console's calls with ${TOTAL_ALERTS.toLocaleString('en')} alerts stored (one connection, ${QUERY_SAMPLES} samples)`,
  '',
  '| call | ' + results.map((r) => `${r.engine} p50 ms | ${r.engine} p95 ms`).join(' | ') + ' | answers |',
  '|---|' + results.map(() => '---|---|').join('') + '---|',
  ...(results[0]?.queries ?? []).map(
    (q, i) =>
      `| ${q.name} | ` +
      results.map((r) => `${r.queries[i]?.p50.toFixed(1)} | ${r.queries[i]?.p95.toFixed(1)}`).join(' | ') +
      ` | ${results.map((r) => r.queries[i]?.statuses).join(' / ')} |`,
  ),
  '',
  '## Server memory',
  '',
  ...results.map((r) => `- ${r.engine}: peak RSS ${r.maxRssMb.toFixed(0)} MB during the run`),
  '',
];
writeServerResults(lines);
console.log('\nwrote bench/RESULTS.md');
