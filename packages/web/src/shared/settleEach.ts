/**
 * How many requests of one batch (the bulk bar's, a group's Undo) are in flight at once: a browser sends six at a time
 * to one server anyway, and a batch of thousands started at once would hold all of them in its queue, ahead of every
 * other request of the console (docs/console/behaviour.md#undo).
 */
export const BATCH_CONCURRENCY = 6;

/**
 * `Promise.allSettled(items.map(work))`, with at most `limit` of the works running at a time; the results in the order
 * of `items`.
 */
export async function settleEach<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
  limit = BATCH_CONCURRENCY,
): Promise<PromiseSettledResult<R>[]> {
  const results = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index] as T) };
      } catch (reason: unknown) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
