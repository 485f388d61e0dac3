import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatViewHash, isFilterActive, parseViewHash } from './alertsView';
import { formatDuration, safeHttpUrl, splitCaps } from '../../shared/format';
import { allowedActions } from '../../shared/alertStatus';

describe('alerts URL hash', () => {
  it('round-trips every key, with separators inside values escaped', () => {
    const view = {
      ...DEFAULT_VIEW,
      environment: 'Prod;EU',
      text: 'disk: full',
      status: ['open', 'ack'],
      customer: ['Acme, Inc'],
      service: ['Web', 'Shop'],
      group: ['Misc'],
      dateRange: [1763625600, 1763712000] as const,
      sortBy: 'attributes.region',
      descending: true,
      showPanel: true,
    };
    const hash = formatViewHash(view);
    expect(hash).toBe(
      '#environment:Prod%3BEU;text:disk%3A%20full;status:open,ack;customer:Acme%2C%20Inc;service:Web,Shop;group:Misc;' +
        'dateRange:1763625600,1763712000;sb:attributes.region;sd:1;asi:1',
    );
    expect(parseViewHash(hash)).toEqual(view);
  });

  it('reads the predecessor hash and ignores what it does not know', () => {
    expect(parseViewHash('#status:open,ack;dateRange:,;sb:default;sd:0;asi:0;bogus:1;broken')).toEqual({
      ...DEFAULT_VIEW,
      status: ['open', 'ack'],
    });
    expect(parseViewHash('#status:;dateRange:-3600,').status).toEqual([]);
    expect(parseViewHash('#dateRange:-3600,').dateRange).toEqual([-3600, null]);
  });

  it('counts a filter as active only when it differs from the default', () => {
    expect(isFilterActive(DEFAULT_VIEW, ['open', 'ack'])).toBe(false);
    expect(isFilterActive({ ...DEFAULT_VIEW, status: ['ack', 'open'] }, ['open', 'ack'])).toBe(false);
    expect(isFilterActive({ ...DEFAULT_VIEW, status: [] }, ['open', 'ack'])).toBe(true);
    expect(isFilterActive({ ...DEFAULT_VIEW, dateRange: [-3600, null] }, ['open', 'ack'])).toBe(true);
  });
});

describe('formatting', () => {
  it('writes durations as days and hh:mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(90061)).toBe('1 01:01:01');
    expect(formatDuration(-5)).toBe('00:00:00');
  });

  it('splits camel case into words', () => {
    expect(splitCaps('exceptionAlert')).toBe('Exception Alert');
    expect(splitCaps('moreSevere')).toBe('More Severe');
  });

  it('makes links only of http and https addresses', () => {
    expect(safeHttpUrl('https://example.com/x?y=1')).toBe('https://example.com/x?y=1');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
    expect(safeHttpUrl(' http://a.b ')).toBe('http://a.b/');
  });
});

describe('allowed actions', () => {
  it.each([
    ['open', ['ack', 'shelve', 'close']],
    ['NORM', ['ack', 'shelve', 'close']],
    ['ack', ['open', 'unack', 'shelve', 'close']],
    ['ACKED', ['open', 'unack', 'shelve', 'close']],
    ['shelved', ['unshelve', 'close']],
    ['closed', ['open']],
    ['expired', ['close']],
  ])('%s allows %j', (status, actions) => {
    expect(allowedActions(status)).toEqual(actions);
  });
});
