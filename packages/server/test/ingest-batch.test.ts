import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ALARM_MODELS, alertInputSchema } from '@alerta/contract';
import type { IngestResult } from '../src/domain/ingest.js';
import { IngestBatcher } from '../src/domain/ingest-batch.js';
import { ingestSettingsOf } from '../src/domain/ingest-settings.js';
import { ApiError } from '../src/errors.js';
import type { AlertRepository } from '../src/store/types.js';
import { type TestServer, alertBody, basic, body, createBlackout, createUser, startTestServer } from './support/app.js';
import type { AlertJson } from './support/alerts.js';
import { forEachEngine } from './support/engines.js';

/**
 * POST /alert stores the alerts that arrive together in one transaction (domain/ingest-batch.ts). Requests sent at
 * the same time must still get the answers they would get one after the other: no lost duplicate, the history as it
 * was right after each alert, one bad alert failing alone.
 */
const admin = basic('root', 'root-password');

async function startServer(engine: Parameters<typeof startTestServer>[0], env: Record<string, string> = {}) {
  const server = await startTestServer(engine, { ALLOWED_ENVIRONMENTS: 'Production,Dark', ...env });
  await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  return server;
}

const post = (server: TestServer, overrides: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: '/api/alert', headers: admin, payload: alertBody(overrides) });

/** Sends every alert at once and returns the responses in the order sent. */
const postAll = (server: TestServer, alerts: Record<string, unknown>[]) =>
  Promise.all(alerts.map((overrides) => post(server, overrides)));

const alertOf = (response: { body: string; json<T>(): T }): AlertJson => {
  const parsed = response.json<{ alert?: AlertJson }>();
  assert.ok(parsed.alert, response.body);
  return parsed.alert;
};

async function stored(server: TestServer, id: string): Promise<AlertJson> {
  const response = await server.app.inject({ method: 'GET', url: `/api/alert/${id}`, headers: admin });
  assert.equal(response.statusCode, 200, response.body);
  return alertOf(response);
}

/**
 * Hands the alerts to a batcher of the server's store all at once, so that they are stored as one batch, and sums up
 * each outcome: how it was stored and the status it got, suppressed, or the status code it failed with.
 */
async function ingestOneBatch(server: TestServer, alerts: Record<string, unknown>[]): Promise<string[]> {
  const { settings } = server;
  const batcher = new IngestBatcher(
    server.store,
    ingestSettingsOf(settings, ALARM_MODELS[settings.ALARM_MODEL], 'test'),
  );
  const outcomes = await Promise.allSettled(
    alerts.map((overrides) => batcher.ingest(alertInputSchema.parse(alertBody(overrides)), 'root')),
  );
  return outcomes.map((outcome) => {
    if (outcome.status === 'rejected') {
      return outcome.reason instanceof ApiError ? `failed ${outcome.reason.statusCode}` : String(outcome.reason);
    }
    const { value } = outcome;
    return 'stored' in value ? `${value.kind} ${value.stored.alert.status}` : value.kind;
  });
}

/**
 * Hands the alerts to one batcher of the server's store all at once, in this order, and returns what each request was
 * answered, with the most transactions of batches that were open at the same time.
 */
