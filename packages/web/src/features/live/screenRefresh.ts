import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import type { ChangeBatch, LiveStore } from './liveStore';

/**
 * The other screens the stream touches (docs/console/behaviour.md#live-updates): the detail of an alert that changed
 * (its notes too), the heartbeats and the blackouts lists. Only what is on screen loads; the rest is marked stale and
 * loads when shown. (The alert list, its counts and tiles follow the list's pause rules: useLiveListRefresh.)
 */
function applyBatch(queryClient: QueryClient, batch: ChangeBatch): void {
  if (batch.resync || batch.alertsUnnamed) void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.details });
  else if (batch.alertIds.size > 0) {
    const ids = [...batch.alertIds];
    void queryClient.invalidateQueries({
      queryKey: queryKeys.alerts.details,
      // The detail's address may hold a prefix of the id (docs/api/conventions.md#ids).
      predicate: ({ queryKey }) => {
        const shown = queryKey[2];
        return typeof shown === 'string' && ids.some((id) => id.startsWith(shown));
      },
    });
  }
  if (batch.heartbeats) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.lists('/heartbeats') });
  if (batch.blackouts) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.lists('/blackouts') });
}

function mergeBatches(a: ChangeBatch, b: ChangeBatch): ChangeBatch {
  return {
    alerts: a.alerts || b.alerts,
    alertIds: new Set([...a.alertIds, ...b.alertIds]),
    alertsUnnamed: a.alertsUnnamed || b.alertsUnnamed,
    alertChanges: [...a.alertChanges, ...b.alertChanges],
    heartbeats: a.heartbeats || b.heartbeats,
    blackouts: a.blackouts || b.blackouts,
    resync: a.resync || b.resync,
  };
}

/** Applies each batch of changes to the screens; in a hidden tab they wait until it is seen again. Returns the stop. */
export function startScreenRefresh(store: LiveStore, queryClient: QueryClient): () => void {
  let held: ChangeBatch | null = null;
  const onVisible = () => {
    if (document.visibilityState === 'hidden' || held === null) return;
    const batch = held;
    held = null;
    applyBatch(queryClient, batch);
  };
  document.addEventListener('visibilitychange', onVisible);
  const unsubscribe = store.onBatch((batch) => {
    if (document.visibilityState === 'hidden') held = held === null ? batch : mergeBatches(held, batch);
    else applyBatch(queryClient, batch);
  });
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
