import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';

export interface RunningServer {
  baseURL: string;
  admin: { login: string; password: string };
  /** Calls the API as the administrator. */
  api: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Starts `packages/server/dist/main.js` on a free port with an empty data folder and waits for the first-run admin. */
async function startServer(env: Record<string, string> = {}): Promise<{
  child: ChildProcess;
  baseURL: string;
  admin: { login: string; password: string };
  dataDir: string;
}> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'alerta-e2e-'));
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'alerta.sqlite')}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const admin = await new Promise<{ login: string; password: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not print the admin line:\n${output}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Administrator created: login=(\S+) password=(\S+)/.exec(output);
      if (match?.[1] && match[2]) {
        clearTimeout(timer);
        resolve({ login: match[1], password: match[2] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${String(code)}:\n${output}`)));
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // Wait until it answers.
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/management/healthcheck`).catch(() => undefined))?.status, {
      timeout: 20_000,
    })
    .toBe(200);
  return { child, baseURL, admin, dataDir };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// A browser test fails when the page logs an error or throws, except a 4xx the test itself provoked.
const EXPECTED_CONSOLE_ERROR = /Failed to load resource: the server responded with a status of 4\d\d/;

export const test = base.extend<
  { consoleErrors: string[] },
  { server: RunningServer; serverEnv: Record<string, string> }
>({
  // Extra environment for the worker's server (settings such as ACTIONS); a file that sets it with `test.use` gets a
  // server (and worker) of its own.
  serverEnv: [{}, { scope: 'worker', option: true }],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_CONSOLE_ERROR.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors logged in the browser').toEqual([]);
    },
    { auto: true },
  ],
  server: [
    async ({ serverEnv }, use) => {
      const { child, baseURL, admin, dataDir } = await startServer(serverEnv);
      let token: string | undefined;
      const api: RunningServer['api'] = async (method, path, body) => {
        if (!token) {
          const login = await fetch(`${baseURL}/api/auth/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ username: admin.login, password: admin.password }),
          });
          token = ((await login.json()) as { token: string }).token;
        }
        const response = await fetch(`${baseURL}/api${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      await use({ baseURL, admin, api });
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

export { expect };
