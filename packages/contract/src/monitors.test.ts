import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blackoutInputSchema, blackoutSchema, blackoutUpdateSchema } from './blackout.js';
import { heartbeatInputSchema, heartbeatSchema } from './heartbeat.js';

describe('blackout input (docs/api/blackouts.md#routes)', () => {
  it('needs an environment and answers as the reference does', () => {
    const result = blackoutInputSchema.safeParse({ resource: 'web01' });
    assert.equal(result.success, false);
    assert.equal(result.error?.issues[0]?.message, "'environment'");
  });

  it('accepts every field, nulls for optional scope fields', () => {
    const result = blackoutInputSchema.safeParse({
      environment: 'Production',
      service: ['Web'],
      resource: null,
      tags: ['t'],
      startTime: '2026-11-22T03:52:45.035Z',
      duration: 0,
      text: 'window',
    });
    assert.equal(result.success, true);
  });

  for (const [name, fields] of [
    ['empty resource', { resource: '' }],
    ['empty event', { event: '' }],
    ['empty group', { group: '' }],
    ['empty origin', { origin: '' }],
    ['negative duration', { duration: -1 }],
    ['fractional duration', { duration: 0.5 }],
    ['date with an offset instead of Z', { endTime: '2026-11-22T03:52:45.000+00:00' }],
    ['impossible date', { startTime: '2026-02-30T00:00:00.000Z' }],
    ['service not a list', { service: 'Web' }],
  ] as const) {
    it(`rejects ${name}`, () => {
      assert.equal(blackoutInputSchema.safeParse({ environment: 'Production', ...fields }).success, false);
      assert.equal(blackoutUpdateSchema.safeParse(fields).success, false);
    });
  }

  it('lets an update leave the environment out', () => {
    assert.equal(blackoutUpdateSchema.safeParse({ text: 'x' }).success, true);
  });
});

describe('heartbeat input (docs/api/heartbeats.md#routes)', () => {
  it('accepts an empty body and ignores type', () => {
    assert.deepEqual(heartbeatInputSchema.parse({ type: 'Other' }), {});
  });

  it('rejects wrong types', () => {
    for (const body of [{ timeout: -1 }, { timeout: '60' }, { tags: [1] }, { attributes: 'x' }, { origin: '' }]) {
      assert.equal(heartbeatInputSchema.safeParse(body).success, false, JSON.stringify(body));
    }
  });
});

describe('response shapes', () => {
  it('describe a heartbeat and a blackout with integer remaining', () => {
    const heartbeat = {
      id: 'h',
      href: 'http://x/api/heartbeat/h',
      origin: 'cron/1',
      tags: [],
      attributes: {},
      type: 'Heartbeat',
      createTime: '2026-11-22T03:52:45.035Z',
      timeout: 60,
      maxLatency: 2000,
      receiveTime: '2026-11-22T03:52:45.035Z',
      customer: null,
      latency: 0,
      since: 3,
      status: 'ok',
    };
    assert.equal(heartbeatSchema.safeParse(heartbeat).success, true);
    const blackout = {
      id: 'b',
      href: 'http://x/api/blackout/b',
      priority: 1,
      environment: 'Production',
      service: [],
      resource: null,
      event: null,
      group: null,
      tags: [],
      origin: null,
      customer: null,
      startTime: '2026-11-22T03:52:45.035Z',
      endTime: '2026-11-22T04:52:45.035Z',
      duration: 3600,
      status: 'active',
      remaining: 3599,
      user: 'root',
      createTime: '2026-11-22T03:52:45.035Z',
      text: '',
    };
    assert.equal(blackoutSchema.safeParse(blackout).success, true);
    assert.equal(blackoutSchema.safeParse({ ...blackout, remaining: '3599.890030' }).success, false);
  });
});
