import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { heartbeatStatus } from '../src/domain/heartbeat.js';
import type { HeartbeatRecord } from '../src/store/types.js';

const heartbeat = (createTime: string, receiveTime: string, timeout: number): HeartbeatRecord => ({
  id: 'h',
  origin: 'o',
  tags: [],
  attributes: {},
  type: 'Heartbeat',
  createTime,
  timeout,
  receiveTime,
  customer: null,
});

describe('heartbeatStatus (docs/api/heartbeats.md#status)', () => {
  const received = '2026-01-01T00:00:00.000Z';

  it('is ok while since ≤ timeout and latency ≤ maxLatency', () => {
    const result = heartbeatStatus(heartbeat(received, received, 5), new Date('2026-01-01T00:00:05.999Z'), 2000);
    assert.deepEqual(result, { latency: 0, since: 5, status: 'ok' });
  });

  it('is expired once since > timeout', () => {
    const result = heartbeatStatus(heartbeat(received, received, 5), new Date('2026-01-01T00:00:06.000Z'), 2000);
    assert.deepEqual(result, { latency: 0, since: 6, status: 'expired' });
  });

  it('is slow when the latency exceeds maxLatency, expired still winning', () => {
    const late = heartbeat('2025-12-31T23:59:57.999Z', received, 5);
    assert.equal(heartbeatStatus(late, new Date(received), 2000).status, 'slow');
    assert.equal(heartbeatStatus(late, new Date(received), 2001).latency, 2001);
    assert.equal(heartbeatStatus(late, new Date(received), 2001).status, 'ok');
    assert.equal(heartbeatStatus(late, new Date('2026-01-01T00:01:00.000Z'), 2000).status, 'expired');
  });

  it('never reports a negative since for a receive time ahead of the clock', () => {
    assert.equal(
      heartbeatStatus(heartbeat(received, received, 5), new Date('2025-12-31T23:59:00.000Z'), 2000).since,
      0,
    );
  });
});
