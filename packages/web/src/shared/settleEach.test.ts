import { describe, expect, it } from 'vitest';
import { settleEach } from './settleEach';

describe('settleEach', () => {
  it('runs at most the limit at once and answers every result in the order given', async () => {
    let running = 0;
    let most = 0;
    const work = async (n: number): Promise<number> => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n % 3));
      running -= 1;
      if (n % 5 === 0) throw new Error(`no ${String(n)}`);
      return n * 2;
    };
    const items = Array.from({ length: 40 }, (_, n) => n);
    const results = await settleEach(items, work, 4);
    expect(most).toBe(4);
    expect(results).toHaveLength(40);
    expect(results[3]).toEqual({ status: 'fulfilled', value: 6 });
    expect(results[10]).toEqual({ status: 'rejected', reason: new Error('no 10') });
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(8);
  });

  it('answers nothing for nothing, without calling the work', async () => {
    let calls = 0;
    const results = await settleEach([], () => Promise.resolve((calls += 1)));
    expect(results).toEqual([]);
    expect(calls).toBe(0);
  });
});
