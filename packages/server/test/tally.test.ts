import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { openDatabase } from './support/database.js';
import { forEachEngine } from './support/engines.js';

/**
 * Counts, environments, services, top 10 by event, groups, tags, facets and the grouped list's first level are read
 * from tallies that triggers keep (migrations 5, 14, 18, 20 and 21 on PostgreSQL; 5, 12, 15, 18 and 19 on SQLite)
 * when the query allows it. A from-date before any alert makes the same query count the alerts themselves, so every
 * answer is compared both ways after a random mix of new alerts, duplicates, severity changes, actions, service,
 * group and tag changes and deletes, drawn by fast-check. TALLY_SEED changes the draw; a failure prints the seed that
 * draws it again.
 */

const SEED = Number(process.env.TALLY_SEED ?? 20_260_301);

const ENVIRONMENTS = ['Production', 'Development', 'Staging'];
const EVENTS = ['NodeDown', 'DiskFull', 'HttpError', 'CpuHigh', 'Timeout'];
const SEVERITIES = ['critical', 'major', 'minor', 'warning', 'normal', 'informational'];
const SERVICES = ['Web', 'Api', 'Db', 'Cache'];
const ACTIONS = ['ack', 'close', 'shelve', 'open', 'unack'];
const GROUPS = ['Performance', 'Network', 'Os'];
const TAGS = ['linux', 'pci', 'blue', 'green'];
const REGIONS = ['eu', 'us', 'ap'];
const LONG = 'x'.repeat(201);
const WORDS = ['Disk', 'full', 'cpu', 'high', 'failover', 'link', 'down', 'Latency', 'timeout'];
const EPOCH = 'from-date=1970-01-01T00:00:00.000Z';
/** Every field the facets take, two values each, so that ranking, "more" and "none" are compared too. */
const FACETS = 'fields=environment,service,resource,event,group,origin,customer,severity,status,tag&limit=2';
/**
 * One-level groupings of every tallied field (group-tally.ts), with each order and pages past the first, so that the
 * counts, the order, the paging and the newest times are compared too.
 */
const GROUPINGS = [
  'group-by=service&page-size=3',
  'group-by=resource&group-sort=count&page-size=4&page=2',
  'group-by=tag&group-sort=name',
  'group-by=event&page-size=2&page=2',
  'group-by=group',
  'group-by=origin&group-sort=count',
  'group-by=environment&group-sort=name',
  'group-by=customer',
  'group-by=severity',
  'group-by=status&group-sort=count',
  'group-by=service&group-by=resource&page-size=3&sub-page-size=2',
  'group-by=event&group-by=tag&group-sort=count',
  'group-by=tag&group-by=service&group-sort=name&sub-page-size=1',
  'group-by=severity&group-by=attribute.region',
  'group-by=origin&group-by=customer&page-size=2&page=2',
  'group-by=service&group-by=event&parent=Web&page-size=2',
  'group-by=resource&group-by=tag&parent-none=true&page-size=2',
  'group-by=tag&group-by=origin&parent-none=true',
  // Attributes of every JSON type (see `attributes` below): some are wholly in the attribute tally, some not.
  'group-by=attribute.region',
  'group-by=attribute.region&group-sort=count&page-size=2&page=2',
  'group-by=attribute.priority',
  'group-by=attribute.flag&group-sort=name',
  'group-by=attribute.nested',
  'group-by=attribute.note',
  'group-by=attribute.long',
  'group-by=attribute.region&group-by=service&sub-page-size=2',
  'group-by=attribute.region&group-by=tag&parent=eu',
];
/** Users restricted to some customers (docs/api/customers.md); alerts without a customer are none of theirs. */
const VIEWERS: Record<string, readonly string[]> = { acme: ['Acme'], both: ['Acme', 'Globex'] };

