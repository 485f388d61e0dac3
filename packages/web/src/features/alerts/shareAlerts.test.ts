import { describe, expect, it } from 'vitest';
import { makeAlert } from '../../test/fixtures';
import { sameJson, shareAlerts } from './shareAlerts';

/** A list answer as fetchAlerts gives it, built afresh each time as from the network. */
const answer = (alerts: ReturnType<typeof makeAlert>[], total = alerts.length) => ({
  ...structuredClone({ alerts, total, page: 1, pageSize: 50, pages: 1, more: false }),
  dropped: 0,
});

describe('sameJson', () => {
  it('compares values read from JSON by content', () => {
    expect(sameJson({ a: [1, 'x', null, { b: true }] }, { a: [1, 'x', null, { b: true }] })).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson({ a: '1' }, { a: 1 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});

describe('shareAlerts', () => {
  const one = makeAlert({ resource: 'one' });
  const two = makeAlert({ resource: 'two' });
  const three = makeAlert({ resource: 'three' });

  it('returns the previous answer when nothing changed', () => {
    const previous = answer([one, two]);
    expect(shareAlerts(previous, answer([one, two]))).toBe(previous);
  });

  it('keeps unchanged alerts and takes changed ones from the new answer', () => {
    const previous = answer([one, two, three]);
    const next = answer([one, { ...two, duplicateCount: 7 }, three]);
    const shared = shareAlerts(previous, next) as typeof next;
    expect(shared).not.toBe(previous);
    expect(shared.alerts[0]).toBe(previous.alerts[0]);
    expect(shared.alerts[1]).toBe(next.alerts[1]);
    expect(shared.alerts[1]?.duplicateCount).toBe(7);
    expect(shared.alerts[2]).toBe(previous.alerts[2]);
  });

  it('follows a new order and new or removed alerts, reusing what it can', () => {
    const previous = answer([one, two]);
    const next = answer([three, two]);
    const shared = shareAlerts(previous, next) as typeof next;
    expect(shared.alerts.map((a) => a.resource)).toEqual(['three', 'two']);
    expect(shared.alerts[0]).toBe(next.alerts[0]);
    expect(shared.alerts[1]).toBe(previous.alerts[1]);
    const reordered = shareAlerts(previous, answer([two, one])) as typeof next;
    expect(reordered.alerts).not.toBe(previous.alerts);
    expect(reordered.alerts[0]).toBe(previous.alerts[1]);
    expect(reordered.alerts[1]).toBe(previous.alerts[0]);
  });

  it('keeps the list but not the answer when only the counts changed', () => {
    const previous = answer([one, two]);
    const shared = shareAlerts(previous, answer([one, two], 80)) as typeof previous;
    expect(shared).not.toBe(previous);
    expect(shared.total).toBe(80);
    expect(shared.alerts).toBe(previous.alerts);
  });

  it('keeps the environment counts answered with the page while they are equal', () => {
    const counts = (production: number) => [
      { environment: 'Development', count: 2 },
      { environment: 'Production', count: production },
    ];
    const previous = { ...answer([one]), environments: counts(3) };
    const sameCounts = shareAlerts(previous, { ...answer([two]), environments: counts(3) }) as typeof previous;
    expect(sameCounts.alerts[0]?.resource).toBe('two');
    expect(sameCounts.environments).toBe(previous.environments);
    const next = { ...answer([two]), environments: counts(4) };
    const newCounts = shareAlerts(previous, next) as typeof previous;
    expect(newCounts.environments).toBe(next.environments);
    expect(newCounts.alerts[0]).toBe(next.alerts[0]);
  });

  it('takes the new answer when there is nothing to share with', () => {
    const next = answer([one]);
    expect(shareAlerts(undefined, next)).toBe(next);
    expect(shareAlerts({ unrelated: true }, next)).toBe(next);
  });
});
