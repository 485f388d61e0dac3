import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ADMIN = { login: 'bench@example.com', password: 'bench-password-1' };

export const ENVIRONMENTS = ['Production', 'Development', 'Staging', 'QA', 'Lab'];

export interface BenchServer {
  baseURL: string;
  pid: number;
  /** Resident set size of the server process, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/** Extra node flags for the server, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it. */
const nodeArgs = (): string[] => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('port'))));
    });
  });
}

/** Starts the built server (packages/server/dist/main.js) with an empty database of the given URL. */
export async function startBenchServer(databaseUrl: string | undefined, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'alerta-bench-'));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs(), 'packages/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? `sqlite:${join(dataDir, 'bench.sqlite')}`,
      ADMIN_USERS: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      ALLOWED_ENVIRONMENTS: ENVIRONMENTS.join(','),
      LOG_LEVEL: 'warn',
      HOUSEKEEPING_INTERVAL: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}/api`;
  for (let attempt = 0; ; attempt++) {
    const ok = await fetch(`${baseURL}/management/healthcheck`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (attempt > 200 || child.exitCode !== null) throw new Error('bench server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = child.pid ?? 0;
  const server: BenchServer = {
    baseURL,
    pid,
    rssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export async function loginToken(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.login, password: ADMIN.password }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token;
}
