import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { openStore } from '../src/store/open.js';

const dir = mkdtempSync(join(tmpdir(), 'alerta-checkpoint-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const MB = 1024 * 1024;

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  for (const start = Date.now(); Date.now() - start < ms;) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

it('copies the write-ahead log into the database file in the background while the server runs', async () => {
  const file = join(dir, 'alerta.sqlite');
  const store = openStore({ engine: 'sqlite', file });
  await store.migrate();
  // 8 MB written by another connection: far below the page count at which a commit would checkpoint by itself.
  const writer = new BetterSqlite3(file);
  writer.pragma('wal_autocheckpoint = 0');
  writer.exec('CREATE TABLE filler (x BLOB)');
  const insert = writer.prepare('INSERT INTO filler VALUES (randomblob(?))');
  for (let i = 0; i < 8; i++) insert.run(MB);
  assert.ok(statSync(`${file}-wal`).size >= 8 * MB);

  assert.ok(
    await waitFor(() => statSync(file).size >= 8 * MB, 5000),
    `the database file holds the data (${String(statSync(file).size)} bytes)`,
  );
  writer.close();

  // Closing stops the background connection first, so the last connection to close removes the log.
  await store.close();
  assert.equal(existsSync(`${file}-wal`), false);
  const reopened = new BetterSqlite3(file, { readonly: true });
  assert.deepEqual(reopened.prepare('SELECT count(*) AS n, sum(length(x)) AS bytes FROM filler').get(), {
    n: 8,
    bytes: 8 * MB,
  });
  reopened.close();
});
