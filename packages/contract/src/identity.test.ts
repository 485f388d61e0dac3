import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  attributesUpdateSchema,
  groupUpdateSchema,
  isPlausibleEmail,
  userInputSchema,
  userUpdateSchema,
} from './identity.js';
import { apiKeyInputSchema, keyType } from './keys.js';

describe('keyType (docs/api/keys.md)', () => {
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
    assert.equal(userInputSchema.safeParse({ name: 5 }).error?.issues[0]?.message, "'name' must be a string");
    assert.equal(
      attributesUpdateSchema.safeParse({}).error?.issues[0]?.message,
      "must supply 'attributes' as json data",
    );
    assert.equal(attributesUpdateSchema.safeParse({ attributes: [] }).success, false);
  });
});

describe('user and group bodies', () => {
  it('takes an email address with one @ between a local part and a domain, and no spaces', () => {
    for (const good of ['ops@localhost', 'first.last+tag@example.com', "o'neil@corp.test"]) {
      assert.equal(isPlausibleEmail(good), true, good);
    }
    for (const bad of ['boss', '', '@example.com', 'x@', 'x@@example.com', 'a@b@c', 'x y@example.com', 'x@exa mple']) {
      assert.equal(isPlausibleEmail(bad), false, bad);
    }
    assert.equal(userUpdateSchema.safeParse({ email: 'boss' }).error?.issues[0]?.path[0], 'email');
    assert.deepEqual(userUpdateSchema.safeParse({ email: null }).data, { email: undefined }, 'null leaves it');
  });

  it('bounds names, logins, addresses, roles and text', () => {
    const long = (length: number) => 'x'.repeat(length);
    const first = (result: { error?: { issues: readonly { message: string }[] } }) => result.error?.issues[0]?.message;
    assert.equal(first(userInputSchema.safeParse({ name: long(257) })), "'name' must be at most 256 characters");
    assert.equal(userInputSchema.safeParse({ name: long(256), login: long(256) }).success, true);
    assert.equal(first(userUpdateSchema.safeParse({ login: long(257) })), "'login' must be at most 256 characters");
    const email = `${long(243)}@example.com`;
    assert.equal(first(userUpdateSchema.safeParse({ email })), "'email' must be at most 254 characters");
    assert.equal(first(userUpdateSchema.safeParse({ text: long(1025) })), "'text' must be at most 1024 characters");
    const roles = Array.from({ length: 101 }, (_, i) => `r${i}`);
    assert.equal(first(userUpdateSchema.safeParse({ roles })), "'roles' must list at most 100 entries");
    assert.equal(first(groupUpdateSchema.safeParse({ name: long(257) })), "'name' must be at most 256 characters");
  });
});
