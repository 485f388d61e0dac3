import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { ChangeHub } from '../src/http/change-hub.js';
import type { ChangeEntry } from '../src/store/change-log-types.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/types.js';
import { alertBody } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { SseClient } from './support/sse.js';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The sources, run as `npm run dev` runs them. */
const SOURCE_MAIN = ['--import', 'tsx', 'src/main.ts'];
const KEY = 'stream-processes-admin-key';

/** Waits until `check` holds, within `timeoutMs`, looking again each time something may have changed. */
async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * docs/api/stream.md#across-processes on PostgreSQL: every process hears every change, and positions never pass a
 * change of a transaction still to commit. (A SQLite database belongs to one process; its tests are stream.test.ts.)
 */
forEachEngine((engine) => {
  if (engine.name !== 'postgres') return;

  describe('the change hub against PostgreSQL', () => {
    let url: string;
    let store: Store;
    let first: pg.Client;
    let second: pg.Client;
    before(async () => {
      url = await engine.newDatabaseUrl();
      store = openStore({ engine: 'postgres', url });
      await store.migrate();
      first = new pg.Client({ connectionString: url });
      second = new pg.Client({ connectionString: url });
      await first.connect();
      await second.connect();
    });
    after(async () => {
      await first.end();
      await second.end();
      await store.close();
    });

    const insertBlackout = (client: pg.Client, id: string) =>
      client.query(
        `insert into blackouts (id, priority, environment, start_time, end_time, duration, create_time)
         values ($1, 1, 'Production', now(), now() + interval '1 hour', 3600, now())`,
        [id],
      );

    it('holds the position at a transaction still open, delivers what committed after it, then fills the hole', async () => {
      const deliveries: { entries: readonly ChangeEntry[]; watermark: number }[] = [];
      const hub = new ChangeHub(store.changeLog, { historyMs: 600_000, gapHoldMs: 400 });
      const seen = (id: string) => deliveries.some((d) => d.entries.some((e) => e.id === id));
      try {
        const { position } = await hub.attach(
          { deliver: (entries, watermark) => deliveries.push({ entries, watermark }) },
          undefined,
        );
        // The first transaction takes the next number and stays open; the second takes the one after and commits.
        await first.query('begin');
        await insertBlackout(first, 'slow');
        await insertBlackout(second, 'fast');
        await until(() => seen('fast'), 'the later commit is delivered');
        const early = deliveries.find((d) => d.entries.some((e) => e.id === 'fast'));
        assert.equal(early?.watermark, position, 'the position stays below the open transaction');
        assert.equal(hub.position, position);

        await first.query('commit');
        await until(() => seen('slow'), 'the earlier transaction is delivered once it commits');
        const late = deliveries.find((d) => d.entries.some((e) => e.id === 'slow'));
        assert.equal(late?.watermark, position + 2);
        assert.deepEqual(
          deliveries.flatMap((d) => d.entries.map((e) => e.id)),
          ['fast', 'slow'],
        );

        // A transaction that rolls back leaves a hole for good: held for gapHoldMs, then passed.
        await first.query('begin');
        await insertBlackout(first, 'rolled-back');
        await insertBlackout(second, 'after-rollback');
        await first.query('rollback');
        await until(() => seen('after-rollback'), 'the commit after the rollback is delivered');
        assert.equal(hub.position, position + 2);
        await until(() => hub.position === position + 4, 'the hole is taken as a rolled-back write');
        assert.ok(!seen('rolled-back'));
      } finally {
        await hub.close();
      }
    });

    it('hears a change made while its listening connection is down, and listens again', async () => {
      const seen: string[] = [];
      const hub = new ChangeHub(store.changeLog, { historyMs: 600_000, pollMs: 200 });
      try {
        await hub.attach({ deliver: (entries) => seen.push(...entries.map((e) => e.id)) }, undefined);
        const listening = async () =>
          (
            await second.query<{ pid: number }>(
              "select pid from pg_stat_activity where query = 'LISTEN alerta_changes' and datname = current_database()",
            )
          ).rows;
        for (const deadline = Date.now() + 5_000; (await listening()).length === 0;) {
          if (Date.now() > deadline) throw new Error('the hub does not listen');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        for (const { pid } of await listening()) await second.query('select pg_terminate_backend($1)', [pid]);
        await insertBlackout(second, 'while-down');
        await until(() => seen.includes('while-down'), 'a change made while the connection was down');
        for (const deadline = Date.now() + 10_000; (await listening()).length === 0;) {
          if (Date.now() > deadline) throw new Error('the hub did not listen again');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await insertBlackout(second, 'after-reconnect');
        await until(() => seen.includes('after-reconnect'), 'a change made after it listens again');
      } finally {
        await hub.close();
      }
    });

    it('resumes a stream from a position with what was delivered before it attached', async () => {
      const hub = new ChangeHub(store.changeLog, { historyMs: 600_000, gapHoldMs: 400 });
      try {
        const { position } = await hub.attach({ deliver: () => undefined }, undefined);
        await insertBlackout(second, 'resume-a');
        await insertBlackout(second, 'resume-b');
        await until(() => hub.position === position + 2, 'both are read');
        const attachment = await hub.attach({ deliver: () => undefined }, position);
        assert.equal(attachment.position, position);
        assert.ok(attachment.replay !== undefined);
        const page = await hub.replayPage(attachment.replay, attachment.replay.after);
        assert.deepEqual(
          page.entries.map((e) => e.id),
          ['resume-a', 'resume-b'],
        );
      } finally {
        await hub.close();
      }
    });
  });

  describe('two server processes on one database', () => {
    const running: ServerProcess[] = [];
    let sender: ServerProcess;
    let listener: ServerProcess;
    before(async () => {
      const databaseUrl = await engine.newDatabaseUrl();
      const env = {
        DATABASE_URL: databaseUrl,
        BCRYPT_LOG_ROUNDS: '4',
        ADMIN_USERS: 'root',
        ADMIN_PASSWORD: 'root-password',
        ADMIN_KEY: KEY,
        HOUSEKEEPING_INTERVAL: '0',
      };
      sender = await startServerProcess({ main: SOURCE_MAIN, cwd: serverDir, env, name: 'stream-a' });
      running.push(sender);
      listener = await startServerProcess({ main: SOURCE_MAIN, cwd: serverDir, env, name: 'stream-b' });
      running.push(listener);
    });
    after(async () => {
      for (const server of running) await server.stop();
    });

    it('a change posted to one process reaches a stream on the other', async () => {
      const headers = { authorization: `Key ${KEY}` };
      const client = await SseClient.open(`${listener.endpoint}/alerts/stream`, headers);
      try {
        assert.equal(client.status, 200, client.body);
        await client.nextNamed('hello');
        const response = await fetch(`${sender.endpoint}/alert`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(alertBody({ resource: 'across' })),
        });
        assert.equal(response.status, 201);
        const { id } = (await response.json()) as { id: string };
        const change = await client.nextChange('alerts', (c) => c.id === id);
        assert.equal(change.op, 'created');
      } finally {
        client.close();
      }
    });
  });
});
