import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALERTA_MODEL, STREAM_PATH } from '@alerta/contract';
import fc from 'fast-check';

/**
 * Generators of HTTP requests, good and bad, for the API fuzzers: the property test (test/http-fuzz.test.ts, through
 * `inject`) and the benchmark (bench/fuzz.ts, over raw sockets). A request names a route of the API's own index
 * (docs/api/README.md#small-routes), real or garbage path parameters, a query string, headers, credentials and a body.
 * Valid requests are mixed in so the code behind validation runs too. Both fuzzers assert that no answer is a 5xx
 * (docs/api/conventions.md).
 */

/** A route as the API's index lists it, with `:name` parameters and `*` for the rest of a path. */
export interface FuzzRoute {
  method: string;
  path: string;
}

/** The records a fuzz run made, by kind: the ids real path parameters are taken from. */
export const POOL_NAMES = [
  'alert',
  'note',
  'blackout',
  'heartbeat',
  'key',
  'user',
  'group',
  'perm',
  'customer',
] as const;
export type PoolName = (typeof POOL_NAMES)[number];

/**
 * What the generated requests refer to. The pools are read when a request is generated, so a run may add the ids the
 * server answers with as it goes. The credential holders are kept out of the pools: a request that deletes or
 * deactivates one of them would leave the rest of the run without its credentials.
 */
export interface FuzzFixtures {
  pools: Record<PoolName, string[]>;
  /** An administrator's login token. */
  adminToken: string;
  /** An API key with the `read` scope only. */
  readOnlyKey: string;
  /** The login token of a user whom a customer lookup limits to one customer (docs/api/customers.md). */
  customerToken: string;
  /** An API key that names that customer. */
  customerKey: string;
  /** A login that exists, for wrong passwords. */
  knownLogin: string;
  /** The customer the customer-scoped credentials belong to. */
  customer: string;
}

export type FuzzAuth = 'admin' | 'read-only key' | 'customer user' | 'customer key' | 'anonymous' | 'bad credentials';

/** A request only a raw socket can send: framing and syntax that a well-behaved HTTP client refuses to produce. */
export type WireFault =
  | { kind: 'content-length'; value: string }
  | { kind: 'duplicate content-length'; values: [string, string] }
  | { kind: 'content-length and chunked' }
  | { kind: 'chunked'; chunkSizes: string[] }
  | { kind: 'truncated body' }
  | { kind: 'method'; method: string }
  | { kind: 'raw target'; target: string }
  | { kind: 'header'; line: string }
  | { kind: 'http/1.0' };

export interface FuzzRequest {
  method: string;
  /** The path and query under the API's base path, as sent: `/alerts?status=open`. */
  url: string;
  headers: [string, string][];
  body: string | undefined;
  auth: FuzzAuth;
  /** The route the request was made for (`*` when it was aimed at no route). */
  route: string;
  wire: WireFault | undefined;
}

export interface FuzzOptions {
  /** MAX_CONTENT_LENGTH of the server under test: bodies are made just under and over it. */
  bodyLimit: number;
  /** Allow requests only a raw socket can send (the benchmark); `inject` cannot send them. */
  wire: boolean;
}

/**
 * The API's routes from the `links` of `GET /` (docs/api/README.md#small-routes), relative to its root, but the live
 * stream (docs/api/stream.md): its answer never ends, so a request that opens it would never be answered; its input
 * and refusals are tested in test/stream.test.ts.
 */
export function routesFromIndex(links: readonly { href: string; method: string }[], apiRoot: string): FuzzRoute[] {
  return links
    .map((link) => ({
      method: link.method,
      path:
        link.href
          .slice(apiRoot.length)
          .replace(/<path:path>/g, '*')
          .replace(/<(\w+)>/g, ':$1') || '/',
    }))
    .filter((route) => route.path !== STREAM_PATH);
}

// ---------------------------------------------------------------------------------------------------------------
// Values

const LONG = 'x'.repeat(10_001);
const UNICODE = ['ünïcödé', '日本語', '🚨🔥', 'ﷺ', '\u202Eevil', 'a\u0301', '\uFEFF', 'Ω≈ç√', '\u2028\u2029'];
const INJECTION = ["'; DROP TABLE alerts; --", '" OR 1=1 --', '$where', '{{7*7}}', '${jndi:x}', '<script>x</script>'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

const DATES = [
  '2026-01-01T00:00:00.000Z',
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00.1Z',
  '2026-01-01T00:00:00.123456Z',
  '2026-01-01T00:00:00.1234567Z',
  '2026-02-30T00:00:00.000Z',
  '2026-13-45T99:99:99.000Z',
  '0000-01-01T00:00:00.000Z',
  '0001-01-01T00:00:00.000Z',
  '1970-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '2026-01-01',
  '2026-01-01T00:00:00+01:00',
  '2026-01-01 00:00:00',
  'yesterday',
  'now',
  '1e10',
  '',
];
const dateText = fc.constantFrom(...DATES);

/** Strings that are odd but are strings. */
const oddString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE, ...INJECTION, ...PROTO_KEYS, ...DATES) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'null', 'true', '0', '-1', 'NaN', LONG),
  },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(255), 'x'.repeat(256), 'x'.repeat(1025), 'x'.repeat(10_000)) },
);

const oddNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, -1.5, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 32, 2 ** 53 + 2, -(2 ** 53), 1e21),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, mostly of a type a field does not expect. */
const weird: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      [],
      [null],
      [1, 2],
      [[]],
      ['a', 1],
      [{}],
      {},
      { a: 1 },
      { '': null },
      Array.from({ length: 1000 }, (_, i) => `v${i}`),
    ),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Percent-encodes the UTF-8 of `text`; unlike encodeURIComponent it takes lone surrogates too (as U+FFFD). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const pick = (list: readonly string[], n: number, fallback: string): string => list[n % list.length] ?? fallback;
const realId = (fixtures: FuzzFixtures, pool: PoolName) =>
  fc.nat().map((n) => pick(fixtures.pools[pool], n, '00000000-0000-0000-0000-000000000000'));

// The ALERTA model's own names (its `unknown` included); other spellings are added where they are drawn.
const SEVERITIES = Object.keys(ALERTA_MODEL.severity);
const STATUSES = Object.keys(ALERTA_MODEL.status);
const ACTIONS = ['ack', 'unack', 'shelve', 'unshelve', 'close', 'open', 'expired', 'timeout', 'escalate', 'reopen'];
const ENVIRONMENTS = ['Production', 'Development', 'Staging', 'QA', 'Lab'];
const SCOPES = [
  'read',
  'write',
  'admin',
  'read:alerts',
  'write:alerts',
  'admin:alerts',
  'read:keys',
  'write:keys',
  'admin:keys',
  'read:blackouts',
  'write:heartbeats',
  'write:webhooks',
  'admin:users',
  'read:management',
  'delete:alerts',
  'foo:bar',
  'read:',
];

const name = fc.oneof(fc.constantFrom('web01', 'db01', 'Website', 'disk-full', 'a.b-c_d'), oddString);
const stringList = fc.array(name, { maxLength: 4 });
const attributeMap = fc.dictionary(
  fc.oneof(fc.constantFrom('region', 'tier', 'a.b', '$x', ...PROTO_KEYS), fc.string({ maxLength: 6 })),
  fc.oneof(oddString, oddNumber, fc.constant(null), fc.jsonValue({ maxDepth: 2 })),
  { maxKeys: 4 },
);

/** A field's good values. Each body draws each field from its good values or from `weird`. */
type Fields = Record<string, fc.Arbitrary<unknown>>;

const alertFields = (fixtures: FuzzFixtures): Fields => ({
  resource: name,
  // Never `Heartbeat`: that event stores a heartbeat instead (docs/api/heartbeats.md), and one with a short timeout
  // would make the healthcheck answer 503 on purpose.
  event: fc.oneof(
    fc.constantFrom('HttpError', 'DiskFull', 'NodeDown'),
    oddString.filter((s) => s !== 'Heartbeat'),
  ),
  environment: fc.constantFrom(...ENVIRONMENTS, 'production', 'Nowhere'),
  severity: fc.constantFrom(...SEVERITIES, 'Major', 'bogus'),
  correlate: stringList,
  status: fc.constantFrom(...STATUSES, 'bogus'),
  service: stringList,
  group: name,
  value: fc.oneof(name, oddNumber, fc.boolean()),
  text: oddString,
  tags: stringList,
  attributes: attributeMap,
  origin: name,
  type: fc.constantFrom('exceptionAlert', 'heartbeatAlert', 'x'),
  createTime: dateText,
  timeout: fc.oneof(fc.nat(), oddNumber),
  rawData: oddString,
  customer: fc.constantFrom(fixtures.customer, 'Other', ''),
  id: fc.oneof(fc.uuid(), realId(fixtures, 'alert'), oddString),
});

