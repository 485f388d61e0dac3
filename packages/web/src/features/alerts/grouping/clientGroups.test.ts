import { ISA_18_2_MODEL } from '@alerta/contract';
import { describe, expect, it } from 'vitest';
import { makeAlert, testConfig } from '../../../test/fixtures';
import { groupPage, severityRank } from './clientGroups';

// docs/console/alert-screens.md#grouped-view: on a stock Alerta the loaded page is grouped in the browser, the way
// GET /alerts/grouped groups (docs/api/alerts.md#get-alertsgrouped).

const rank = severityRank(testConfig());
const keys = (groups: readonly { key: string | null }[]) => groups.map((g) => g.key);

describe('grouping the loaded page', () => {
  const alerts = [
    makeAlert({ resource: 'a', service: ['Web', 'Shop', 'Web'], severity: 'minor', tags: [] }),
    makeAlert({ resource: 'b', service: ['Shop'], severity: 'critical', attributes: { port: 443 } }),
    makeAlert({ resource: 'c', service: [], severity: 'major', attributes: { port: '443' } }),
    makeAlert({ resource: 'd', service: ['Web'], severity: 'minor', lastReceiveTime: '2026-11-21T00:00:00.000Z' }),
  ];

  it('counts an alert in each of its values once, the ones without a value in the group of none', () => {
    const { groups, multiValued } = groupPage(alerts, ['service'], 'severity', rank);
    expect(multiValued).toEqual([true]);
    // Worst severity first, then the larger count, the group without a value last among equals.
    expect(keys(groups)).toEqual(['Shop', null, 'Web']);
    const web = groups[2]!;
    expect(web).toMatchObject({ count: 2, severityCounts: { minor: 2 }, worstSeverity: 'minor', none: false });
    expect(web.lastReceiveTime).toBe('2026-11-21T00:00:00.000Z');
    expect(groups[1]).toMatchObject({ none: true, count: 1, worstSeverity: 'major' });
    expect(keys(groupPage(alerts, ['service'], 'count', rank).groups)).toEqual(['Shop', 'Web', null]);
    expect(keys(groupPage(alerts, ['service'], 'name', rank).groups)).toEqual(['Shop', 'Web', null]);
  });

  it('reads an attribute as text, numbers as JSON writes them, and lists every sub-group', () => {
    const { groups, multiValued } = groupPage(alerts, ['attribute.port', 'resource'], 'name', rank);
    expect(multiValued).toEqual([false, false]);
    expect(keys(groups)).toEqual(['443', null]);
    expect(keys(groups[0]!.subgroups ?? [])).toEqual(['b', 'c']);
    expect(groups[1]!.subgroupTotal).toBe(2);
  });

  it('puts the highest code first under ISA 18.2', () => {
    const isa = severityRank(
      testConfig({ alarm_model: { name: ISA_18_2_MODEL.name, severity: ISA_18_2_MODEL.severity } }),
    );
    const page = [makeAlert({ severity: 'Low', group: 'x' }), makeAlert({ severity: 'Critical', group: 'y' })];
    expect(keys(groupPage(page, ['group'], 'severity', isa).groups)).toEqual(['y', 'x']);
  });
});
