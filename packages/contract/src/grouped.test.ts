import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertFacetsResponseSchema, alertGroupedResponseSchema, isGroupByField, isGroupSort } from './grouped.js';

const group = {
  key: 'Web',
  none: false,
  count: 2,
  severityCounts: { critical: 1, major: 1 },
  statusCounts: { open: 2 },
  worstSeverity: 'critical',
  lastReceiveTime: '2026-11-27T10:15:00.120Z',
  q: 'service:"Web"',
};

describe('grouped alerts shapes (docs/api/alerts.md#get-alertsgrouped)', () => {
  it('reads two levels, the group without a value, and keeps keys it does not know', () => {
    const parsed = alertGroupedResponseSchema.parse({
      status: 'ok',
      groupBy: ['service', 'resource'],
      groupSort: 'severity',
      total: 2,
      page: 1,
      pageSize: 50,
      pages: 1,
      more: false,
      multiValued: [true, false],
      groups: [
        {
          ...group,
          subgroups: [{ ...group, key: 'web01', q: 'service:"Web" AND resource:"web01"' }],
          subgroupTotal: 1,
        },
        { ...group, key: null, none: true, q: 'NOT _exists_:service', later: true },
      ],
    });
    assert.equal(parsed.groups[0]?.subgroups?.[0]?.key, 'web01');
    assert.equal(parsed.groups[1]?.key, null);
    assert.equal((parsed.groups[1] as Record<string, unknown>).later, true);
  });

  it('refuses a group without its query or an unknown order', () => {
    const withoutQ: Partial<typeof group> = { ...group };
    delete withoutQ.q;
    const answer = {
      status: 'ok',
      groupBy: ['service'],
      groupSort: 'severity',
      total: 1,
      page: 1,
      pageSize: 50,
      more: false,
      multiValued: [true],
    };
    assert.equal(alertGroupedResponseSchema.safeParse({ ...answer, groups: [withoutQ] }).success, false);
    assert.equal(alertGroupedResponseSchema.safeParse({ ...answer, groupSort: 'age', groups: [] }).success, false);
  });

  it('names the fields and orders it groups by', () => {
    assert.equal(isGroupByField('service'), true);
    assert.equal(isGroupByField('attribute.region'), true);
    assert.equal(isGroupByField('attribute.'), false);
    assert.equal(isGroupByField('attribute.a b'), false);
    assert.equal(isGroupByField('text'), false);
    assert.equal(isGroupSort('count'), true);
    assert.equal(isGroupSort('age'), false);
  });

  it('reads the facets answer (docs/api/alerts.md#get-alertsfacets) and refuses a count that is not whole', () => {
    const facets = {
      environment: { values: [{ value: 'Production', count: 12 }], more: 0, none: 0 },
      tag: { values: [{ value: 'dc1', count: 7 }], more: 4, none: 5, extra: true },
    };
    const parsed = alertFacetsResponseSchema.parse({ status: 'ok', facets, total: 12 });
    assert.equal(parsed.facets.tag?.more, 4);
    assert.deepEqual(parsed.facets.environment?.values, [{ value: 'Production', count: 12 }]);
    assert.throws(() =>
      alertFacetsResponseSchema.parse({
        status: 'ok',
        facets: { tag: { values: [{ value: 'x', count: 1.5 }], more: 0, none: 0 } },
        total: 1,
      }),
    );
  });
});