const BODY_FIELDS = (fixtures: FuzzFixtures): Record<string, Fields> => ({
  alert: alertFields(fixtures),
  status: { status: fc.constantFrom(...STATUSES), text: oddString, timeout: fc.oneof(fc.nat(), oddNumber) },
  action: { action: fc.constantFrom(...ACTIONS), text: oddString, timeout: fc.oneof(fc.nat(), oddNumber) },
  note: { text: oddString, note: oddString },
  tags: { tags: stringList },
  alertAttributes: { attributes: attributeMap },
  blackout: {
    environment: fc.constantFrom(...ENVIRONMENTS),
    service: stringList,
    resource: name,
    event: name,
    group: name,
    tags: stringList,
    origin: name,
    customer: fc.constantFrom(fixtures.customer, 'Other'),
    startTime: dateText,
    endTime: dateText,
    duration: fc.oneof(fc.nat(), oddNumber),
    text: oddString,
    user: name,
  },
  // Timeouts of at least an hour: a heartbeat not sent again within 4 × its timeout makes the healthcheck answer 503
  // on purpose (docs/api/heartbeats.md#what-watches-heartbeats), which is not a fault.
  heartbeat: {
    origin: name,
    tags: stringList,
    attributes: attributeMap,
    createTime: dateText,
    timeout: fc.integer({ min: 3600, max: 2 ** 40 }),
    customer: fc.constantFrom(fixtures.customer, 'Other'),
    type: name,
  },
  key: {
    user: fc.constantFrom(fixtures.knownLogin, 'nobody@example.com'),
    scopes: fc.array(fc.constantFrom(...SCOPES), { maxLength: 4 }),
    type: fc.constantFrom('read-only', 'read-write', 'admin'),
    text: oddString,
    expireTime: dateText,
    customer: fc.constantFrom(fixtures.customer, 'Other'),
    key: fc.oneof(fc.stringMatching(/^[\w\-.~]{8,20}$/), oddString),
  },
  user: {
    name: name,
    login: fc.oneof(fc.emailAddress(), name),
    email: fc.oneof(fc.emailAddress(), name),
    password: fc.oneof(fc.constant('long-enough-password'), oddString),
    status: fc.constantFrom('active', 'inactive', 'bogus'),
    roles: fc.array(fc.constantFrom('user', 'guest', 'ops', 'admin'), { maxLength: 3 }),
    role: fc.constantFrom('user', 'guest'),
    attributes: attributeMap,
    text: oddString,
    email_verified: fc.boolean(),
  },
  // A user's own changes never get good values for the login, email, password or status: a run that changed them
  // would lose its customer-scoped credentials.
  userMe: { name: name, text: oddString, email: oddString.filter((s) => !s.includes('@')), roles: stringList },
  userAttributes: { attributes: attributeMap },
  group: { name: name, text: oddString },
  perm: {
    match: fc.constantFrom('ops', 'viewer', 'x'),
    scopes: fc.array(fc.constantFrom(...SCOPES), { maxLength: 4 }),
  },
  customer: { match: fc.oneof(fc.domain(), name), customer: fc.constantFrom('Other', 'Globex', fixtures.customer) },
  login: {
    username: fc.constantFrom(fixtures.knownLogin, 'nobody', ''),
    email: fc.constantFrom(fixtures.knownLogin, 'x@example.com'),
    password: oddString,
  },
  signup: { name: name, email: fc.oneof(fc.emailAddress(), name), password: oddString, text: oddString },
  forgot: { email: fc.oneof(fc.emailAddress(), fc.constant(fixtures.knownLogin), name) },
  reset: { password: oddString },
  provider: { code: oddString, clientId: oddString, redirectUri: fc.webUrl() },
  cas: { ticket: oddString, service: fc.webUrl() },
  // Never sender-api-allow=OFF: new alerts would then answer 503 on purpose (docs/api/management.md#switchboard).
  switchboard: {
    'auto-refresh-allow': fc.constantFrom('ON', 'OFF', 'on', 'maybe'),
    'sender-api-allow': fc.constantFrom('ON', 'on', ''),
  },
});

/** Which body a route reads. */
function bodyKindOf(method: string, path: string): string | undefined {
  const kinds: [RegExp, string][] = [
    [/^POST \/alert$/, 'alert'],
    [/^PUT \/(alert\/:id|_bulk\/alerts)\/status$/, 'status'],
    [/^PUT \/(alert\/:id|_bulk\/alerts)\/action$/, 'action'],
    [/^PUT \/alert\/:id\/note(\/:noteId)?$/, 'note'],
    [/^PUT \/(alert\/:id|_bulk\/alerts)\/(tag|untag)$/, 'tags'],
    [/^PUT \/(alert\/:id|_bulk\/alerts)\/attributes$/, 'alertAttributes'],
    [/^(POST|PUT) \/blackout(\/:id)?$/, 'blackout'],
    [/^POST \/heartbeat$/, 'heartbeat'],
    [/^(POST|PUT) \/key(\/:key)?$/, 'key'],
    [/^PUT \/user\/me$/, 'userMe'],
    [/^PUT \/user\/(:id|me)\/attributes$/, 'userAttributes'],
    [/^(POST|PUT) \/user(\/:id)?$/, 'user'],
    [/^(POST|PUT) \/group(\/:id)?$/, 'group'],
    [/^(POST|PUT) \/perm(\/:id)?$/, 'perm'],
    [/^(POST|PUT) \/customer(\/:id)?$/, 'customer'],
    [/^POST \/auth\/login$/, 'login'],
    [/^POST \/auth\/signup$/, 'signup'],
    [/^POST \/auth\/forgot$/, 'forgot'],
    [/^POST \/auth\/reset\/:token$/, 'reset'],
    [/^POST \/auth\/cas$/, 'cas'],
    [/^POST \/auth\/\w+$/, 'provider'],
    [/^POST \/management\/switchboard$/, 'switchboard'],
  ];
  const key = `${method} ${path}`;
  return kinds.find(([pattern]) => pattern.test(key))?.[1];
}

/** JSON text of an object given as entries, so keys like `__proto__` and repeated keys reach the server as written. */
function objectText(entries: readonly (readonly [string, unknown])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

/** A body of the fields: each field left out, good, or weird; unknown and prototype keys sometimes added. */
function fieldsBody(fields: Fields, goodOnly: boolean): fc.Arbitrary<string> {
  const entries = Object.entries(fields).map(([key, good]) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 5, arbitrary: good.map((value) => ({ value })) },
        { weight: goodOnly ? 0 : 1, arbitrary: weird.map((value) => ({ value })) },
        { weight: 1, arbitrary: fc.constant({ value: null }) },
      )
      .map((chosen) => (chosen === undefined ? [] : [[key, chosen.value] as const])),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...PROTO_KEYS, 'unknownField', 'id', 'href'), fc.string({ maxLength: 6 })),
      weird,
    ),
    { maxLength: goodOnly ? 1 : 3 },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([chosen, added]) => objectText([...chosen.flat(), ...added]));
}

/** Recorded sender payloads (test/fixtures/webhooks), `{{alertId}}` and the like filled in with real ids at send time. */
const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'webhooks');
const WEBHOOK_PAYLOADS: { sender: string; text: string }[] = readdirSync(FIXTURES_DIR).flatMap((sender) =>
  readdirSync(join(FIXTURES_DIR, sender))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ sender, text: readFileSync(join(FIXTURES_DIR, sender, file), 'utf8') })),
);
const WEBHOOK_NAMES = [...new Set(WEBHOOK_PAYLOADS.map((p) => p.sender))];