const oneOf = <T>(list: readonly T[]) => fc.constantFrom(...list);
/** `null` (keep what the alert has) `keep` times in ten, otherwise a value of `values`. */
const keepOr = <T>(values: fc.Arbitrary<T>, keep: number) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: keep }, { arbitrary: values, weight: 10 - keep });
const services = fc.array(oneOf(SERVICES), { maxLength: 3 });
const tags = fc.array(oneOf(TAGS), { maxLength: 2 });
// Values of every JSON type, a value too long for the attribute tally and a key SQLite's filter cannot name.
const attributes = fc.record(
  {
    region: oneOf(REGIONS),
    priority: fc.integer({ min: 0, max: 2 }),
    flag: fc.boolean(),
    nested: fc.constant({ a: 1 }),
    note: fc.constant(null),
    long: fc.constant(LONG),
    'we"ird': fc.constant('q'),
  },
  { requiredKeys: ['region'] },
);
const newAlert = fc.record(
  {
    resource: fc.integer({ min: 0, max: 11 }).map((n) => `host-${String(n)}`),
    event: oneOf(EVENTS),
    environment: oneOf(ENVIRONMENTS),
    severity: oneOf(SEVERITIES),
    service: services,
    group: oneOf(GROUPS),
    tags,
    text: fc.array(oneOf(WORDS), { minLength: 3, maxLength: 3 }).map((words) => words.join(' ')),
    attributes,
    customer: oneOf(['Acme', 'Globex']),
  },
  { requiredKeys: ['resource', 'event', 'environment', 'severity', 'service', 'group', 'tags', 'text', 'attributes'] },
);

/** One change to the alerts; `pick` chooses one of the alerts made so far. */
type Change =
  | { kind: 'new'; alert: Record<string, unknown> }
  | {
      kind: 'duplicate';
      pick: number;
      severity: string | null;
      service: string[] | null;
      group: string | null;
      tags: string[] | null;
      attributes: Record<string, unknown> | null;
    }
  | { kind: 'tag' | 'untag'; pick: number; tags: string[] }
  | { kind: 'attributes'; pick: number; attributes: Record<string, unknown> }
  | { kind: 'action'; pick: number; action: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'status'; pick: number; status: string };

const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 45, arbitrary: newAlert.map((alert): Change => ({ kind: 'new', alert })) },
  // A duplicate, or a severity change, sometimes with other services.
  {
    weight: 15,
    arbitrary: fc.record({
      kind: fc.constant('duplicate' as const),
      pick: fc.nat(),
      severity: keepOr(oneOf(SEVERITIES), 5),
      service: keepOr(services, 7),
      group: keepOr(oneOf(GROUPS), 8),
      tags: keepOr(tags, 8),
      attributes: keepOr(attributes, 7),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: oneOf(['tag', 'untag'] as const), pick: fc.nat(), tags }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('attributes' as const), pick: fc.nat(), attributes }) },
  {
    weight: 20,
    arbitrary: fc.record({ kind: fc.constant('action' as const), pick: fc.nat(), action: oneOf(ACTIONS) }),
  },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      status: oneOf(['open', 'ack', 'closed']),
    }),
  },
);

/** `rounds` changes, the first a new alert so that the others have one to change. */
const changes = (rounds: number): fc.Arbitrary<Change[]> =>
  fc
    .tuple(
      newAlert.map((alert): Change => ({ kind: 'new', alert })),
      fc.array(change, { minLength: rounds - 1, maxLength: rounds - 1 }),
    )
    .map(([first, rest]) => [first, ...rest]);

