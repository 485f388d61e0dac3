import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../packages/server/test/support/server-process.js';

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

/**
 * Starts the built server (packages/server/dist/main.js) with an empty database of the given URL (SQLite in a
 * temporary folder when none), housekeeping off; its warnings and errors go to our stderr.
 */
export async function startBenchServer(
  databaseUrl: string | undefined,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const server = await startServerProcess({
    name: 'bench',
    nodeArgs: nodeArgs(),
    echoStderr: true,
    env: {
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
      ADMIN_USERS: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      ALLOWED_ENVIRONMENTS: ENVIRONMENTS.join(','),
      HOUSEKEEPING_INTERVAL: '0',
      ...extraEnv,
    },
  });
  const pid = server.child.pid ?? 0;
  return {
    baseURL: server.endpoint,
    pid,
    rssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    stop: () => server.stop(),
  };
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

/**
 * Makes the repository's root the working folder and stops at once, saying so, when the built console or server is
 * missing: the benches that drive both run what `npm run build` made.
 */
export function requireBuild(): void {
  process.chdir(fileURLToPath(new URL('..', import.meta.url)));
  for (const file of ['packages/web/dist/index.html', 'packages/server/dist/main.js']) {
    if (!existsSync(file)) {
      console.error(`${file} is missing: run \`npm run build\` at the repository root first.`);
      process.exit(1);
    }
  }
}
