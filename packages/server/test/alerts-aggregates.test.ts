import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface TopRow {
  count: number;
  duplicateCount: number;
  environments: string[];
  services: string[];
  resources: { id: string; resource: string; href: string }[];
  [group: string]: unknown;
}

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');

  const get = async (path: string, status = 200): Promise<Record<string, unknown>> => {
    const response = await server.app.inject({ method: 'GET', url: `/api${path}`, headers: admin });
    assert.equal(response.statusCode, status, `${path}: ${response.body}`);
    return body(response);
  };
  const send = async (overrides: Record<string, unknown>): Promise<void> => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: admin,
      payload: alertBody(overrides),
    });
    assert.equal(response.statusCode, 201, response.body);
  };

  before(async () => {
    server = await startTestServer(engine, {
      ALLOWED_ENVIRONMENTS: 'Production,Development,Staging',
      REQUIRE_SERVICE: 'false',
    });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    const web01 = { resource: 'web01', event: 'HttpError', environment: 'Production', service: ['Website'] };
    await send({ ...web01, severity: 'major' });
    await send({ ...web01, severity: 'critical' }); // a severity change
    await send({ ...web01, severity: 'critical' }); // then a duplicate
    await send({ resource: 'web02', event: 'HttpError', service: ['Website', 'Api'], severity: 'minor', group: 'Web' });
    await send({
      resource: 'db01',
      event: 'DiskFull',
      environment: 'Development',
      service: ['Database'],
      severity: 'warning',
      tags: ['db', 'linux'],
      group: 'Database',
    });
    await send({ resource: 'db02', event: 'DiskFull', environment: 'Development', service: [], severity: 'warning' });
    await send({
      resource: 'web03',
      event: 'HttpError',
      environment: 'Staging',
      service: ['Website'],
      severity: 'major',
      tags: ['linux'],
      status: 'ack',
    });
  });
  after(() => server.close());

  it('counts matching alerts by severity and status', async () => {
    assert.deepEqual(await get('/alerts/count'), {
      status: 'ok',
      total: 5,
      severityCounts: { critical: 1, major: 1, minor: 1, warning: 2 },
      statusCounts: { ack: 1, open: 4 },
      autoRefresh: true,
    });
    const production = await get('/alerts/count?environment=Production');
    assert.equal(production.total, 2);
    assert.deepEqual(production.severityCounts, { critical: 1, minor: 1 });
  });

  it('ranks events by alert count, each alert counted once, 10 rows by default', async () => {
    const result = await get('/alerts/top10/count');
    const top = result.top10 as TopRow[];
    assert.equal(result.total, 2);
    assert.equal(top[0]?.event, 'HttpError');
    assert.equal(top[0]?.count, 3);
    assert.equal(top[0]?.duplicateCount, 1);
    assert.deepEqual(top[0]?.environments, ['Production', 'Staging']);
    assert.deepEqual(top[0]?.services, ['Api', 'Website']);
    assert.deepEqual(top[0]?.resources.map((r) => r.resource).sort(), ['web01', 'web02', 'web03']);
    assert.match(top[0]?.resources[0]?.href ?? '', /\/api\/alert\/[0-9a-f-]{36}$/);
    // An alert without services still counts.
    assert.deepEqual(
      { event: top[1]?.event, count: top[1]?.count, services: top[1]?.services },
      { event: 'DiskFull', count: 2, services: ['Database'] },
    );
    assert.deepEqual(await get('/alerts/topn/count'), result);
  });

  it('groups by the first group-by field, takes N from page-size and filters like /alerts', async () => {
    const byResource = (await get('/alerts/top10/count?group-by=resource&group-by=event')).top10 as TopRow[];
    assert.equal(byResource.length, 5);
    assert.ok(byResource.every((row) => typeof row.resource === 'string' && row.count === 1));
    assert.equal(((await get('/alerts/top10/count?group-by=resource&page-size=2')).top10 as TopRow[]).length, 2);
    const staging = (await get('/alerts/top10/count?environment=Staging')).top10 as TopRow[];
    assert.deepEqual(
      staging.map((r) => [r.event, r.count]),
      [['HttpError', 1]],
    );
    await get('/alerts/top10/count?group-by=colour', 400);
  });

  it('lists only alerts that changed severity as flapping and standing', async () => {
    for (const kind of ['flapping', 'standing']) {
      for (const prefix of ['top10', 'topn']) {
        const top = (await get(`/alerts/${prefix}/${kind}`)).top10 as TopRow[];
        assert.deepEqual(
          top.map((r) => [r.event, r.count, r.resources.map((x) => x.resource)]),
          [['HttpError', 1, ['web01']]],
          `${prefix}/${kind}`,
        );
      }
    }
    assert.deepEqual((await get('/alerts/top10/flapping?environment=Staging')).top10, []);
  });

  it('lists history entries of matching alerts, newest first, with alert fields', async () => {
    const result = await get('/alerts/history?resource=web01');
    const history = result.history as Record<string, unknown>[];
    assert.equal(result.total, history.length);
    assert.ok(history.length >= 2);
    const times = history.map((h) => h.updateTime as string);
    assert.deepEqual(times, [...times].sort().reverse());
    const newest = history[0] ?? {};
    assert.equal(newest.resource, 'web01');
    assert.equal(newest.environment, 'Production');
    assert.deepEqual(newest.service, ['Website']);
    assert.equal(newest.severity, 'critical');
    assert.equal(newest.type, 'severity');
    assert.match(newest.href as string, /\/api\/alert\//);
    for (const key of ['group', 'tags', 'attributes', 'origin', 'customer', 'user', 'timeout', 'text', 'event', 'id']) {
      assert.ok(key in newest, key);
    }
    assert.ok(!('value' in newest), 'value only when set');
    const all = await get('/alerts/history?page-size=2');
    assert.equal((all.history as unknown[]).length, 2);
    assert.deepEqual((await get('/alerts/history?resource=nothing')).history, []);
  });

  it('lists every environment with counts that honour the filter, paged', async () => {
    const all = await get('/environments');
    assert.deepEqual(all.environments, [
      { environment: 'Development', count: 2, severityCounts: { warning: 2 }, statusCounts: { open: 2 } },
      {
        environment: 'Production',
        count: 2,
        severityCounts: { critical: 1, minor: 1 },
        statusCounts: { open: 2 },
      },
      { environment: 'Staging', count: 1, severityCounts: { major: 1 }, statusCounts: { ack: 1 } },
    ]);
    assert.deepEqual([all.total, all.page, all.pages, all.more], [3, 1, 1, false]);
    const open = (await get('/environments?status=open')).environments as { environment: string; count: number }[];
    assert.deepEqual(
      open.map((e) => [e.environment, e.count]),
      [
        ['Development', 2],
        ['Production', 2],
        ['Staging', 0],
      ],
    );
    const second = await get('/environments?page-size=1&page=2');
    assert.deepEqual(
      [(second.environments as { environment: string }[])[0]?.environment, second.pages, second.more],
      ['Production', 3, true],
    );
    await get('/environments?page-size=1&page=4', 416);
  });

  it('answers the environment counts with a page of GET /alerts when asked, as GET /environments does', async () => {
    const query = 'status=open&severity=warning&severity=critical&sort-by=resource';
    const separately = await get(`/environments?${query}`);
    for (const environment of ['', '&environment=Development', '&environment=Nowhere']) {
      const page = await get(`/alerts?${query}${environment}&page-size=1&show-environments=true`);
      assert.deepEqual(page.environments, separately.environments, environment);
    }
    const page = await get(`/alerts?${query}&environment=Development&page-size=1&show-environments=true`);
    assert.deepEqual(
      [page.total, (page.alerts as { resource: string }[]).map((a) => a.resource)],
      [2, ['db01']],
      'the page keeps its own environment',
    );
    assert.deepEqual(
      (separately.environments as { environment: string; count: number }[]).map((e) => [e.environment, e.count]),
      [
        ['Development', 2],
        ['Production', 1],
        ['Staging', 0],
      ],
    );
    assert.equal((await get('/config')).list_environments, true, 'GET /config says so');
    for (const off of ['', '&show-environments=false']) {
      assert.ok(!('environments' in (await get(`/alerts?${query}${off}`))), `without it: ${off}`);
    }
  });

  it('lists every environment and service pair, and groups and tags with counts', async () => {
    const services = (await get('/services?severity=major')).services as Record<string, unknown>[];
    assert.deepEqual(
      services.map((s) => [s.environment, s.service, s.count]),
      [
        ['Development', 'Database', 0],
        ['Production', 'Api', 0],
        ['Production', 'Website', 0],
        ['Staging', 'Website', 1],
      ],
    );
    const website = (await get('/services')).services as Record<string, unknown>[];
    assert.deepEqual(website[2], {
      environment: 'Production',
      service: 'Website',
      count: 2,
      severityCounts: { critical: 1, minor: 1 },
      statusCounts: { open: 2 },
    });
    const groups = await get('/alerts/groups');
    assert.deepEqual(groups.groups, [
      { environment: 'Development', group: 'Database', count: 1 },
      { environment: 'Development', group: 'Misc', count: 1 },
      { environment: 'Production', group: 'Misc', count: 1 },
      { environment: 'Production', group: 'Web', count: 1 },
      { environment: 'Staging', group: 'Misc', count: 1 },
    ]);
    assert.equal(groups.total, 5);
    const tags = await get('/alerts/tags');
    assert.deepEqual(tags.tags, [
      { environment: 'Development', tag: 'db', count: 1 },
      { environment: 'Development', tag: 'linux', count: 1 },
      { environment: 'Staging', tag: 'linux', count: 1 },
    ]);
    assert.deepEqual((await get('/alerts/tags?environment=Staging')).tags, [
      { environment: 'Staging', tag: 'linux', count: 1 },
    ]);
  });

  it('describes a count of alerts as an oEmbed card, with the URL filters and the title escaped', async () => {
    const url = encodeURIComponent('https://alerta.example/api/alerts/count?environment=Production');
    const title = encodeURIComponent('<b>Prod</b> & "web"');
    const card = await get(`/oembed?url=${url}&title=${title}&maxwidth=300`);
    assert.equal(card.version, '1.0');
    assert.equal(card.type, 'rich');
    assert.equal(card.title, '<b>Prod</b> & "web"');
    assert.equal(card.provider_name, 'Alerta');
    assert.equal(card.width, 300);
    assert.equal(
      card.html,
      '<div class="alerta-oembed alerta-critical"><span class="alerta-oembed-title">' +
        '&#60;b&#62;Prod&#60;/b&#62; &#38; &#34;web&#34;</span> <span class="alerta-oembed-count">2</span></div>',
    );
    const json = await get(`/oembed.json?url=${encodeURIComponent('https://alerta.example/api/alerts/count')}`);
    assert.match(String(json.html), /alerta-oembed-count">5</);
  });

  it('refuses oEmbed requests for other URLs, formats and parameters', async () => {
    const count = encodeURIComponent('https://alerta.example/api/alerts/count');
    for (const [path, message] of [
      [
        `/oembed?url=${encodeURIComponent('https://alerta.example/api/alerts')}`,
        "oEmbed is only supported for '/alerts/count', not '/api/alerts'",
      ],
      ['/oembed?url=not-a-url', "'url' must be an absolute URL"],
      ['/oembed', "'url' is required"],
      [`/oembed.xml?url=${count}`, "oEmbed format 'xml' is not supported, only json"],
      [`/oembed?url=${count}&colour=red`, 'unknown parameter: colour'],
      [`/oembed?url=${count}&maxwidth=wide`, "'maxwidth' and 'maxheight' must be whole numbers of pixels"],
      [`/oembed?url=${encodeURIComponent('https://alerta.example/api/alerts/count?status=nonsense&q=(')}`, undefined],
    ] as const) {
      const refused = await get(path, 400);
      assert.equal(refused.status, 'error');
      if (message !== undefined) assert.equal(refused.message, message);
    }
  });
});
