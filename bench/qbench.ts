// Local measurement of the console's read calls at N alerts (not committed).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { loadSettings } from '../packages/server/src/settings.js';
import { openStore } from '../packages/server/src/store/open.js';
import { createTestDatabase } from '../packages/server/test/support/postgres.js';
import { createUser, basic } from '../packages/server/test/support/app.js';
import { benchAlert } from '../bench/seed-data.js';

const N = Number(process.env.N ?? 100000);
const engineName = process.argv[2] ?? 'sqlite';

function row(i: number) {
  const a = benchAlert(i) as Record<string, any>;
  const t = new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString();
  const status = a.status ?? (a.severity === 'normal' ? 'closed' : 'open');
  return {
    id: randomUUID(), resource: a.resource, event: a.event, environment: a.environment, severity: a.severity,
    correlate: [], status, service: a.service, group: a.group, value: a.value, text: a.text, tags: a.tags,
    attributes: a.attributes, origin: a.origin, type: a.type, create_time: t, timeout: a.timeout, raw_data: null,
    customer: null, duplicate_count: i % 7, repeat: false, previous_severity: 'indeterminate',
    trend_indication: 'noChange', receive_time: t, last_receive_id: randomUUID(), last_receive_time: t, update_time: t,
  };
}
const COLS = Object.keys(row(0));

async function main() {
  const dir = process.env.KEEP ?? mkdtempSync(join(tmpdir(), 'qbench-'));
  const url = engineName === 'sqlite' ? `sqlite:${join(dir, 'b.sqlite')}` : await createTestDatabase();
  const settings = loadSettings({ DATA_DIR: dir, DATABASE_URL: url, SECRET_KEY: 'x'.repeat(40), BCRYPT_LOG_ROUNDS: '4', CONSOLE_DIR: join(dir, 'none'), ALLOWED_ENVIRONMENTS: 'Production,Development,Staging,QA,Lab' });
  const store = openStore(settings.database);
  await store.migrate();
  const t0 = Date.now();
  if (engineName === 'sqlite') {
    const db = new BetterSqlite3(join(dir, 'b.sqlite'));
    const ins = db.prepare(`insert into alerts (${COLS.map((c) => `"${c}"`).join(',')}) values (${COLS.map(() => '?').join(',')})`);
    const hist = db.prepare(`insert into history (alert_id, id, event, severity, status, value, text, type, update_time, "user", timeout) values (?,?,?,?,?,?,?,?,?,?,?)`);
    db.transaction(() => {
      for (let i = 0; i < N; i++) {
        const r = row(i) as Record<string, any>;
        ins.run(COLS.map((c) => { const v = r[c]; return Array.isArray(v) || (v && typeof v === 'object') ? JSON.stringify(v) : typeof v === 'boolean' ? (v ? 1 : 0) : v; }));
        hist.run(r.id, r.id, r.event, r.severity, r.status, r.value, r.text, i % 10 === 0 ? 'severity' : 'new', r.create_time, null, 100);
      }
    })();
    db.exec('analyze');
    db.close();
    console.log('sqlite file', join(dir, 'b.sqlite'));
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (let start = 0; start < N; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, N - start) }, (_, k) => row(start + k));
      const params: unknown[] = [];
      const values = rows.map((r: Record<string, any>) => `(${COLS.map((c) => { const v = r[c]; params.push(c === 'attributes' ? JSON.stringify(v) : v); return `$${params.length}`; }).join(',')})`);
      await client.query(`insert into alerts (${COLS.map((c) => `"${c}"`).join(',')}) values ${values.join(',')}`, params);
      const hp: unknown[] = [];
      const hv = rows.map((r: Record<string, any>, k) => { hp.push(r.id, r.id, r.event, r.severity, r.status, r.text, (start + k) % 10 === 0 ? 'severity' : 'new', r.create_time); const b = hp.length - 8; return `($${b + 1},$${b + 2},$${b + 3},$${b + 4},$${b + 5},$${b + 6},$${b + 7},$${b + 8})`; });
      await client.query(`insert into history (alert_id, id, event, severity, status, text, type, update_time) values ${hv.join(',')}`, hp);
    }
    await client.query('vacuum analyze');
    await client.end();
  }
  console.log(`${engineName}: seeded ${N} in ${Date.now() - t0} ms`);
  await createUser(store, { login: 'root', password: 'root-password', roles: ['admin'] });
  const app = await buildApp(settings, store, { secretKey: 'x'.repeat(40), logger: false });
  await app.ready();
  // Use a bearer-less API: basic auth costs bcrypt per request, so log in once.
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'root', password: 'root-password' } });
  const token = (login.json() as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  const list = await app.inject({ method: 'GET', url: '/api/alerts?page-size=200&sort-by=lastReceiveTime', headers });
  const ids = (list.json() as { alerts: { id: string }[] }).alerts.map((a) => a.id);
  let n = 0;
  const open = 'status=open&status=ack';
  const cases: [string, () => string][] = [
    ['alerts first page', () => `/alerts?${open}&sort-by=severity&sort-by=lastReceiveTime&page=1&page-size=50`],
    ['count', () => `/alerts/count?${open}`],
    ['environments', () => `/environments?${open}`],
    ['services', () => `/services?${open}`],
    ['top10/count', () => `/alerts/top10/count?${open}`],
    ['q= text', () => `/alerts?${open}&q=failover&sort-by=severity&sort-by=lastReceiveTime&page-size=50`],
    ['alert/{id}', () => `/alert/${ids[n++ % ids.length]}`],
  ];
  const only = process.env.ONLY;
  for (const [name, path] of cases) {
    if (only && !name.includes(only)) continue;
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 40; i++) {
      const s = process.hrtime.bigint();
      const r = await app.inject({ method: 'GET', url: `/api${path()}`, headers });
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
      if (r.statusCode !== 200) throw new Error(`${name}: ${r.statusCode} ${r.body.slice(0, 300)}`);
      bytes = r.body.length;
    }
    times.sort((a, b) => a - b);
    console.log(`${engineName} ${name.padEnd(20)} p50 ${times[20]!.toFixed(1)} p95 ${times[37]!.toFixed(1)} ms  (${bytes} bytes)`);
  }
  await app.close();
  await store.close();
}
await main();
