/**
 * What SQLITE_SYNCHRONOUS=FULL costs against NORMAL (README.md#durability): the built server on SQLite, 16 connections
 * posting new alerts and then duplicates of them, each level measured BENCH_ROUNDS times (2 unless given), alternating
 * so that the machine's drift does not favour one. Writes bench/SQLITE-SYNC-RESULTS.md; `npm run build` first.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createClient, runLoad } from './http';
import { SERVER_MAIN } from './durable-support';
import { startServerProcess } from '../packages/server/test/support/server-process.js';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 16;
const KEY = 'sync-bench-key-0123456789';

const alert = (i: number, severity: string) => ({
  resource: `host-${i}`,
  event: 'DiskFull',
  environment: 'Production',
  service: ['Storage'],
  severity,
  text: `alert ${i}`,
});

interface Figures {
  level: string;
  newPerSecond: number;
  newP95: number;
  dupPerSecond: number;
  dupP95: number;
}

async function measure(level: 'FULL' | 'NORMAL'): Promise<Figures> {
  const server = await startServerProcess({
    main: [SERVER_MAIN],
    name: 'sync',
    env: {
      SQLITE_SYNCHRONOUS: level,
      ADMIN_USERS: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-1',
      ADMIN_KEY: KEY,
      HOUSEKEEPING_INTERVAL: '0',
    },
  });
  const client = createClient(server.endpoint, { Authorization: `Key ${KEY}` }, CONNECTIONS);
  try {
    const post = (body: unknown) => ({ method: 'POST', path: '/alert', body });
    const fresh = await runLoad(client, ALERTS, CONNECTIONS, (i) => post(alert(i, 'major')));
    const dups = await runLoad(client, ALERTS, CONNECTIONS, (i) => post(alert(i % 500, 'major')));
    for (const result of [fresh, dups]) {
      if (Object.keys(result.statuses).some((status) => status !== '201')) {
        throw new Error(`unexpected answers: ${JSON.stringify(result.statuses)}`);
      }
    }
    return {
      level,
      newPerSecond: fresh.perSecond,
      newP95: fresh.p95,
      dupPerSecond: dups.perSecond,
      dupP95: dups.p95,
    };
  } finally {
    client.close();
    await server.stop();
  }
}

const figures: Figures[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const level of ['NORMAL', 'FULL'] as const) {
    const result = await measure(level);
    figures.push(result);
    console.error(`${level}: new ${result.newPerSecond.toFixed(0)}/s, duplicates ${result.dupPerSecond.toFixed(0)}/s`);
  }
}
const lines = [
  '# SQLite synchronous: FULL against NORMAL',
  '',
  `\`node --import tsx bench/sqlite-sync.ts\` on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
    `${new Date().toISOString().slice(0, 10)}: ${ALERTS} new alerts and then ${ALERTS} duplicates per run, ` +
    `${CONNECTIONS} connections, the runs in the order they ran.`,
  '',
  '| synchronous | new alerts/s | new p95 ms | duplicates/s | duplicates p95 ms |',
  '|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${f.level} | ${f.newPerSecond.toFixed(0)} | ${f.newP95.toFixed(1)} | ${f.dupPerSecond.toFixed(0)} | ${f.dupP95.toFixed(1)} |`,
  ),
];
writeFileSync('bench/SQLITE-SYNC-RESULTS.md', `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