async function ingestTogether(
  server: TestServer,
  alerts: Record<string, unknown>[],
): Promise<{ results: IngestResult[]; mostAtOnce: number }> {
  const { settings, store } = server;
  let open = 0;
  let mostAtOnce = 0;
  const alertsStore: AlertRepository = Object.create(store.alerts) as AlertRepository;
  alertsStore.ingestBatch = async (work) => {
    open += 1;
    mostAtOnce = Math.max(mostAtOnce, open);
    try {
      return await store.alerts.ingestBatch(work);
    } finally {
      open -= 1;
    }
  };
  const batcher = new IngestBatcher(
    { ...store, alerts: alertsStore, engine: store.engine, heartbeats: store.heartbeats, blackouts: store.blackouts },
    ingestSettingsOf(settings, ALARM_MODELS[settings.ALARM_MODEL], 'test'),
  );
  const answers = await Promise.all(
    alerts.map((overrides) => batcher.ingest(alertInputSchema.parse(alertBody(overrides)), 'root')),
  );
  const results = answers.map((answer) => {
    assert.ok('stored' in answer, answer.kind);
    return answer;
  });
  return { results, mostAtOnce };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const sortedNumbers = (values: number[]) => [...values].sort((a, b) => a - b);

forEachEngine((engine) => {
  describe('concurrent alerts of one identity', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(engine);
    });
    after(() => server.close());

    it('counts every one of many concurrent duplicates exactly once', async () => {
      const first = alertOf(await post(server, { resource: 'dup-host' }));
      const responses = await postAll(
        server,
        range(40).map(() => ({ resource: 'dup-host' })),
      );
      for (const response of responses) assert.equal(response.statusCode, 201, response.body);
      const counts = responses.map((response) => alertOf(response).duplicateCount);
      assert.deepEqual(
        sortedNumbers(counts),
        range(40).map((i) => i + 1),
      );
      assert.ok(responses.every((response) => alertOf(response).id === first.id));
      assert.equal((await stored(server, first.id)).duplicateCount, 40);
    });

    it('answers new, duplicate and correlate sent together as if they came one after the other', async () => {
      // Every alert makes exactly one history entry (new, value or severity), so the stored history gives the order.
      const sent = [
        { severity: 'major', value: '1' },
        { severity: 'major', value: '2' },
        { severity: 'critical', value: '3' },
        { severity: 'critical', value: '4' },
        { severity: 'minor', value: '5' },
        { severity: 'minor', value: '6' },
      ].map((fields) => ({ ...fields, resource: 'mixed-host', id: randomUUID() }));
      const responses = await postAll(server, sent);
      for (const response of responses) assert.equal(response.statusCode, 201, response.body);
      const alerts = responses.map(alertOf);
      const id = alerts[0]?.id ?? '';
      assert.ok(alerts.every((alert) => alert.id === id));
      const final = await stored(server, id);
      assert.equal(final.history.length, sent.length);
      const order = final.history.map((entry) => sent.findIndex((alert) => alert.id === entry.id));
      assert.deepEqual(sortedNumbers(order), range(sent.length));

      // Replay the order: kinds, counts and each response's history as it was right after that alert.
      let severity = '';
      let duplicateCount = 0;
      order.forEach((index, position) => {
        const alert = alerts[index];
        const input = sent[index];
        assert.ok(alert && input);
        const expectedType = position === 0 ? 'new' : input.severity === severity ? 'value' : 'severity';
        if (expectedType === 'value') duplicateCount += 1;
        else duplicateCount = 0;
        assert.equal(final.history[position]?.type, expectedType);
        assert.equal(alert.duplicateCount, duplicateCount);
        assert.equal(alert.severity, input.severity);
        assert.equal(alert.value, input.value);
        assert.equal(alert.lastReceiveId, input.id);
        if (expectedType === 'severity') assert.equal(alert.previousSeverity, severity);
        assert.deepEqual(
          alert.history.map((entry) => entry.id),
          final.history.slice(0, position + 1).map((entry) => entry.id),
        );
        severity = input.severity;
      });
      assert.equal(final.duplicateCount, duplicateCount);
      assert.equal(final.severity, severity);
    });
  });

  describe('batches in flight at the same time', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(engine);
    });
    after(() => server.close());

    // Alerts of other resources between those of one alert, so that several batches are stored at once on PostgreSQL.
    const between = (prefix: string, alerts: Record<string, unknown>[]) =>
      alerts.flatMap((alert, i) => [
        alert,
        { resource: `${prefix}-${String(i)}` },
        { resource: `${prefix}-${String(i)}b` },
      ]);

    it('applies the alerts of one stored alert in arrival order, with the counts and history of that order', async () => {
      const first = alertOf(await post(server, { resource: 'order-host', severity: 'major', value: 'start' }));
      const severities = ['major', 'major', 'critical', 'critical', 'critical', 'minor', 'major', 'major'];
      const sent = range(24).map((i) => ({
        resource: 'order-host',
        severity: severities[i % severities.length],
        value: `v${String(i)}`,
        id: randomUUID(),
      }));
      const { results, mostAtOnce } = await ingestTogether(server, between('order-other', sent));
      if (engine.name === 'postgres') assert.ok(mostAtOnce > 1, 'batches overlapped');
      else assert.equal(mostAtOnce, 1);

      const answers = results.filter((_, i) => i % 3 === 0);
      let severity = 'major';
      let duplicateCount = 0;
      let previousSeverity = first.previousSeverity;
      for (const [i, result] of answers.entries()) {
        const input = sent[i] ?? assert.fail('no alert sent');
        const same = input.severity === severity;
        duplicateCount = same ? duplicateCount + 1 : 0;
        if (!same) previousSeverity = severity;
        assert.equal(result.kind, same ? 'duplicate' : 'correlate');
        const { alert, history } = result.stored;
        assert.equal(alert.id, first.id);
        assert.equal(alert.severity, input.severity);
        assert.equal(alert.previousSeverity, previousSeverity);
        assert.equal(alert.duplicateCount, duplicateCount);
        assert.equal(alert.value, input.value);
        assert.equal(alert.lastReceiveId, input.id);
        assert.equal(history.at(-1)?.id, input.id);
        severity = input.severity ?? '';
      }
      const final = await stored(server, first.id);
      assert.equal(final.duplicateCount, duplicateCount);
      assert.equal(final.severity, severity);
      // One entry per alert (a new value or a new severity), in the order the alerts were sent.
      assert.deepEqual(
        final.history.map((entry) => entry.value),
        ['start', ...sent.map((alert) => alert.value)],
      );
      for (const result of results.filter((_, i) => i % 3 !== 0)) assert.equal(result.kind, 'new');
    });

    it('makes one alert of a burst of alerts of one new identity', async () => {
      const sent = range(30).map((i) => ({ resource: 'burst-host', value: `b${String(i)}` }));
      const { results, mostAtOnce } = await ingestTogether(server, between('burst-other', sent));
      if (engine.name === 'postgres') assert.ok(mostAtOnce > 1, 'batches overlapped');
      const burst = results.filter((_, i) => i % 3 === 0);
      assert.deepEqual(
        burst.map((result) => result.kind),
        ['new', ...range(29).map(() => 'duplicate')],
      );
      assert.deepEqual(
        burst.map((result) => result.stored.alert.duplicateCount),
        range(30),
      );
      const id = burst[0]?.stored.alert.id;
      assert.ok(burst.every((result) => result.stored.alert.id === id));
      const list = await server.app.inject({ method: 'GET', url: '/api/alerts?resource=burst-host', headers: admin });
      assert.equal(body(list).total, 1);
      assert.equal((await stored(server, id ?? '')).duplicateCount, 29);
    });
  });

  describe('duplicates that change different fields in one batch', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(engine);
    });
    after(() => server.close());

    it('stores every changed field of each alert exactly as sent', async () => {
      const hosts = range(4).map((i) => `fields-host-${String(i)}`);
      const originals = (
        await postAll(
          server,
          hosts.map((resource) => ({ resource, value: 'v0', tags: ['a'], attributes: { keep: 1 } })),
        )
      ).map(alertOf);
      // Each duplicate changes another set of columns, so a batch writes several shapes of update at once. Tags and
      // attributes of a duplicate merge with the stored ones (docs/api/ingest.md#field-changes).
      const sent: Record<string, unknown>[] = [
        { value: null, text: 'it\'s "quoted", {braced}' },
        { tags: ['b', 'with,comma', 'with"quote', '{x}'], value: 'v0' },
        { attributes: { keep: 2, nested: { deep: [1, 'two'] } }, value: 'v0' },
        { service: ['Other', 'Web site'], timeout: 120, rawData: 'raw', value: 'v0' },
      ];
      const expected: Partial<AlertJson>[] = [
        { value: null, text: 'it\'s "quoted", {braced}', tags: ['a'] },
        { tags: ['a', 'b', 'with,comma', 'with"quote', '{x}'], text: 'too many errors' },
        { attributes: { keep: 2, nested: { deep: [1, 'two'] } } },
        { service: ['Other', 'Web site'], timeout: 120, rawData: 'raw', value: 'v0' },
      ];
      const responses = await postAll(
        server,
        hosts.map((resource, i) => ({ resource, ...sent[i] })),
      );
      for (const response of responses) assert.equal(response.statusCode, 201, response.body);
      for (const [i, original] of originals.entries()) {
        const answered = alertOf(responses[i] ?? assert.fail('no response'));
        const read = await stored(server, original.id);
        assert.equal(read.duplicateCount, 1);
        assert.equal(read.lastReceiveId, answered.lastReceiveId);
        assert.equal(read.lastReceiveTime, answered.lastReceiveTime);
        for (const [field, value] of Object.entries(expected[i] ?? {})) {
          const actual = read[field as keyof AlertJson];
          if (field === 'attributes') assert.deepEqual(actual, { ...(value as object), ip: read.attributes.ip });
          else assert.deepEqual(actual, value, field);
        }
        assert.deepEqual(read, { ...answered, history: read.history });
      }
    });
  });

  describe('an alert that fails inside a batch', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(engine);
    });
    after(() => server.close());

    it('gets its 409 while the alerts sent with it are stored once', async () => {
      const taken = alertOf(await post(server, { resource: 'owner-host' }));
      const repeated = alertOf(await post(server, { resource: 'repeat-host' }));
      const fresh = range(10).map((i) => ({ resource: `fresh-${i}`, id: randomUUID() }));
      const conflicting = { resource: 'thief-host', event: 'Other', id: taken.id };
      const duplicates = range(5).map(() => ({ resource: 'repeat-host' }));
      const responses = await postAll(server, [...fresh.slice(0, 5), conflicting, ...duplicates, ...fresh.slice(5)]);

      const conflict = responses[5];
      assert.equal(conflict?.statusCode, 409, conflict?.body);
      assert.equal(body(conflict).message, 'alert conflicts with an existing alert');
      const others = responses.filter((response) => response !== conflict);
      for (const response of others) assert.equal(response.statusCode, 201, response.body);

      for (const alert of fresh) assert.equal((await stored(server, alert.id)).resource, alert.resource);
      assert.equal((await stored(server, taken.id)).resource, 'owner-host');
      const repeatedNow = await stored(server, repeated.id);
      assert.equal(repeatedNow.duplicateCount, 5);
      const counts = responses.slice(6, 11).map((response) => alertOf(response).duplicateCount);
      assert.deepEqual(sortedNumbers(counts), [1, 2, 3, 4, 5]);
    });

    it('lets two alerts of one batch that ask for the same new id be a new alert and a 409', async () => {
      const id = randomUUID();
      const responses = await postAll(server, [
        { resource: 'twin-a', id },
        { resource: 'twin-b', id },
      ]);
      assert.deepEqual(sortedNumbers(responses.map((response) => response.statusCode)), [201, 409]);
      const winner = responses.find((response) => response.statusCode === 201);
      assert.ok(winner);
      assert.equal((await stored(server, id)).resource, alertOf(winner).resource);
    });
  });

  describe('HISTORY_LIMIT across a batch', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(engine, { HISTORY_LIMIT: '3' });
    });
    after(() => server.close());

    it('keeps the newest entries, and each answer shows the history right after its alert', async () => {
      const first = alertOf(await post(server, { resource: 'busy-host', value: 'start' }));
      const sent = range(12).map((i) => ({ resource: 'busy-host', value: `v${i}`, id: randomUUID() }));
      const responses = await postAll(server, sent);
      for (const response of responses) assert.equal(response.statusCode, 201, response.body);
      const final = await stored(server, first.id);
      assert.equal(final.history.length, 3);
      for (const [i, response] of responses.entries()) {
        const alert = alertOf(response);
        assert.ok(alert.history.length <= 3);
        // The alert's own value entry is its newest.
        assert.equal(alert.history.at(-1)?.id, sent[i]?.id);
        assert.equal(alert.history.at(-1)?.value, sent[i]?.value);
      }
      const last = responses.find((response) => alertOf(response).duplicateCount === sent.length);
      assert.ok(last);
      assert.deepEqual(
        alertOf(last).history.map((entry) => entry.id),
        final.history.map((entry) => entry.id),
      );
    });

    it('drops at once an entry older than the kept ones', async () => {
      const first = alertOf(await post(server, { resource: 'late-host', value: 'a' }));
      await post(server, { resource: 'late-host', value: 'b' });
      await post(server, { resource: 'late-host', value: 'c' });
      const [late, next] = await postAll(server, [
        { resource: 'late-host', value: 'old', createTime: '2020-01-01T00:00:00.000Z' },
        { resource: 'late-host', value: 'd' },
      ]);
      assert.equal(late?.statusCode, 201, late?.body);
      const lateAlert = alertOf(late ?? assert.fail());
      const nextAlert = alertOf(next ?? assert.fail());
      // Two requests sent together may reach the server in either order; each answer must match its own turn.
      const lateFirst = lateAlert.duplicateCount < nextAlert.duplicateCount;
      assert.deepEqual(
        lateAlert.history.map((entry) => entry.value),
        lateFirst ? ['a', 'b', 'c'] : ['b', 'c', 'd'],
      );
      assert.deepEqual(
        nextAlert.history.map((entry) => entry.value),
        ['b', 'c', 'd'],
      );
      const final = await stored(server, first.id);
      assert.deepEqual(
        final.history.map((entry) => entry.value),
        ['b', 'c', 'd'],
      );
      assert.equal(final.duplicateCount, 4);
    });
  });

  describe('blackouts inside a batch', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(engine);
    });
    after(() => server.close());

    it('suppresses exactly the alerts a blackout covers', async () => {
      await createBlackout(server, admin, { environment: 'Dark', resource: 'dark-host' });
      const covered = range(4).map((i) => ({ environment: 'Dark', resource: 'dark-host', event: `e${i}` }));
      const elsewhere = range(4).map((i) => ({ environment: 'Dark', resource: 'lit-host', event: `e${i}` }));
      const otherEnvironment = range(4).map((i) => ({
        environment: 'Production',
        resource: 'dark-host',
        event: `e${i}`,
      }));
      const before = {
        environment: 'Dark',
        resource: 'dark-host',
        event: 'old',
        createTime: '2020-01-01T00:00:00.000Z',
      };
      const responses = await postAll(server, [...covered, before, ...elsewhere, ...otherEnvironment]);

      for (const response of responses.slice(0, 4)) {
        assert.equal(response.statusCode, 202, response.body);
        assert.equal(body(response).message, 'Suppressed alert during blackout period');
      }
      for (const response of responses.slice(4)) assert.equal(response.statusCode, 201, response.body);
      const list = await server.app.inject({
        method: 'GET',
        url: '/api/alerts?environment=Dark&resource=dark-host',
        headers: admin,
      });
      assert.equal(body(list).total, 1);
    });

    it('still suppresses the covered alerts of a batch that is stored again one alert at a time', async () => {
      await createBlackout(server, admin, { environment: 'Dark', resource: 'dim-host' });
      const taken = alertOf(await post(server, { resource: 'dim-owner' }));
      // The id already in use fails the batch's transaction, so its alerts are screened and stored again one by one.
      const outcomes = await ingestOneBatch(server, [
        { environment: 'Dark', resource: 'dim-host', event: 'covered-1' },
        { resource: 'dim-thief', event: 'Other', id: taken.id },
        { environment: 'Dark', resource: 'dim-host', event: 'covered-2' },
        { environment: 'Dark', resource: 'bright-host', event: 'uncovered' },
      ]);
      assert.deepEqual(outcomes, ['suppressed', 'failed 409', 'suppressed', 'new open']);
      const list = await server.app.inject({
        method: 'GET',
        url: '/api/alerts?environment=Dark&resource=dim-host&resource=bright-host',
        headers: admin,
      });
      assert.deepEqual(
        list.json<{ alerts: AlertJson[] }>().alerts.map((alert) => alert.resource),
        ['bright-host'],
      );
    });
  });

  describe('NOTIFICATION_BLACKOUT inside a batch', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(engine, { NOTIFICATION_BLACKOUT: 'true' });
    });
    after(() => server.close());

    it('keeps the covered alerts with the blackout status and the others as sent', async () => {
      await createBlackout(server, admin, { environment: 'Dark', resource: 'dark-host' });
      // Stored alerts the batch reads as candidates, one of them outside the blackout.
      const existing = alertOf(await post(server, { environment: 'Dark', resource: 'dark-host', event: 'e0' }));
      assert.equal(existing.status, 'blackout');
      assert.equal(
        alertOf(await post(server, { environment: 'Dark', resource: 'lit-host', event: 'e0' })).status,
        'open',
      );
      const outcomes = await ingestOneBatch(server, [
        ...range(3).map((i) => ({ environment: 'Dark', resource: 'dark-host', event: `e${i}` })),
        ...range(2).map((i) => ({ environment: 'Dark', resource: 'lit-host', event: `e${i}` })),
      ]);
      assert.deepEqual(outcomes, ['duplicate blackout', 'new blackout', 'new blackout', 'duplicate open', 'new open']);
      assert.equal((await stored(server, existing.id)).duplicateCount, 1);
    });
  });

  describe('two server processes on one database', () => {
    if (engine.name !== 'postgres') return;
    let first: TestServer;
    let second: TestServer;
    before(async () => {
      first = await startServer(engine);
      const { database } = first.settings;
      assert.equal(database.engine, 'postgres');
      second = await startTestServer(engine, {
        ALLOWED_ENVIRONMENTS: 'Production,Dark',
        DATABASE_URL: database.engine === 'postgres' ? database.url : '',
      });
    });
    after(async () => {
      await first.close();
      await second.close();
    });

    it('count every duplicate exactly once, including of an alert both create at once', async () => {
      const existing = alertOf(await post(first, { resource: 'shared-host' }));
      const servers = range(40).map((i) => (i % 2 === 0 ? first : second));
      const duplicates = await Promise.all(servers.map((server) => post(server, { resource: 'shared-host' })));
      for (const response of duplicates) assert.equal(response.statusCode, 201, response.body);
      assert.deepEqual(
        sortedNumbers(duplicates.map((response) => alertOf(response).duplicateCount)),
        range(40).map((i) => i + 1),
      );
      assert.equal((await stored(first, existing.id)).duplicateCount, 40);

      const racing = await Promise.all(servers.map((server) => post(server, { resource: 'racing-host' })));
      for (const response of racing) assert.equal(response.statusCode, 201, response.body);
      const alerts = racing.map(alertOf);
      assert.deepEqual(sortedNumbers(alerts.map((alert) => alert.duplicateCount)), range(40));
      assert.equal(new Set(alerts.map((alert) => alert.id)).size, 1);
      assert.equal((await stored(second, alerts[0]?.id ?? '')).duplicateCount, 39);
    });
  });
});
