/**
 * The cost of checking credentials, in process (no HTTP): a Bearer token and an API key the server has seen before,
 * as a polling console or a sender repeats them. The issue asks for ≤ 0.2 ms per request for each.
 * `node --import tsx bench/auth.ts`; BENCH_DATABASE_URL picks PostgreSQL, BENCH_N the number of checks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { type AuthContext, authenticate } from '../packages/server/src/auth/authenticate.js';
import { HawkVerifier } from '../packages/server/src/auth/hawk.js';
import { hashPassword } from '../packages/server/src/auth/passwords.js';
import { buildApp } from '../packages/server/src/app.js';
import { createContext } from '../packages/server/src/context.js';
import { loadSettings } from '../packages/server/src/settings.js';
import { openStore } from '../packages/server/src/store/open.js';

const N = Number(process.env.BENCH_N ?? 20_000);
const SECRET = 'bench-secret-key-that-is-long-enough-for-hs256';
const dir = mkdtempSync(join(tmpdir(), 'alerta-bench-auth-'));
const settings = loadSettings({
  DATA_DIR: dir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'alerta.sqlite')}`,
  SECRET_KEY: SECRET,
  BCRYPT_LOG_ROUNDS: '4',
  HOUSEKEEPING_INTERVAL: '0',
  CONSOLE_DIR: join(dir, 'no-console'),
});
const store = openStore(settings.database);
await store.migrate();
await store.users.create({
  id: 'bench-user',
  name: 'bench',
  login: 'bench',
  email: 'bench@example.com',
  password: await hashPassword('bench-password', 4),
  status: 'active',
  roles: ['user'],
  attributes: {},
  createTime: new Date().toISOString(),
  lastLogin: null,
  text: '',
  updateTime: null,
  emailVerified: false,
});
const app = await buildApp(settings, store, { secretKey: SECRET, logger: false });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench', password: 'bench-password' },
});
const token = login.json<{ token: string }>().token;
const created = await app.inject({
  method: 'POST',
  url: '/api/key',
  headers: { authorization: `Bearer ${token}` },
  payload: {},
});
const key = created.json<{ key: string }>().key;

const context = createContext(settings, store, SECRET);
const auth: AuthContext = {
  settings,
  users: store.users,
  store,
  apiKeys: context.apiKeys,
  userStatus: context.userStatus,
  loginThrottle: context.loginThrottle,
  hawk: new HawkVerifier(settings.HMAC_AUTH_CREDENTIALS),
  secretKey: SECRET,
  // The audience the login route used: the request root of app.inject.
  audience: () => 'http://localhost:80/api',
};

async function measure(name: string, headers: Record<string, string>, beforeEach = () => {}): Promise<void> {
  const request = { headers, query: {} } as unknown as FastifyRequest;
  for (let i = 0; i < 1000; i += 1) await authenticate(request, auth);
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i += 1) {
    beforeEach();
    await authenticate(request, auth);
  }
  const perCall = Number(process.hrtime.bigint() - start) / N / 1e6;
  console.log(`${name}: ${perCall.toFixed(4)} ms per check (${N} checks, ${settings.database.engine})`);
}

await measure('Bearer token, seen before', { authorization: `Bearer ${token}` });
await measure('API key (Authorization: Key), seen before', { authorization: `Key ${key}` });
await measure('API key (X-API-Key), seen before', { 'x-api-key': key });
// What the cache saves: a database lookup on every check (the server does this once per key every few seconds).
await measure('API key, looked up every time', { 'x-api-key': key }, () => context.apiKeys.forget());
await context.apiKeys.close();
await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
