import type { StreamEvent } from '@alerta/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api';
import { API } from '../../test/fixtures';
import { alertChange, liveStream, type LiveStreamMock } from '../../test/mocks';
import { server } from '../../test/server';
import { AWAY_MAX_RETRY_MS, MAX_RETRY_MS, reconnectDelay, runStream, type StreamState } from './streamClient';

// docs/console/behaviour.md#live-updates: the stream read with fetch and the console's headers, every event's data
// checked against the contract, reconnects with Last-Event-ID and backoff.

let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
});

function start(mock: LiveStreamMock, token: string | null = 'tok') {
  server.use(mock.handler);
  const api = createApiClient({ baseUrl: API, getToken: () => token, onUnauthorized: () => undefined });
  const events: StreamEvent[] = [];
  const states: StreamState[] = [];
  stop = runStream({
    open: (from, signal) =>
      api.file('/alerts/stream', {
        accept: 'text/event-stream',
        signal,
        handleUnauthorized: false,
        headers: from === null ? undefined : { 'Last-Event-ID': from },
      }),
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    random: () => 0,
  });
  return { events, states };
}

describe('runStream', () => {
  it('sends the token as a header, never in the address, and is live once hello comes', async () => {
    const mock = liveStream();
    const { states, events } = start(mock);
    const first = await mock.connection(1);
    expect(first.headers.get('Authorization')).toBe('Bearer tok');
    expect(first.headers.get('Accept')).toBe('text/event-stream');
    expect(first.headers.get('Last-Event-ID')).toBeNull();
    expect(first.url.search).toBe('');
    expect(states).toEqual(['connecting']);
    mock.hello('5');
    await waitFor(() => expect(states).toEqual(['connecting', 'live']));
    // Opened from now: what is shown is read again, as after a resync.
    expect(events.map((e) => e.event)).toEqual(['hello', 'resync']);
  });

  it('hands on known events with good data and ignores the rest', async () => {
    const mock = liveStream();
    const { events } = start(mock);
    await mock.connection(1);
    mock.hello();
    mock.event('alerts', '2', { changes: [alertChange('a1')], extra: 'kept' });
    mock.event('someday', '3', { anything: true });
    mock.send('event: alerts\nid: 4\ndata: {not json\n\n');
    mock.event('alerts', '5', { changes: [{ op: 'exploded', id: 'x' }] });
    mock.event('heartbeats', '6', { changes: [{ op: 'deleted', id: 'h1' }] });
    await waitFor(() => expect(events.map((e) => `${e.event}@${e.id}`)).toContain('heartbeats@6'));
    expect(events.map((e) => `${e.event}@${e.id}`)).toEqual(['hello@1', 'resync@1', 'alerts@2', 'heartbeats@6']);
    expect(events[2]).toMatchObject({ data: { changes: [{ id: 'a1' }], extra: 'kept' } });
  });

  it('reconnects with Last-Event-ID after the stream ends, and stays live through one quiet reconnect', async () => {
    const mock = liveStream();
    const { states, events } = start(mock);
    await mock.connection(1);
    mock.send('retry: 20\n\n');
    mock.hello('10');
    mock.event('blackouts', '11', { changes: [{ op: 'created', id: 'b1' }] });
    await waitFor(() => expect(events.map((e) => e.id)).toContain('11'));
    mock.end();
    const second = await mock.connection(2);
    expect(second.headers.get('Last-Event-ID')).toBe('11');
    mock.hello('11');
    await waitFor(() => expect(events.filter((e) => e.event === 'hello')).toHaveLength(2));
    // Resumed from a position: no resync of its own.
    expect(events.filter((e) => e.event === 'resync')).toHaveLength(1);
    expect(states).toEqual(['connecting', 'live']);
  });

  it('is down while the server refuses, backs off, and is live again when it answers', async () => {
    const mock = liveStream();
    const { states } = start(mock);
    await mock.connection(1);
    mock.send('retry: 20\n\n');
    mock.hello('1');
    await waitFor(() => expect(states).toEqual(['connecting', 'live']));
    mock.refuse(503);
    const startedAt = Date.now();
    mock.end();
    await waitFor(() => expect(states).toEqual(['connecting', 'live', 'down']));
    // Refused twice more at least (20 ms × 0.75, then doubling), then it answers again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    mock.refuse(null);
    const next = await mock.connection(2);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(30);
    expect(next.headers.get('Last-Event-ID')).toBe('1');
    mock.hello('2');
    await waitFor(() => expect(states).toEqual(['connecting', 'live', 'down', 'live']));
  });

  it('waits longer after each failure, at most a minute while refused and 4 s while the server is away', () => {
    expect(reconnectDelay(0, 1_000, false, 0.5)).toBe(1_000);
    expect(reconnectDelay(1, 1_000, false, 0.5)).toBe(2_000);
    // However long a restarting server was gone, the stream is back within 5 s of its return.
    for (const failures of [3, 10, 40]) {
      expect(reconnectDelay(failures, 1_000, false, 0.999)).toBeLessThan(5_000);
      expect(reconnectDelay(failures, 1_000, false, 0.5)).toBe(AWAY_MAX_RETRY_MS);
    }
    // A server that says no (a limit, a missing route) is asked less and less often.
    expect(reconnectDelay(10, 1_000, true, 0.5)).toBe(MAX_RETRY_MS);
    expect(reconnectDelay(10, 1_000, true, 0)).toBe(MAX_RETRY_MS * 0.75);
  });

  it('stops reading and lets go of the connection when stopped', async () => {
    const mock = liveStream();
    start(mock);
    const first = await mock.connection(1);
    mock.hello();
    stop?.();
    stop = undefined;
    await waitFor(() => expect(first.closed).toBe(true));
  });
});
