import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, apiClient, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/** docs/api/alerts.md#get-alertsgrouped and #get-alertsfacets, on both engines. */

interface Group {
  q: string;
  key: string | null;
  none: boolean;
  count: number;
  severityCounts: Record<string, number>;
  statusCounts: Record<string, number>;
  worstSeverity: string;
  lastReceiveTime: string;
  subgroups?: Group[];
  subgroupTotal?: number;
}

interface Grouped {
  status: string;
  message?: string;
  groupBy: string[];
  groupSort: string;
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  more: boolean;
  multiValued: boolean[];
  groups: Group[];
}

interface Facet {
  values: { value: string; count: number }[];
  more: number;
  none: number;
}

const ROOT = basic('root', 'root-password');
/** Sees the alerts of the customer Acme only. */
const ALICE = basic('alice', 'alice-password');

/** Keys and counts of a list of groups, to compare in one line. */
const keysAndCounts = (groups: readonly Group[]) => groups.map((g) => [g.key, g.count]);

forEachEngine((engine) => {
  describe('grouped alerts and facets', () => {
    let server: TestServer;
    const { call, ok } = apiClient(() => server);
    /** The lastReceiveTime of each alert, by resource. */
    const received = new Map<string, string>();

    const withQ = async (query: string, headers = ROOT): Promise<Grouped> =>
      (await ok('GET', `/alerts/grouped?${query}`, headers)) as unknown as Grouped;
    /** The answer without each group's `q`, which has a test of its own. */
    const grouped = async (query: string, headers = ROOT): Promise<Grouped> => {
      const answer = await withQ(query, headers);
      const strip = ({ q: _q, subgroups, ...group }: Group): Group =>
        ({ ...group, ...(subgroups === undefined ? {} : { subgroups: subgroups.map(strip) }) }) as Group;
      return { ...answer, groups: answer.groups.map(strip) };
    };
    const facets = async (query: string, headers = ROOT) =>
      (await ok('GET', `/alerts/facets?${query}`, headers)) as unknown as {
        status: string;
        total: number;
        facets: Record<string, Facet>;
      };
    const refused = async (url: string, mentions: RegExp) => {
      const answer = await call('GET', url, ROOT);
      assert.equal(answer.status, 400, `${url}: ${answer.raw}`);
      assert.equal(answer.body.status, 'error');
      assert.match(String(answer.body.message), mentions, url);
    };
    const newest = (...resources: string[]) =>
      resources.map((r) => received.get(r) ?? '').reduce((a, b) => (a > b ? a : b));

    before(async () => {
      server = await startTestServer(engine, {
        ADMIN_USERS: 'root',
        CUSTOMER_VIEWS: 'true',
        ALLOWED_ENVIRONMENTS: 'Production,Development,Staging',
        REQUIRE_SERVICE: 'false',
      });
      await createUser(server.store, { login: 'root', password: 'root-password', roles: [] });
      await createUser(server.store, { login: 'alice', password: 'alice-password' });
      await ok('POST', '/customer', ROOT, { match: 'alice', customer: 'Acme' });
      const send = async (fields: Record<string, unknown>) => {
        const created = await ok('POST', '/alert', ROOT, alertBody(fields));
        const alert = created.alert as { resource: string; lastReceiveTime: string };
        received.set(alert.resource, alert.lastReceiveTime);
      };
      await send({
        resource: 'web01',
        event: 'HttpError',
        service: ['Web', 'Api'],
        severity: 'critical',
        tags: ['dc1', 'linux'],
        group: 'Web',
        attributes: { region: 'eu' },
        customer: 'Acme',
      });
      await send({
        resource: 'web02',
        event: 'HttpError',
        service: ['Web'],
        severity: 'major',
        tags: ['dc1'],
        group: 'Web',
        attributes: { region: 'us' },
        customer: 'Acme',
      });
      await send({
        resource: 'api01',
        event: 'Timeout',
        service: ['Api'],
        severity: 'minor',
        status: 'ack',
        group: 'Api',
        attributes: { region: 'eu', weight: 3 },
        customer: 'Globex',
      });
      await send({
        resource: 'db01',
        event: 'DiskFull',
        environment: 'Development',
        // The server keeps tags as a set, but a service listed twice stays so: it still counts once.
        service: ['Database', 'Database'],
        severity: 'warning',
        tags: ['linux'],
        group: 'Db',
        customer: 'Globex',
      });
      await send({
        resource: 'db02',
        event: 'DiskFull',
        environment: 'Development',
        service: [],
        severity: 'warning',
        group: '',
      });
      await send({
        resource: 'mail01',
        event: 'MailQueue',
        environment: 'Staging',
        service: ['Mail'],
        severity: 'informational',
        tags: ['mail'],
        group: 'Mail',
        attributes: { region: 'us' },
      });
    });
    after(() => server.close());

    it('groups by service, an alert with two services in both and one listed twice once, worst severity first', async () => {
      const answer = await grouped('group-by=service');
      assert.equal(answer.status, 'ok');
      assert.deepEqual(answer.groupBy, ['service']);
      assert.equal(answer.groupSort, 'severity');
      assert.deepEqual(answer.multiValued, [true]);
      assert.deepEqual(
        { total: answer.total, page: answer.page, pageSize: answer.pageSize, pages: answer.pages, more: answer.more },
        { total: 5, page: 1, pageSize: 50, pages: 1, more: false },
      );
      // Api and Web both hold the critical alert and two alerts: the key decides; the group without a value comes
      // after Database, whose worst severity and count are the same.
      assert.deepEqual(keysAndCounts(answer.groups), [
        ['Api', 2],
        ['Web', 2],
        ['Database', 1],
        [null, 1],
        ['Mail', 1],
      ]);
      assert.deepEqual(answer.groups[0], {
        key: 'Api',
        none: false,
        count: 2,
        severityCounts: { critical: 1, minor: 1 },
        statusCounts: { open: 1, ack: 1 },
        worstSeverity: 'critical',
        lastReceiveTime: newest('web01', 'api01'),
      });
      assert.deepEqual(answer.groups[1], {
        key: 'Web',
        none: false,
        count: 2,
        severityCounts: { critical: 1, major: 1 },
        statusCounts: { open: 2 },
        worstSeverity: 'critical',
        lastReceiveTime: newest('web01', 'web02'),
      });
      const none = answer.groups[3];
      assert.deepEqual(
        [none?.none, none?.worstSeverity, none?.lastReceiveTime],
        [true, 'warning', received.get('db02')],
      );
      assert.ok(answer.groups.every((g) => g.subgroups === undefined && g.subgroupTotal === undefined));
    });

    it('counts an alert once per tag, and alerts without tags as none', async () => {
      const answer = await grouped('group-by=tag');
      assert.deepEqual(answer.multiValued, [true]);
      assert.deepEqual(keysAndCounts(answer.groups), [
        ['dc1', 2],
        ['linux', 2],
        [null, 2],
        ['mail', 1],
      ]);
      assert.deepEqual(answer.groups[1]?.severityCounts, { critical: 1, warning: 1 });
      assert.deepEqual(answer.groups[2]?.severityCounts, { minor: 1, warning: 1 });
      assert.equal(answer.groups[2]?.worstSeverity, 'minor');
    });

    it('puts alerts with an empty group in the group without a value', async () => {
      const answer = await grouped('group-by=group');
      assert.deepEqual(answer.multiValued, [false]);
      assert.deepEqual(keysAndCounts(answer.groups), [
        ['Web', 2],
        ['Api', 1],
        ['Db', 1],
        [null, 1],
        ['Mail', 1],
      ]);
      assert.equal(answer.groups[3]?.none, true);
    });

    it('groups by an attribute, alerts without it as none, numbers as their text', async () => {
      const region = await grouped('group-by=attribute.region');
      assert.deepEqual(region.multiValued, [false]);
      assert.deepEqual(keysAndCounts(region.groups), [
        ['eu', 2],
        ['us', 2],
        [null, 2],
      ]);
      assert.deepEqual(
        region.groups.map((g) => g.worstSeverity),
        ['critical', 'major', 'warning'],
      );
      const weight = await grouped('group-by=attribute.weight');
      assert.deepEqual(keysAndCounts(weight.groups), [
        [null, 5],
        ['3', 1],
      ]);
    });

    it('sorts by count or by name, the group without a value last', async () => {
      const byCount = await grouped('group-by=service&group-sort=count');
      assert.equal(byCount.groupSort, 'count');
      assert.deepEqual(keysAndCounts(byCount.groups), [
        ['Api', 2],
        ['Web', 2],
        ['Database', 1],
        ['Mail', 1],
        [null, 1],
      ]);
      const byName = await grouped('group-by=service&group-sort=name');
      assert.deepEqual(
        byName.groups.map((g) => g.key),
        ['Api', 'Database', 'Mail', 'Web', null],
      );
    });

    it('pages the top groups', async () => {
      const first = await grouped('group-by=service&group-sort=name&page-size=2');
      assert.deepEqual([first.total, first.page, first.pageSize, first.pages, first.more], [5, 1, 2, 3, true]);
      assert.deepEqual(
        first.groups.map((g) => g.key),
        ['Api', 'Database'],
      );
      const second = await grouped('group-by=service&group-sort=name&page-size=2&page=2');
      assert.deepEqual(
        second.groups.map((g) => g.key),
        ['Mail', 'Web'],
      );
      const last = await grouped('group-by=service&group-sort=name&page-size=2&page=3');
      assert.deepEqual([last.groups.map((g) => g.key), last.more], [[null], false]);
      const beyond = await call('GET', '/alerts/grouped?group-by=service&page-size=2&page=4', ROOT);
      assert.equal(beyond.status, 416, beyond.raw);
      const nothing = await grouped('group-by=service&environment=Nowhere');
      assert.deepEqual([nothing.total, nothing.groups, nothing.message, nothing.more], [0, [], 'not found', false]);
    });

    it('gives two levels: each top group with its first sub-groups and how many it has', async () => {
      const answer = await grouped('group-by=environment&group-by=service');
      assert.deepEqual(answer.groupBy, ['environment', 'service']);
      assert.deepEqual(answer.multiValued, [false, true]);
      assert.equal(answer.total, 3);
      assert.deepEqual(keysAndCounts(answer.groups), [
        ['Production', 3],
        ['Development', 2],
        ['Staging', 1],
      ]);
      const [production, development, staging] = answer.groups;
      assert.deepEqual(
        [keysAndCounts(production?.subgroups ?? []), production?.subgroupTotal],
        [
          [
            ['Api', 2],
            ['Web', 2],
          ],
          2,
        ],
      );
      assert.deepEqual(production?.subgroups?.[1], {
        key: 'Web',
        none: false,
        count: 2,
        severityCounts: { critical: 1, major: 1 },
        statusCounts: { open: 2 },
        worstSeverity: 'critical',
        lastReceiveTime: newest('web01', 'web02'),
      });
      assert.deepEqual(
        [keysAndCounts(development?.subgroups ?? []), development?.subgroupTotal],
        [
          [
            ['Database', 1],
            [null, 1],
          ],
          2,
        ],
      );
      assert.equal(development?.subgroups?.[1]?.none, true);
      assert.deepEqual([keysAndCounts(staging?.subgroups ?? []), staging?.subgroupTotal], [[['Mail', 1]], 1]);
      assert.deepEqual(production?.severityCounts, { critical: 1, major: 1, minor: 1 });
      assert.equal(production?.lastReceiveTime, newest('web01', 'web02', 'api01'));
      // One comma-separated value says the same.
      assert.deepEqual(await grouped('group-by=environment,service'), answer);
      const fewer = await grouped('group-by=environment,service&sub-page-size=1');
      assert.deepEqual(
        fewer.groups.map((g) => [g.key, g.subgroups?.map((s) => s.key), g.subgroupTotal]),
        [
          ['Production', ['Api'], 2],
          ['Development', ['Database'], 2],
          ['Staging', ['Mail'], 1],
        ],
      );
    });

    it('counts each top group’s alerts once when either level holds lists', async () => {
      const byTag = await grouped('group-by=tag,service');
      assert.deepEqual(byTag.multiValued, [true, true]);
      const linux = byTag.groups.find((g) => g.key === 'linux');
      assert.equal(linux?.count, 2);
      assert.deepEqual(keysAndCounts(linux?.subgroups ?? []), [
        ['Api', 1],
        ['Web', 1],
        ['Database', 1],
      ]);
      const byEnvironment = await grouped('group-by=environment,tag');
      const production = byEnvironment.groups[0];
      assert.deepEqual([production?.key, production?.count], ['Production', 3]);
      assert.deepEqual(keysAndCounts(production?.subgroups ?? []), [
        ['dc1', 2],
        ['linux', 1],
        [null, 1],
      ]);
    });

    it('pages the sub-groups of one top group with parent= and parent-none=', async () => {
      const second = await grouped('group-by=environment,service&parent=Production&page-size=1&page=2');
      assert.deepEqual([second.total, second.page, second.pageSize, second.pages, second.more], [2, 2, 1, 2, false]);
      assert.equal(second.groups.length, 1);
      const production = second.groups[0];
      assert.deepEqual(
        [production?.key, production?.count, production?.subgroupTotal, keysAndCounts(production?.subgroups ?? [])],
        ['Production', 3, 2, [['Web', 2]]],
      );
      const first = await grouped('group-by=environment,service&parent=Production&page-size=1');
      assert.deepEqual([first.more, first.groups[0]?.subgroups?.map((s) => s.key)], [true, ['Api']]);
      const none = await grouped('group-by=group,resource&parent-none=true');
      assert.equal(none.total, 1);
      assert.deepEqual(
        none.groups.map((g) => [g.key, g.none, g.count, g.subgroups?.map((s) => s.key), g.subgroupTotal]),
        [[null, true, 1, ['db02'], 1]],
      );
      const noTags = await grouped('group-by=tag,resource&parent-none=1&group-sort=name');
      assert.deepEqual(
        noTags.groups[0]?.subgroups?.map((s) => s.key),
        ['api01', 'db02'],
      );
      const missing = await grouped('group-by=environment,service&parent=Nowhere');
      assert.deepEqual([missing.total, missing.groups, missing.message], [0, [], 'not found']);
    });

    it('applies the filters and q= of GET /alerts', async () => {
      const production = await grouped('group-by=service&environment=Production');
      assert.deepEqual(keysAndCounts(production.groups), [
        ['Api', 2],
        ['Web', 2],
      ]);
      const critical = await grouped(`group-by=service&q=${encodeURIComponent('severity:critical')}`);
      assert.deepEqual(keysAndCounts(critical.groups), [
        ['Api', 1],
        ['Web', 1],
      ]);
      const notAcked = await grouped('group-by=service&status!=ack&group-sort=name');
      assert.deepEqual(keysAndCounts(notAcked.groups), [
        ['Api', 1],
        ['Database', 1],
        ['Mail', 1],
        ['Web', 2],
        [null, 1],
      ]);
    });

    it('counts only the caller’s customers’ alerts', async () => {
      const answer = await grouped('group-by=service', ALICE);
      assert.deepEqual(keysAndCounts(answer.groups), [
        ['Web', 2],
        ['Api', 1],
      ]);
      assert.deepEqual(answer.groups[1]?.statusCounts, { open: 1 });
      const byCustomer = await grouped('group-by=customer&group-sort=name');
      assert.deepEqual(keysAndCounts(byCustomer.groups), [
        ['Acme', 2],
        ['Globex', 2],
        [null, 2],
      ]);
      assert.deepEqual(keysAndCounts((await grouped('group-by=customer', ALICE)).groups), [['Acme', 2]]);
      const facetsOfAlice = await facets('fields=customer,service', ALICE);
      assert.equal(facetsOfAlice.total, 2);
      assert.deepEqual(facetsOfAlice.facets.customer, { values: [{ value: 'Acme', count: 2 }], more: 0, none: 0 });
    });

    it('gives each group and sub-group the q= that lists exactly its alerts through GET /alerts', async () => {
      const groupings = [
        'group-by=service',
        'group-by=tag',
        'group-by=group',
        'group-by=customer',
        'group-by=attribute.region',
        'group-by=attribute.weight',
        'group-by=service&group-by=resource',
        'group-by=event&group-by=tag',
        'group-by=group&group-by=attribute.region&environment=Production',
      ];
      let checked = 0;
      for (const grouping of groupings) {
        const filters = grouping.split('&').filter((part) => !part.startsWith('group-by='));
        const answer = await withQ(`${grouping}&sub-page-size=100`);
        const groups = answer.groups.flatMap((group) => [group, ...(group.subgroups ?? [])]);
        assert.ok(groups.length > 1, grouping);
        for (const group of groups) {
          const params = new URLSearchParams(filters.join('&'));
          params.set('q', group.q);
          params.set('page-size', '100');
          const listed = (await ok('GET', `/alerts?${params.toString()}`, ROOT)) as { total: number };
          assert.equal(listed.total, group.count, `${grouping}, ${String(group.key)}: ${group.q}`);
          checked += 1;
        }
      }
      assert.ok(checked > 30, `${String(checked)} groups checked`);
    });

    it('refuses bad grouping parameters with a 400 that names them', async () => {
      await refused('/alerts/grouped', /'group-by' is required/);
      await refused('/alerts/grouped?group-by=colour', /colour/);
      await refused('/alerts/grouped?group-by=value', /'value'/);
      await refused('/alerts/grouped?group-by=environment,service,resource', /one or two fields/);
      await refused('/alerts/grouped?group-by=environment&group-by=service&group-by=tag', /one or two fields/);
      await refused('/alerts/grouped?group-by=service,service', /twice/);
      await refused('/alerts/grouped?group-by=service&group-sort=random', /'group-sort'/);
      await refused(`/alerts/grouped?group-by=${encodeURIComponent('attribute.re$gion')}`, /attribute name.*re\$gion/);
      await refused('/alerts/grouped?group-by=attribute.', /attribute name/);
      await refused('/alerts/grouped?group-by=service&sub-page-size=0', /'sub-page-size'/);
      await refused('/alerts/grouped?group-by=service&sub-page-size=1001', /'sub-page-size'/);
      await refused('/alerts/grouped?group-by=service&parent=Web', /two group-by fields/);
      await refused('/alerts/grouped?group-by=service,resource&parent=Web&parent-none=true', /together/);
      await refused('/alerts/grouped?group-by=service,resource&parent-none=maybe', /'parent-none'/);
      await refused('/alerts/grouped?group-by=service,resource&parent=', /'parent'/);
      await refused('/alerts/grouped?group-by=service&page-size=0', /'page-size'/);
      await refused('/alerts/grouped?group-by=service&colour=red', /Invalid filter parameter: colour/);
      await refused('/alerts/grouped?group-by=service&fields=tag', /Invalid filter parameter: fields/);
      // The grouping parameters belong to these routes only.
      await refused('/alerts?group-sort=count', /Invalid filter parameter: group-sort/);
      await refused('/alerts/count?parent=Web', /Invalid filter parameter: parent/);
      await refused('/environments?sub-page-size=2', /Invalid filter parameter: sub-page-size/);
    });

    it('counts the most common values of each field, with how many more there are and how many have none', async () => {
      const answer = await facets('');
      assert.equal(answer.status, 'ok');
      assert.equal(answer.total, 6);
      assert.deepEqual(Object.keys(answer.facets), [
        'environment',
        'service',
        'resource',
        'event',
        'group',
        'origin',
        'tag',
      ]);
      assert.deepEqual(answer.facets.environment, {
        values: [
          { value: 'Production', count: 3 },
          { value: 'Development', count: 2 },
          { value: 'Staging', count: 1 },
        ],
        more: 0,
        none: 0,
      });
      assert.deepEqual(answer.facets.service, {
        values: [
          { value: 'Api', count: 2 },
          { value: 'Web', count: 2 },
          { value: 'Database', count: 1 },
          { value: 'Mail', count: 1 },
        ],
        more: 0,
        none: 1,
      });
      assert.deepEqual(answer.facets.tag, {
        values: [
          { value: 'dc1', count: 2 },
          { value: 'linux', count: 2 },
          { value: 'mail', count: 1 },
        ],
        more: 0,
        none: 2,
      });
      assert.deepEqual(answer.facets.group?.none, 1);
      assert.equal(answer.facets.resource?.values.length, 6);

      const limited = await facets('fields=service,tag&limit=1');
      assert.deepEqual(Object.keys(limited.facets), ['service', 'tag']);
      assert.deepEqual(limited.facets.service, { values: [{ value: 'Api', count: 2 }], more: 3, none: 1 });
      assert.deepEqual(limited.facets.tag, { values: [{ value: 'dc1', count: 2 }], more: 2, none: 2 });

      const customers = await facets('fields=customer&fields=severity,status');
      assert.deepEqual(customers.facets.customer, {
        values: [
          { value: 'Acme', count: 2 },
          { value: 'Globex', count: 2 },
        ],
        more: 0,
        none: 2,
      });
      assert.deepEqual(customers.facets.status?.values, [
        { value: 'open', count: 5 },
        { value: 'ack', count: 1 },
      ]);
      assert.equal(customers.facets.severity?.values.length, 5);

      const development = await facets(`fields=environment&q=${encodeURIComponent('environment:Development')}`);
      assert.equal(development.total, 2);
      assert.deepEqual(development.facets.environment?.values, [{ value: 'Development', count: 2 }]);
      const nothing = await facets('environment=Nowhere&fields=tag');
      assert.deepEqual(nothing, { status: 'ok', facets: { tag: { values: [], more: 0, none: 0 } }, total: 0 });
    });

    it('refuses bad facet parameters with a 400 that names them', async () => {
      await refused('/alerts/facets?fields=colour', /colour/);
      await refused('/alerts/facets?fields=service,attribute.region', /attribute\.region/);
      await refused('/alerts/facets?fields=', /Facet field/);
      await refused('/alerts/facets?limit=0', /'limit'/);
      await refused('/alerts/facets?limit=101', /'limit'/);
      await refused('/alerts/facets?limit=ten', /'limit'/);
      await refused('/alerts/facets?group-sort=count', /Invalid filter parameter: group-sort/);
      await refused('/alerts/facets?parent=Web', /Invalid filter parameter: parent/);
      await refused('/alerts/facets?colour=red', /Invalid filter parameter: colour/);
      await refused('/alerts/count?fields=tag', /Invalid filter parameter: fields/);
    });
  });
});
