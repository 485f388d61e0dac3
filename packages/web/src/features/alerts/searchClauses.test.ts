import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW } from './alertsView';
import { filterChips } from './filterChips';
import { readClause, searchClauses, type ValueFilter } from './searchClauses';
import { applyValueFilter, narrowSearch, valueClause } from './valueFilters';

// docs/console/alert-screens.md#facets: value filters are clauses of the search.

describe('value filters as clauses of the search', () => {
  it('writes a value, its exclusion and the alerts without a value as the server matches its groups', () => {
    expect(valueClause('resource', 'web01', false)).toBe('resource:["web01" TO "web01"]');
    expect(valueClause('resource', 'web01', true)).toBe('NOT resource:["web01" TO "web01"]');
    expect(valueClause('tag', 'linux', false)).toBe('tags:["linux" TO "linux"]');
    expect(valueClause('origin', null, false)).toBe('NOT origin:{"" TO *]');
    expect(valueClause('origin', null, true)).toBe('origin:{"" TO *]');
    expect(valueClause('event', 'say "hi" \\o/', false)).toBe('event:["say \\"hi\\" \\\\o/" TO "say \\"hi\\" \\\\o/"]');
  });

  it('reads back what it writes, and nothing else', () => {
    const filters: ValueFilter[] = [
      { field: 'resource', value: 'web01', exclude: false },
      { field: 'tag', value: 'a "b" \\c', exclude: true },
      { field: 'service', value: null, exclude: false },
      { field: 'group', value: null, exclude: true },
    ];
    for (const filter of filters) {
      expect(readClause(valueClause(filter.field, filter.value, filter.exclude))).toEqual(filter);
    }
    expect(readClause('resource:web01')).toBeNull();
    expect(readClause('resource:["a" TO "b"]')).toBeNull();
    expect(readClause('(resource:["a" TO "a"])')).toBeNull();
  });

  it('splits a search into the operands of its top-level AND, and keeps any other shape whole', () => {
    expect(searchClauses(null)).toEqual([]);
    expect(searchClauses('  ')).toEqual([]);
    expect(searchClauses('disk')).toEqual(['disk']);
    expect(searchClauses('a AND b && c')).toEqual(['a', 'b', 'c']);
    expect(searchClauses('(a OR b) AND NOT c')).toEqual(['(a OR b)', 'NOT c']);
    // `a NOT b` is `a AND NOT b`.
    expect(searchClauses('a NOT b')).toEqual(['a', 'NOT b']);
    expect(searchClauses('resource:["x y" TO "x y"] AND text:"disk full"')).toEqual([
      'resource:["x y" TO "x y"]',
      'text:"disk full"',
    ]);
    expect(searchClauses('text:/a b/ AND c')).toEqual(['text:/a b/', 'c']);
    expect(searchClauses('path:a\\ b AND c')).toEqual(['path:a\\ b', 'c']);
    // Side by side is an OR; an OR binds looser than AND.
    expect(searchClauses('disk full')).toBeNull();
    expect(searchClauses('a OR b AND c')).toBeNull();
    expect(searchClauses('a AND')).toBeNull();
    expect(searchClauses('(a AND b')).toBeNull();
    expect(searchClauses('text:"open')).toBeNull();
  });

  it('adds a value filter, takes it off on a second click, and lets its opposite give way', () => {
    const web = { field: 'resource', value: 'web01', exclude: false };
    const once = applyValueFilter(null, web);
    expect(once).toBe('resource:["web01" TO "web01"]');
    const two = applyValueFilter(`disk AND ${once ?? ''}`, { field: 'tag', value: 'eu', exclude: true });
    expect(two).toBe('disk AND resource:["web01" TO "web01"] AND NOT tags:["eu" TO "eu"]');
    expect(applyValueFilter(two, web)).toBe('disk AND NOT tags:["eu" TO "eu"]');
    expect(applyValueFilter(once, { ...web, exclude: true })).toBe('NOT resource:["web01" TO "web01"]');
    expect(applyValueFilter(once, web)).toBeNull();
    // A search of another shape stays whole.
    expect(applyValueFilter('a OR b', web)).toBe('(a OR b) AND resource:["web01" TO "web01"]');
  });

  it("narrows the search by a group's query, clause by clause", () => {
    const group = 'service:["Web" TO "Web"] AND NOT resource:{"" TO *]';
    expect(narrowSearch(null, group)).toBe(group);
    expect(narrowSearch('disk', group)).toBe(`disk AND ${group}`);
    expect(narrowSearch(group, group)).toBe(group);
    expect(narrowSearch('a OR b', group)).toBe(`(a OR b) AND (${group})`);
  });

  it('shows each clause of such a search as a chip of its own (docs/console/alert-screens.md#filter-chips)', () => {
    const q = 'disk AND resource:["web01" TO "web01"] AND NOT tags:["eu" TO "eu"] AND NOT origin:{"" TO *]';
    const chips = filterChips(DEFAULT_VIEW, q, ['open', 'ack']);
    expect(chips.map((chip) => [chip.nameKey, chip.value])).toEqual([
      ['alerts.chip.search', { text: 'disk' }],
      ['alerts.column.resource', { text: 'web01' }],
      ['alerts.column.tags', { not: 'eu' }],
      ['alerts.column.origin', { preset: 'alerts.grouping.none' }],
    ]);
    expect(chips[1]?.remove).toEqual({ search: 'disk AND NOT tags:["eu" TO "eu"] AND NOT origin:{"" TO *]' });
    // One plain clause, or a search of another shape, stays one chip that clears the search.
    for (const whole of ['disk', 'disk OR full AND x']) {
      expect(filterChips(DEFAULT_VIEW, whole, ['open', 'ack']).map((chip) => chip.remove)).toEqual([
        { clearSearch: true },
      ]);
    }
    // A lone value filter is a chip that names its field; removing it leaves no search.
    expect(filterChips(DEFAULT_VIEW, 'severity:["major" TO "major"]', ['open', 'ack'])).toEqual([
      {
        key: 'q:severity:["major" TO "major"]',
        nameKey: 'alerts.column.severity',
        value: { text: 'major' },
        remove: { search: null },
      },
    ]);
  });
});
