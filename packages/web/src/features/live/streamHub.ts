import type { StreamEvent } from '@alerta/contract';
import type { StreamState } from './streamClient';

/** The part of the Web Locks API (`navigator.locks`) the hub uses. */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

/** The part of BroadcastChannel the hub uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  close(): void;
}

/** What the stream reports, in the tab that runs it and, through the channel, in the others. */
export interface StreamListener {
  onEvent: (event: StreamEvent) => void;
  onState: (state: StreamState) => void;
}

export interface HubOptions extends StreamListener {
  /** The lock's and the channel's name: one stream per API endpoint and browser. */
  name: string;
  /** `navigator.locks`, when the browser has it. */
  locks: LockManagerLike | undefined;
  /** Opens the BroadcastChannel of that name, when the browser has them. */
  openChannel: ((name: string) => ChannelLike) | undefined;
  /** Runs the stream (from the position given) and reports to `listener`; returns what stops it. */
  run: (lastEventId: string | null, listener: StreamListener & { onLastEventId: (id: string) => void }) => () => void;
  /** Told when this tab starts running the stream itself (the one that notifies). */
  onLeading: (leading: boolean) => void;
}

type HubMessage =
  | { kind: 'event'; event: StreamEvent }
  | { kind: 'state'; state: StreamState }
  | { kind: 'id'; id: string }
  | { kind: 'ask' };

function isHubMessage(value: unknown): value is HubMessage {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/**
 * One stream per browser (docs/console/behaviour.md#live-updates): every tab asks for the same Web Lock; the tab
 * holding it runs the stream and passes its events and state to the other tabs through a BroadcastChannel. When that
 * tab closes (or stops, its session gone) the lock passes to another tab, which resumes from the last id it heard.
 * Where either API is missing, the tab runs a stream of its own. Returns the function that stops this tab's part.
 */
export function startHub(options: HubOptions): () => void {
  const { locks, openChannel } = options;
  if (locks === undefined || openChannel === undefined) {
    options.onLeading(true);
    return options.run(null, { ...options, onLastEventId: () => undefined });
  }

  const channel = openChannel(options.name);
  const abort = new AbortController();
  let lastEventId: string | null = null;
  let leading = false;
  let state: StreamState = 'connecting';
  let release: (() => void) | null = null;

  const post = (message: HubMessage) => channel.postMessage(message);

  channel.addEventListener('message', ({ data }) => {
    if (!isHubMessage(data)) return;
    if (leading) {
      // A tab that has just opened asks how the stream stands.
      if (data.kind === 'ask') post({ kind: 'state', state });
      return;
    }
    if (data.kind === 'event') {
      lastEventId = data.event.id === '' ? lastEventId : data.event.id;
      options.onEvent(data.event);
    } else if (data.kind === 'id') {
      lastEventId = data.id;
    } else if (data.kind === 'state') {
      options.onState(data.state);
    }
  });
  post({ kind: 'ask' });

  locks
    .request(options.name, { signal: abort.signal }, () => {
      if (abort.signal.aborted) return Promise.resolve();
      leading = true;
      options.onLeading(true);
      const stop = options.run(lastEventId, {
        onEvent: (event) => {
          options.onEvent(event);
          post({ kind: 'event', event });
        },
        onState: (next) => {
          state = next;
          options.onState(next);
          post({ kind: 'state', state: next });
        },
        onLastEventId: (id) => {
          lastEventId = id;
          post({ kind: 'id', id });
        },
      });
      // The lock is held until this tab stops.
      return new Promise<void>((resolve) => {
        release = () => {
          stop();
          resolve();
        };
      });
    })
    .catch(() => undefined);

  return () => {
    abort.abort();
    if (leading) options.onLeading(false);
    leading = false;
    const held = release;
    release = null;
    held?.();
    channel.close();
  };
}
