import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { loadSettings } from '../src/settings.js';
import { type Migration, migrate } from '../src/store/migrate.js';
import { toRow } from '../src/store/alert-rows.js';
import { postgresSql } from '../src/store/engine.js';
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from '../src/store/migrations.js';
import { POSTGRES_LOWER_TEXT_ONLY_MIGRATION } from '../src/store/search-table.js';
import type { AlertRecord } from '../src/store/types.js';
import { openDatabase } from './support/database.js';
import { forEachEngine } from './support/engines.js';

forEachEngine((engine) => {
  it('applies a version that arrives after a higher one was already applied', async () => {
    const { database } = loadSettings({ DATABASE_URL: await engine.newDatabaseUrl() });
    const db = openDatabase(database);
    try {
      const all = engine.name === 'postgres' ? POSTGRES_MIGRATIONS : SQLITE_MIGRATIONS;
      const first = all.filter((m) => m.version === 1);
      const later: Migration = { version: 99, name: 'later', statements: ['CREATE TABLE later_table (id integer)'] };
      assert.equal(await migrate(db, engine.name, [...first, later]), 2);
      // Versions between 1 and 99 (for example heartbeats and blackouts, 3) were not there yet; now they are.
      const applied = await migrate(db, engine.name, [...all, later]);
      assert.equal(applied, all.length - 1);
      const rows = await db.selectFrom('migrations').select('version').orderBy('version').execute();
      assert.deepEqual(
        rows.map((r) => r.version),
        [...all.map((m) => m.version), 99].sort((a, b) => a - b),
      );
      await sql`select count(*) from heartbeats`.execute(db);
      await sql`select count(*) from blackouts`.execute(db);
      assert.equal(await migrate(db, engine.name, [...all, later]), 0);
    } finally {
      await db.destroy();
    }
  });
});

forEachEngine((engine) => {
  if (engine.name !== 'postgres') return;
  it('rebuilds the text search copy in lower case, keeping every alert, and the triggers keep it so', async () => {
    const { database } = loadSettings({ DATABASE_URL: await engine.newDatabaseUrl() });
    const db = openDatabase(database);
    const alert = (id: string, text: string): AlertRecord => ({
      id,
      resource: `host-${id}`,
      event: 'DiskFull',
      environment: 'Production',
      severity: 'major',
      correlate: [],
      status: 'open',
      service: ['Web'],
      group: 'Misc',
      value: null,
      text,
      tags: [],
      attributes: {},
      origin: 'test',
      type: 'exceptionAlert',
      createTime: '2026-01-01T00:00:00.000Z',
      timeout: 0,
      rawData: null,
      customer: null,
      duplicateCount: 0,
      repeat: false,
      previousSeverity: 'indeterminate',
      trendIndication: 'moreSevere',
      receiveTime: '2026-01-01T00:00:00.000Z',
      lastReceiveId: id,
      lastReceiveTime: '2026-01-01T00:00:00.000Z',
      updateTime: null,
    });
    const copy = async () =>
      (await sql<{ id: string; text_lower: string }>`select id, text_lower from alert_search order by id`.execute(db))
        .rows;
    try {
      const before = POSTGRES_MIGRATIONS.filter((m) => m.version < POSTGRES_LOWER_TEXT_ONLY_MIGRATION.version);
      await migrate(db, 'postgres', before);
      await db
        .insertInto('alerts')
        .values(
          [alert('a1', 'Disk FULL on /var'), alert('a2', 'ÉCHEC du Basculement')].map((a) => toRow(postgresSql, a)),
        )
        .execute();
      assert.equal(await migrate(db, 'postgres', POSTGRES_MIGRATIONS), POSTGRES_MIGRATIONS.length - before.length);
      assert.deepEqual(await copy(), [
        { id: 'a1', text_lower: 'disk full on /var' },
        { id: 'a2', text_lower: 'échec du basculement' },
      ]);
      const columns = await sql<{ column_name: string }>`
        select column_name from information_schema.columns where table_name = 'alert_search' order by column_name`.execute(
        db,
      );
      assert.deepEqual(
        columns.rows.map((r) => r.column_name),
        ['customer', 'environment', 'id', 'severity', 'status', 'text_lower'],
      );
      // New, changed and deleted alerts reach the rebuilt copy.
      await db
        .insertInto('alerts')
        .values(toRow(postgresSql, alert('a3', 'Link DOWN')))
        .execute();
      await db.updateTable('alerts').set({ text: 'Disk OK' }).where('id', '=', 'a1').execute();
      await db.deleteFrom('alerts').where('id', '=', 'a2').execute();
      assert.deepEqual(await copy(), [
        { id: 'a1', text_lower: 'disk ok' },
        { id: 'a3', text_lower: 'link down' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
