import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, stopOwnCluster } from '../../packages/server/test/support/postgres.js';
import { repoRoot } from './paths.js';

export type EngineName = 'sqlite' | 'postgres';

/** An answer of our API, read through fetch to check what a client command left on the server. */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface RunningServer {
  engine: EngineName;
  /** The API root, what `ALERTA_ENDPOINT` names. */
  endpoint: string;
  admin: { login: string; password: string };
  /** The administrator's API key (`ADMIN_KEY`, with the admin scopes). */
  adminKey: string;
  /** Calls the API as the administrator. */
  api(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  stop(): Promise<void>;
}

const MAIN = join(repoRoot, 'packages/server/dist/main.js');

function freePort(): Promise<number> {
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

async function request(
  endpoint: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const response = await fetch(`${endpoint}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const parsed: unknown = text === '' ? {} : JSON.parse(text);
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return { status: response.status, body: record };
}

/**
 * Starts the built server (`npm run build`) on a free port and an empty database of the engine, with a known first
 * administrator, and waits until it answers.
 */
export async function startServer(engine: EngineName, env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'alerta-compat-'));
  const databaseUrl = engine === 'sqlite' ? `sqlite:${join(dataDir, 'alerta.sqlite')}` : await createTestDatabase();
  const admin = { login: 'admin@example.com', password: 'compat-admin-password' };
  // README, settings: ADMIN_KEY makes a known API key of the first administrator at the first start.
  const adminKey = `compat-${randomBytes(16).toString('hex')}`;
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      BCRYPT_LOG_ROUNDS: '4',
      // Housekeeping runs when a client asks for it, never under a test.
      HOUSEKEEPING_INTERVAL: '0',
      ADMIN_USERS: admin.login,
      ADMIN_PASSWORD: admin.password,
      ADMIN_KEY: adminKey,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Administrator created')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${String(code)}:\n${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}/api`;
  for (let attempt = 0; ; attempt++) {
    const answer = await fetch(`${endpoint}/management/healthcheck`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (attempt > 200) throw new Error(`the server never answered:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    engine,
    endpoint,
    admin,
    adminKey,
    api: (method, path, body) => request(endpoint, method, path, { Authorization: `Key ${adminKey}` }, body),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') await stopOwnCluster();
    },
  };
}