/** Replaces the n-th value inside a JSON value (counted depth first) with `value`. */
function replaceNth(root: unknown, n: number, value: unknown): unknown {
  let count = 0;
  const walk = (node: unknown): unknown => {
    if (count++ === n) return value;
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    }
    return node;
  };
  return walk(root);
}

function webhookBody(
  fixtures: FuzzFixtures,
  sender: string,
  valid: boolean,
): fc.Arbitrary<{ text: string; form: boolean }> {
  const payloads = WEBHOOK_PAYLOADS.filter((p) => p.sender === sender);
  const chosen = payloads.length > 0 ? payloads : WEBHOOK_PAYLOADS;
  return fc
    .tuple(fc.constantFrom(...chosen), realId(fixtures, 'alert'), fc.nat(200), weird, fc.boolean())
    .map(([payload, alertId, n, value, mutate]) => {
      const filled = payload.text.replace(/\{\{\w+\}\}/g, alertId);
      const parsed = JSON.parse(filled) as unknown;
      const json = mutate && !valid ? JSON.stringify(replaceNth(parsed, n, value)) : JSON.stringify(parsed);
      // Slack posts its payload as a form field (docs/webhooks.md).
      return payload.sender === 'slack'
        ? { text: `payload=${percentEncode(json)}`, form: true }
        : { text: json, form: false };
    });
}

const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '[1,2',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"resource":"r","resource":"s","event":"e"}',
  '\u0000',
  'resource=web01&event=x',
  '<xml/>',
];

/** A body that is wrong as a whole: malformed, the wrong JSON type, deeply nested. */
const brokenBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(10, 1_000, 10_000, 100_000), fc.constantFrom('[', '{"a":', '{"attributes":{"a":'))
      .map(([depth, open]) => {
        const close = open === '[' ? ']' : '}';
        const inner = open === '{"attributes":{"a":' ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : '1';
        return open === '{"attributes":{"a":'
          ? `{"resource":"deep","event":"e","attributes":{"a":${inner}}}`
          : `${open.repeat(depth)}1${close.repeat(depth)}`;
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('tags', 'service', 'correlate'), fc.constantFrom(1_000, 20_000))
      .map(([field, count]) =>
        JSON.stringify({ resource: 'many', event: 'e', [field]: Array.from({ length: count }, (_, i) => `t${i}`) }),
      ),
  },
);

/** A JSON body of about `size` bytes. */
const sizedBody = (size: number, field: string): string => {
  const head = `{"resource":"big","event":"e","${field}":"`;
  return `${head}${'x'.repeat(Math.max(0, size - head.length - 2))}"}`;
};

// ---------------------------------------------------------------------------------------------------------------
// Query strings

const QUERY_NAMES = [
  'status',
  'severity',
  'environment',
  'service',
  'resource',
  'event',
  'group',
  'tag',
  'tags',
  'customer',
  'origin',
  'text',
  'type',
  'id',
  'q',
  'q.df',
  'sort-by',
  'reverse',
  'page',
  'page-size',
  'limit',
  'from-date',
  'to-date',
  'group-by',
  'show-raw-data',
  'show-history',
  'attributes.region',
  'attributes.',
  'repeat',
  'duplicateCount',
  'lastReceiveTime',
  'createTime',
  'timeout',
  'name',
  'login',
  'email',
  'match',
  'scope',
  'scopes',
  'user',
  'key',
  'url',
  'format',
  'maxwidth',
  'callback',
  '_',
  'api-key',
  'token',
  'RelayState',
  'SAMLResponse',
];

/** Pieces of the q= syntax (docs/api/query-language.md), so random strings come near valid queries. */
const Q_SYNTAX = [
  'resource:',
  'severity:major',
  'createTime:',
  'lastReceiveTime:[2026-01-01 TO *]',
  'tags:',
  'attributes.region:',
  '_exists_:',
  'colour:',
  'web',
  '"',
  '(',
  ')',
  ' AND ',
  ' OR ',
  'NOT ',
  '!',
  '[',
  ']',
  '{',
  '}',
  ' TO ',
  '*',
  '?',
  '/',
  '/(a+)+$/',
  '/[/',
  '\\',
  '>',
  '<=',
  ':',
  "'",
  '%',
  INJECTION[0] ?? '',
];
const qText = fc.oneof(
  fc.array(fc.constantFrom(...Q_SYNTAX), { maxLength: 10 }).map((parts) => parts.join('')),
  fc.constantFrom('resource:web01 AND severity:major', 'NOT status:closed', 'text:"too many"', '(a OR b) AND c'),
  fc.string({ maxLength: 20 }),
);

const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STATUSES, ...SEVERITIES, ...ENVIRONMENTS, 'web01', '1', '0', '-1', '') },
  { weight: 2, arbitrary: dateText },
  { weight: 2, arbitrary: qText },
  { weight: 2, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constantFrom('999999999999999999999', '1e400', '0x10', 'true', '~web', '!web', '~[') },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(4_000)) },
);

/** Percent-encoding mistakes and raw characters, written into the query or path as they are. */
const RAW_PIECES = ['%', '%zz', '%0', '%00', '%C0%AF', '%ED%A0%80', '%E0%A4%A', '%FF', '+', '&&', '==', '=', ';', '[]'];
const rawPiece = fc.constantFrom(...RAW_PIECES);

