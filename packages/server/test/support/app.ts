import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { type Settings, loadSettings } from '../../src/settings.js';
import { openStore, storeOptionsOf } from '../../src/store/open.js';
import type { Store } from '../../src/store/types.js';
import { type Engine, tempDir } from './engines.js';

export const TEST_SECRET = 'test-secret-key-that-is-long-enough-for-hs256';

export interface TestServer {
  app: FastifyInstance;
  store: Store;
  settings: Settings;
  close(): Promise<void>;
}

/** A server on a fresh database of the engine, with fast bcrypt and request logging off. */
export async function startTestServer(engine: Engine, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = tempDir();
  const settings = loadSettings({
    DATA_DIR: dataDir,
    DATABASE_URL: await engine.newDatabaseUrl(),
    SECRET_KEY: TEST_SECRET,
    BCRYPT_LOG_ROUNDS: '4',
    // Tests that want the housekeeping scheduler ask for it; a pass must not change data under another test.
    HOUSEKEEPING_INTERVAL: '0',
    CONSOLE_DIR: join(dataDir, 'no-console'),
    ...env,
  });
  const store = openStore(settings.database, storeOptionsOf(settings));
  await store.migrate();
  await store.useAlarmModel(settings.ALARM_MODEL);
  const app = await buildApp(settings, store, { secretKey: TEST_SECRET, logger: false });
  await app.ready();
  return {
    app,
    store,
    settings,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

export async function createUser(
  store: Store,
  user: { login: string; password: string; roles?: string[]; status?: string; email?: string },
): Promise<void> {
  const now = new Date().toISOString();
  await store.users.create({
    id: randomUUID(),
    name: user.login,
    login: user.login,
    email: user.email ?? `${user.login}@example.com`,
    password: await hashPassword(user.password, 4),
    status: user.status ?? 'active',
    roles: user.roles ?? ['user'],
    attributes: {},
    createTime: now,
    lastLogin: null,
    text: '',
    updateTime: null,
    emailVerified: false,
  });
}

export const basic = (login: string, password: string): Record<string, string> => ({
  authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
});

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export async function loginToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const body = response.json<{ token?: string }>();
  if (response.statusCode !== 200 || body.token === undefined) throw new Error(`login failed: ${response.body}`);
  return body.token;
}

/** The JSON body of a response, typed loosely for assertions. */
export function body(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json<Record<string, unknown>>();
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An answer of the API: its status, its JSON body and its text, for messages. */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  raw: string;
}

/**
 * Calls to the API of the server `server()` returns (it may be started after this is made): `call` answers whatever
 * comes back, `ok` asserts a 2xx and gives the body.
 */
export function apiClient(server: () => TestServer) {
  const call = async (
    method: ApiMethod,
    url: string,
    headers: Record<string, unknown>,
    payload?: unknown,
  ): Promise<ApiAnswer> => {
    const response = await server().app.inject({
      method,
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: body(response), raw: response.body };
  };
  const ok = async (method: ApiMethod, url: string, headers: Record<string, unknown>, payload?: unknown) => {
    const response = await call(method, url, headers, payload);
    assert.ok(response.status >= 200 && response.status < 300, `${method} ${url}: ${response.raw}`);
    return response.body;
  };
  return { call, ok };
}

/** A valid alert body; tests override the fields they care about. */
export function alertBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resource: 'web01',
    event: 'HttpError',
    environment: 'Production',
    service: ['Website'],
    severity: 'major',
    text: 'too many errors',
    ...overrides,
  };
}

/** POST /blackout as the caller `headers` names; the new blackout's id. */
export async function createBlackout(
  server: TestServer,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/api/blackout', headers, payload });
  assert.equal(response.statusCode, 201, response.body);
  return (body(response) as { id: string }).id;
}
