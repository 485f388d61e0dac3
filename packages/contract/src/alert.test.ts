import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertInputSchema } from './alert.js';
import { ISO_DATE_MESSAGE, parseIsoDate } from './dates.js';
import { computePaging } from './envelope.js';

function firstError(body: unknown): string | undefined {
  const result = alertInputSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('alertInputSchema (docs/api/alerts.md)', () => {
  it('accepts a minimal alert and ignores unknown fields', () => {
    const result = alertInputSchema.parse({ resource: 'web01', event: 'down', unknownField: 1 });
    assert.deepEqual(result, { resource: 'web01', event: 'down' });
  });

  it('names the missing mandatory field', () => {
    assert.equal(firstError({ event: 'down' }), 'Missing mandatory value for "resource"');
    assert.equal(firstError({ resource: 'web01' }), 'Missing mandatory value for "event"');
    assert.equal(firstError({ resource: '', event: 'x' }), 'Missing mandatory value for "resource"');
  });

  it('rejects wrong types field by field', () => {
    assert.equal(firstError({ resource: 'r', event: 'e', tags: 'a' }), "'tags' must be a list");
    assert.equal(firstError({ resource: 'r', event: 'e', service: [1] }), "'service' must be a list of strings");
    assert.equal(firstError({ resource: 'r', event: 'e', attributes: [] }), "'attributes' must be a JSON object");
    assert.equal(firstError({ resource: 'r', event: 'e', timeout: -1 }), "'timeout' must be a positive integer");
    assert.equal(firstError({ resource: 'r', event: 'e', timeout: 1.5 }), "'timeout' must be an integer");
    assert.equal(firstError({ resource: 'r', event: 'e', customer: '' }), "'customer' must not be an empty string");
    assert.equal(firstError({ resource: 'r', event: 'e', createTime: '2026-01-01' }), ISO_DATE_MESSAGE);
    assert.equal(
      firstError({ resource: 'r', event: 'e', attributes: { 'a.b': 1 } }),
      "attribute keys must not contain '.' or '$'",
    );
    assert.equal(firstError({ resource: 7, event: 'e' }), "'resource' must be a string");
  });
});

describe('dates and paging', () => {
  it('accepts only real UTC dates, with up to six digits of fractions or none', () => {
    assert.ok(parseIsoDate('2026-11-22T03:52:45.035Z'));
    assert.equal(parseIsoDate('2026-11-22T03:52:45Z')?.toISOString(), '2026-11-22T03:52:45.000Z');
    assert.equal(parseIsoDate('2026-02-31T00:00:00.000Z'), undefined);
    assert.equal(parseIsoDate('2026-11-22T03:52:45.035+01:00'), undefined);
    assert.equal(parseIsoDate('yesterday'), undefined);
  });

  it('computes pages as the reference does', () => {
    assert.deepEqual(computePaging(0, 1, 50), { page: 1, pageSize: 50, pages: 0, more: false, total: 0 });
    assert.deepEqual(computePaging(101, 2, 50), { page: 2, pageSize: 50, pages: 3, more: true, total: 101 });
    assert.deepEqual(computePaging(100, 2, 50), { page: 2, pageSize: 50, pages: 2, more: false, total: 100 });
  });
});