const queryPair = fc
  .oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...QUERY_NAMES), queryValue) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS, 'unknown', 'a[b]', 'a.b.c'), queryValue) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), queryValue) },
  )
  .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`);

const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 6,
    arbitrary: fc
      .array(fc.oneof({ weight: 8, arbitrary: queryPair }, { weight: 1, arbitrary: rawPiece }), {
        minLength: 1,
        maxLength: 6,
      })
      .map((pairs) => `?${pairs.join('&')}`),
  },
  // The same parameter many times over.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...QUERY_NAMES), queryValue, fc.constantFrom(2, 50, 500))
      .map(([key, value, n]) => `?${Array.from({ length: n }, () => `${key}=${percentEncode(value)}`).join('&')}`),
  },
);

// ---------------------------------------------------------------------------------------------------------------
// Paths

const garbageSegment = fc.oneof(
  fc.constantFrom(
    '%20',
    '%zz',
    '%',
    '%00',
    '%C0%AF',
    '%ED%A0%80',
    '%2F',
    '..',
    '.',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '-1',
    '1e999',
    percentEncode(INJECTION[0] ?? ''),
    'x'.repeat(300),
    'x'.repeat(3_000),
    percentEncode('ünïcödé🚨'),
  ),
  fc.uuid(),
  fc.string({ maxLength: 10 }).map(percentEncode),
);

function segmentFor(fixtures: FuzzFixtures, route: string, param: string, valid: boolean): fc.Arbitrary<string> {
  const pool: PoolName | undefined =
    param === 'noteId'
      ? 'note'
      : param === 'userId'
        ? 'user'
        : param === 'key'
          ? 'key'
          : route.startsWith('/alert/')
            ? 'alert'
            : route.startsWith('/blackout/')
              ? 'blackout'
              : route.startsWith('/heartbeat/')
                ? 'heartbeat'
                : route.startsWith('/user/')
                  ? 'user'
                  : route.startsWith('/group/')
                    ? 'group'
                    : route.startsWith('/perm/')
                      ? 'perm'
                      : route.startsWith('/customer/')
                        ? 'customer'
                        : undefined;
  const named = param === 'name' ? fc.constantFrom(...WEBHOOK_NAMES, 'nosuch') : undefined;
  const format = param === 'format' ? fc.constantFrom('json', 'xml', 'html') : undefined;
  const real = pool === undefined ? (named ?? format) : realId(fixtures, pool);
  if (real === undefined) return valid ? fc.constantFrom('x', 'abc') : garbageSegment;
  if (valid) return real;
  return fc.oneof({ weight: 5, arbitrary: real }, { weight: 2, arbitrary: garbageSegment });
}

// ---------------------------------------------------------------------------------------------------------------
// Headers and credentials

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/json; charset=utf-16',
  'application/vnd.alerta+json',
  'application/json; boundary=;;;',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  ';',
  '*/*',
];

const OTHER_HEADERS: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constant('Accept-Encoding'),
    fc.constantFrom('gzip', 'br', 'deflate', 'gzip, deflate, br', '*', 'identity;q=0', '*;q=0', 'zstd', 'gzip;q=x', ''),
  ),
  fc.tuple(
    fc.constant('If-None-Match'),
    fc.constantFrom('*', '"abc"', 'W/"x"', '"', 'W/', '"a", "b"', 'x'.repeat(2000)),
  ),
  fc.tuple(fc.constant('Accept'), fc.constantFrom('application/json', 'text/html', 'text/csv', '*/*', 'image/png', '')),
  fc.tuple(fc.constant('Origin'), fc.constantFrom('http://evil.example', 'null', 'http://localhost:3000', '*', '')),
  fc.tuple(fc.constant('X-Request-ID'), fc.constantFrom('abc', 'x'.repeat(300), '../../', 'a b', '')),
  fc.tuple(fc.constant('X-Forwarded-For'), fc.constantFrom('1.2.3.4', 'unknown', '::1, 10.0.0.1', 'x'.repeat(500))),
  fc.tuple(fc.constant('X-Forwarded-Proto'), fc.constantFrom('https', 'gopher', '')),
  fc.tuple(fc.constant('X-Forwarded-Host'), fc.constantFrom('evil.example', 'a b', '[::1', '')),
  fc.tuple(fc.constant('Host'), fc.constantFrom('evil.example', 'localhost:99999', '[::1', 'a b', 'x:y:z', '')),
  fc.tuple(fc.constant('Cookie'), fc.constantFrom('a=b', 'session=%zz', ';;;', 'x'.repeat(1000))),
  fc.tuple(fc.constant('Range'), fc.constantFrom('bytes=0-10', 'bytes=-1', 'lines=1')),
  fc.tuple(fc.constant('If-Modified-Since'), fc.constantFrom('Wed, 21 Oct 2015 07:28:00 GMT', 'garbage')),
  fc.tuple(fc.constant('Access-Control-Request-Method'), fc.constantFrom('PUT', 'DELETE', 'FOO')),
  fc.tuple(fc.constant('Sec-Fetch-Site'), fc.constantFrom('same-origin', 'cross-site', 'none')),
  fc.tuple(fc.constant('X-HTTP-Method-Override'), fc.constantFrom('DELETE', 'PUT')),
  fc.tuple(fc.constant('Expect'), fc.constantFrom('100-continue', 'nothing')),
);

const BAD_CREDENTIALS: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constant('Authorization'),
    fc.constantFrom(
      'Bearer ',
      'Bearer x',
      'Bearer a.b.c',
      // An unsigned token (alg none) claiming to be an administrator.
      `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
        '{"sub":"admin","scope":"admin read write","roles":["admin"]}',
      ).toString('base64url')}.`,
      'Basic ',
      'Basic %%%',
      `Basic ${Buffer.from('nobody:wrong').toString('base64')}`,
      `Basic ${Buffer.from(':').toString('base64')}`,
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      'Key ',
      'Key nosuchkey-0000000000',
      'Hawk id="x", ts="1", nonce="n", mac="m"',
      'Hawk garbage',
      'Digest username="x"',
      'Negotiate abc',
      `Bearer ${'x'.repeat(8000)}`,
    ),
  ),
  fc.tuple(fc.constant('X-API-Key'), fc.constantFrom('', 'short', 'nosuchkey-0000000000', 'x'.repeat(200), '%zz')),
);

function credentials(
  fixtures: FuzzFixtures,
): fc.Arbitrary<{ auth: FuzzAuth; headers: [string, string][]; query: string }> {
  const header = (auth: FuzzAuth, name: string, value: () => string) =>
    fc.constant(null).map(() => ({ auth, headers: [[name, value()]] as [string, string][], query: '' }));
  return fc.oneof(
    { weight: 6, arbitrary: header('admin', 'Authorization', () => `Bearer ${fixtures.adminToken}`) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        header('read-only key', 'X-API-Key', () => fixtures.readOnlyKey),
        header('read-only key', 'Authorization', () => `Key ${fixtures.readOnlyKey}`),
        fc.constant(null).map(() => ({
          auth: 'read-only key' as const,
          headers: [] as [string, string][],
          query: `api-key=${fixtures.readOnlyKey}`,
        })),
      ),
    },
    { weight: 2, arbitrary: header('customer user', 'Authorization', () => `Bearer ${fixtures.customerToken}`) },
    { weight: 1, arbitrary: header('customer key', 'X-API-Key', () => fixtures.customerKey) },
    { weight: 2, arbitrary: fc.constant(null).map(() => ({ auth: 'anonymous' as const, headers: [], query: '' })) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        BAD_CREDENTIALS.map((h) => ({ auth: 'bad credentials' as const, headers: [h], query: '' })),
        fc.constant(null).map(() => ({
          auth: 'bad credentials' as const,
          headers: [['Authorization', `Basic ${Buffer.from(`${fixtures.knownLogin}:wrong`).toString('base64')}`]] as [
            string,
            string,
          ][],
          query: '',
        })),
      ),
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

const ODD_METHODS = ['PATCH', 'TRACE', 'PROPFIND', 'PURGE', 'SEARCH', 'LOCK', 'COPY', 'MOVE', 'MKCOL', 'REPORT'];
const WIRE_METHODS = ['FOO', 'get', 'G ET', 'CONNECT', 'PRI', '', 'DELETE\u0000'];

const wireFault: fc.Arbitrary<WireFault> = fc.oneof(
  fc.constantFrom('abc', '-1', '1e3', '0x10', ' 5', '99999999999999999999', '').map((value) => ({
    kind: 'content-length' as const,
    value,
  })),
  fc.constant({ kind: 'duplicate content-length' as const, values: ['1', '2'] as [string, string] }),
  fc.constant({ kind: 'content-length and chunked' as const }),
  fc.constantFrom(['1', '0'], ['zz'], ['-1'], ['ffffffffffffffff'], ['1;ext=x', '0']).map((chunkSizes) => ({
    kind: 'chunked' as const,
    chunkSizes: [...chunkSizes],
  })),
  fc.constant({ kind: 'truncated body' as const }),
  fc.constantFrom(...WIRE_METHODS).map((method) => ({ kind: 'method' as const, method })),
  fc
    .constantFrom(
      '/alerts?a=b c',
      '/alert/ü',
      '/alerts#frag',
      '/alerts?\u0001',
      '//alerts',
      '/../alerts',
      '*',
      'alerts',
    )
    .map((target) => ({ kind: 'raw target' as const, target })),
  fc
    .constantFrom('X-Bad : space', 'NoColon', 'X-Null: a\u0000b', ': empty-name', 'X-Obs: a\r\n continued', 'É: x')
    .map((line) => ({ kind: 'header' as const, line })),
  fc.constant({ kind: 'http/1.0' as const }),
);

/** Fills a route's parameters with real ids or garbage. */
function pathFor(fixtures: FuzzFixtures, route: string, valid: boolean): fc.Arbitrary<string> {
  const parts = route.split('/').map((part) => {
    if (part === '*') return valid ? fc.constant('extra/path') : fc.oneof(fc.constant('extra/path'), garbageSegment);
    if (part.startsWith(':')) return segmentFor(fixtures, route, part.slice(1), valid);
    return fc.constant(part);
  });
  return fc.tuple(...parts).map((segments) => segments.join('/') || '/');
}

/** Paths that no route has, and routes' paths bent out of shape. */
const strayPath = fc.oneof(
  fc.constantFrom('/nosuch', '/alert', '/alerts/', '/alerts//count', '/ALERTS', '/alert/', '/_bulk', '/webhooks'),
  fc.array(garbageSegment, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
);

function methodFor(route: FuzzRoute, routes: readonly FuzzRoute[]): fc.Arbitrary<string> {
  const others = [...new Set(routes.filter((r) => r.path === route.path).map((r) => r.method))];
  return fc.oneof(
    { weight: 14, arbitrary: fc.constant(route.method) },
    { weight: 2, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', ...others) },
    { weight: 2, arbitrary: fc.constantFrom('HEAD', 'OPTIONS') },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
  );
}

interface Body {
  text: string | undefined;
  contentType: string | undefined;
}

function bodyFor(
  fixtures: FuzzFixtures,
  options: FuzzOptions,
  route: FuzzRoute,
  path: string,
  valid: boolean,
): fc.Arbitrary<Body> {
  const fields = BODY_FIELDS(fixtures);
  const kind = bodyKindOf(route.method, route.path);
  const sender = route.path.startsWith('/webhooks/') ? path.split('/')[2] : undefined;
  const json = (arbitrary: fc.Arbitrary<string>): fc.Arbitrary<Body> =>
    arbitrary.map((text) => ({ text, contentType: 'application/json' }));
  const good: fc.Arbitrary<Body> =
    sender !== undefined
      ? webhookBody(fixtures, sender, valid).map(({ text, form }) => ({
          text,
          contentType: form ? 'application/x-www-form-urlencoded' : 'application/json',
        }))
      : kind !== undefined && fields[kind] !== undefined
        ? valid
          ? json(fieldsBody(fields[kind], true))
          : fc.oneof(json(fieldsBody(fields[kind], true)), json(fieldsBody(fields[kind], false)))
        : json(fc.constantFrom('{}', '{"unknown":1}'));
  if (valid) return good;
  const limit = options.bodyLimit;
  return fc.oneof(
    { weight: 10, arbitrary: good },
    { weight: 3, arbitrary: json(brokenBody) },
    // Another route's body.
    {
      weight: 1,
      arbitrary: fc.constantFrom(...Object.keys(fields)).chain((other) => json(fieldsBody(fields[other] ?? {}, false))),
    },
    { weight: 1, arbitrary: fc.constant({ text: undefined, contentType: undefined }) },
    { weight: 1, arbitrary: fc.constant({ text: undefined, contentType: 'application/json' }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(limit - 64, limit, limit + 1, limit * 2), fc.constantFrom('text', 'rawData'))
        .map(([size, field]) => ({ text: sizedBody(size, field), contentType: 'application/json' })),
    },
  );
}

/**
 * One request: mostly aimed at a route of the index, with its own method, body and credentials, each of which may be
 * bent; some at paths no route has.
 */
export function fuzzRequest(
  fixtures: FuzzFixtures,
  routes: readonly FuzzRoute[],
  options: FuzzOptions,
): fc.Arbitrary<FuzzRequest> {
  const aimed = (valid: boolean) =>
    fc
      .constantFrom(...routes)
      .chain((route) =>
        fc
          .tuple(pathFor(fixtures, route.path, valid), valid ? fc.constant(route.method) : methodFor(route, routes))
          .chain(([path, method]) =>
            fc.tuple(
              fc.constant(route),
              fc.constant(path),
              fc.constant(method),
              bodyFor(fixtures, options, route, path, valid),
              fc.constant(valid),
            ),
          ),
      );
  const stray = fc.tuple(
    fc.constant({ method: 'GET', path: '*' }),
    strayPath,
    fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', ...ODD_METHODS),
    fc.constant<Body>({ text: '{}', contentType: 'application/json' }),
    fc.constant(false),
  );
  return fc
    .tuple(
      // A third of the requests are well formed from end to end, so the code behind validation runs too.
      fc.oneof(
        { weight: 20, arbitrary: aimed(false) },
        { weight: 10, arbitrary: aimed(true) },
        { weight: 1, arbitrary: stray },
      ),
      queryString,
      credentials(fixtures),
      fc.array(OTHER_HEADERS, { maxLength: 3 }),
      // Now and then a Content-Type of its own over the body's.
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      // One request in 30 with a framing fault, which usually costs the connection.
      options.wire
        ? fc.oneof({ weight: 29, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: wireFault })
        : fc.constant(null),
      fc.nat(9),
    )
    .map(([[route, path, method, body, valid], query, creds, extra, contentType, wire, dice]) => {
      const headers: [string, string][] = valid ? [...creds.headers] : [...creds.headers, ...extra];
      const type = (valid ? null : contentType) ?? body.contentType;
      if (type !== undefined) headers.push(['Content-Type', type]);
      const ownQuery = valid ? '' : query.replace(/^\?/, '');
      const joined = [ownQuery, creds.query].filter((q) => q !== '').join('&');
      return {
        method,
        url: `${path}${joined === '' ? '' : `?${joined}`}`,
        headers,
        // Bodies on reads and deletes now and then, as some clients send them.
        body: ['POST', 'PUT', 'PATCH'].includes(method) || (dice === 0 && !valid) ? body.text : undefined,
        auth: creds.auth,
        route: `${route.method} ${route.path}`,
        wire: (valid ? null : wire) ?? undefined,
      };
    });
}

/** A request as one line for a report: method, URL, headers (credentials shortened) and the body's start. */
export function describeRequest(request: FuzzRequest): string {
  const headers = request.headers
    .map(([k, v]) => `${k}: ${v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v}`)
    .join(' | ');
  const body =
    request.body === undefined
      ? ''
      : ` body(${request.body.length}): ${JSON.stringify(request.body.length > 300 ? `${request.body.slice(0, 300)}…` : request.body)}`;
  const url = request.url.length > 300 ? `${request.url.slice(0, 300)}…(${request.url.length})` : request.url;
  const wire = request.wire === undefined ? '' : ` wire: ${JSON.stringify(request.wire)}`;
  return `${request.method} ${url} [${request.auth}; route ${request.route}] ${headers}${body}${wire}`;
}

/** Takes the id a 201 answer names into the pool of its kind, so later requests act on records the run made. */
export function harvest(fixtures: FuzzFixtures, request: FuzzRequest, status: number, body: string): void {
  if (status !== 201 && status !== 200) return;
  if (request.method !== 'POST' && request.method !== 'PUT') return;
  const path = request.url.split('?')[0] ?? '';
  const pool: PoolName | undefined = (
    {
      '/alert': 'alert',
      '/blackout': 'blackout',
      '/heartbeat': 'heartbeat',
      '/key': 'key',
      '/user': 'user',
      '/group': 'group',
      '/perm': 'perm',
      '/customer': 'customer',
    } as Record<string, PoolName | undefined>
  )[path];
  const isNote = /^\/alert\/[^/]+\/note$/.test(path);
  if (pool === undefined && !isNote) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  if (parsed === null || typeof parsed !== 'object') return;
  const answer = parsed as { id?: unknown; key?: unknown };
  const id = pool === 'key' ? answer.key : answer.id;
  if (typeof id !== 'string') return;
  const list = fixtures.pools[isNote ? 'note' : (pool ?? 'alert')];
  list.push(id);
  // A bounded pool: recent records are the ones most likely to still exist.
  if (list.length > 64) list.splice(0, list.length - 64);
}

/** One call to the server under test, however it is reached. */
export type FuzzSend = (
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<{ status: number; body: string }>;

/** Empty pools, for fixtures being made. */
export const emptyPools = (): Record<PoolName, string[]> =>
  Object.fromEntries(POOL_NAMES.map((name) => [name, [] as string[]])) as Record<PoolName, string[]>;

/**
 * Makes the records and credentials a fuzz run needs through the API, as the administrator `admin`: a customer lookup
 * and a user it limits to that customer (the server needs `CUSTOMER_VIEWS=true`), a read-only key, a key of that
 * customer, and a few records of each kind to act on.
 */
export async function makeFixtures(send: FuzzSend, admin: { login: string; password: string }): Promise<FuzzFixtures> {
  const json = { 'Content-Type': 'application/json' };
  const ok = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const answer = await send(method, url, { ...json, ...headers }, body);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`fuzz fixtures: ${method} ${url} answered ${answer.status}: ${answer.body}`);
    }
    return JSON.parse(answer.body) as Record<string, unknown>;
  };
  const login = async (username: string, password: string) => {
    const { token } = await ok('POST', '/auth/login', {}, { username, password });
    if (typeof token !== 'string') throw new Error('fuzz fixtures: no token');
    return token;
  };
  const customer = 'Acme';
  const customerUser = { login: 'ops@acme.example', password: 'ops-password-1' };
  const adminToken = await login(admin.login, admin.password);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  const pools = emptyPools();
  const keep = (pool: PoolName, id: unknown) => {
    if (typeof id === 'string') pools[pool].push(id);
  };
  await ok('POST', '/customer', asAdmin, { match: 'acme.example', customer });
  await ok('POST', '/user', asAdmin, { ...customerUser, email: customerUser.login, roles: ['user'] });
  const customerToken = await login(customerUser.login, customerUser.password);
  const readOnlyKey = (await ok('POST', '/key', asAdmin, { type: 'read-only', text: 'fuzz reader' })).key;
  const customerKey = (await ok('POST', '/key', asAdmin, { scopes: ['read', 'write'], customer })).key;
  if (typeof readOnlyKey !== 'string' || typeof customerKey !== 'string') throw new Error('fuzz fixtures: no key');
  for (const [i, owner] of [undefined, customer, undefined, customer].entries()) {
    const alert = await ok('POST', '/alert', asAdmin, {
      resource: `fuzz${i}`,
      event: 'FuzzEvent',
      environment: 'Production',
      service: ['Fuzz'],
      severity: 'major',
      tags: ['fuzz'],
      attributes: { region: 'eu' },
      ...(owner === undefined ? {} : { customer: owner }),
    });
    keep('alert', alert.id);
    keep('note', (await ok('PUT', `/alert/${String(alert.id)}/note`, asAdmin, { text: 'a note' })).id);
  }
  keep('blackout', (await ok('POST', '/blackout', asAdmin, { environment: 'Lab', resource: 'fuzz-none' })).id);
  keep('heartbeat', (await ok('POST', '/heartbeat', asAdmin, { origin: 'fuzz/1', timeout: 86_400 })).id);
  keep('key', (await ok('POST', '/key', asAdmin, { type: 'read-only', text: 'victim' })).key);
  const victim = { login: 'victim@example.com', email: 'victim@example.com', password: 'victim-password-1' };
  keep('user', (await ok('POST', '/user', asAdmin, victim)).id);
  keep('group', (await ok('POST', '/group', asAdmin, { name: 'fuzzers' })).id);
  keep('perm', (await ok('POST', '/perm', asAdmin, { match: 'ops', scopes: ['read'] })).id);
  keep('customer', (await ok('POST', '/customer', asAdmin, { match: 'globex.example', customer: 'Globex' })).id);
  return {
    pools,
    adminToken,
    readOnlyKey,
    customerToken,
    customerKey,
    knownLogin: customerUser.login,
    customer,
  };
}
