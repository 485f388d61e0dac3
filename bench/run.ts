/**
 * API benchmarks (cases and targets in bench/README.md): ingest throughput with 16 connections, and the console's calls
 * with 100,000 alerts stored, on SQLite and on PostgreSQL with its default durability settings and tuned for speed.
 * Writes bench/RESULTS.md. Run with `npm run bench` after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { type Client, type LoadResult, createClient, percentile, runLoad } from './http';
import { type BenchDatabase, runStatement, startBenchDatabase } from './cluster';
import { writeServerResults } from './results-file';
import { HOSTS, benchAlert, benchHost, correlatedAlert } from './seed-data';
import { type BenchServer, loginToken, startBenchServer } from './server';

const TOTAL_ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const NEW_ALERTS_MEASURED = Math.min(20_000, TOTAL_ALERTS);
const DUPLICATES = Math.min(20_000, TOTAL_ALERTS);
const CORRELATED = Math.min(20_000, TOTAL_ALERTS);
/** Stored alerts whose severity the correlated case changes, each in turn. */
const CORRELATED_TARGETS = Math.min(2_000, TOTAL_ALERTS);
const CONNECTIONS = 16;
const QUERY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

/** PostgreSQL's durability settings for a run: its defaults, or fsync, synchronous_commit and full_page_writes off. */
type PostgresMode = 'default' | 'tuned';

interface EngineResult {
  engine: string;
  /** A trivial authenticated read (empty database), the most requests per second this HTTP path can answer here. */
  ceiling: LoadResult;
  newAlerts: LoadResult;
  duplicates: LoadResult;
  correlated: LoadResult;
  seedSeconds: number;
  queries: { name: string; p50: number; p95: number; statuses: string }[];
  maxRssMb: number;
}

