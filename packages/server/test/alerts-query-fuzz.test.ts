import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  QUERY_FIELD_NAMES,
  type QueryField,
  type QueryNode,
  type QueryValue,
  parseQuery,
  printQuery,
} from '@alerta/contract';
import fc from 'fast-check';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

const INJECTION = "'; DROP TABLE alerts; --";

/** Pieces of query syntax, so random strings come close to valid queries and probe the parser's edges. */
const SYNTAX = [
  'a',
  'web',
  '1',
  ' ',
  'resource:',
  'last_receive_time:',
  'createTime:',
  'timeout:',
  'tags:',
  'attributes.region:',
  '_.x:',
  '_exists_:',
  'colour:',
  '"',
  '(',
  ')',
  'AND ',
  'OR ',
  'NOT ',
  '!',
  '&&',
  '||',
  '[',
  ']',
  '{',
  '}',
  ' TO ',
  '*',
  '?',
  '/',
  '\\',
  '>',
  '<=',
  ':',
  "'",
  ';',
  '--',
  '%',
  '_',
  INJECTION,
];

const syntaxSoup = fc.array(fc.constantFrom(...SYNTAX), { maxLength: 12 }).map((parts) => parts.join(''));
const anyText = fc.oneof(syntaxSoup, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 }));

const word = fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('web', 'disk', INJECTION, 'AND'));
const bound = fc.option(
  fc.record({ value: fc.oneof(word, fc.constantFrom('1', '2026-01-01')), inclusive: fc.boolean() }),
  {
    nil: null,
  },
);
const value: fc.Arbitrary<QueryValue> = fc.oneof(
  word.map((text) => ({ kind: 'term' as const, text })),
  fc.string({ maxLength: 8 }).map((text) => ({ kind: 'phrase' as const, text })),
  fc.stringMatching(/^[a-z0-9]{1,3}[*?][a-z0-9]{0,3}$/).map((pattern) => ({ kind: 'wildcard' as const, pattern })),
  fc
    .constantFrom('^web', 'o+', '[0-9]{2}', 'a|b', "'; DROP TABLE alerts; --", '\\d\\s', '(?:x|y)z')
    .map((pattern) => ({ kind: 'regex' as const, pattern })),
  fc.record({ lower: bound, upper: bound }).map((r) => ({ kind: 'range' as const, ...r })),
);
const field: fc.Arbitrary<QueryField> = fc.oneof(
  fc.constantFrom(...QUERY_FIELD_NAMES).map((name) => ({ kind: 'column' as const, name })),
  fc.constantFrom('region', 'tier', 'x-y').map((key) => ({ kind: 'attribute' as const, key })),
);
const span = { start: 0, end: 0 };
const { tree } = fc.letrec<{ tree: QueryNode; leaf: QueryNode }>((tie) => ({
  leaf: fc.oneof(
    fc.record({ field, value }).map((m) => ({ kind: 'match' as const, ...m, ...span })),
    fc.constantFrom('region', INJECTION).map((key) => ({ kind: 'exists' as const, key, ...span })),
  ),
  tree: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc
      .array(tie('tree'), { minLength: 2, maxLength: 3 })
      .map((operands) => ({ kind: 'and' as const, operands, ...span })),
    fc
      .array(tie('tree'), { minLength: 2, maxLength: 3 })
      .map((operands) => ({ kind: 'or' as const, operands, ...span })),
    tie('tree').map((operand) => ({ kind: 'not' as const, operand, ...span })),
  ),
}));

