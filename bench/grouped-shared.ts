/**
 * A wall of consoles showing one grouping, each asking again when the live stream tells of a change
 * (docs/api/stream.md#shared-answers): 100,000 alerts, then ROUNDS times one alert changed and CONSOLES identical
 * two-level grouped requests sent at once. Measured twice on the same data: with no stream open on the server, so
 * that each request is answered on its own, and with one stream open, so that the consoles share one answer. Gives
 * the time until the last console has its answer and the machine's CPU time for the round.
 *
 * `npm run build && node --import tsx bench/grouped-shared.ts`; BENCH_ENGINES=sqlite (or postgres) for one engine.
 */
import { readFileSync } from 'node:fs';
import { SseClient } from '../packages/server/test/support/sse.js';
import { type BenchDatabase, runStatement, startBenchDatabase } from './cluster';
import { createClient, percentile, runLoad } from './http';
import { writeSharedSection } from './results-file';
import { benchAlert } from './seed-data';
import { type BenchServer, loginToken, requireBuild, startBenchServer } from './server';

const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const ALERTS = 100_000;
const ROUNDS = 10;
const CONSOLES = 10;
const GROUPED = '/alerts/grouped?status=open&status=ack&group-by=service&group-by=resource';

/**
 * The machine's busy CPU time so far, in ms, from /proc/stat (clock ticks of 10 ms): the server's, PostgreSQL's and the
 * client's together, since PostgreSQL does its part in processes of its own.
 */
function busyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  // user, nice, system, idle, iowait, irq, softirq, steal: all but idle and iowait.
  const busy = fields.slice(0, 8).reduce((sum, ticks, i) => (i === 3 || i === 4 ? sum : sum + ticks), 0);
  return busy * 10;
}

interface Round {
  wallMs: number;
  cpuMs: number;
}

/** One change, then the consoles' asks at once; the change has been told on `stream` (when open) before they ask. */
async function round(server: BenchServer, token: string, n: number, stream: SseClient | undefined): Promise<Round> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const changed = { ...benchAlert(n), severity: n % 2 === 0 ? 'critical' : 'major' };
  const posted = await fetch(`${server.baseURL}/alert`, { method: 'POST', headers, body: JSON.stringify(changed) });
  const { id } = ((await posted.json()) as { alert: { id: string } }).alert;
  if (stream === undefined) await new Promise((resolve) => setTimeout(resolve, 300));
  else await stream.nextChange('alerts', (change) => change.id === id);
  const cpuBefore = busyMs();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: CONSOLES }, async () => {
      const response = await fetch(`${server.baseURL}${GROUPED}`, { headers });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const wallMs = performance.now() - started;
  if (answers.some((status) => status !== 200)) throw new Error(`grouped answers: ${answers.join(', ')}`);
  return { wallMs, cpuMs: busyMs() - cpuBefore };
}

function summary(rounds: readonly Round[]): string {
  const wall = rounds.map((r) => r.wallMs).sort((a, b) => a - b);
  const cpu = rounds.map((r) => r.cpuMs).sort((a, b) => a - b);
  return (
    `${percentile(wall, 50).toFixed(0)} | ${(wall.at(-1) ?? 0).toFixed(0)} | ` +
    `${percentile(cpu, 50).toFixed(0)} | ${(cpu.at(-1) ?? 0).toFixed(0)}`
  );
}

async function benchEngine(engine: string): Promise<string[]> {
  const cluster: BenchDatabase | undefined =
    engine === 'postgres' ? await startBenchDatabase('grouped_shared_bench', { durable: true }) : undefined;
  const server = await startBenchServer(cluster?.url);
  try {
    const token = await loginToken(server.baseURL);
    const client = createClient(server.baseURL, { Authorization: `Bearer ${token}` }, 16);
    await runLoad(client, ALERTS, 16, (i) => ({ method: 'POST', path: '/alert', body: benchAlert(i) }));
    if (cluster !== undefined) await runStatement(cluster.url, 'ANALYZE');
    const label = engine === 'postgres' ? 'postgres default' : 'sqlite';
    console.log(`${label}: seeded ${String(ALERTS)} alerts`);
    // Warm: the statement's pages read once.
    await round(server, token, 0, undefined);
    const alone: Round[] = [];
    for (let n = 1; n <= ROUNDS; n += 1) alone.push(await round(server, token, n, undefined));
    const stream = await SseClient.open(`${server.baseURL}/alerts/stream`, { Authorization: `Bearer ${token}` });
    const shared: Round[] = [];
    try {
      await stream.nextNamed('hello');
      for (let n = 1; n <= ROUNDS; n += 1) shared.push(await round(server, token, ROUNDS + n, stream));
    } finally {
      stream.close();
    }
    return [
      `| ${label} | no stream open: each console answered on its own | ${summary(alone)} |`,
      `| ${label} | a stream open: one answer shared | ${summary(shared)} |`,
    ];
  } finally {
    await server.stop();
    await cluster?.stop();
  }
}

requireBuild();
const rows: string[] = [];
for (const engine of ENGINES) rows.push(...(await benchEngine(engine)));
const cpus = (await import('node:os')).cpus();
writeSharedSection(`## ${String(CONSOLES)} consoles on one grouping, after each change`, [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`node --import tsx bench/grouped-shared.ts\` on ` +
    `${String(cpus.length)} × ${cpus[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'CPU'}, Node ${process.version}: ` +
    `${ALERTS.toLocaleString('en-GB')} alerts; ${String(ROUNDS)} rounds of one alert changed, then ` +
    `${String(CONSOLES)} requests of \`GET ${GROUPED}\` sent at once (docs/api/stream.md#shared-answers). ` +
    'Wall: until the last console has its answer; CPU: every process of the machine over the round (the server, ' +
    "PostgreSQL's and the client's, on the same cores).",
  '',
  '| engine | case | wall p50 ms | wall worst ms | CPU p50 ms | CPU worst ms |',
  '|---|---|---|---|---|---|',
  ...rows,
]);
console.log(rows.join('\n'));
