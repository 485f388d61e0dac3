/**
 * A quick ingest check on one engine, for working on the write path: a few cheap reads as the HTTP ceiling, then new
 * alerts, duplicates and severity changes (correlated) with 16 connections. Each case also prints the server's CPU
 * time per request, which other work on the same cores inflates far less than throughput. `npm run bench:ingest`; BENCH_DATABASE_URL picks PostgreSQL, BENCH_N
 * the number of requests per case. The full run with RESULTS.md is `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { type LoadResult, createClient, runLoad } from './http';
import { benchAlert, correlatedAlert } from './seed-data';
import { loginToken, startBenchServer } from './server';
const server = await startBenchServer(process.env.BENCH_DATABASE_URL);
const token = await loginToken(server.baseURL);
const client = createClient(server.baseURL, { Authorization: `Bearer ${token}` }, 16);
const N = Number(process.env.BENCH_N ?? 5000);
/** The server's user and system CPU time so far, in ms (clock ticks of /proc/<pid>/stat at 100 per second). */
const cpuMs = (): number => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
};
async function measured(load: () => Promise<LoadResult>): Promise<LoadResult & { cpuUs: number }> {
  const before = cpuMs();
  const result = await load();
  return { ...result, cpuUs: ((cpuMs() - before) * 1000) / result.requests };
}
const show = (name: string, r: LoadResult & { cpuUs: number }) =>
  console.log(name, r.perSecond.toFixed(0), r.statuses, `server CPU ${r.cpuUs.toFixed(0)} µs/request`);
for (const path of ['/config', '/alerts/tags', '/management/healthcheck']) {
  const r = await runLoad(client, N, 16, () => ({ method: 'GET', path }));
  console.log(path, r.perSecond.toFixed(0), r.statuses);
}
const post = (i: number) => ({ method: 'POST', path: '/alert', body: benchAlert(i) });
show('new', await measured(() => runLoad(client, N, 16, post)));
show('dup', await measured(() => runLoad(client, N, 16, (i) => post(i % 500))));
const correlated = (i: number) => ({ method: 'POST', path: '/alert', body: correlatedAlert(i, N, Math.min(500, N)) });
show('correlated', await measured(() => runLoad(client, N, 16, correlated)));
client.close();
await server.stop();
