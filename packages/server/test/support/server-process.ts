import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server as a process of its own, for what drives it from outside: the browser tests (e2e/), the benchmarks
 * (bench/), the official-client tests (compat/) and this package's start-up test (test/main.test.ts). It listens on
 * 127.0.0.1 on a free port, with an empty temporary DATA_DIR unless one is given, and what it prints is kept for the
 * error messages.
 */

/** The built server (`npm run build`). */
export const BUILT_MAIN = join(dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');

export interface Credentials {
  login: string;
  password: string;
}

export interface ServerProcessOptions {
  /** What node runs: the built server unless given (the start-up test runs the sources through tsx). */
  main?: string[];
  /** Node's own flags before it, e.g. a profiler's. */
  nodeArgs?: string[];
  cwd?: string;
  /** Settings over PORT, HOST, DATA_DIR, DATABASE_URL (SQLite in DATA_DIR) and LOG_LEVEL=warn. */
  env?: Record<string, string>;
  /** Start from PATH alone instead of this process's environment, so that no setting of ours reaches the server. */
  cleanEnv?: boolean;
  /** How long each wait may take, for the healthcheck and then for the first-run line: 60 s unless given. */
  timeoutMs?: number;
  /** Write the server's stderr to ours as it comes, besides keeping it. */
  echoStderr?: boolean;
  /** Names the temporary DATA_DIR, `alerta-<name>-…`. */
  name?: string;
  /** The port to listen on, e.g. a restarted server's old one: a free port unless given. */
  port?: number;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>`, where the console is served. */
  origin: string;
  /** The API root, `<origin>/api`. */
  endpoint: string;
  dataDir: string;
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>;
  /** What it printed on stdout. */
  stdout(): string;
  /** What it printed on stdout and stderr, as it came. */
  output(): string;
  /** SIGTERM, then waits for the exit; removes the temporary DATA_DIR. */
  stop(): Promise<void>;
}

const HEALTHCHECK = '/management/healthcheck';
/** Enough for every message of a failed start; a long benchmark keeps only the latest. */
const KEPT_OUTPUT = 1 << 20;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address !== null && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server and resolves once its healthcheck answers 200; a failed start leaves no process behind. */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const main = options.main ?? [BUILT_MAIN];
  if (options.main === undefined && !existsSync(BUILT_MAIN)) {
    throw new Error(`${BUILT_MAIN} is missing: run \`npm run build\` first.`);
  }
  const port = options.port ?? (await freePort());
  const ownDataDir = options.env?.DATA_DIR === undefined;
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), `alerta-${options.name ?? 'server'}-`));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...main], {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env: {
      ...(options.cleanEnv === true ? { PATH: process.env.PATH ?? '/usr/bin:/bin' } : process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'alerta.sqlite')}`,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let output = '';
  const keep = (text: string) => (text.length > KEPT_OUTPUT ? text.slice(-KEPT_OUTPUT) : text);
  child.stdout.on('data', (chunk: Buffer) => {
    stdout = keep(stdout + chunk.toString());
    output = keep(output + chunk.toString());
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output = keep(output + chunk.toString());
    if (options.echoStderr === true) process.stderr.write(chunk);
  });
  // 'close' comes after the last output, so an error message made then has all of it.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    port,
    origin,
    endpoint: `${origin}/api`,
    dataDir,
    exited,
    stdout: () => stdout,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(server, options.timeoutMs, `answering /api${HEALTHCHECK} with 200`, async () => {
      const url = `${server.endpoint}${HEALTHCHECK}`;
      const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
      await answer?.body?.cancel();
      return answer?.status === 200 ? true : undefined;
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return server;
}

/**
 * Starts the server on an empty database and reads the first administrator from the line it prints once (README
 * "Running it"): `Administrator created: login=… password=…`, where a password given in ADMIN_PASSWORD shows as
 * `(from ADMIN_PASSWORD)`.
 */
export async function startWithFirstAdmin(
  options: ServerProcessOptions = {},
): Promise<ServerProcess & { admin: Credentials }> {
  const server = await startServerProcess(options);
  try {
    const admin = await waitFor(server, options.timeoutMs, 'printing the first-run administrator line', () => {
      const line = /^Administrator created: login=(\S+) password=(.+)$/m.exec(server.stdout());
      if (line?.[1] === undefined || line[2] === undefined) return undefined;
      const given = options.env?.ADMIN_PASSWORD;
      return { login: line[1], password: line[2] === '(from ADMIN_PASSWORD)' && given ? given : line[2] };
    });
    return { ...server, admin };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Polls until `check` gives a value; fails with the server's output when it exits or the time is up. The time is a
 * backstop for a server that never comes up, not a measure: beside the other steps of `npm test` on a busy two-core
 * machine a start was seen to take more than 20 s.
 */
async function waitFor<T>(
  server: ServerProcess,
  timeoutMs = 60_000,
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null) {
      await server.exited;
      const how = exitCode === null ? String(signalCode) : `code ${exitCode}`;
      throw new Error(`the server exited with ${how} before ${what}:\n${server.output()}`);
    }
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) {
      throw new Error(`the server went ${timeoutMs / 1000} s without ${what}:\n${server.output()}`);
    }
    await pause(100);
  }
}
