import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import type { Engine } from './support/engines.js';
import { createTestDatabase, dropTestDatabases, stopOwnCluster } from './support/postgres.js';
import { type TestServer, startTestServer } from './support/app.js';

// README.md#durability: while the database is down, unreachable, full or read-only, the server stays up and answers
// 503 in the error envelope within its bounds, and takes up again by itself once the database is back.

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Far beyond the bounds the tests set (1 s to connect, 1 s per statement): an answer later than this is a hang. */
const HANG_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request's answer, or a failure saying it hung. */
async function answered(request: Promise<LightMyRequestResponse>, what: string): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${HANG_MS / 1000} s`)), HANG_MS);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

function assertUnavailable(response: LightMyRequestResponse): void {
  assert.equal(response.statusCode, 503, response.body);
  assert.deepEqual(response.json(), {
    status: 'error',
    message: 'Database unavailable, please try again later',
    code: 503,
    errors: null,
    requestId: response.headers['x-request-id'],
  });
  assert.equal(response.headers['retry-after'], '5');
}

const alertBody = (resource: string, extra: Record<string, unknown> = {}) => ({
  resource,
  event: 'OutageTest',
  environment: 'Production',
  service: ['Storage'],
  severity: 'major',
  ...extra,
});

async function post(server: TestServer, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return answered(server.app.inject({ method: 'POST', url: '/api/alert', payload: body }), 'POST /alert');
}

/**
 * A TCP relay between the server and PostgreSQL that can fail like a network or a database host does: refuse
 * connections (the database is stopped), or swallow everything (a lost network: connections open but nothing comes
 * back).
 */
class FlakyRelay {
  private listener: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private stalled = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const listener = createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => listener.listen(this.port, '127.0.0.1', resolve));
    const address = listener.address();
    if (address !== null && typeof address === 'object') this.port = address.port;
    this.listener = listener;
  }

  private relay(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    if (this.stalled) return;
    const upstream = connect(this.targetPort, this.targetHost);
    this.sockets.add(upstream);
    upstream.on('close', () => this.sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      if (!this.stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!this.stalled) client.write(chunk);
    });
  }

  /** The database is gone: open connections drop and new ones are refused. */
  async refuse(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (listener !== undefined) await new Promise((resolve) => listener.close(resolve));
  }

  /** Nothing gets through, in either direction, and no connection is closed. */
  stall(): void {
    this.stalled = true;
  }

  /** Back to normal; connections that were stalled are reset, as the peer would after the network returns. */
  async restore(): Promise<void> {
    this.stalled = false;
    for (const socket of this.sockets) socket.destroy();
    if (this.listener === undefined) await this.open();
  }

  async close(): Promise<void> {
    await this.refuse();
  }
}

describe('PostgreSQL outage', () => {
  let relay: FlakyRelay;
  let server: TestServer;

  before(async () => {
    const direct = new URL(await createTestDatabase());
    relay = new FlakyRelay(direct.hostname, Number(direct.port));
    await relay.open();
    const relayed = new URL(direct);
    relayed.port = String(relay.port);
    const engine: Engine = { name: 'postgres', newDatabaseUrl: () => Promise.resolve(relayed.toString()) };
    server = await startTestServer(engine, {
      AUTH_REQUIRED: 'false',
      DATABASE_CONNECT_TIMEOUT: '1',
      DATABASE_QUERY_TIMEOUT: '1',
      HOUSEKEEPING_INTERVAL: '1',
    });
  });

  after(async () => {
    await server.close();
    await relay.close();
    await dropTestDatabases();
    await stopOwnCluster();
  });

  it('answers 503 while the database is refused or silent, and recovers by itself with every answered alert', async () => {
    const acknowledged: string[] = [];
    // Expires two seconds after it was received, which only a housekeeping pass after the outage can do.
    const expiring = await post(server, alertBody('expiring', { timeout: 2 }));
    assert.equal(expiring.statusCode, 201, expiring.body);
    const expiringId = expiring.json<{ id: string }>().id;
    for (let i = 0; i < 5; i++) {
      const response = await post(server, alertBody(`before-${i}`));
      assert.equal(response.statusCode, 201, response.body);
      acknowledged.push(response.json<{ id: string }>().id);
    }

    await relay.refuse();
    assertUnavailable(await post(server, alertBody('refused')));
    assertUnavailable(
      await answered(server.app.inject({ method: 'GET', url: '/api/alerts' }), 'GET /alerts while refused'),
    );
    const refusedHealth = await answered(
      server.app.inject({ method: 'GET', url: '/api/management/healthcheck' }),
      'healthcheck while refused',
    );
    assert.equal(refusedHealth.statusCode, 503);
    assert.equal(refusedHealth.body, 'DATABASE_UNREACHABLE');

    await relay.restore();
    relay.stall();
    // Several at once: they queue for the pool's connections, each bounded all the same.
    const silent = await Promise.all([0, 1, 2, 3].map((i) => post(server, alertBody(`silent-${i}`))));
    for (const response of silent) assertUnavailable(response);
    const silentHealth = await answered(
      server.app.inject({ method: 'GET', url: '/api/management/healthcheck' }),
      'healthcheck while silent',
    );
    assert.equal(silentHealth.statusCode, 503);

    // Housekeeping passes fail during the outage (every second); the timer must keep going all the same.
    await pause(1_500);
    await relay.restore();
    const back = Date.now();
    let recovered: LightMyRequestResponse | undefined;
    while (recovered === undefined && Date.now() - back < 5_000) {
      const response = await post(server, alertBody('after'));
      if (response.statusCode === 201) recovered = response;
      else await pause(100);
    }
    assert.ok(recovered, 'no 201 within 5 s of the database coming back');
    const health = await server.app.inject({ method: 'GET', url: '/api/management/healthcheck' });
    assert.equal(health.body, 'OK');

    for (const id of acknowledged) {
      const stored = await server.app.inject({ method: 'GET', url: `/api/alert/${id}` });
      assert.equal(stored.statusCode, 200, `acknowledged alert ${id} is missing`);
    }
    let status = '';
    for (let i = 0; i < 50 && status !== 'expired'; i++) {
      const stored = await server.app.inject({ method: 'GET', url: `/api/alert/${expiringId}` });
      status = stored.json<{ alert: { status: string } }>().alert.status;
      if (status !== 'expired') await pause(100);
    }
    assert.equal(status, 'expired', 'no housekeeping pass ran after the outage');
  });
});

/** A small file system of our own: tmpfs of `size`, mounted on a new folder (mounting needs root). */
function mountTmpfs(size: string): { dir: string; remountReadOnly(): void; unmount(): void } {
  if (process.getuid?.() !== 0) {
    throw new Error('The full and read-only disk tests mount a small tmpfs, which needs root. They are not skipped.');
  }
  const dir = mkdtempSync(join(tmpdir(), 'alerta-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  let mounted = true;
  return {
    dir,
    remountReadOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir]),
    unmount: () => {
      if (!mounted) return;
      mounted = false;
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes a file until the disk is full, so the next write that needs space fails. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

function integrityOf(file: string): string {
  const db = new BetterSqlite3(file);
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

function storedIds(file: string): Set<string> {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return new Set(
      db
        .prepare<[], { id: string }>('select id from alerts')
        .all()
        .map((row) => row.id),
    );
  } finally {
    db.close();
  }
}

describe('SQLite on a full or read-only disk', () => {
  it('answers 503 while the disk is full, takes up again once there is room, and the file stays sound', async () => {
    const disk = mountTmpfs('4m');
    try {
      const file = join(disk.dir, 'alerta.sqlite');
      const engine: Engine = { name: 'sqlite', newDatabaseUrl: () => Promise.resolve(`sqlite:${file}`) };
      const server = await startTestServer(engine, { AUTH_REQUIRED: 'false' });
      const acknowledged: string[] = [];
      let full: LightMyRequestResponse | undefined;
      try {
        fillDisk(join(disk.dir, 'filler'));
        // Large texts make the log grow until it finds no room.
        for (let i = 0; i < 400 && full === undefined; i++) {
          const response = await post(server, alertBody(`full-${i}`, { text: 'x'.repeat(32 * 1024) }));
          if (response.statusCode === 201) acknowledged.push(response.json<{ id: string }>().id);
          else full = response;
        }
        assert.ok(full, 'no write failed on the full disk');
        assertUnavailable(full);
        // Reading needs no room.
        const list = await server.app.inject({ method: 'GET', url: '/api/alerts' });
        assert.equal(list.statusCode, 200);

        rmSync(join(disk.dir, 'filler'));
        const after = await post(server, alertBody('after-full'));
        assert.equal(after.statusCode, 201, after.body);
        acknowledged.push(after.json<{ id: string }>().id);
      } finally {
        await server.close();
      }
      assert.equal(integrityOf(file), 'ok');
      const stored = storedIds(file);
      for (const id of acknowledged) assert.ok(stored.has(id), `acknowledged alert ${id} is missing`);
    } finally {
      disk.unmount();
    }
  });

  it('refuses to start on a read-only folder with a message that says so, not a stack trace', async () => {
    const disk = mountTmpfs('4m');
    try {
      const dataDir = join(disk.dir, 'data');
      mkdirSync(dataDir);
      disk.remountReadOnly();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          DATA_DIR: dataDir,
          SECRET_KEY: 'a-secret-key-long-enough-for-the-signing-of-tokens',
          PORT: '0',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      assert.equal(code, 1, output);
      assert.match(output, /^Failed to start: cannot open the SQLite database .*alerta\.sqlite for writing: /m);
      assert.match(output, /DATA_DIR or DATABASE_URL/);
      assert.doesNotMatch(output, /\n\s+at /, 'a stack trace was printed');
    } finally {
      disk.unmount();
    }
  });
});
