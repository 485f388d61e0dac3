import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatViewHash, hashWithGrouping, parseViewHash, savedGrouping } from '../alertsView';

// docs/console/alert-screens.md#the-url: the grouping rides in the hash after the predecessor's keys.

describe('the grouping in the address', () => {
  it('writes the fields and a non-default order last, and reads them back', () => {
    const view = { ...DEFAULT_VIEW, groupBy: ['service', 'attribute.a,b'], groupSort: 'count' as const };
    const hash = formatViewHash(view);
    expect(hash).toBe('#dateRange:,;sb:default;sd:0;asi:0;gb:service,attribute.a%2Cb;gs:count');
    expect(parseViewHash(hash)).toEqual(view);
    // Not grouped: neither key, as before.
    expect(formatViewHash(DEFAULT_VIEW)).toBe('#dateRange:,;sb:default;sd:0;asi:0');
  });

  it('keeps two distinct fields at most and ignores an unknown order', () => {
    const view = parseViewHash('#gb:service,,service,resource,event;gs:age');
    expect(view.groupBy).toEqual(['service', 'resource']);
    expect(view.groupSort).toBeNull();
  });

  it("opens a saved search's grouping, keeping the rest of the hash", () => {
    const hash = '#environment:Production;asi:0';
    expect(hashWithGrouping(hash, savedGrouping({}))).toBe(hash);
    const grouped = hashWithGrouping(hash, savedGrouping({ groupBy: ['service'], groupSort: 'name' }));
    expect(parseViewHash(grouped)).toMatchObject({
      environment: 'Production',
      groupBy: ['service'],
      groupSort: 'name',
    });
    expect(parseViewHash(hashWithGrouping(grouped, savedGrouping({}))).groupBy).toEqual([]);
    expect(savedGrouping({ groupBy: ['tag'], groupSort: 'bogus' })).toEqual({ groupBy: ['tag'], groupSort: null });
  });
});
