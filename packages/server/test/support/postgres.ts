import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from './server-process.js';

/**
 * PostgreSQL for the tests: DATABASE_URL_TEST when given, otherwise a throwaway cluster started from the newest
 * /usr/lib/postgresql/<version>/bin, run as the `postgres` user when we are root (initdb refuses root).
 */

export interface Cluster {
  /** URL of the cluster's `postgres` database, used to create one database per test file. */
  url: string;
  stop(): void;
  /** Stops the database server and keeps its files: `fast` as an orderly stop, `immediate` as a crash does. */
  halt(mode: 'fast' | 'immediate'): void;
  /** Starts it again after halt(), on the same port with the same settings. */
  resume(): void;
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) {
    throw new Error(
      'PostgreSQL tests need either DATABASE_URL_TEST or PostgreSQL server binaries in /usr/lib/postgresql/*/bin ' +
        '(apt-get install postgresql). They are not skipped.',
    );
  }
  return join(base, newest, 'bin');
}

/**
 * Starts a throwaway cluster. Tests run it without syncing to disk (fsync, synchronous_commit and full_page_writes
 * off); `durable` keeps PostgreSQL's defaults, for benchmarks that measure what a production setup pays per commit.
 */
export async function startCluster(options: { durable?: boolean } = {}): Promise<Cluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'alerta-pg-'));
  chmodSync(dir, 0o755);
  const data = join(dir, 'pgdata');
  const run = join(dir, 'pgrun');
  mkdirSync(data);
  mkdirSync(run);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', data, run]);
  const exec = (tool: string, args: string[]): void => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(command, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  let port = 0;
  const start = (): void =>
    exec('pg_ctl', [
      '-D',
      data,
      '-l',
      join(run, 'pg.log'),
      '-o',
      `-p ${port} -k ${run} -c listen_addresses=127.0.0.1` +
        (options.durable === true ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'),
      '-w',
      'start',
    ]);
  // The port is free when asked for, but test files running side by side may take it before PostgreSQL does: then
  // another is tried.
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      start();
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: (mode) => exec('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    resume: start,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let ownCluster: Promise<Cluster> | undefined;

/** The server to create test databases on: DATABASE_URL_TEST, or a cluster this process starts once. */
async function serverUrl(): Promise<string> {
  const given = process.env.DATABASE_URL_TEST;
  if (given !== undefined && given !== '') return given;
  ownCluster ??= startCluster();
  return (await ownCluster).url;
}

/** Stops the cluster this process started, if any. */
export async function stopOwnCluster(): Promise<void> {
  if (ownCluster === undefined) return;
  const cluster = await ownCluster;
  ownCluster = undefined;
  cluster.stop();
}

/** The databases this process made on a server it was given, to drop when its tests are over. */
const madeOnGivenServer: string[] = [];

/** A fresh, empty database, so test files never see each other's data. */
export async function createTestDatabase(): Promise<string> {
  const url = new URL(await serverUrl());
  const name = `t_${randomBytes(6).toString('hex')}`;
  if (ownCluster === undefined) madeOnGivenServer.push(name);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops the databases this process made on DATABASE_URL_TEST, so a long-lived server does not fill up with them (a
 * cluster of our own goes whole). Called once a test file's servers are closed; a connection still open is ended.
 */
export async function dropTestDatabases(): Promise<void> {
  const names = madeOnGivenServer.splice(0);
  if (names.length === 0) return;
  const client = new pg.Client({ connectionString: await serverUrl() });
  await client.connect();
  try {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

// CLI: start one cluster for a whole test run, print its URL, keep it until SIGTERM or SIGINT.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cluster = await startCluster({ durable: process.argv.includes('--durable') });
  process.stdout.write(`DATABASE_URL_TEST=${cluster.url}\n`);
  const shutdown = (): void => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  setInterval(() => undefined, 1 << 30);
}
