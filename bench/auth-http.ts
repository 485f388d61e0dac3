/**
 * What checking credentials adds to a request over HTTP: the built server answers `GET /alerts/tags` (a cheap read)
 * on a server with AUTH_REQUIRED off and no credentials, and on one with AUTH_REQUIRED on, given a Bearer token or an
 * API key. The figure is the server's own CPU time per request (user + system, from /proc), which the load
 * generator sharing the cores disturbs far less than throughput; rounds alternate between the servers, and the
 * median of the rounds is kept. The issue asks for ≤ 0.2 ms added per request.
 * `npm run build && node --import tsx bench/auth-http.ts`; BENCH_DATABASE_URL picks PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { type BenchServer, loginToken, startBenchServer } from './server';
import { type Client, createClient, runLoad } from './http';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_N ?? 10_000);
const CONNECTIONS = 16;

/** CPU time the process has used, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / 100;
}

interface Case {
  name: string;
  server: BenchServer;
  client: Client;
  samples: number[];
}

const open = await startBenchServer(process.env.BENCH_DATABASE_URL, { AUTH_REQUIRED: 'false' });
const secured = await startBenchServer(process.env.BENCH_DATABASE_URL);
const token = await loginToken(secured.baseURL);
const keyResponse = await fetch(`${secured.baseURL}/key`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ type: 'read-only', text: 'bench' }),
});
const key = ((await keyResponse.json()) as { key: string }).key;

const cases: Case[] = [
  { name: 'no credentials, AUTH_REQUIRED off', server: open, client: createClient(open.baseURL, {}, CONNECTIONS) },
  {
    name: 'Bearer token',
    server: secured,
    client: createClient(secured.baseURL, { Authorization: `Bearer ${token}` }, CONNECTIONS),
  },
  {
    name: 'API key (X-API-Key)',
    server: secured,
    client: createClient(secured.baseURL, { 'X-API-Key': key }, CONNECTIONS),
  },
].map((c) => ({ ...c, samples: [] }));

const request = () => ({ method: 'GET', path: '/alerts/tags' });
for (const c of cases) await runLoad(c.client, 2_000, CONNECTIONS, request);
for (let round = 0; round < ROUNDS; round += 1) {
  for (const c of cases) {
    const before = cpuMicros(c.server.pid);
    const result = await runLoad(c.client, REQUESTS, CONNECTIONS, request);
    const statuses = Object.keys(result.statuses);
    if (statuses.length !== 1 || statuses[0] !== '200')
      throw new Error(`${c.name}: ${JSON.stringify(result.statuses)}`);
    c.samples.push((cpuMicros(c.server.pid) - before) / REQUESTS);
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const base = median(cases[0]?.samples ?? []);
for (const c of cases) {
  const cost = median(c.samples);
  const added = c === cases[0] ? '' : `, ${((cost - base) / 1000).toFixed(3)} ms added`;
  console.log(`${c.name}: ${(cost / 1000).toFixed(3)} ms server CPU per request${added}`);
}
for (const c of cases) c.client.close();
await open.stop();
await secured.stop();
