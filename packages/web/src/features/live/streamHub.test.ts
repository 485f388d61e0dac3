import type { StreamEvent } from '@alerta/contract';
import { waitFor } from '@testing-library/react';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api';
import { API } from '../../test/fixtures';
import { liveStream } from '../../test/mocks';
import { server } from '../../test/server';
import { runStream, type StreamState } from './streamClient';
import { startHub, type ChannelLike, type LockManagerLike, type StreamListener } from './streamHub';

// docs/console/behaviour.md#live-updates: one stream per browser, run by the tab holding the lock and passed to the
// other tabs through a BroadcastChannel; another tab takes over when it closes.

/** Web Locks reduced to what the hub needs: one holder per name, the others waiting in turn; a waiter can give up. */
class FakeLocks implements LockManagerLike {
  private held = false;
  private readonly queue: { callback: () => Promise<void>; done: (value: unknown) => void }[] = [];

  request(_name: string, { signal }: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry = { callback, done: resolve };
      this.queue.push(entry);
      signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(entry);
        if (at === -1) return;
        this.queue.splice(at, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.pump();
    });
  }

  private pump() {
    if (this.held) return;
    const next = this.queue.shift();
    if (next === undefined) return;
    this.held = true;
    void next.callback().then((value) => {
      this.held = false;
      next.done(value);
      this.pump();
    });
  }
}

interface Tab {
  name: string;
  events: StreamEvent[];
  states: StreamState[];
  leading: boolean[];
  /** Each time this tab ran the stream: where from, and the listener to feed it through. */
  runs: { from: string | null; listener: StreamListener & { onLastEventId: (id: string) => void }; stopped: boolean }[];
  stop: () => void;
}

const tabs: Tab[] = [];

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.stop();
});

function openTab(name: string, locks: LockManagerLike | undefined): Tab {
  const tab: Tab = { name, events: [], states: [], leading: [], runs: [], stop: () => undefined };
  tab.stop = startHub({
    name: 'alerta-live test',
    locks,
    openChannel: (channelName) => new NodeBroadcastChannel(channelName) as unknown as ChannelLike,
    onEvent: (event) => tab.events.push(event),
    onState: (state) => tab.states.push(state),
    onLeading: (leading) => tab.leading.push(leading),
    run: (from, listener) => {
      const run = { from, listener, stopped: false };
      tab.runs.push(run);
      return () => {
        run.stopped = true;
      };
    },
  });
  tabs.push(tab);
  return tab;
}

const alerts = (id: string): StreamEvent => ({
  event: 'alerts',
  id,
  data: {
    changes: [
      {
        op: 'created',
        id: `alert-${id}`,
        environment: 'Production',
        severity: 'critical',
        status: 'open',
        lastReceiveTime: '2026-03-14T09:00:00.000Z',
        updateTime: null,
      },
    ],
  },
});

describe('startHub', () => {
  it('runs one stream for two tabs, hands its events and state to the other, and passes on when it closes', async () => {
    const locks = new FakeLocks();
    const first = openTab('first', locks);
    await waitFor(() => expect(first.runs).toHaveLength(1));
    const second = openTab('second', locks);
    expect(first.runs[0]?.from).toBeNull();
    expect(first.leading).toEqual([true]);

    const stream = first.runs[0]?.listener;
    stream?.onState('live');
    stream?.onLastEventId('7');
    stream?.onEvent(alerts('7'));
    await waitFor(() => expect(second.events.map((e) => e.id)).toEqual(['7']));
    expect(second.states).toContain('live');
    expect(first.events.map((e) => e.id)).toEqual(['7']);
    expect(second.runs).toHaveLength(0);
    expect(second.leading).toEqual([]);

    // The first tab closes: the second takes the stream over from the last event it heard.
    first.stop();
    expect(first.runs[0]?.stopped).toBe(true);
    await waitFor(() => expect(second.runs).toHaveLength(1));
    expect(second.runs[0]?.from).toBe('7');
    expect(second.leading).toEqual([true]);
  });

  it('tells a tab that opens later how the stream stands', async () => {
    const locks = new FakeLocks();
    const first = openTab('first', locks);
    await waitFor(() => expect(first.runs).toHaveLength(1));
    first.runs[0]?.listener.onState('live');
    const late = openTab('late', locks);
    await waitFor(() => expect(late.states).toEqual(['live']));
    expect(late.runs).toHaveLength(0);
  });

  it('gives up waiting for the lock when a follower closes, so it never runs a stream', async () => {
    const locks = new FakeLocks();
    const first = openTab('first', locks);
    await waitFor(() => expect(first.runs).toHaveLength(1));
    const second = openTab('second', locks);
    second.stop();
    first.stop();
    const third = openTab('third', locks);
    await waitFor(() => expect(third.runs).toHaveLength(1));
    expect(second.runs).toHaveLength(0);
  });

  it('runs a stream in every tab where Web Locks or BroadcastChannel are missing', () => {
    const one = openTab('one', undefined);
    const two = openTab('two', undefined);
    expect(one.runs).toHaveLength(1);
    expect(two.runs).toHaveLength(1);
    expect(one.leading).toEqual([true]);
  });
});

describe('startHub with the stream itself', () => {
  it('opens one connection for two tabs, and the tab taking over resumes with Last-Event-ID', async () => {
    const mock = liveStream();
    server.use(mock.handler);
    const api = createApiClient({ baseUrl: API, getToken: () => 'tok', onUnauthorized: () => undefined });
    const locks = new FakeLocks();
    const heard = { first: [] as string[], second: [] as string[] };
    const states = { first: [] as StreamState[], second: [] as StreamState[] };
    const open = (name: 'first' | 'second') =>
      startHub({
        name: 'alerta-live stream test',
        locks,
        openChannel: (channelName) => new NodeBroadcastChannel(channelName) as unknown as ChannelLike,
        onEvent: (event) => heard[name].push(`${event.event}@${event.id}`),
        onState: (state) => states[name].push(state),
        onLeading: () => undefined,
        run: (from, listener) =>
          runStream({
            ...listener,
            lastEventId: from,
            random: () => 0,
            open: (resume, signal) =>
              api.file('/alerts/stream', {
                accept: 'text/event-stream',
                signal,
                headers: resume === null ? undefined : { 'Last-Event-ID': resume },
              }),
          }),
      });
    const stopFirst = open('first');
    const stopSecond = open('second');
    try {
      await mock.connection(1);
      mock.hello('1');
      mock.event('alerts', '2', { changes: alerts('2').data.changes });
      await waitFor(() => expect(heard.second).toContain('alerts@2'));
      expect(heard.first).toContain('alerts@2');
      expect(states.second).toContain('live');
      expect(mock.connections).toHaveLength(1);

      stopFirst();
      const second = await mock.connection(2);
      expect(second.headers.get('Last-Event-ID')).toBe('2');
      await waitFor(() => expect(mock.connections[0]?.closed).toBe(true));
    } finally {
      stopFirst();
      stopSecond();
    }
  });
});
