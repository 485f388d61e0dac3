/**
 * A quick ingest check on one engine, for working on the write path: a few cheap reads as the HTTP ceiling, then new
 * alerts, duplicates and severity changes (correlated) with 16 connections. `npm run bench:ingest`; BENCH_DATABASE_URL picks PostgreSQL, BENCH_N
 * the number of requests per case. The full run with RESULTS.md is `npm run bench`.
 */
import { createClient, runLoad } from './http';
import { benchAlert, correlatedAlert } from './seed-data';
import { loginToken, startBenchServer } from './server';
const server = await startBenchServer(process.env.BENCH_DATABASE_URL);
const token = await loginToken(server.baseURL);
const client = createClient(server.baseURL, { Authorization: `Bearer ${token}` }, 16);
const N = Number(process.env.BENCH_N ?? 5000);
for (const path of ['/config', '/alerts/tags', '/management/healthcheck']) {
  const r = await runLoad(client, N, 16, () => ({ method: 'GET', path }));
  console.log(path, r.perSecond.toFixed(0), r.statuses);
}
const post = (i: number) => ({ method: 'POST', path: '/alert', body: benchAlert(i) });
const n1 = await runLoad(client, N, 16, post);
console.log('new', n1.perSecond.toFixed(0), n1.statuses);
const d = await runLoad(client, N, 16, (i) => post(i % 500));
console.log('dup', d.perSecond.toFixed(0), d.statuses);
const c = await runLoad(client, N, 16, (i) => ({
  method: 'POST',
  path: '/alert',
  body: correlatedAlert(i, N, Math.min(500, N)),
}));
console.log('correlated', c.perSecond.toFixed(0), c.statuses);
client.close();
await server.stop();
