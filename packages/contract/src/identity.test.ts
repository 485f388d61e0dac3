import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attributesUpdateSchema, userInputSchema } from './identity.js';
import { apiKeyInputSchema, keyType } from './keys.js';

describe('keyType (api.md §1.5)', () => {
  it('is read-write when any scope writes or administers', () => {
    assert.equal(keyType(['read', 'write:heartbeats']), 'read-write');
    assert.equal(keyType(['admin:keys']), 'read-write');
    assert.equal(keyType(['read', 'read:alerts']), 'read-only');
    assert.equal(keyType([]), 'read-only');
  });
});

describe('identity bodies', () => {
  it('names the field that is wrong and ignores unknown ones', () => {
    const key = apiKeyInputSchema.safeParse({ type: 'everything' });
    assert.equal(key.success, false);
    assert.match(key.error?.issues[0]?.message ?? '', /'type' must be one of read-write, read-only/);
    assert.equal(apiKeyInputSchema.safeParse({ key: 'short' }).success, false);
    const ok = apiKeyInputSchema.safeParse({ scopes: ['read'], colour: 'blue' });
    assert.deepEqual(ok.data, { scopes: ['read'] });
    assert.equal(userInputSchema.safeParse({}).error?.issues[0]?.message, "missing 'name'");
    assert.equal(
      attributesUpdateSchema.safeParse({}).error?.issues[0]?.message,
      "must supply 'attributes' as json data",
    );
    assert.equal(attributesUpdateSchema.safeParse({ attributes: [] }).success, false);
  });
});
