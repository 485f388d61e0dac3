import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api';
import type { LiveStore } from './liveStore';
import { startNotifications, type NotifySettings } from './notify';
import { startScreenRefresh } from './screenRefresh';
import { runStream } from './streamClient';
import { startHub, type ChannelLike, type LockManagerLike } from './streamHub';

export interface LiveConnection {
  api: ApiClient;
  queryClient: QueryClient;
  /** The API endpoint, which names the lock and the channel (one stream per API and browser). */
  endpoint: string;
  /** GET /config's `stream`. */
  path: string;
  keepaliveSeconds: number | undefined;
  store: LiveStore;
  /** What desktop notifications follow, read for every batch. */
  notifySettings: () => NotifySettings;
}

/** The browser's Web Locks, when it has them (not over plain http on some browsers, not in jsdom). */
function browserLocks(): LockManagerLike | undefined {
  return (navigator as { locks?: LockManagerLike }).locks;
}

function browserChannels(): ((name: string) => ChannelLike) | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name);
}

/**
 * Starts this tab's part of the live stream (docs/console/behaviour.md#live-updates): the stream read with the API
 * client (so with the console's Authorization header, never a token in the address), shared between the tabs of the
 * browser, its events and state handed to `store`; the screens other than the alert list reloaded, and the desktop
 * notifications the changes may raise. Its own chunk, loaded only when the server offers a stream.
 */
export function startLive({
  api,
  queryClient,
  endpoint,
  path,
  keepaliveSeconds,
  store,
  notifySettings,
}: LiveConnection): () => void {
  store.setState('connecting');
  const stopScreens = startScreenRefresh(store, queryClient);
  const stopNotifications = startNotifications(store, api, notifySettings);
  const stop = startHub({
    name: `alerta-live ${endpoint}`,
    locks: browserLocks(),
    openChannel: browserChannels(),
    onEvent: (event) => store.receive(event),
    onState: (state) => store.setState(state),
    onLeading: (leading) => store.setLeading(leading),
    run: (lastEventId, listener) =>
      runStream({
        ...listener,
        lastEventId,
        keepaliveSeconds,
        open: async (from, signal) => {
          const response = await api.file(path, {
            accept: 'text/event-stream',
            signal,
            // The stream never ends a session: a refusal only means polling (docs/console/behaviour.md#live-updates).
            handleUnauthorized: false,
            headers: from === null ? undefined : { 'Last-Event-ID': from },
          });
          if (!(response.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
            await response.body?.cancel();
            throw new Error('not an event stream');
          }
          return response;
        },
      }),
  });
  return () => {
    stopNotifications();
    stopScreens();
    stop();
    store.stop();
  };
}
