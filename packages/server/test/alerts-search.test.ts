import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

/** Five alerts whose fields differ enough to tell every filter and q= construct apart. */
const FIXTURES = [
  {
    resource: 'web01',
    event: 'HttpError',
    environment: 'Production',
    service: ['Website'],
    severity: 'major',
    text: 'disk full on /var',
    tags: ['linux', 'web'],
    attributes: { region: 'eu', tier: 1 },
    group: 'Web',
    value: '500',
    timeout: 100,
  },
  {
    resource: 'web02',
    event: 'HttpError',
    environment: 'Production',
    service: ['Website', 'Api'],
    severity: 'critical',
    text: 'Disk almost full',
    tags: ['linux'],
    attributes: { region: 'us' },
    group: 'Web',
  },
  {
    resource: 'db01',
    event: 'DiskFull',
    environment: 'Development',
    service: ['Database'],
    severity: 'minor',
    text: 'quick brown fox',
    tags: ['db'],
    attributes: { region: 'eu' },
    group: 'Database',
    timeout: 300,
  },
  {
    resource: 'db02',
    event: 'NodeDown',
    environment: 'Development',
    service: ['Database'],
    severity: 'warning',
    text: 'node down',
    tags: [],
    correlate: ['NodeDown', 'NodeUp'],
    group: 'Database',
  },
  {
    resource: 'cache01',
    event: 'NodeUp',
    environment: 'Staging',
    service: ['Cache'],
    severity: 'informational',
    text: 'the quack brown dog',
    tags: ['cache', 'linux'],
    status: 'ack',
    group: 'Cache',
  },
];

