import assert from 'node:assert/strict';
import { it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { MAX_KEPT, withStatementCache } from '../src/store/sqlite-statements.js';

/** The statement cache keeps a text from its second preparation on, and drops the least recently used first. */

const open = () => {
  const database = new BetterSqlite3(':memory:');
  return { database, cache: withStatementCache(database) };
};

it('keeps a statement only once its text is prepared a second time', () => {
  const { cache } = open();
  try {
    const first = cache.prepare('select 1');
    const second = cache.prepare('select 1');
    const third = cache.prepare('select 1');
    assert.notEqual(first, second);
    assert.equal(second, third);
  } finally {
    cache.close();
  }
});

it('drops the least recently used statement when full, and keeps the ones in use', () => {
  const { cache } = open();
  try {
    const text = (i: number) => `select ${String(i)}`;
    const kept = (i: number) => {
      cache.prepare(text(i));
      return cache.prepare(text(i));
    };
    const hot = kept(0);
    for (let i = 1; i < MAX_KEPT; i++) kept(i);
    // Statement 0 is used again, so statement 1 is now the least recently used.
    assert.equal(cache.prepare(text(0)), hot);
    kept(MAX_KEPT);
    assert.equal(cache.prepare(text(0)), hot);
    // Statement 1 was dropped: it is prepared afresh twice before it is kept again.
    const dropped = cache.prepare(text(1));
    const keptAgain = cache.prepare(text(1));
    assert.notEqual(dropped, keptAgain);
    assert.equal(cache.prepare(text(1)), keptAgain);
  } finally {
    cache.close();
  }
});
