import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiKeyVerifier } from '../src/auth/api-keys.js';
import type { ApiKeyRecord, ApiKeyRepository, KeyUsage } from '../src/store/identity-types.js';

const KEY: ApiKeyRecord = {
  id: 'key-id',
  key: 'the-key-string',
  user: 'alice',
  scopes: ['read'],
  text: '',
  expireTime: '2099-01-01T00:00:00.000Z',
  count: 0,
  lastUsedTime: null,
  customer: null,
};

/** A repository that counts lookups and records the usage batches it is given. */
function fakeKeys(options: { failWrites?: number } = {}) {
  let failures = options.failWrites ?? 0;
  const state = { finds: 0, batches: [] as KeyUsage[][] };
  const repository: Pick<ApiKeyRepository, 'find' | 'recordUse'> = {
    find: (keyOrId) => {
      state.finds += 1;
      return Promise.resolve(keyOrId === KEY.key || keyOrId === KEY.id ? KEY : undefined);
    },
    recordUse: (usage) => {
      if (failures > 0) {
        failures -= 1;
        return Promise.reject(new Error('database away'));
      }
      state.batches.push(usage.map((u) => ({ ...u })));
      return Promise.resolve();
    },
  };
  return { state, repository: repository as ApiKeyRepository };
}

describe('API key checks (cache and batched usage counts)', () => {
  it('forgets keys tried once when they expire, also when no request follows', async (t) => {
    // The clock stands still until the test moves it, so a slow machine cannot expire a key before its time.
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { repository } = fakeKeys();
    const verifier = new ApiKeyVerifier(repository, { ttlMs: 40, flushMs: 60_000 });
    for (let i = 0; i < 200; i++) await assert.rejects(verifier.verify(`random-${String(i)}`), { statusCode: 401 });
    await verifier.verify(KEY.key);
    assert.equal(verifier.remembered, 201);
    t.mock.timers.tick(40);
    assert.equal(verifier.remembered, 201, 'nothing is dropped before it has expired');
    t.mock.timers.tick(1);
    assert.equal(verifier.remembered, 0);
    // Each new key drops the expired ones before it is remembered.
    for (let i = 0; i < 5; i++) await assert.rejects(verifier.verify(`again-${String(i)}`), { statusCode: 401 });
    assert.equal(verifier.remembered, 5);
    await verifier.close();
  });

  it('looks a key up once per TTL and writes its uses in one batch', async () => {
    const { state, repository } = fakeKeys();
    const verifier = new ApiKeyVerifier(repository, { ttlMs: 60_000, flushMs: 60_000 });
    for (let i = 0; i < 100; i += 1) {
      await verifier.verify(KEY.key, new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)));
    }
    assert.equal(state.finds, 1);
    assert.equal(state.batches.length, 0, 'nothing is written per request');
    await verifier.flush();
    assert.deepEqual(state.batches, [[{ id: KEY.id, uses: 100, lastUsedTime: '2026-01-01T00:00:59.000Z' }]]);
    await verifier.flush();
    assert.equal(state.batches.length, 1, 'an empty batch is not written');
    await verifier.close();
  });

  it('asks the database again after the TTL, and at once after forget()', async () => {
    const { state, repository } = fakeKeys();
    const verifier = new ApiKeyVerifier(repository, { ttlMs: 1000, flushMs: 60_000 });
    const start = Date.UTC(2026, 0, 1);
    await verifier.verify(KEY.key, new Date(start));
    await verifier.verify(KEY.key, new Date(start + 999));
    assert.equal(state.finds, 1);
    await verifier.verify(KEY.key, new Date(start + 1000));
    assert.equal(state.finds, 2);
    verifier.forget(KEY.key);
    await verifier.verify(KEY.key, new Date(start + 1001));
    assert.equal(state.finds, 3);
    await verifier.close();
  });

  it('refuses unknown keys, ids in place of keys and expired keys with 401', async () => {
    const { repository } = fakeKeys();
    const verifier = new ApiKeyVerifier(repository);
    await assert.rejects(verifier.verify('nope'), { statusCode: 401, message: "API key parameter 'nope' is invalid" });
    await assert.rejects(verifier.verify(KEY.id), { statusCode: 401 });
    await assert.rejects(verifier.verify(KEY.key, new Date('2099-01-01T00:00:00.000Z')), { statusCode: 401 });
    await verifier.close();
  });

  it('keeps the uses of a failed write for the next one', async () => {
    const { state, repository } = fakeKeys({ failWrites: 1 });
    const verifier = new ApiKeyVerifier(repository, { flushMs: 60_000 });
    await verifier.verify(KEY.key, new Date('2026-01-01T00:00:00.000Z'));
    await assert.rejects(verifier.flush(), /database away/);
    await verifier.verify(KEY.key, new Date('2026-01-01T00:00:01.000Z'));
    await verifier.flush();
    assert.deepEqual(state.batches, [[{ id: KEY.id, uses: 2, lastUsedTime: '2026-01-01T00:00:01.000Z' }]]);
    await verifier.close();
  });

  it('does not fail a shutdown when the last write fails', async () => {
    const { repository } = fakeKeys({ failWrites: 1 });
    const verifier = new ApiKeyVerifier(repository);
    await verifier.verify(KEY.key, new Date('2026-01-01T00:00:00.000Z'));
    await verifier.close();
  });
});
