import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientConfigSchema } from './config.js';
import { STREAM_PATH, isStreamEventName, streamEventSchemas } from './stream.js';

describe('live stream shapes (docs/api/stream.md)', () => {
  it('reads an alerts event and keeps fields it does not know', () => {
    const parsed = streamEventSchemas.alerts.parse({
      changes: [
        {
          op: 'created',
          id: 'a1',
          environment: 'Production',
          severity: 'major',
          status: 'open',
          lastReceiveTime: '2026-11-27T00:00:00.000Z',
          updateTime: null,
          later: 1,
        },
      ],
    });
    assert.equal(parsed.changes[0]?.op, 'created');
    assert.equal((parsed.changes[0] as Record<string, unknown>).later, 1);
  });

  it('refuses a change without an id or with an unknown kind of change', () => {
    assert.equal(streamEventSchemas.heartbeats.safeParse({ changes: [{ op: 'created' }] }).success, false);
    assert.equal(streamEventSchemas.blackouts.safeParse({ changes: [{ op: 'moved', id: 'b' }] }).success, false);
  });

  it('knows its event names and nothing else', () => {
    assert.ok(isStreamEventName('hello'));
    assert.ok(isStreamEventName('resync'));
    assert.equal(isStreamEventName('toString'), false);
    assert.equal(isStreamEventName('message'), false);
  });

  it('is advertised in the client config, and a config without it still reads', () => {
    assert.equal(clientConfigSchema.parse({ stream: { path: STREAM_PATH, keepalive: 15 } }).stream?.path, STREAM_PATH);
    assert.equal(clientConfigSchema.parse({}).stream, undefined);
  });
});
