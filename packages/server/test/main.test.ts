import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, it } from 'node:test';
import { type Engine, forEachEngine, tempDir } from './support/engines.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The sources, run as `npm run dev` runs them. */
const SOURCE_MAIN = ['--import', 'tsx', 'src/main.ts'];

const running = new Set<ServerProcess>();
// A failed assertion must not leave a server behind.
after(() => running.forEach((server) => server.child.kill('SIGKILL')));

/** Starts src/main.ts and resolves once it answers its healthcheck. */
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({
    main: SOURCE_MAIN,
    cwd: serverDir,
    env: { BCRYPT_LOG_ROUNDS: '4', ...env },
  });
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

forEachEngine((engine: Engine) => {
  let databaseUrl: string;
  let dataDir: string;
  before(async () => {
    databaseUrl = await engine.newDatabaseUrl();
    dataDir = tempDir();
  });

  it('creates the administrator once, keeps the secret key, and stops cleanly on SIGTERM', async () => {
    // A fixed BASE_URL keeps the token audience the same although the restart listens on another port.
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BASE_URL: 'http://alerta.test/api' };
    const first = await start(env);
    const line = /^Administrator created: login=admin password=(\S+)$/m.exec(first.stdout());
    assert.ok(line?.[1], `admin line missing in: ${first.stdout()}`);
    const password = line[1];
    const login = await fetch(`http://127.0.0.1:${first.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    assert.equal(login.status, 200);
    const { token } = (await login.json()) as { token: string };
    assert.ok(existsSync(join(dataDir, 'secret_key')));

    // A request in flight when SIGTERM arrives still completes.
    const inFlight = fetch(`http://127.0.0.1:${first.port}/api/alerts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    first.child.kill('SIGTERM');
    assert.equal((await inFlight).status, 200);
    assert.equal(await first.exited, 0);

    const second = await start(env);
    assert.doesNotMatch(second.stdout(), /Administrator created/);
    const reused = await fetch(`http://127.0.0.1:${second.port}/api/alerts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(reused.status, 200, 'a token from the first run is valid after a restart');
    second.child.kill('SIGINT');
    assert.equal(await second.exited, 0);
  });

  it('uses ADMIN_USERS and ADMIN_PASSWORD, and loads the demo set once', async () => {
    const env = {
      DATA_DIR: tempDir(),
      DATABASE_URL: await engine.newDatabaseUrl(),
      ADMIN_USERS: 'ops@example.com',
      ADMIN_PASSWORD: 'chosen-password',
      DEMO: 'true',
    };
    const server = await start(env);
    assert.match(server.stdout(), /^Administrator created: login=ops@example\.com password=\(from ADMIN_PASSWORD\)$/m);
    const auth = `Basic ${Buffer.from('ops@example.com:chosen-password').toString('base64')}`;
    const response = await fetch(`http://127.0.0.1:${server.port}/api/alerts?page-size=1`, {
      headers: { authorization: auth },
    });
    const listed = (await response.json()) as { total: number; statusCounts: Record<string, number> };
    assert.ok(listed.total >= 30, `demo alerts: ${listed.total}`);
    assert.ok(Object.keys(listed.statusCounts).length >= 2);
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
  });

  it('makes the ADMIN_USERS and the ADMIN_KEY once, through restarts and a second process started with it', async () => {
    const key = 'container-admin-key-0123';
    const env = {
      DATA_DIR: tempDir(),
      DATABASE_URL: await engine.newDatabaseUrl(),
      SECRET_KEY: 'a-secret-key-shared-by-both-processes',
      ADMIN_USERS: 'ops@example.com,dev@example.com',
      ADMIN_PASSWORD: 'chosen-password',
      ADMIN_KEY: key,
    };
    // Several processes share a PostgreSQL database (README); they may start at the same moment.
    const both =
      engine.name === 'postgres' ? await Promise.all([start(env), start(env)]) : [await start(env), await start(env)];
    const said = both.map((s) => s.stdout()).join('');
    for (const login of ['ops@example.com', 'dev@example.com']) {
      const lines = said
        .split('\n')
        .filter((l) => l === `Administrator created: login=${login} password=(from ADMIN_PASSWORD)`);
      assert.equal(lines.length, 1, said);
    }
    assert.equal(said.match(/^Admin API key from ADMIN_KEY created for ops@example\.com, expires /gm)?.length, 1, said);
    assert.equal(said.match(/^Admin API key from ADMIN_KEY exists already, kept as it is$/gm)?.length, 1, said);
    assert.doesNotMatch(said, new RegExp(key));

    const keysSeen = async (server: ServerProcess) => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/keys`, { headers: { 'x-api-key': key } });
      assert.equal(response.status, 200);
      return ((await response.json()) as { keys: { key: string; scopes: string[] }[] }).keys;
    };
    for (const server of both) {
      assert.deepEqual(
        (await keysSeen(server)).map((k) => [k.key, k.scopes]),
        [[key, ['admin', 'read', 'write']]],
      );
      server.child.kill('SIGTERM');
      assert.equal(await server.exited, 0);
    }

    const again = await start(env);
    assert.doesNotMatch(again.stdout(), /Administrator created/);
    assert.match(again.stdout(), /^Admin API key from ADMIN_KEY exists already, kept as it is$/m);
    assert.equal((await keysSeen(again)).length, 1);
    again.child.kill('SIGTERM');
    assert.equal(await again.exited, 0);
  });
});

it('refuses to start with a bad setting, naming it', async () => {
  const child = spawn(process.execPath, SOURCE_MAIN, {
    cwd: serverDir,
    env: { ...process.env, PORT: 'not-a-port', DATA_DIR: tempDir() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 1);
  assert.match(err, /Invalid setting PORT="not-a-port"/);
});
