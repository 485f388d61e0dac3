import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useApi } from '../../api';
import { queryKeys } from '../../api/queryKeys';
import { useConfig } from '../../config/ConfigContext';
import { useSession } from '../auth';
import { LiveStore, type LiveState } from './liveStore';
import { useNotifySettings } from './useNotifySettings';

/** Outside a provider (a screen rendered alone): no stream, the console polls. */
const LiveContext = createContext<LiveStore>(new LiveStore());

export function useLiveStore(): LiveStore {
  return useContext(LiveContext);
}

/** The stream's state in this tab, `off` when the server offers none. */
export function useLiveState(): LiveState {
  const store = useLiveStore();
  return useSyncExternalStore(store.subscribeState, store.getState);
}

/**
 * Loads the queries `filters` selects again, each with a load that starts after now: a load already under way may have
 * been asked before the change and is waited for first (joined, not cut short, so no search is reported cancelled).
 */
export async function refetchAfterNow(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  const active = { ...filters, type: 'active' } as const;
  if (queryClient.isFetching(active) > 0) await queryClient.refetchQueries(active, { cancelRefetch: false });
  await queryClient.refetchQueries(active, { cancelRefetch: false });
}

/**
 * docs/console/behaviour.md#live-updates: the alert list, its tab counts and the indicator tiles are loaded again when
 * alerts change, unless the list is `paused` (selection, open dialog or menu, hidden tab, the user's pause): then once
 * it resumes. `listKey` is what the screen shows: a page of the list, or the grouped view's top groups, whose open
 * groups' sub-groups and alerts load with it.
 */
export function useLiveListRefresh(listKey: readonly unknown[], paused: boolean): void {
  const store = useLiveStore();
  const queryClient = useQueryClient();
  const waiting = useRef(false);
  const pausedNow = useRef(paused);
  const [refresh] = useState(() => (key: readonly unknown[]) => {
    void refetchAfterNow(queryClient, { queryKey: key, exact: true });
    void refetchAfterNow(queryClient, { queryKey: queryKeys.alerts.groupParts });
    void refetchAfterNow(queryClient, { queryKey: queryKeys.alerts.environments });
    void refetchAfterNow(queryClient, { queryKey: queryKeys.alerts.facetsAll });
    void refetchAfterNow(queryClient, { queryKey: queryKeys.alerts.indicators });
  });
  const key = useRef(listKey);
  useEffect(() => {
    key.current = listKey;
  }, [listKey]);
  useEffect(
    () =>
      store.onBatch((batch) => {
        if (!batch.alerts) return;
        if (pausedNow.current) waiting.current = true;
        else refresh(key.current);
      }),
    [store, refresh],
  );
  useEffect(() => {
    pausedNow.current = paused;
    if (paused || !waiting.current) return;
    waiting.current = false;
    refresh(key.current);
  }, [paused, refresh]);
}

/**
 * docs/console/behaviour.md#live-updates: the stream opens once the console has had nothing to load for this long, so
 * that it never competes with the first load of a screen (which polling keeps fresh meanwhile)…
 */
export const STREAM_QUIET_MS = 1_500;
/** …or at the latest this long after the console started, on a screen that never stops loading. */
export const STREAM_START_MAX_MS = 10_000;

/** Calls `start` once no query has been loading for {@link STREAM_QUIET_MS}; returns what cancels the wait. */
function afterQuiet(queryClient: QueryClient, start: () => void): () => void {
  const since = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, Math.min(STREAM_QUIET_MS, since + STREAM_START_MAX_MS - Date.now())));
  };
  const fire = () => {
    if (queryClient.isFetching() > 0 && Date.now() - since < STREAM_START_MAX_MS) return arm();
    unsubscribe();
    start();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && Date.now() - since < STREAM_START_MAX_MS) arm();
  });
  arm();
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Runs this tab's part of the stream while the server offers one and the visitor may read alerts. */
function LiveConnection({ store }: { store: LiveStore }) {
  const config = useConfig();
  const api = useApi();
  const queryClient = useQueryClient();
  const notifySettings = useNotifySettings();
  const session = useSession();
  const path = config.stream?.path;
  const keepalive = config.stream?.keepalive;
  const reader = session?.token ?? (!config.auth_required || config.allow_readonly ? '' : null);
  const { endpoint } = config;
  useEffect(() => {
    if (path === undefined || reader === null) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    store.setState('connecting');
    const cancelWait = afterQuiet(queryClient, () => {
      // Its own chunk (docs/console/behaviour.md#live-updates): a console without a stream never loads it.
      import('./connect').then(
        ({ startLive }) => {
          if (!stopped) {
            stop = startLive({ api, queryClient, endpoint, path, keepaliveSeconds: keepalive, store, notifySettings });
          }
        },
        () => store.setState('down'),
      );
    });
    return () => {
      stopped = true;
      cancelWait();
      stop?.();
      store.stop();
    };
  }, [store, api, queryClient, notifySettings, endpoint, path, keepalive, reader]);
  return null;
}

/** The live stream's context for the screens inside the shell (docs/console/behaviour.md#live-updates). */
export function LiveProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new LiveStore());
  return (
    <LiveContext value={store}>
      <LiveConnection store={store} />
      {children}
    </LiveContext>
  );
}
