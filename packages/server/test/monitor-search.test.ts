import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BLACKOUT_QUERY_FIELDS,
  HEARTBEAT_QUERY_FIELDS,
  type QueryField,
  type QueryFieldTable,
  type QueryNode,
  type QueryValue,
  parseQuery,
  printQuery,
} from '@alerta/contract';
import fc from 'fast-check';
import { BLACKOUT_COLUMNS, HEARTBEAT_COLUMNS, columnFor } from '../src/store/fields.js';
import { type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const INJECTION = "'; DROP TABLE blackouts; DROP TABLE heartbeats; --";
const inSeconds = (s: number): string => new Date(Date.now() + s * 1000).toISOString();

interface Listed {
  ids: string[];
  total: number;
}

/** Random query trees over one record's fields, printed and sent as `q=` (docs/api/query-language.md). */
function treeOf(fields: QueryFieldTable): fc.Arbitrary<QueryNode> {
  const word = fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('web', '60', INJECTION, 'AND'));
  const bound = fc.option(
    fc.record({
      value: fc.oneof(word, fc.constantFrom('1', '-5', '2026-01-01', '99999999999999')),
      inclusive: fc.boolean(),
    }),
    { nil: null },
  );
  const value: fc.Arbitrary<QueryValue> = fc.oneof(
    word.map((text) => ({ kind: 'term' as const, text })),
    fc.string({ maxLength: 8 }).map((text) => ({ kind: 'phrase' as const, text })),
    fc.stringMatching(/^[a-z0-9]{1,3}[*?][a-z0-9]{0,3}$/).map((pattern) => ({ kind: 'wildcard' as const, pattern })),
    fc.constantFrom('^web', 'o+', '[0-9]{2}', INJECTION).map((pattern) => ({ kind: 'regex' as const, pattern })),
    fc.record({ lower: bound, upper: bound }).map((r) => ({ kind: 'range' as const, ...r })),
  );
  const columns = fc.constantFrom(...fields.names).map((name): QueryField => ({ kind: 'column', name }));
  const field = fields.attributes
    ? fc.oneof(
        columns,
        fc.constantFrom('region', 'x-y').map((key): QueryField => ({ kind: 'attribute', key })),
      )
    : columns;
  const span = { start: 0, end: 0 };
  const leaves: fc.Arbitrary<QueryNode>[] = [
    fc.record({ field, value }).map((m) => ({ kind: 'match' as const, ...m, ...span })),
  ];
  if (fields.attributes) {
    leaves.push(fc.constantFrom('region', INJECTION).map((key) => ({ kind: 'exists' as const, key, ...span })));
  }
  const { tree } = fc.letrec<{ tree: QueryNode }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      fc.oneof(...leaves),
      fc
        .array(tie('tree'), { minLength: 2, maxLength: 3 })
        .map((operands) => ({ kind: 'and' as const, operands, ...span })),
      fc
        .array(tie('tree'), { minLength: 2, maxLength: 3 })
        .map((operands) => ({ kind: 'or' as const, operands, ...span })),
      tie('tree').map((operand) => ({ kind: 'not' as const, operand, ...span })),
    ),
  }));
  return tree;
}

const withoutSpans = (node: QueryNode): unknown =>
  JSON.parse(JSON.stringify(node, (key, v: unknown) => (key === 'start' || key === 'end' ? undefined : v)));

