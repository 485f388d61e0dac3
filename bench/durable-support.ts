/**
 * What bench/durability.ts and bench/outage.ts share: the machine's description, a PostgreSQL cluster with its default
 * durability, a server process that can be killed and started again on the same database, and reading back what the
 * database holds.
 */
import { cpus, totalmem } from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { type Cluster, startCluster } from '../packages/server/test/support/postgres.js';
import { BUILT_MAIN, type ServerProcess, startServerProcess } from '../packages/server/test/support/server-process.js';

export const API_KEY = 'durability-bench-key-0123456789';

/** The server to run: BENCH_MAIN (another build, e.g. of a clean checkout) or packages/server/dist/main.js. */
export const SERVER_MAIN = process.env.BENCH_MAIN ?? BUILT_MAIN;

export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`;
}

export interface Target {
  engine: 'sqlite' | 'postgres';
  databaseUrl: string;
  dataDir: string;
  cluster?: Cluster;
}

/** A durable throwaway cluster (fsync, synchronous_commit, full_page_writes on) with one database, `bench`. */
export async function durablePostgres(dataDir: string): Promise<Target> {
  const cluster = await startCluster({ durable: true });
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const settings = await client.query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes')",
    );
    const off = settings.rows.filter((row) => row.setting !== 'on');
    if (off.length > 0) throw new Error(`the cluster is not durable: ${JSON.stringify(off)}`);
    await client.query('CREATE DATABASE bench');
  } finally {
    await client.end();
  }
  return { engine: 'postgres', databaseUrl: cluster.url.replace(/\/[^/]*$/, '/bench'), dataDir, cluster };
}

/** Starts the built server on the target's database, which outlives the process. */
export function startOn(target: Target, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({
    main: [SERVER_MAIN],
    name: 'durability',
    timeoutMs: 60_000,
    env: {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      ADMIN_USERS: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-1',
      ADMIN_KEY: API_KEY,
      HOUSEKEEPING_INTERVAL: '0',
      LOG_LEVEL: 'error',
      ...env,
    },
  });
}

export interface StoredAlert {
  id: string;
  resource: string;
  severity: string;
  status: string;
  duplicateCount: number;
  lastReceiveId: string;
}

/** The alerts of one event as the database holds them, read beside the server, keyed by resource. */
export async function storedAlerts(target: Target, event: string): Promise<Map<string, StoredAlert>> {
  const text =
    'select id, resource, severity, status, duplicate_count as "duplicateCount", last_receive_id as "lastReceiveId" ' +
    'from alerts where event = ';
  let rows: StoredAlert[];
  if (target.engine === 'sqlite') {
    const db = new BetterSqlite3(target.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
    try {
      rows = db.prepare<[string], StoredAlert>(`${text}?`).all(event);
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      rows = (await client.query<StoredAlert>(`${text}$1`, [event])).rows;
    } finally {
      await client.end();
    }
  }
  return new Map(rows.map((row) => [row.resource, row]));
}

/** `PRAGMA integrity_check` of a SQLite file: `ok` when sound. */
export function sqliteIntegrity(file: string): string {
  const db = new BetterSqlite3(file);
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** The answer to POST /alert as far as these checks read it. */
export interface PostAnswer {
  id: string;
  alert: { id: string; severity: string; status: string; duplicateCount: number; lastReceiveId: string };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