/** The tree without positions. */
const withoutSpans = (node: QueryNode): unknown =>
  JSON.parse(JSON.stringify(node, (key, v: unknown) => (key === 'start' || key === 'end' ? undefined : v)));

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');
  const search = (query: string) => server.app.inject({ method: 'GET', url: `/api/alerts?${query}`, headers: admin });
  const total = async (): Promise<number> => body(await search('page-size=1')).total as number;

  before(async () => {
    server = await startTestServer(engine);
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    for (const resource of ['web01', 'db01', INJECTION]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: admin,
        payload: alertBody({ resource, text: INJECTION, tags: [INJECTION], attributes: { region: INJECTION } }),
      });
      assert.equal(response.statusCode, 201, response.body);
    }
  });
  after(() => server.close());

  it('answers any q= with 200 or 400, never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, fc.constantFrom('', '&q.df=resource', '&q.df=attributes.x'), async (text, extra) => {
        const response = await search(`q=${encodeURIComponent(text)}${extra}`);
        assert.ok([200, 400].includes(response.statusCode), `${JSON.stringify(text)}: ${response.body}`);
      }),
      { numRuns: 150 },
    );
  });

  it('runs every printed random tree: it parses back to the same tree and answers 200', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (node) => {
        const text = printQuery(node);
        assert.deepEqual(withoutSpans(parseQuery(text)), withoutSpans(node), text);
        const response = await search(`q=${encodeURIComponent(text)}`);
        assert.equal(response.statusCode, 200, `${text}: ${response.body}`);
      }),
      { numRuns: 100 },
    );
  });

  it('treats SQL in filters, sort keys and q= as data', async () => {
    const encoded = encodeURIComponent(INJECTION);
    const exact = body(await search(`resource=${encoded}`));
    assert.equal(exact.total, 1);
    assert.equal(body(await search(`resource=~${encoded}`)).total, 1);
    assert.equal(body(await search(`resource=~${encoded}&resource=x`)).total, 1);
    assert.equal(body(await search(`tag=${encoded}`)).total, 3);
    assert.equal(body(await search(`attributes.region=${encoded}`)).total, 3);
    assert.equal(body(await search(`q=${encodeURIComponent('resource:"DROP TABLE alerts"')}`)).total, 1);
    assert.equal(body(await search(`q=${encodeURIComponent('"DROP TABLE alerts"')}`)).total, 3);
    assert.equal(body(await search(`q=${encodeURIComponent(`resource:${INJECTION.replace(/ /g, '\\ ')}`)}`)).total, 1);
    const badSort = await search(`sort-by=${encoded}`);
    assert.equal(badSort.statusCode, 400);
    const badField = await search(`${encoded}=1`);
    assert.equal(badField.statusCode, 400);
    assert.equal((await search(`sort-by=attributes.${encoded}`)).statusCode, 200);
    assert.equal(await total(), 3);
  });

  // SQLite refuses an expression more than 1000 deep; long lists of conditions must not build one.
  it('answers a q= of many terms and parameters given many times with 200', async () => {
    const get = (url: string) => server.app.inject({ method: 'GET', url: `/api${url}`, headers: admin });
    const repeated = (make: (i: number) => string) => Array.from({ length: 1_500 }, (_, i) => make(i)).join('&');
    const urls = [
      `/alerts?q=${encodeURIComponent(Array.from({ length: 2_000 }, () => 'a').join(' '))}`,
      `/alerts?q=${encodeURIComponent(Array.from({ length: 600 }, () => 'zz').join(' OR '))}`,
      `/alerts?${repeated(() => 'id=-1')}`,
      `/alerts/count?${repeated((i) => `id=${i}`)}`,
      `/alerts/top10/standing?${repeated(() => 'id=-1')}`,
      `/alerts?${repeated((i) => `attributes.k${i}=v`)}`,
      `/alerts/groups?${repeated((i) => `attributes.k${i}=~v`)}`,
    ];
    for (const url of urls) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, `${url.slice(0, 80)}: ${response.body}`);
    }
    assert.equal(body(await get(`/alerts?${repeated(() => 'id=')}&resource=web01`)).total, 1);
  });

  it('refuses NUL characters in parameters', async () => {
    assert.equal((await search('resource=a%00b')).statusCode, 400);
    assert.equal((await search('q=a%00b')).statusCode, 400);
  });
});