interface Listed {
  total: number;
  alerts: { id: string; resource: string; status: string; attributes: Record<string, unknown> }[];
}

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');
  const ids = new Map<string, string>();

  const get = (query: string) => server.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers: admin });

  /** The resources a query finds, sorted. */
  const found = async (query: string): Promise<string[]> => {
    const response = await get(`${query}${query.includes('?') ? '&' : '?'}page-size=100`);
    assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
    return (body(response) as unknown as Listed).alerts.map((a) => a.resource).sort();
  };
  const q = (text: string, extra = ''): Promise<string[]> => found(`?q=${encodeURIComponent(text)}${extra}`);

  const rejected = async (query: string, message: string | RegExp): Promise<string[] | null> => {
    const response = await get(query);
    assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
    const error = body(response) as { message: string; errors: string[] | null };
    if (typeof message === 'string') assert.equal(error.message, message);
    else assert.match(error.message, message);
    return error.errors;
  };

  before(async () => {
    server = await startTestServer(engine, { ALLOWED_ENVIRONMENTS: 'Production,Development,Staging' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    for (const [i, fixture] of FIXTURES.entries()) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: admin,
        payload: alertBody({ ...fixture, createTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
      });
      assert.equal(response.statusCode, 201, response.body);
      ids.set(fixture.resource, (body(response) as { id: string }).id);
    }
  });
  after(() => server.close());

  describe('field filters (docs/api/alerts.md)', () => {
    it('matches one value exactly, ~ as a case-insensitive substring, ! negating either', async () => {
      assert.deepEqual(await found('?resource=web01'), ['web01']);
      assert.deepEqual(await found('?resource=WEB01'), []);
      assert.deepEqual(await found('?resource=~WEB'), ['web01', 'web02']);
      assert.deepEqual(await found('?resource!=web01'), ['cache01', 'db01', 'db02', 'web02']);
      assert.deepEqual(await found('?resource!=~web'), ['cache01', 'db01', 'db02']);
      assert.deepEqual(await found('?text=~%25'), []);
    });

    it('takes several values as IN, or as one regex alternation when any has ~', async () => {
      assert.deepEqual(await found('?resource=web01&resource=db01'), ['db01', 'web01']);
      assert.deepEqual(await found('?resource!=web01&resource!=db01'), ['cache01', 'db02', 'web02']);
      assert.deepEqual(await found('?resource=~%5EWEB&resource=db01'), ['db01', 'web01', 'web02']);
      assert.deepEqual(await found('?resource!=~%5Eweb&resource!=db01'), ['cache01', 'db02']);
      assert.deepEqual(await found('?environment=Staging&environment=~%5Edev'), ['cache01', 'db01', 'db02']);
      await rejected('?resource=~(a%2B)%2B&resource=x', 'Invalid filter parameter: resource');
    });

    it('matches services by overlap, tags by containment and correlate by membership', async () => {
      assert.deepEqual(await found('?service=Api'), ['web02']);
      assert.deepEqual(await found('?service=Cache&service=Api'), ['cache01', 'web02']);
      assert.deepEqual(await found('?service!=Website'), ['cache01', 'db01', 'db02']);
      assert.deepEqual(await found('?tag=linux'), ['cache01', 'web01', 'web02']);
      assert.deepEqual(await found('?tag=db&tag=cache'), ['cache01', 'db01']);
      assert.deepEqual(await found('?tag!=linux'), ['db01', 'db02']);
      assert.deepEqual(await found('?correlate=NodeUp'), ['db02']);
    });

    it('matches attributes, counts, repeat, timeout and dates', async () => {
      assert.deepEqual(await found('?attributes.region=eu'), ['db01', 'web01']);
      assert.deepEqual(await found('?attributes.region!=eu'), ['cache01', 'db02', 'web02']);
      assert.deepEqual(await found('?attributes.region=~U'), ['db01', 'web01', 'web02']);
      assert.equal((await found('?duplicateCount=0')).length, 5);
      assert.deepEqual(await found('?duplicateCount=1'), []);
      assert.equal((await found('?repeat=false')).length, 5);
      assert.deepEqual(await found('?repeat=true'), []);
      assert.deepEqual(await found('?timeout=100'), ['web01']);
      assert.deepEqual(await found('?timeout!=100&timeout!=300'), ['cache01', 'db02', 'web02']);
      assert.deepEqual(await found('?createTime=2026-01-01T00:02:00.000Z'), ['db01']);
      assert.deepEqual(await found('?createTime=~T00:03'), ['db02']);
      await rejected('?createTime=yesterday', 'dates must be ISO 8601 date format YYYY-MM-DDThh:mm:ss.sssZ');
      assert.deepEqual(await found('?status=ack'), ['cache01']);
      assert.deepEqual(await found('?group=Database&environment=Development'), ['db01', 'db02']);
    });

    it('finds alerts by id prefixes', async () => {
      const web01 = ids.get('web01') ?? '';
      const db01 = ids.get('db01') ?? '';
      assert.deepEqual(await found(`?id=${web01.slice(0, 8)}`), ['web01']);
      assert.deepEqual(await found(`?id=${web01}&id=${db01.slice(0, 6)}`), ['db01', 'web01']);
      assert.deepEqual(await found('?id=zzzz'), []);
    });

    it('limits lastReceiveTime with from-date and to-date', async () => {
      const past = '2020-01-01T00:00:00.000Z';
      const future = new Date(Date.now() + 3_600_000).toISOString();
      assert.equal((await found(`?from-date=${past}`)).length, 5);
      assert.deepEqual(await found(`?to-date=${past}`), []);
      assert.deepEqual(await found(`?from-date=${future}`), []);
      assert.equal((await found('?to-date=not-a-date')).length, 5);
    });

    it('refuses an unknown parameter by name', async () => {
      await rejected('?colour=red', 'Invalid filter parameter: colour');
      await rejected('?attributes.=x', 'Invalid filter parameter: attributes.');
    });
  });

  describe('sort-by (docs/api/alerts.md)', () => {
    const order = async (query: string) => {
      const response = await get(`${query}&page-size=100`);
      assert.equal(response.statusCode, 200, response.body);
      return (body(response) as unknown as Listed).alerts.map((a) => a.resource);
    };

    it('accepts every sortable field, attributes.<key> and tags', async () => {
      const fields = [
        'resource',
        'event',
        'environment',
        'severity',
        'correlate',
        'status',
        'service',
        'group',
        'value',
        'text',
        'origin',
        'type',
        'createTime',
        'timeout',
        'rawData',
        'customer',
        'duplicateCount',
        'repeat',
        'previousSeverity',
        'trendIndication',
        'receiveTime',
        'lastReceiveId',
        'lastReceiveTime',
        'updateTime',
        'tags',
        'attributes.region',
      ];
      for (const field of fields) {
        for (const key of [field, `-${field}`]) {
          assert.equal((await get(`?sort-by=${key}`)).statusCode, 200, key);
        }
      }
      await rejected('?sort-by=tag', "Sorting by 'tag' field not supported.");
      await rejected('?sort-by=-colour', "Sorting by 'colour' field not supported.");
    });

    it('sorts text ascending, times newest first, status by its letter, and - reverses', async () => {
      assert.deepEqual(await order('?sort-by=resource'), ['cache01', 'db01', 'db02', 'web01', 'web02']);
      assert.deepEqual(await order('?sort-by=-resource'), ['web02', 'web01', 'db02', 'db01', 'cache01']);
      assert.deepEqual(await order('?sort-by=createTime'), ['cache01', 'db02', 'db01', 'web02', 'web01']);
      assert.deepEqual(await order('?sort-by=-createTime'), ['web01', 'web02', 'db01', 'db02', 'cache01']);
      assert.equal((await order('?sort-by=-status&sort-by=resource'))[0], 'cache01');
      assert.deepEqual(await order('?sort-by=status&sort-by=-resource'), ['web02', 'web01', 'db02', 'db01', 'cache01']);
      assert.deepEqual(await order('?sort-by=severity'), ['web02', 'web01', 'db01', 'db02', 'cache01']);
      assert.deepEqual(await order('?sort-by=timeout&sort-by=resource'), ['web01', 'db01', 'cache01', 'db02', 'web02']);
      const byRegion = (await order('?sort-by=attributes.region&sort-by=resource')).filter((r) =>
        ['web01', 'web02', 'db01'].includes(r),
      );
      assert.deepEqual(byRegion, ['db01', 'web01', 'web02']);
    });

    it('answers 416 outside the pages, and 200 for an empty result', async () => {
      for (const page of ['0', '-1', '6']) {
        const response = await get(`?page=${page}&page-size=1`);
        assert.equal(response.statusCode, 416, page);
        assert.equal(body(response).message, 'page out of range: 1-5');
      }
      assert.equal((await get('?page=5&page-size=1')).statusCode, 200);
      assert.equal((await get('?limit=2&page=3')).statusCode, 200);
      assert.equal((await get('?limit=2&page=4')).statusCode, 416);
      assert.equal((await get('?status=closed&page=2')).statusCode, 200);
    });
  });

  describe('q= (docs/api/query-language.md)', () => {
    it('matches words as substrings, phrases as whole words, wildcards and regular expressions', async () => {
      assert.deepEqual(await q('disk'), ['web01', 'web02']);
      assert.deepEqual(await q('DISK'), ['web01', 'web02']);
      assert.deepEqual(await q('"disk full"'), ['web01']);
      assert.deepEqual(await q('"own"'), []);
      assert.deepEqual(await q('qu?ck'), ['cache01', 'db01']);
      assert.deepEqual(await q('bro*'), ['cache01', 'db01']);
      assert.deepEqual(await q('/^node/'), ['db02']);
      assert.deepEqual(await q('resource:/^WEB0[12]$/'), ['web01', 'web02']);
    });

    it('counts a text search exactly as it lists it, whatever the case', async () => {
      // On PostgreSQL a search of the text is counted from the lower-case copy (search-table.ts), a range of it from
      // the alerts.
      for (const text of [
        'disk',
        'DISK',
        'dIsK fUlL',
        '"DISK FULL"',
        'QU?CK',
        '/^NODE/',
        'disk AND NOT Full',
        'FOX OR full',
        'DISK AND resource:web01',
        'FULL OR status:ack',
        'text:[A TO m]',
        'text:{disk TO fox]',
        '%',
        '_',
        '\\\\',
      ]) {
        for (const extra of ['', '&status=open', '&environment=Production']) {
          const response = await get(`?q=${encodeURIComponent(text)}${extra}&page-size=100`);
          assert.equal(response.statusCode, 200, response.body);
          const listed = body(response) as unknown as Listed;
          assert.equal(listed.total, listed.alerts.length, `${text}${extra}`);
        }
      }
      assert.deepEqual(await q('dIsK fUlL'), ['web01', 'web02']);
      assert.deepEqual(await q('FOX OR full'), ['db01', 'web01', 'web02']);
    });

    it('searches q.df instead of text', async () => {
      assert.deepEqual(await q('web*', '&q.df=resource'), ['web01', 'web02']);
      assert.deepEqual(await q('eu', '&q.df=attributes.region'), ['db01', 'web01']);
    });

    it('compares ranges as numbers on numeric fields and as text elsewhere', async () => {
      assert.deepEqual(await q('timeout:[100 TO 300]'), ['db01', 'web01']);
      assert.deepEqual(await q('timeout:{100 TO 300]'), ['db01']);
      assert.deepEqual(await q('timeout:<300'), ['web01']);
      assert.deepEqual(await q('timeout:>=86400'), ['cache01', 'db02', 'web02']);
      assert.deepEqual(await q('resource:[db01 TO db02]'), ['db01', 'db02']);
      assert.deepEqual(await q('resource:{db01 TO db02]'), ['db02']);
      assert.deepEqual(await q('resource:[* TO cache01]'), ['cache01']);
      assert.deepEqual(await q('createTime:[2026-01-01T00:02:00.000Z TO *]'), ['cache01', 'db01', 'db02']);
      assert.deepEqual(await q('create_time:{2026-01-01T00:02:00.000Z TO *]'), ['cache01', 'db02']);
      assert.deepEqual(await q('duplicateCount:0 AND duplicate_count:[0 TO 0]'), await found(''));
      assert.deepEqual(await q('repeat:false AND NOT repeat:true'), await found(''));
    });

    it('matches list fields by membership and attributes by key', async () => {
      assert.deepEqual(await q('tags:linux'), ['cache01', 'web01', 'web02']);
      assert.deepEqual(await q('tags:lin'), []);
      assert.deepEqual(await q('tag:/^we/'), ['web01']);
      assert.deepEqual(await q('service:Api'), ['web02']);
      assert.deepEqual(await q('correlate:NodeUp'), ['db02']);
      assert.deepEqual(await q('_exists_:region'), ['db01', 'web01', 'web02']);
      assert.deepEqual(await q('NOT _exists_:region'), ['cache01', 'db02']);
      assert.deepEqual(await q('attributes.region:eu'), ['db01', 'web01']);
      assert.deepEqual(await q('_.region:us'), ['web02']);
      assert.deepEqual(await q('attributes.tier:1'), ['web01']);
    });

    it('keeps every term of a chain and applies NOT > AND > OR', async () => {
      assert.deepEqual(await q('resource:web01 OR resource:web02 OR resource:db01'), ['db01', 'web01', 'web02']);
      assert.deepEqual(await q('resource:web01 resource:db01 resource:cache01'), ['cache01', 'db01', 'web01']);
      assert.deepEqual(await q('tags:linux AND environment:Production AND severity:major'), ['web01']);
      assert.deepEqual(await q('resource:web01 OR resource:web02 AND severity:critical'), ['web01', 'web02']);
      assert.deepEqual(await q('(resource:web01 OR resource:web02) AND severity:critical'), ['web02']);
      assert.deepEqual(await q('NOT environment:Production AND tags:linux'), ['cache01']);
      assert.deepEqual(await q('!environment:Production && tags:linux || resource:db01'), ['cache01', 'db01']);
      assert.deepEqual(await q('resource:web01 NOT tags:web'), []);
      assert.deepEqual(await q('resource:web02 NOT tags:web'), ['web02']);
      assert.deepEqual(await q('environment:(Staging OR Development) AND NOT severity:minor'), ['cache01', 'db02']);
      assert.deepEqual(
        await q(
          '(environment:Production AND (severity:major OR severity:minor)) OR (environment:Development AND NOT severity:minor)',
        ),
        ['db02', 'web01'],
      );
      assert.deepEqual(await q('NOT value:500'), ['cache01', 'db01', 'db02', 'web02']);
    });

    it('accepts camelCase and snake_case names alike', async () => {
      assert.deepEqual(await q('lastReceiveId:/./ AND last_receive_id:/./'), await found(''));
      assert.deepEqual(await q('previousSeverity:indeterminate'), await q('previous_severity:indeterminate'));
      assert.deepEqual(await q('trendIndication:noChange'), await q('trend_indication:noChange'));
    });

    it('is ANDed with the field filters and works on every aggregate endpoint', async () => {
      assert.deepEqual(await q('tags:linux', '&environment=Production'), ['web01', 'web02']);
      const count = await server.app.inject({
        method: 'GET',
        url: `/api/alerts/count?q=${encodeURIComponent('resource:web*')}`,
        headers: admin,
      });
      assert.equal(body(count).total, 2);
    });

    it('answers 400 with the position and reason of a parse error', async () => {
      const url = (text: string) => `?q=${encodeURIComponent(text)}`;
      const errors = await rejected(url('resource:web01 AND colour:red'), 'Failed to parse query string.');
      assert.deepEqual(errors, ["unknown field 'colour' (at char 19)"]);
      assert.match((await rejected(url('event_type:x'), 'Failed to parse query string.'))?.[0] ?? '', /event_type/);
      await rejected(url('(a OR b'), 'Failed to parse query string.');
      await rejected(url('/(a+)+$/'), 'Failed to parse query string.');
      await rejected(url(`/${'a'.repeat(257)}/`), 'Failed to parse query string.');
      await rejected(url('/[/'), 'Failed to parse query string.');
      await rejected(`${url('a')}&q.df=colour`, 'Failed to parse query string.');
    });
  });
});
