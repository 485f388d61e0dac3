import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  actionSchema,
  attributesChangeSchema,
  bulkUpdateResultSchema,
  noteInputSchema,
  statusChangeSchema,
  tagsChangeSchema,
} from './alert-changes.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }): string =>
  result.success ? 'ok' : (result.error?.issues[0]?.message ?? '');

describe('alert change bodies (docs/api/alerts.md)', () => {
  it('requires each endpoint’s field with the reference’s message', () => {
    assert.equal(firstMessage(statusChangeSchema.safeParse({})), "must supply 'status' as json data");
    assert.equal(firstMessage(actionSchema.safeParse({ text: 'x' })), "must supply 'action' as json data");
    assert.equal(firstMessage(tagsChangeSchema.safeParse({})), "must supply 'tags' as json list");
    assert.equal(firstMessage(attributesChangeSchema.safeParse({})), "must supply 'attributes' as json data");
  });

  it('rejects wrong types', () => {
    assert.equal(firstMessage(statusChangeSchema.safeParse({ status: 3 })), "'status' must be a string");
    assert.equal(
      firstMessage(statusChangeSchema.safeParse({ status: 'ack', timeout: 1.5 })),
      "'timeout' must be an integer",
    );
    assert.equal(
      firstMessage(actionSchema.safeParse({ action: 'ack', timeout: -3 })),
      "'timeout' must be a positive integer",
    );
    assert.equal(firstMessage(tagsChangeSchema.safeParse({ tags: 'a' })), "must supply 'tags' as json list");
    assert.equal(firstMessage(tagsChangeSchema.safeParse({ tags: ['a', 1] })), "'tags' must be a list of strings");
    assert.equal(
      firstMessage(attributesChangeSchema.safeParse({ attributes: [] })),
      "must supply 'attributes' as json data",
    );
    assert.match(firstMessage(attributesChangeSchema.safeParse({ attributes: { 'a.b': 1 } })), /'\.' or '\$'/);
    assert.equal(firstMessage(noteInputSchema.safeParse({ text: {} })), "'text' must be a string");
  });

  it('accepts valid bodies, null attribute values and a null timeout', () => {
    assert.equal(firstMessage(statusChangeSchema.safeParse({ status: 'ack', text: 'mine', timeout: null })), 'ok');
    assert.equal(firstMessage(actionSchema.safeParse({ action: 'createTicket', timeout: 0 })), 'ok');
    assert.equal(firstMessage(tagsChangeSchema.safeParse({ tags: [] })), 'ok');
    assert.equal(firstMessage(attributesChangeSchema.safeParse({ attributes: { gone: null, n: 1 } })), 'ok');
  });
});

describe('bulk change answers (docs/api/alerts.md#bulk-changes)', () => {
  it('reads the ids changed and their count', () => {
    assert.deepEqual(bulkUpdateResultSchema.parse({ status: 'ok', updated: ['a', 'b'], count: 2, extra: 1 }), {
      status: 'ok',
      updated: ['a', 'b'],
      count: 2,
    });
    assert.deepEqual(bulkUpdateResultSchema.parse({ status: 'ok', updated: [], count: 0 }).updated, []);
  });

  it('refuses an answer that does not list the ids, such as a queued task', () => {
    assert.equal(
      bulkUpdateResultSchema.safeParse({ status: 'ok', message: '2 alerts queued for update' }).success,
      false,
    );
    assert.equal(bulkUpdateResultSchema.safeParse({ status: 'ok', updated: [1], count: 1 }).success, false);
    assert.equal(bulkUpdateResultSchema.safeParse({ status: 'error', updated: [], count: 0 }).success, false);
  });
});
