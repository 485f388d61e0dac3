import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILTIN_SCOPES, allowedScopes, hasScope, isValidScope, parseScopeClaim } from './scopes.js';

describe('hasScope (docs/api/scopes.md#scopes-from-roles)', () => {
  it('grants an exact scope and a bare action', () => {
    assert.equal(hasScope(['read:alerts'], 'read:alerts'), true);
    assert.equal(hasScope(['read'], 'read:alerts'), true);
    assert.equal(hasScope(['read'], 'read'), true);
  });

  it('lets write imply read and admin imply write and read, per resource', () => {
    assert.equal(hasScope(['write:alerts'], 'read:alerts'), true);
    assert.equal(hasScope(['admin:alerts'], 'read:alerts'), true);
    assert.equal(hasScope(['admin:alerts'], 'write:alerts'), true);
    assert.equal(hasScope(['write'], 'read:keys'), true);
    assert.equal(hasScope(['admin'], 'write:users'), true);
  });

  it('never lets a lower action or another resource grant more', () => {
    assert.equal(hasScope(['read:alerts'], 'write:alerts'), false);
    assert.equal(hasScope(['write:alerts'], 'admin:alerts'), false);
    assert.equal(hasScope(['admin:alerts'], 'read:blackouts'), false);
    assert.equal(hasScope(['read'], 'write:alerts'), false);
    assert.equal(hasScope([], 'read:alerts'), false);
  });

  it('maps delete to write, or to admin for DELETE_SCOPES resources', () => {
    assert.equal(hasScope(['write:alerts'], 'delete:alerts'), true);
    assert.equal(hasScope(['write:alerts'], 'delete:alerts', { deleteScopes: ['alerts'] }), false);
    assert.equal(hasScope(['admin:alerts'], 'delete:alerts', { deleteScopes: ['alerts'] }), true);
    assert.equal(hasScope(['read:alerts'], 'delete:alerts'), false);
  });
});

describe('allowedScopes (docs/console/behaviour.md#roles-and-permissions helper)', () => {
  it('expands admin to delete, write and read of the same suffix, sorted and unique', () => {
    assert.deepEqual(allowedScopes(['admin:alerts'], BUILTIN_SCOPES), [
      'admin:alerts',
      'delete:alerts',
      'read:alerts',
      'write:alerts',
    ]);
  });

  it('expands write to read and a bare action to every resource', () => {
    assert.deepEqual(allowedScopes(['write:keys'], BUILTIN_SCOPES), ['read:keys', 'write:keys']);
    const all = allowedScopes(['read'], BUILTIN_SCOPES);
    assert.ok(all.every((s) => s.startsWith('read')));
    assert.ok(all.includes('read:management'));
    assert.equal(new Set(all).size, all.length);
  });

  it('gives nothing for nothing', () => {
    assert.deepEqual(allowedScopes([], BUILTIN_SCOPES), []);
  });
});

describe('scope syntax', () => {
  it('accepts the built-in scopes and rejects malformed ones', () => {
    for (const scope of BUILTIN_SCOPES) assert.equal(isValidScope(scope), true, scope);
    for (const bad of ['', 'read:', 'superuser', 'read:alerts:x', 'write alerts', 'admin:a.b.c']) {
      assert.equal(isValidScope(bad), false, bad);
    }
  });

  it('splits the space-separated claim', () => {
    assert.deepEqual(parseScopeClaim(' read  write:alerts '), ['read', 'write:alerts']);
    assert.deepEqual(parseScopeClaim(undefined), []);
  });
});
