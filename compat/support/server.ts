import { randomBytes } from 'node:crypto';
import { createTestDatabase, dropTestDatabases, stopOwnCluster } from '../../packages/server/test/support/postgres.js';
import { type Credentials, startWithFirstAdmin } from '../../packages/server/test/support/server-process.js';
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
  admin: Credentials;
  /** The administrator's API key (`ADMIN_KEY`, with the admin scopes). */
  adminKey: string;
  /** Calls the API as the administrator. */
  api(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  stop(): Promise<void>;
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
  const databaseUrl = engine === 'sqlite' ? undefined : await createTestDatabase();
  // README, settings: ADMIN_KEY makes a known API key of the first administrator at the first start.
  const adminKey = `compat-${randomBytes(16).toString('hex')}`;
  const server = await startWithFirstAdmin({
    name: 'compat',
    cwd: repoRoot,
    cleanEnv: true,
    timeoutMs: 30_000,
    env: {
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
      BCRYPT_LOG_ROUNDS: '4',
      // Housekeeping runs when a client asks for it, never under a test.
      HOUSEKEEPING_INTERVAL: '0',
      ADMIN_USERS: 'admin@example.com',
      ADMIN_PASSWORD: 'compat-admin-password',
      ADMIN_KEY: adminKey,
      ...env,
    },
  }).catch(async (error: unknown) => {
    // A cluster this process started must not outlive a failed start.
    if (engine === 'postgres') await stopOwnCluster();
    throw error;
  });
  const { endpoint } = server;
  return {
    engine,
    endpoint,
    admin: server.admin,
    adminKey,
    api: (method, path, body) => request(endpoint, method, path, { Authorization: `Key ${adminKey}` }, body),
    stop: async () => {
      await server.stop();
      if (engine === 'postgres') {
        await dropTestDatabases();
        await stopOwnCluster();
      }
    },
  };
}
