import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type TestServer, alertBody, apiClient, basic, createUser, startTestServer } from './support/app.js';
import { AlertMirror } from '../src/store/alert-mirror.js';
import { postgresSql, sqliteSql } from '../src/store/engine.js';
import { openDatabase } from './support/database.js';
import { forEachEngine } from './support/engines.js';

/**
 * docs/api/alerts.md#how-two-levels-are-counted: each process counts groupings of two levels from its own copy of the
 * alerts' fields, kept current from the change log. Two servers share one database, as two processes do; what one
 * changes, by any way of writing, the other's next answer holds, and it equals the statement's answer (a from-date
 * before every alert makes the same question count the alerts in the database).
 */

const ROOT = basic('root', 'root-password');
const TWO_LEVELS = 'status=open&status=ack&group-by=service&group-by=resource&sub-page-size=100';
const EPOCH = 'from-date=1970-01-01T00:00:00.000Z';

const LATER = '2099-01-01T00:00:00.000Z';

interface Group {
  key: string | null;
  count: number;
  lastReceiveTime: string;
  severityCounts: Record<string, number>;
  subgroups?: Group[];
}

forEachEngine((engine) => {
  describe('two levels counted from each process’s copy', () => {
    let reader: TestServer;
    let writer: TestServer;
    const read = apiClient(() => reader);
    const write = apiClient(() => writer);

    /** The reader's answer, after checking that it is the statement's. */
    const groups = async (query = TWO_LEVELS): Promise<Group[]> => {
      const copied = (await read.ok('GET', `/alerts/grouped?${query}`, ROOT)) as { total: number; groups: Group[] };
      const counted = (await read.ok('GET', `/alerts/grouped?${query}&${EPOCH}`, ROOT)) as typeof copied;
      assert.deepEqual(copied.groups, counted.groups);
      assert.equal(copied.total, counted.total);
      return copied.groups;
    };
    /** Each top group's sub-group keys and counts. */
    const shape = (list: readonly Group[]): Record<string, [string | null, number][]> =>
      Object.fromEntries(
        list.map((g) => [g.key ?? '', (g.subgroups ?? []).map((s): [string | null, number] => [s.key, s.count])]),
      );
    const send = async (fields: Record<string, unknown>) =>
      ((await write.ok('POST', '/alert', ROOT, alertBody(fields))).id as string) ?? '';

    before(async () => {
      reader = await startTestServer(engine, { ADMIN_USERS: 'root', REQUIRE_SERVICE: 'false' });
      const { database } = reader.settings;
      writer = await startTestServer(engine, {
        ADMIN_USERS: 'root',
        REQUIRE_SERVICE: 'false',
        DATABASE_URL: database.engine === 'postgres' ? database.url : `sqlite:${database.file}`,
      });
      await createUser(reader.store, { login: 'root', password: 'root-password', roles: [] });
    });
    after(async () => {
      await writer.close();
      await reader.close();
    });

    it('holds at once what another process creates, changes, moves and deletes', async () => {
      const web01 = await send({ resource: 'web01', service: ['Web', 'Api'], severity: 'critical' });
      await send({ resource: 'web02', service: ['Web'], severity: 'minor' });
      await send({ resource: 'db01', service: ['Db'], severity: 'major' });
      assert.deepEqual(shape(await groups()), {
        Web: [
          ['web01', 1],
          ['web02', 1],
        ],
        Api: [['web01', 1]],
        Db: [['db01', 1]],
      });

      await send({ resource: 'web03', service: ['Web'], severity: 'warning' });
      await write.ok('PUT', `/alert/${web01}/status`, ROOT, { status: 'closed', text: 'fixed' });
      // A duplicate that moves db01 from Db to Web.
      await send({ resource: 'db01', service: ['Web'], severity: 'major' });
      const api = await send({ resource: 'api01', service: ['Api'], severity: 'minor' });
      await write.ok('DELETE', `/alert/${api}`, ROOT);
      assert.deepEqual(shape(await groups()), {
        Web: [
          ['db01', 1],
          ['web02', 1],
          ['web03', 1],
        ],
      });
    });

    it('holds a change written straight into the database, by no server', async () => {
      const db = openDatabase(writer.settings.database);
      try {
        await sql`update alerts set severity = 'critical' where resource = 'web03'`.execute(db);
      } finally {
        await db.destroy();
      }
      const [web] = await groups();
      assert.equal(web?.severityCounts.critical, 1);
      assert.deepEqual(
        web?.subgroups?.map((s) => s.key),
        ['web03', 'db01', 'web02'],
      );
    });

    it('reads the alerts again when the log has dropped entries it had not read', async () => {
      await groups();
      await send({ resource: 'mail01', service: ['Mail'], severity: 'major' });
      await send({ resource: 'mail02', service: ['Mail'], severity: 'major' });
      // Drops every entry but the newest, as a STREAM_HISTORY gone by would.
      const dropped = await writer.store.changeLog.prune(new Date(Date.now() + 60_000).toISOString());
      assert.ok(dropped > 0);
      assert.deepEqual(shape(await groups()).Mail, [
        ['mail01', 1],
        ['mail02', 1],
      ]);
    });

    it('reads the copy again once the texts of alerts gone outgrow those it holds', async () => {
      const db = openDatabase(reader.settings.database);
      const engineSql = engine.name === 'postgres' ? postgresSql : sqliteSql;
      // A slack of 10 texts: past twice the texts of the last whole read and 10, the next use reads it again.
      const mirror = new AlertMirror(db, engineSql, reader.store.changeLog, Date.now, 10);
      try {
        const held = (await mirror.current()).texts.length;
        for (let i = 0; i < 2 * held; i += 1) {
          const id = await send({ resource: `gone${String(i)}`, service: [`Gone${String(i)}`], severity: 'minor' });
          // Seen by the copy before it goes, as on a busy console's process.
          await mirror.current();
          await write.ok('DELETE', `/alert/${id}`, ROOT);
        }
        const rows = await mirror.current();
        assert.ok(rows.texts.length <= 2 * held + 10, `${String(rows.texts.length)} texts, ${String(held)} held`);
      } finally {
        await db.destroy();
      }
    });

    // SQLite has one writer at a time: its changes commit in the order of the log.
    if (engine.name !== 'postgres') return;
    it('holds a change that commits after a later one', async () => {
      const db = openDatabase(writer.settings.database);
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started = () => undefined as void;
      const updated = new Promise<void>((resolve) => {
        started = resolve;
      });
      try {
        // A change no tally counts, so that it holds no lock a new alert waits for: mail01 received later.
        const slow = db.transaction().execute(async (trx) => {
          await sql`update alerts set last_receive_time = ${LATER} where resource = 'mail01'`.execute(trx);
          started();
          await held;
        });
        await updated;
        // Logged after the update above, committed before it.
        await send({ resource: 'mail03', service: ['Mail'], severity: 'minor' });
        const before = (await groups()).find((g) => g.key === 'Mail');
        assert.deepEqual(shape(before === undefined ? [] : [before]).Mail, [
          ['mail01', 1],
          ['mail02', 1],
          ['mail03', 1],
        ]);
        assert.notEqual(before?.lastReceiveTime, LATER);
        release();
        await slow;
        const mail = (await groups()).find((g) => g.key === 'Mail');
        assert.equal(mail?.lastReceiveTime, LATER);
        assert.equal(mail?.subgroups?.find((s) => s.key === 'mail01')?.lastReceiveTime, LATER);
      } finally {
        release();
        await db.destroy();
      }
    });
  });
});