/** How many attribute tally rows hold region `eu` with the status. */
async function tallyRows(db: ReturnType<typeof openDatabase>, status: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from alert_attribute_tally
    where key = 'region' and value = 'eu' and status = ${status}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = admin,
  ) => {
    const response = await server.app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: response.statusCode, body: body(response) };
  };

  before(async () => {
    server = await startTestServer(engine, {
      ALLOWED_ENVIRONMENTS: ENVIRONMENTS.join(','),
      REQUIRE_SERVICE: 'false',
      // Admins see every customer; the viewers below see one or two (docs/api/customers.md).
      CUSTOMER_VIEWS: 'true',
    });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
    for (const [login, customers] of Object.entries(VIEWERS)) {
      await createUser(server.store, { login, password: `${login}-password` });
      const user = await server.store.users.findByLoginOrEmail(login);
      // A lookup's match is unique, so each customer reaches the viewer through a group of its own.
      for (const customer of customers) {
        const name = `${login}-${customer}`;
        assert.equal((await call('POST', '/customer', { match: name, customer })).status, 201);
        const group = await call('POST', '/group', { name });
        const id = (group.body.group as { id: string }).id;
        assert.equal((await call('PUT', `/group/${id}/user/${user?.id ?? ''}`, {})).status, 200);
      }
    }
  });
  after(async () => {
    await server.close();
  });

  /** Posts an alert and returns its id (201), or undefined when the answer was something else. */
  async function post(fields: Record<string, unknown>): Promise<string | undefined> {
    const response = await call('POST', '/alert', alertBody(fields));
    assert.ok([201, 202].includes(response.status), JSON.stringify(response.body));
    return typeof response.body.id === 'string' ? response.body.id : undefined;
  }

  /** Makes the changes through the API, in order. */
  async function apply(list: readonly Change[]): Promise<void> {
    const ids: string[] = [];
    for (const next of list) {
      if (next.kind === 'new') {
        const id = await post(next.alert);
        if (id !== undefined) ids.push(id);
        continue;
      }
      const id = ids[next.pick % ids.length];
      if (id === undefined) continue;
      const current = await call('GET', `/alert/${id}`);
      if (current.status === 404) continue;
      const alert = current.body.alert as Record<string, unknown>;
      switch (next.kind) {
        case 'duplicate':
          await post({
            resource: alert.resource,
            event: alert.event,
            environment: alert.environment,
            customer: alert.customer,
            severity: next.severity ?? alert.severity,
            service: next.service ?? alert.service,
            group: next.group ?? alert.group,
            tags: next.tags ?? alert.tags,
            ...(next.attributes === null ? {} : { attributes: next.attributes }),
          });
          break;
        case 'tag':
        case 'untag':
          await call('PUT', `/alert/${id}/${next.kind}`, { tags: next.tags });
          break;
        case 'attributes':
          await call('PUT', `/alert/${id}/attributes`, { attributes: next.attributes });
          break;
        case 'action':
          await call('PUT', `/alert/${id}/action`, { action: next.action, text: 'by the tally test' });
          break;
        case 'delete':
          assert.equal((await call('DELETE', `/alert/${id}`)).status, 200);
          break;
        case 'status':
          await call('PUT', `/alert/${id}/status`, { status: next.status, text: 'set' });
          break;
      }
    }
  }

  /**
   * Makes `rounds` random changes, then runs `check`. One run on the server's growing data, so a failure is not
   * shrunk (a smaller run would start from other data); the message names the seed instead.
   */
  async function scramble(offset: number, rounds: number, check: () => Promise<void>): Promise<void> {
    const seed = SEED + offset + (engine.name === 'sqlite' ? 0 : 10);
    await fc.assert(
      fc.asyncProperty(changes(rounds), async (list) => {
        await apply(list);
        await check();
      }),
      {
        seed,
        numRuns: 1,
        endOnFailure: true,
        reporter: (details) => {
          if (!details.failed) return;
          const error =
            details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(`tally check failed on ${engine.name}; TALLY_SEED=${String(SEED)} draws it again:\n${error}`);
        },
      },
    );
  }

  const QUERIES = [
    '',
    'status=open&status=ack',
    'status!=closed',
    'environment=Production',
    'environment!=Staging&status=open',
    'severity=critical&severity=major',
    'event=NodeDown',
    'customer=Acme',
    'customer!=Acme',
    'status=shelved&environment=Development',
    // One service counts from the service tally; more, or a negation, count the alerts.
    'service=Web',
    'service=Api&status=open&environment=Production',
    'service=Web&service=Api',
    'service!=Web',
    // One exact attribute filter counts from the attribute tally, with status, severity, environment and customer.
    'attributes.region=eu',
    'attributes.region=eu&status=open&status=ack',
    'attributes.region=us&environment=Production&severity!=minor',
    'attributes.region=ap&customer=Acme',
    'attributes.priority=1',
    'attributes.flag=true',
    `attributes.nested=${encodeURIComponent('{"a":1}')}`,
    `attributes.nested=${encodeURIComponent('{"a": 1}')}`,
    'attributes.note=null',
    `attributes.long=${LONG}`,
    `attributes.${encodeURIComponent('we"ird')}=q`,
    'attributes.region=',
    // Other filters, or two attributes, count the alerts.
    'attributes.region=eu&service=Web',
    'attributes.region=eu&attributes.priority=1',
    'attributes.region=~e',
    'attributes.region!=eu',
  ];

  async function compare(path: string, query: string, headers: Record<string, string> = admin): Promise<void> {
    const join = (q: string) => `${path}${q === '' ? '' : `?${q}`}`;
    const tallied = await call('GET', join(query), undefined, headers);
    const counted = await call('GET', join(query === '' ? EPOCH : `${query}&${EPOCH}`), undefined, headers);
    assert.equal(tallied.status, 200, JSON.stringify(tallied.body));
    assert.deepEqual(tallied.body, counted.body, `${path}?${query}`);
  }

  /** GET /alerts/grouped the same both ways; a page past the last is refused alike. */
  async function compareGrouped(query: string, headers: Record<string, string> = admin): Promise<void> {
    const path = `/alerts/grouped?${query}`;
    const tallied = await call('GET', path, undefined, headers);
    const counted = await call('GET', `${path}&${EPOCH}`, undefined, headers);
    assert.ok([200, 416].includes(tallied.status), JSON.stringify(tallied.body));
    assert.equal(tallied.status, counted.status, path);
    if (tallied.status === 200) assert.deepEqual(tallied.body, counted.body, path);
    else assert.equal(tallied.body.message, counted.body.message, path);
  }

  /** The list's total and counts by status and severity are the same both ways. */
  async function compareList(query: string, headers: Record<string, string> = admin): Promise<void> {
    const path = `/alerts?page-size=1${query === '' ? '' : `&${query}`}`;
    const tallied = await call('GET', path, undefined, headers);
    const counted = await call('GET', `${path}&${EPOCH}`, undefined, headers);
    assert.equal(tallied.status, 200, JSON.stringify(tallied.body));
    assert.equal(tallied.body.total, counted.body.total, path);
    assert.deepEqual(tallied.body.statusCounts, counted.body.statusCounts, path);
    assert.deepEqual(tallied.body.severityCounts, counted.body.severityCounts, path);
  }

  it('answers counts, environments, services, top 10, groups and tags the same from the tallies as from the alerts', async () => {
    await scramble(1, 160, async () => {
      for (const query of QUERIES) {
        await compare('/alerts/count', query);
        await compare('/environments', query);
        await compare('/services', query);
        await compare('/alerts/top10/count', query);
        await compare('/alerts/groups', query);
        await compare('/alerts/tags', query);
        await compare('/alerts/facets', query === '' ? FACETS : `${FACETS}&${query}`);
        for (const grouping of GROUPINGS) await compareGrouped(query === '' ? grouping : `${grouping}&${query}`);
      }
      // The list's total counts up to now by default; the tally path must agree with counting.
      for (const query of QUERIES) await compareList(query);
    });
  });

  it('answers a caller restricted to some customers the same both ways, and only from those customers', async () => {
    for (const [login, customers] of Object.entries(VIEWERS)) {
      const viewer = basic(login, `${login}-password`);
      for (const query of QUERIES) {
        for (const path of [
          '/alerts/count',
          '/environments',
          '/services',
          '/alerts/top10/count',
          '/alerts/groups',
          '/alerts/tags',
        ]) {
          await compare(path, query, viewer);
        }
        await compare('/alerts/facets', query === '' ? FACETS : `${FACETS}&${query}`, viewer);
        for (const grouping of GROUPINGS) {
          await compareGrouped(query === '' ? grouping : `${grouping}&${query}`, viewer);
        }
        await compareList(query, viewer);
      }
      // What the viewer sees is what an admin sees asking for those customers by name.
      const own = customers.map((c) => `customer=${c}`).join('&');
      const seen = await call('GET', '/alerts/count', undefined, viewer);
      const named = await call('GET', `/alerts/count?${own}`);
      assert.deepEqual(seen.body, named.body, login);
      assert.ok(Number(seen.body.total) > 0, login);
      const all = await call('GET', '/alerts/count');
      assert.ok(Number(seen.body.total) < Number(all.body.total), login);
      for (const search of ['failover', 'disk AND NOT full', 'status:open AND (down OR link)']) {
        await compare('/alerts/count', `q=${encodeURIComponent(search)}`, viewer);
        await compare('/alerts/count', `q=${encodeURIComponent(search)}&status=open&status=ack`, viewer);
      }
    }
  });

  it('counts text searches the same from the narrow copy as from the alerts', async () => {
    const searches = [
      'failover',
      'disk AND NOT full',
      'text:"cpu high" OR latency',
      'fail*',
      'status:open AND (down OR link)',
      '/time.*/',
      // The copy holds the text in lower case: mixed searches match it without case, ranges count from the alerts.
      'FAILOVER AND status:open',
      'DISK OR severity:major',
      'text:[a TO m]',
      'text:{Disk TO latency]',
    ];
    const filters = [
      '',
      'status=open&status=ack',
      'environment=~prod',
      'severity!=minor&customer=Acme',
      // The console's description filter counts from the copy too, with or without a search.
      'text=~DISK',
      'text!=~full&status=open',
    ];
    for (const search of searches) {
      for (const filter of filters) {
        const query = `q=${encodeURIComponent(search)}${filter === '' ? '' : `&${filter}`}`;
        await compare('/alerts/count', query);
        await compareList(query);
      }
    }
    const some = await call('GET', `/alerts/count?q=failover`);
    assert.ok(Number(some.body.total) > 0);
    for (const filter of ['text=~Disk', 'text=~LATENCY&environment=Production', 'text!=~cpu&status=open']) {
      await compare('/alerts/count', filter);
      await compareList(filter);
    }
  });

  it('counts searches and substring filters of tallied columns the same from the tallies as from the alerts', async () => {
    // Conditions on status, severity, environment and event only (and one service a filter or the search requires)
    // run on the tallies' rows; anything else counts the alerts.
    const searches = [
      'severity:major AND NOT environment:Staging',
      'severity:maj* OR event:/node.*/',
      'status:open AND (environment:"Production" OR environment:dev)',
      'environment:[D TO Q]',
      'service:Web',
      'service:Web AND severity:major',
      'NOT status:closed AND service:"Api" AND NOT environment:Staging',
      'service:Web OR service:Api',
      'service:Web AND customer:Acme',
    ];
    const filters = [
      '',
      'status=open&status=ack',
      'environment=~prod',
      'event=~disk&severity!=minor',
      'customer=Acme',
      'customer!=Acme',
      'service=Web',
      'service=Api&status!=closed',
    ];
    for (const search of searches) {
      for (const filter of filters) {
        const query = `q=${encodeURIComponent(search)}${filter === '' ? '' : `&${filter}`}`;
        await compare('/alerts/count', query);
        await compareList(query);
        for (const login of Object.keys(VIEWERS))
          await compare('/alerts/count', query, basic(login, `${login}-password`));
      }
    }
    for (const filter of ['environment=~prod', 'severity=~maj&severity=~min', 'event!=~down&service=Db']) {
      await compare('/alerts/count', filter);
    }
    const some = await call('GET', `/alerts/count?q=${encodeURIComponent('service:Web AND severity:major')}`);
    assert.ok(Number(some.body.total) > 0);
  });

  it('stays exact after more changes, and is not fooled by alerts it cannot answer for', async () => {
    await scramble(2, 120, async () => {
      const all = await call('GET', '/alerts/count');
      const counted = await call('GET', `/alerts/count?${EPOCH}`);
      assert.deepEqual(all.body, counted.body);
      assert.ok(Number(all.body.total) > 0);
    });
    // Substring filters and q= are answered by counting, whatever the tallies hold.
    const substring = await call('GET', '/alerts/count?environment=~prod');
    const production = await call('GET', '/alerts/count?environment=Production');
    assert.equal(substring.body.total, production.body.total);
  });

  it('counts an exact attribute filter from the attribute tally, and nothing else from it', async () => {
    const { database } = server.settings;
    const db = openDatabase(database);
    const total = async (query: string) => Number((await call('GET', `/alerts/count?${query}`)).body.total);
    try {
      const before = await total('attributes.region=eu&status=open');
      const other = await total('attributes.region=eu&service=Web');
      assert.ok(before > 0);
      // A tally row made wrong on purpose shows which answers come from it.
      await sql`update alert_attribute_tally set n = n + 1000
        where key = 'region' and value = 'eu' and status = 'open'`.execute(db);
      assert.equal(await total('attributes.region=eu&status=open'), before + 1000 * (await tallyRows(db, 'open')));
      assert.equal(await total('attributes.region=eu&service=Web'), other);
      await sql`update alert_attribute_tally set n = n - 1000
        where key = 'region' and value = 'eu' and status = 'open'`.execute(db);
      await compare('/alerts/count', 'attributes.region=eu&status=open');
    } finally {
      await db.destroy();
    }
  });

  it('reads facets from the facet tally when the filters allow, and counts the alerts otherwise', async () => {
    const { database } = server.settings;
    const db = openDatabase(database);
    const facets = async (query: string) => {
      const answer = await call('GET', `/alerts/facets?fields=origin,status&${query}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body as { total: number; facets: Record<string, { values: { value: string; count: number }[] }> };
    };
    try {
      const id = await post({ resource: 'facet-probe', event: 'Probe', environment: 'Staging', origin: 'probe/1' });
      const count = (answer: Awaited<ReturnType<typeof facets>>) =>
        answer.facets.origin?.values.find((v) => v.value === 'probe/1')?.count;
      assert.equal(count(await facets('status=open')), 1);
      // A tally row made wrong on purpose shows which answers come from it.
      await sql`update alert_facet_tally set n = n + 1000 where kind = 'origin' and label = 'probe/1'`.execute(db);
      assert.equal(count(await facets('status=open')), 1001);
      assert.equal(count(await facets('status=open&service=Web')), undefined);
      assert.equal(count(await facets(`status=open&${EPOCH}`)), 1);
      await sql`update alert_facet_tally set n = n - 1000 where kind = 'origin' and label = 'probe/1'`.execute(db);
      assert.equal((await call('DELETE', `/alert/${String(id)}`)).status, 200);
      assert.equal(count(await facets('status=open')), undefined);
    } finally {
      await db.destroy();
    }
  });

  it('reads the first level of the grouped list from the group tally when the filters allow', async () => {
    const { database } = server.settings;
    const db = openDatabase(database);
    const probe = async (query: string) => {
      const answer = await call('GET', `/alerts/grouped?group-by=origin&group-sort=name&page-size=100&${query}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const groups = answer.body.groups as { key: string | null; count: number; lastReceiveTime: string }[];
      return groups.find((group) => group.key === 'probe/2');
    };
    try {
      const id = await post({ resource: 'group-probe', event: 'Probe', environment: 'Staging', origin: 'probe/2' });
      const alert = await call('GET', `/alert/${String(id)}`);
      const received = (alert.body.alert as { lastReceiveTime: string }).lastReceiveTime;
      assert.deepEqual(await probe('status=open'), await probe(`status=open&${EPOCH}`));
      assert.equal((await probe('status=open'))?.lastReceiveTime, received);
      // A tally row made wrong on purpose shows which answers come from it.
      await sql`update alert_group_tally set n = n + 1000 where kind = 'origin' and label = 'probe/2'`.execute(db);
      assert.equal((await probe('status=open'))?.count, 1001);
      assert.equal((await probe('status=open&environment=Staging'))?.count, 1001);
      assert.equal((await probe('status=open&resource=group-probe'))?.count, 1);
      assert.equal((await probe(`status=open&${EPOCH}`))?.count, 1);
      await sql`update alert_group_tally set n = n - 1000 where kind = 'origin' and label = 'probe/2'`.execute(db);
      assert.equal((await call('DELETE', `/alert/${String(id)}`)).status, 200);
      assert.equal(await probe('status=open'), undefined);
    } finally {
      await db.destroy();
    }
  });

  it('groups by an attribute from the attribute tally while it holds every value of the key', async () => {
    const { database } = server.settings;
    const db = openDatabase(database);
    const probe = async (key: string, query: string) => {
      const path = `/alerts/grouped?group-by=attribute.${key}&group-sort=name&page-size=100&${query}`;
      const answer = await call('GET', path);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const groups = answer.body.groups as { key: string | null; count: number; lastReceiveTime: string }[];
      return { probed: groups.find((group) => group.key === 'probe-3'), none: groups.find((g) => g.key === null) };
    };
    try {
      const attributes = { probeKey: 'probe-3' };
      const id = await post({ resource: 'attr-probe', event: 'Probe', environment: 'Staging', attributes });
      const alert = await call('GET', `/alert/${String(id)}`);
      const received = (alert.body.alert as { lastReceiveTime: string }).lastReceiveTime;
      assert.deepEqual(await probe('probeKey', 'status=open'), await probe('probeKey', `status=open&${EPOCH}`));
      assert.equal((await probe('probeKey', 'status=open')).probed?.lastReceiveTime, received);
      // A tally row made wrong on purpose shows which answers come from it.
      const shift = (n: number) =>
        sql`update alert_attribute_tally set n = n + ${n} where key = 'probeKey' and value = 'probe-3'`.execute(db);
      await shift(1000);
      const tallied = await probe('probeKey', 'status=open');
      assert.equal(tallied.probed?.count, 1001);

      assert.equal((await probe('probeKey', 'status=open&resource=attr-probe')).probed?.count, 1);
      // A value the tally leaves out (longer than it keeps) makes the grouping read the alerts.
      const long = await post({
        resource: 'attr-probe-long',
        event: 'Probe',
        environment: 'Staging',
        attributes: { probeKey: 'x'.repeat(300) },
      });
      assert.equal((await probe('probeKey', 'status=open')).probed?.count, 1);
      assert.equal((await call('DELETE', `/alert/${String(long)}`)).status, 200);
      assert.equal((await probe('probeKey', 'status=open')).probed?.count, 1001);
      await shift(-1000);
      assert.equal((await call('DELETE', `/alert/${String(id)}`)).status, 200);
      assert.equal((await probe('probeKey', 'status=open')).probed, undefined);
    } finally {
      await db.destroy();
    }
  });

  it('gives the newest time of a group whose alerts are older than the newest few hundred', async () => {
    // group-tally.ts reads the counts; the newest times come from the newest 500 matching alerts, then from the
    // alerts of the groups not among them.
    const old = { environment: 'Staging', service: ['Aardvark'], origin: 'aardvark/1', tags: ['aardvark'] };
    await post({ resource: 'aardvark-host', event: 'AardvarkOld', ...old });
    await post({ resource: 'aardvark-host', event: 'AardvarkOlder', ...old, service: [], tags: [] });
    for (let n = 0; n < 520; n += 1) {
      await post({ resource: `crowd-${String(n % 40)}`, event: `Crowd${String(n)}`, environment: 'Staging' });
    }
    for (const grouping of ['resource', 'event', 'service', 'origin', 'tag']) {
      const query = `group-by=${grouping}&group-sort=name&page-size=3&environment=Staging`;
      await compareGrouped(query);
      const answer = await call('GET', `/alerts/grouped?${query}`);
      const groups = answer.body.groups as { key: string | null; lastReceiveTime: string }[];
      assert.ok(
        groups.some((group) => group.key?.toLowerCase().startsWith('aardvark')),
        `${grouping}: ${JSON.stringify(groups)}`,
      );
    }
  });

  it('housekeeping drops tally rows that no longer count anything', async () => {
    const { database } = server.settings;
    const db = openDatabase(database);
    try {
      const rows = () => db.selectFrom('alert_tally').select(['n']).where('event', '=', 'Ephemeral').execute();
      const id = await post({
        resource: 'gone',
        event: 'Ephemeral',
        environment: 'Staging',
        service: ['Web'],
        attributes: { ephemeral: 'x'.repeat(300) },
      });
      assert.deepEqual(
        (await rows()).map((r) => Number(r.n)),
        [1],
      );
      assert.equal((await call('DELETE', `/alert/${String(id)}`)).status, 200);
      assert.deepEqual(
        (await rows()).map((r) => Number(r.n)),
        [0],
      );
      const leftOut = () =>
        sql<{ n: number }>`select n from alert_attribute_left_out where key = 'ephemeral'`.execute(db);
      assert.deepEqual(
        (await leftOut()).rows.map((r) => Number(r.n)),
        [0],
      );
      assert.equal((await call('POST', '/management/housekeeping')).status, 200);
      assert.deepEqual(await rows(), []);
      assert.deepEqual((await leftOut()).rows, []);
      const services = await db.selectFrom('alert_service_tally').select('n').where('n', '=', 0).execute();
      assert.deepEqual(services, []);
      const labels = await sql<{ n: number }>`select n from alert_label_tally where n = 0`.execute(db);
      assert.deepEqual(labels.rows, []);
      const attributes = await sql<{ n: number }>`select n from alert_attribute_tally where n = 0`.execute(db);
      assert.deepEqual(attributes.rows, []);
      const facets = await sql<{ n: number }>`select n from alert_facet_tally where n = 0`.execute(db);
      assert.deepEqual(facets.rows, []);
      const groups = await sql<{ n: number }>`select n from alert_group_tally where n = 0`.execute(db);
      assert.deepEqual(groups.rows, []);
    } finally {
      await db.destroy();
    }
  });
});