describe('q= field tables', () => {
  it('name only fields the store can query', () => {
    for (const name of BLACKOUT_QUERY_FIELDS.names) assert.ok(columnFor(BLACKOUT_COLUMNS, name), name);
    for (const name of HEARTBEAT_QUERY_FIELDS.names) assert.ok(columnFor(HEARTBEAT_COLUMNS, name), name);
    assert.ok(columnFor(HEARTBEAT_COLUMNS, 'attributes.x'));
  });
});

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');

  before(async () => {
    server = await startTestServer(engine, { HEARTBEAT_TIMEOUT: '120', HEARTBEAT_MAX_LATENCY: '2000' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url: `/api${url}`, headers: admin });

  async function listed(list: 'blackouts' | 'heartbeats', query: string): Promise<Listed> {
    const response = await get(`/${list}?${query}`);
    assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
    const json = body(response) as { total: number } & Record<string, unknown>;
    const rows = json[list] as { id: string; origin?: string; text?: string }[];
    return { ids: rows.map((r) => r.id), total: json.total };
  }

  async function rejected(list: 'blackouts' | 'heartbeats', query: string): Promise<string[]> {
    const response = await get(`/${list}?${query}`);
    assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
    const error = body(response) as { status: string; message: string; errors: string[] };
    assert.equal(error.status, 'error');
    assert.equal(error.message, 'Failed to parse query string.');
    return error.errors;
  }

  describe('GET /blackouts?q=', () => {
    const ids: Record<string, string> = {};
    const matching = (...names: string[]): string[] => names.map((n) => ids[n] as string).sort();
    const q = async (text: string, extra = ''): Promise<string[]> => {
      const result = await listed('blackouts', `q=${encodeURIComponent(text)}&page-size=100${extra}`);
      assert.equal(result.total, result.ids.length, text);
      return result.ids.sort();
    };

    before(async () => {
      const fixtures: Record<string, Record<string, unknown>> = {
        rack: {
          environment: 'Production',
          service: ['web'],
          resource: 'web01',
          tags: ['maint', 'eu'],
          origin: 'ops/1',
          text: 'disk swap in rack 4',
          duration: 600,
        },
        upgrade: {
          environment: 'Production',
          service: ['db', 'web'],
          resource: 'db01',
          tags: ['us'],
          text: 'database upgrade',
          duration: 3600,
        },
        patch: {
          environment: 'Development',
          resource: 'web02',
          event: 'patch',
          tags: ['maint'],
          text: 'patch Tuesday',
          startTime: inSeconds(3600),
          duration: 60,
        },
        injection: { environment: 'Development', group: 'ops', tags: [INJECTION], text: INJECTION, duration: 30 },
        kernel: { environment: 'Staging', text: 'Kernel UPGRADE on web hosts', duration: 120 },
      };
      for (const [name, payload] of Object.entries(fixtures)) {
        const response = await server.app.inject({ method: 'POST', url: '/api/blackout', headers: admin, payload });
        assert.equal(response.statusCode, 201, response.body);
        ids[name] = (body(response) as { id: string }).id;
      }
    });

    it('searches the text by default, as substring, phrase, wildcard and regex', async () => {
      assert.deepEqual(await q('upgrade'), matching('upgrade', 'kernel'));
      assert.deepEqual(await q('"disk swap"'), matching('rack'));
      assert.deepEqual(await q('"disk sw"'), []);
      assert.deepEqual(await q('upgr*'), matching('upgrade', 'kernel'));
      assert.deepEqual(await q('resource:web0?'), matching('rack', 'patch'));
      assert.deepEqual(await q('resource:/^db/'), matching('upgrade'));
      assert.deepEqual(await q('web', '&q.df=resource'), matching('rack', 'patch'));
    });

    it('matches list members exactly, or by pattern', async () => {
      assert.deepEqual(await q('tags:maint'), matching('rack', 'patch'));
      assert.deepEqual(await q('tags:mai'), []);
      assert.deepEqual(await q('tag:eu'), matching('rack'));
      assert.deepEqual(await q('tags:mai*'), matching('rack', 'patch'));
      assert.deepEqual(await q('service:web'), matching('rack', 'upgrade'));
    });

    it('compares numbers and dates in ranges, with camelCase or snake_case names', async () => {
      assert.deepEqual(await q('duration:[60 TO 600]'), matching('rack', 'patch', 'kernel'));
      assert.deepEqual(await q('duration:{120 TO *]'), matching('rack', 'upgrade'));
      assert.deepEqual(await q('duration:>600'), matching('upgrade'));
      assert.deepEqual(await q('duration:3600'), matching('upgrade'));
      assert.deepEqual(await q('duration:99999999999999'), []);
      assert.deepEqual(await q(`start_time:>${inSeconds(60)}`), matching('patch'));
      assert.deepEqual(
        await q(`startTime:[* TO ${inSeconds(60)}]`),
        matching('rack', 'upgrade', 'injection', 'kernel'),
      );
      assert.deepEqual(await q(`end_time:<${inSeconds(300)}`), matching('injection', 'kernel'));
      assert.deepEqual(await q(`create_time:${new Date().toISOString().slice(0, 4)}`), matching(...Object.keys(ids)));
      assert.deepEqual(await q('priority:8'), matching('rack'));
    });

    it('combines any number of terms with AND, OR and NOT', async () => {
      const all = matching(...Object.keys(ids));
      assert.deepEqual(await q('environment:Production OR environment:Development OR environment:Staging'), all);
      assert.deepEqual(
        await q('environment:Production environment:Staging tags:maint'),
        matching('rack', 'upgrade', 'patch', 'kernel'),
      );
      assert.deepEqual(await q('upgrade AND environment:Production AND service:web'), matching('upgrade'));
      assert.deepEqual(await q('NOT environment:Production AND NOT tags:maint AND NOT kernel'), matching('injection'));
      assert.deepEqual(await q('tags:maint AND NOT (resource:web01 OR resource:db01)'), matching('patch'));
      // A missing resource does not match, so NOT finds it.
      assert.deepEqual(await q('NOT resource:web'), matching('upgrade', 'injection', 'kernel'));
    });

    it('is ANDed with the filters and the status, in the count and the page', async () => {
      assert.deepEqual(await q('upgrade', '&environment=Production'), matching('upgrade'));
      assert.deepEqual(await q('tags:maint', '&status=pending'), matching('patch'));
      assert.deepEqual(await q('tags:maint', '&status=active'), matching('rack'));
      const query = `q=${encodeURIComponent('NOT environment:Staging')}&sort-by=text&page-size=2`;
      const pages = await Promise.all([1, 2].map((page) => listed('blackouts', `${query}&page=${page}`)));
      assert.deepEqual(
        pages.map((p) => p.total),
        [4, 4],
      );
      assert.deepEqual(pages.flatMap((p) => p.ids).sort(), matching('rack', 'upgrade', 'patch', 'injection'));
      assert.equal((await get(`/blackouts?${query}&page=3`)).statusCode, 416);
    });

    it('refuses a query it cannot parse or a field blackouts do not have, with the position', async () => {
      assert.deepEqual(await rejected('blackouts', `q=${encodeURIComponent('text:a AND severity:major')}`), [
        "unknown field 'severity' (at char 11)",
      ]);
      assert.match((await rejected('blackouts', 'q=(a'))[0] ?? '', /expected '\)'.*at char 2/);
      await rejected('blackouts', `q=${encodeURIComponent('attributes.region:eu')}`);
      await rejected('blackouts', `q=${encodeURIComponent('_exists_:region')}`);
      await rejected('blackouts', 'q=a&q.df=severity');
      assert.deepEqual(await q('a', '&q.df=user'), []);
    });

    it('treats SQL in q= as data', async () => {
      assert.deepEqual(await q('"DROP TABLE blackouts"'), matching('injection'));
      assert.deepEqual(await q(`text:${INJECTION.replace(/ /g, '\\ ')}`), matching('injection'));
      assert.deepEqual(await q(`tags:"${INJECTION}"`), matching('injection'));
      assert.deepEqual(await q(`group:/${INJECTION}/ OR duration:${INJECTION.replace(/ /g, '\\ ')}`), []);
      assert.equal((await listed('blackouts', 'page-size=100')).total, Object.keys(ids).length);
    });

    it('answers any random query over its fields with 200', async () => {
      await fc.assert(
        fc.asyncProperty(treeOf(BLACKOUT_QUERY_FIELDS), async (node) => {
          const text = printQuery(node);
          assert.deepEqual(withoutSpans(parseQuery(text, { fields: BLACKOUT_QUERY_FIELDS })), withoutSpans(node), text);
          const response = await get(`/blackouts?q=${encodeURIComponent(text)}`);
          assert.equal(response.statusCode, 200, `${text}: ${response.body}`);
        }),
        { numRuns: 60 },
      );
    });
  });

  describe('GET /heartbeats?q=', () => {
    const ids: Record<string, string> = {};
    const matching = (...names: string[]): string[] => names.map((n) => ids[n] as string).sort();
    const q = async (text: string, extra = ''): Promise<string[]> => {
      const result = await listed('heartbeats', `q=${encodeURIComponent(text)}&page-size=100${extra}`);
      assert.equal(result.total, result.ids.length, text);
      return result.ids.sort();
    };

    before(async () => {
      const ago = (s: number): string => new Date(Date.now() - s * 1000).toISOString();
      const fixtures = [
        {
          name: 'web1',
          origin: 'web/1',
          tags: ['prod', 'eu'],
          attributes: { region: 'eu', rack: 'r1' },
          timeout: 120,
          seconds: 10,
          latency: 0,
        },
        {
          name: 'web2',
          origin: 'web/2',
          tags: ['prod', 'us'],
          attributes: { region: 'us' },
          timeout: 600,
          seconds: 100,
          latency: 5,
        },
        { name: 'db1', origin: 'db/1', tags: ['staging'], attributes: {}, timeout: 60, seconds: 1000, latency: 0 },
        {
          name: 'injection',
          origin: INJECTION,
          tags: [INJECTION],
          attributes: { note: INJECTION },
          timeout: 90,
          seconds: 30,
          latency: 0,
        },
      ];
      for (const f of fixtures) {
        const stored = await server.store.heartbeats.upsert({
          id: `hb-${f.name}`,
          origin: f.origin,
          tags: f.tags,
          attributes: f.attributes,
          type: 'Heartbeat',
          createTime: ago(f.seconds + f.latency),
          timeout: f.timeout,
          receiveTime: ago(f.seconds),
          customer: null,
        });
        ids[f.name] = stored.id;
      }
    });

    it('searches the origin by default, and any field by name', async () => {
      assert.deepEqual(await q('web'), matching('web1', 'web2'));
      assert.deepEqual(await q('"web"'), matching('web1', 'web2'));
      assert.deepEqual(await q('origin:/^db\\//'), matching('db1'));
      assert.deepEqual(await q('heart*', '&q.df=type'), matching('web1', 'web2', 'db1', 'injection'));
      assert.deepEqual(await q('web', '&q.df=type'), []);
      assert.deepEqual(await q('tags:prod AND tag:eu'), matching('web1'));
    });

    it('searches attributes and their presence', async () => {
      assert.deepEqual(await q('attributes.region:eu'), matching('web1'));
      assert.deepEqual(await q('_.region:/^u/'), matching('web2'));
      assert.deepEqual(await q('_exists_:region'), matching('web1', 'web2'));
      assert.deepEqual(await q('NOT _exists_:region'), matching('db1', 'injection'));
      assert.deepEqual(await q('NOT attributes.region:eu'), matching('web2', 'db1', 'injection'));
    });

    it('compares numbers, dates and ages in ranges, with snake_case names', async () => {
      assert.deepEqual(await q('timeout:[60 TO 120]'), matching('web1', 'db1', 'injection'));
      assert.deepEqual(await q('latency:>1000'), matching('web2'));
      assert.deepEqual(await q('since:>=500'), matching('db1'));
      assert.deepEqual(await q('since:[50 TO 200]'), matching('web2'));
      assert.deepEqual(await q('since:<60'), matching('web1', 'injection'));
      assert.deepEqual(await q('since:abc'), []);
      assert.deepEqual(await q('since:<99999999999999'), matching('web1', 'web2', 'db1', 'injection'));
      assert.deepEqual(await q('since:>99999999999999 OR since:<-99999999999999'), []);
      assert.deepEqual(await q(`receive_time:<${new Date(Date.now() - 500_000).toISOString()}`), matching('db1'));
      assert.deepEqual(
        await q(`create_time:[${new Date(Date.now() - 60_000).toISOString()} TO *]`),
        matching('web1', 'injection'),
      );
    });

    it('combines three or more terms, ANDed with the filters, in the count and the page', async () => {
      assert.deepEqual(await q('origin:db OR tags:us OR _.rack:r1'), matching('web1', 'web2', 'db1'));
      assert.deepEqual(await q('tags:prod AND NOT tags:us AND timeout:120'), matching('web1'));
      assert.deepEqual(await q('web OR db', '&timeout=600'), matching('web2'));
      const query = `q=${encodeURIComponent('NOT origin:web/2')}&sort-by=origin&page-size=2`;
      const pages = await Promise.all([1, 2].map((page) => listed('heartbeats', `${query}&page=${page}`)));
      assert.deepEqual(
        pages.map((p) => p.total),
        [3, 3],
      );
      assert.deepEqual(pages.flatMap((p) => p.ids).sort(), matching('web1', 'db1', 'injection'));
      // The total ignores the status filter (docs/api/heartbeats.md#routes); q= is part of it.
      const expired = await listed('heartbeats', `q=${encodeURIComponent('web OR db')}&status=expired`);
      assert.deepEqual(expired.ids, matching('db1'));
      assert.equal(expired.total, 3);
    });

    it('refuses a query it cannot parse or a field heartbeats do not have', async () => {
      assert.deepEqual(await rejected('heartbeats', 'q=text:x'), ["unknown field 'text' (at char 0)"]);
      await rejected('heartbeats', `q=${encodeURIComponent('origin:[a b]')}`);
      await rejected('heartbeats', 'q=a&q.df=severity');
    });

    it('treats SQL in q= as data', async () => {
      assert.deepEqual(await q('"DROP TABLE heartbeats"'), matching('injection'));
      assert.deepEqual(await q('attributes.note:"DROP TABLE heartbeats"'), matching('injection'));
      assert.deepEqual(await q(`_exists_:"${INJECTION}" OR tags:"${INJECTION}"`), matching('injection'));
      assert.equal((await listed('heartbeats', 'page-size=100')).total, 4);
    });

    it('answers any random query over its fields with 200', async () => {
      await fc.assert(
        fc.asyncProperty(treeOf(HEARTBEAT_QUERY_FIELDS), async (node) => {
          const text = printQuery(node);
          assert.deepEqual(
            withoutSpans(parseQuery(text, { fields: HEARTBEAT_QUERY_FIELDS })),
            withoutSpans(node),
            text,
          );
          const response = await get(`/heartbeats?q=${encodeURIComponent(text)}`);
          assert.equal(response.statusCode, 200, `${text}: ${response.body}`);
        }),
        { numRuns: 60 },
      );
    });
  });

  describe('parameters at the edges', () => {
    it('refuses the names of Object.prototype as filter parameters with a 400 naming them', async () => {
      for (const url of [
        '/heartbeats?valueOf=1',
        '/heartbeats?toString=x',
        '/blackouts?constructor=x',
        '/keys?hasOwnProperty=x',
        '/users?valueOf=x',
        '/groups?isPrototypeOf=x',
        '/heartbeats?sort-by=valueOf',
      ]) {
        const response = await get(url);
        assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
        const name = url.split('?')[1]?.split('=')[url.includes('sort-by') ? 1 : 0] ?? '';
        assert.match(String(body(response).message), new RegExp(name), url);
      }
    });

    it('refuses a date filter that is no date with a 400 rather than comparing text to a date', async () => {
      for (const url of [
        '/blackouts?createTime=expired',
        '/blackouts?startTime=~2026',
        '/heartbeats?receiveTime=yesterday',
        '/users?createTime=%F0%9F%98%BD',
        '/keys?expireTime=2026-13-45T99%3A99%3A99.000Z',
      ]) {
        const response = await get(url);
        assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
        assert.match(String(body(response).message), /ISO 8601/, url);
      }
      assert.equal((await listed('blackouts', 'createTime=2026-01-01T00:00:00.000Z')).total, 0);
    });

    // SQLite refuses an expression more than 1000 deep; long lists of conditions must not build one.
    it('answers a q= of many terms and a filter given many times with 200', async () => {
      const words = encodeURIComponent(Array.from({ length: 2_000 }, () => 'a').join(' '));
      const ors = encodeURIComponent(Array.from({ length: 600 }, () => 'zz').join(' OR '));
      for (const list of ['blackouts', 'heartbeats'] as const) {
        // listed() asserts the 200.
        await listed(list, `q=${words}`);
        assert.equal((await listed(list, `q=${ors}`)).total, 0);
      }
      const ages = Array.from({ length: 1_500 }, (_, i) => `since=${i + 100_000}`).join('&');
      assert.equal((await listed('heartbeats', ages)).total, 0);
      const texts = Array.from({ length: 1_500 }, (_, i) => `text=~nothing${i}`).join('&');
      assert.equal((await listed('blackouts', texts)).total, 0);
      const attributes = Array.from({ length: 1_500 }, (_, i) => `attributes.k${i}=v`).join('&');
      assert.equal((await listed('heartbeats', attributes)).total, 0);
    });
  });
});