function startPostgres(mode: PostgresMode): Promise<BenchDatabase> {
  return startBenchDatabase('bench', { durable: mode === 'default' });
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

const OPEN = 'status=open&status=ack';
/** The console's default sort (SORT_LIST_BY) and page. */
const PAGE = 'sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=50';
const q = (text: string) => `q=${encodeURIComponent(text)}`;

/** The console's calls (the `…Api.ts` files of packages/web/src/features), by name; `ids` are stored alerts to read. */
function consoleCalls(ids: readonly string[]): [string, (n: number) => string][] {
  const id = (n: number) => ids[n % Math.max(1, ids.length)] ?? 'none';
  return [
    ['GET /alerts (first page, default sort)', () => `/alerts?${OPEN}&${PAGE}`],
    ['GET /alerts environment=Production', () => `/alerts?${OPEN}&environment=Production&${PAGE}`],
    ['GET /alerts severity=critical,major', () => `/alerts?${OPEN}&severity=critical&severity=major&${PAGE}`],
    ['GET /alerts service=Payments', () => `/alerts?${OPEN}&service=Payments&${PAGE}`],
    ['GET /alerts group=Availability', () => `/alerts?${OPEN}&group=Availability&${PAGE}`],
    [
      'GET /alerts text=~word (description filter)',
      () => `/alerts?${OPEN}&text=${encodeURIComponent('~failover')}&${PAGE}`,
    ],
    ['GET /alerts q=word', () => `/alerts?${OPEN}&${q('failover')}&${PAGE}`],
    ['GET /alerts q=query language', () => `/alerts?${OPEN}&${q('severity:major AND NOT environment:Lab')}&${PAGE}`],
    ['GET /alerts attributes.region=eu-west-1', () => `/alerts?${OPEN}&attributes.region=eu-west-1&${PAGE}`],
    [
      'GET /alerts attributes.instance=<one host>',
      (n) => `/alerts?${OPEN}&attributes.instance=${benchHost((n * 7919) % HOSTS).instance}&${PAGE}`,
    ],
    ['GET /alerts/count (open, ack)', () => `/alerts/count?${OPEN}`],
    ['GET /alerts/count (open, by severity)', () => `/alerts/count?status=open&severity=critical&severity=major`],
    ['GET /environments', () => `/environments?${OPEN}`],
    ['GET /services', () => `/services`],
    ['GET /alerts/groups', () => `/alerts/groups`],
    ['GET /alerts/tags', () => `/alerts/tags`],
    ['GET /alerts/grouped group-by=service', () => `/alerts/grouped?${OPEN}&group-by=service`],
    ['GET /alerts/grouped group-by=resource', () => `/alerts/grouped?${OPEN}&group-by=resource`],
    ['GET /alerts/grouped group-by=attribute.region', () => `/alerts/grouped?${OPEN}&group-by=attribute.region`],
    [
      'GET /alerts/grouped group-by=service,resource (two levels)',
      () => `/alerts/grouped?${OPEN}&group-by=service&group-by=resource`,
    ],
    [
      'GET /alerts/grouped group-by=event,tag (two levels)',
      () => `/alerts/grouped?${OPEN}&group-by=event&group-by=tag`,
    ],
    ['GET /alerts/facets (the console panel’s fields)', () => `/alerts/facets?${OPEN}`],
    ['GET /alerts/top10/count', () => `/alerts/top10/count?${OPEN}`],
    ['GET /alerts/top10/flapping', () => `/alerts/top10/flapping?${OPEN}`],
    ['GET /alerts/top10/standing', () => `/alerts/top10/standing?${OPEN}`],
    ['GET /alert/{id}', (n) => `/alert/${id(n)}`],
    ['GET /alert/{id}/notes', (n) => `/alert/${id(n)}/notes`],
  ];
}

async function benchEngine(engine: string, databaseUrl: string | undefined): Promise<EngineResult> {
  console.log(`\n== ${engine} ==`);
  const server = await startBenchServer(databaseUrl);
  const rss = { max: server.rssMb() };
  const sampler = sampleRss(server, rss);
  const token = await loginToken(server.baseURL);
  const client = createClient(server.baseURL, { Authorization: `Bearer ${token}` }, CONNECTIONS);
  try {
    const ceiling = await runLoad(client, 10_000, CONNECTIONS, () => ({ method: 'GET', path: '/alerts/tags' }));
    console.log(`trivial read: ${ceiling.perSecond.toFixed(0)}/s`);
    const post = (body: Record<string, unknown>) => ({ method: 'POST', path: '/alert', body });
    const newAlerts = await runLoad(client, NEW_ALERTS_MEASURED, CONNECTIONS, (i) => post(benchAlert(i)));
    console.log(`new alerts: ${newAlerts.perSecond.toFixed(0)}/s`, newAlerts.statuses);

    const seedStart = performance.now();
    await runLoad(client, TOTAL_ALERTS - NEW_ALERTS_MEASURED, CONNECTIONS, (i) =>
      post(benchAlert(i + NEW_ALERTS_MEASURED)),
    );
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`seeded ${TOTAL_ALERTS} alerts`);
    // A table loaded in a minute still has the planner statistics of its first few thousand rows until autovacuum's
    // next pass; with them PostgreSQL reads the identity index by environment alone and takes several times longer to
    // find the alerts a batch matches. Measure the steady state, as autovacuum would have it within a minute.
    if (databaseUrl !== undefined) await runStatement(databaseUrl, 'ANALYZE');

    // Duplicates of 500 stored alerts, the same severity each time (docs/api/ingest.md#matching).
    const duplicates = await runLoad(client, DUPLICATES, CONNECTIONS, (i) =>
      post(benchAlert((i % 500) * Math.floor(TOTAL_ALERTS / 500))),
    );
    console.log(`duplicates: ${duplicates.perSecond.toFixed(0)}/s`, duplicates.statuses);
    const correlated = await runLoad(client, CORRELATED, CONNECTIONS, (i) =>
      post(correlatedAlert(i, TOTAL_ALERTS, CORRELATED_TARGETS)),
    );
    console.log(`correlated: ${correlated.perSecond.toFixed(0)}/s`, correlated.statuses);

    // The newest alerts: those the correlated case changed, each with history.
    const list = await client.call('GET', '/alerts?page-size=200&sort-by=lastReceiveTime');
    const ids = ((JSON.parse(list.body) as { alerts?: { id: string }[] }).alerts ?? []).map((a) => a.id);
    const queries: EngineResult['queries'] = [];
    for (const [name, path] of consoleCalls(ids)) {
      let n = 0;
      const result = await timeQuery(client, () => path(n++));
      queries.push({ name, ...result });
      console.log(`${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${result.statuses})`);
    }
    return { engine, ceiling, newAlerts, duplicates, correlated, seedSeconds, queries, maxRssMb: rss.max };
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

/**
 * SQLite's `synchronous` setting as the bench server opens the database: SQLITE_SYNCHRONOUS when this process has it
 * (the server inherits our environment), else the default in settings.ts.
 */
function sqliteSynchronous(): string {
  const given = process.env.SQLITE_SYNCHRONOUS;
  if (given !== undefined && given !== '') return given;
  const settings = readFileSync('packages/server/src/settings.ts', 'utf8');
  return /SQLITE_SYNCHRONOUS: oneOf\(\[[^\]]*\], '(\w+)'\)/.exec(settings)?.[1] ?? 'unknown';
}

// BENCH_ENGINES=sqlite or =postgres measures one engine; BENCH_PG_MODES=default or =tuned one PostgreSQL setting
// (RESULTS.md then shows only those). DATABASE_URL_BENCH measures an existing PostgreSQL database instead.
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const modes = (process.env.BENCH_PG_MODES ?? 'default,tuned')
  .split(',')
  .filter((m): m is PostgresMode => m === 'default' || m === 'tuned');
const results: EngineResult[] = [];
if (engines.includes('sqlite')) results.push(await benchEngine('sqlite', undefined));
if (engines.includes('postgres')) {
  const given = process.env.DATABASE_URL_BENCH;
  if (given !== undefined && given !== '') results.push(await benchEngine('postgres (given)', given));
  else {
    for (const mode of modes) {
      const postgres = await startPostgres(mode);
      try {
        results.push(await benchEngine(`postgres ${mode}`, postgres.url));
      } finally {
        await postgres.stop();
      }
    }
  }
}

const cpu = cpus()[0]?.model ?? 'unknown';
const lines = [
  '# Benchmark results',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` on ${cpus().length} × ${cpu}, ` +
    `${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${TOTAL_ALERTS.toLocaleString('en')} alerts. ` +
    'The load generator runs on the same cores as the server (a raw-socket HTTP/1.1 client, to leave the server as ' +
    'much CPU as it can). One server process per engine. SQLite runs as the server opens it (WAL, `synchronous = ' +
    `${sqliteSynchronous()}\`). PostgreSQL is a local throwaway cluster, analyzed after seeding: \`postgres default\` ` +
    'with its default durability settings (every commit synced to disk), `postgres tuned` with fsync, ' +
    'synchronous_commit and full_page_writes off.',
  '',
  `## Ingest over HTTP, ${CONNECTIONS} connections`,
  '',
  '| engine | case | throughput | p50 ms | p99 ms | answers |',
  '|---|---|---|---|---|---|',
  ...results.flatMap((r) => [
    `| ${r.engine} | trivial authenticated read, for scale (10000) | ${fmt(r.ceiling)} |`,
    `| ${r.engine} | new alerts (${NEW_ALERTS_MEASURED}) | ${fmt(r.newAlerts)} |`,
    `| ${r.engine} | duplicates (${DUPLICATES}) | ${fmt(r.duplicates)} |`,
    `| ${r.engine} | correlated: severity changes (${CORRELATED}) | ${fmt(r.correlated)} |`,
  ]),
  '',
  `## The console's calls with ${TOTAL_ALERTS.toLocaleString('en')} alerts stored (one connection, ${QUERY_SAMPLES} samples)`,
  '',
  '| call | ' + results.map((r) => `${r.engine} p50 ms | ${r.engine} p95 ms`).join(' | ') + ' | answers |',
  '|---|' + results.map(() => '---|---|').join('') + '---|',
  ...(results[0]?.queries ?? []).map(
    (query, i) =>
      `| ${query.name} | ` +
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
