import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FEW_WITH_ATTRIBUTE } from '../src/store/attribute-index.js';
import type { AlertRecord } from '../src/store/types.js';
import { type TestServer, alertBody, apiClient, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { pastAlert, pastEntry } from './support/past-alerts.js';

const ADMIN = basic('boss', 'boss-password');
/** Acme, through the domain of her email. */
const ALICE = basic('alice', 'alice-password');

const LONG = `long-${'x'.repeat(300)}`;

/** Alerts by resource, with the attributes the filters tell apart; `customer` is set by the administrator. */
const ALERTS: Record<string, { customer?: string; attributes: Record<string, unknown>; severity?: string }> = {
  a1: { customer: 'Acme', attributes: { region: 'eu-west-1', host: 'h-1', tier: 1, on: true, zone: { a: 1 } } },
  a2: { customer: 'Acme', attributes: { region: 'eu-west-1', host: 'h-2', tier: 1.5, on: false, list: ['x'] } },
  a3: { customer: 'Globex', attributes: { region: 'eu-west-1', host: 'h-3', tier: '1', note: LONG } },
  a4: { customer: 'Globex', attributes: { region: 'us-east-1', host: 'h-4', tier: null } },
  a5: { attributes: { Region: 'eu-west-1', region: '', host: 'h-5' } },
  a6: { attributes: { host: 'h-6', 'quo"te': 'q' }, severity: 'normal' },
};

/**
 * docs/api/alerts.md: `attributes.<key>=<value>` compares the text of the key's value. Exact values are answered from
 * an index on both engines (store/attribute-index.ts); these cases pin what they answer, changes included.
 */
forEachEngine((engine) => {
  describe('attribute filters (docs/api/alerts.md)', () => {
    let server: TestServer;
    const ids = new Map<string, string>();
    const { ok } = apiClient(() => server);

    /** The resources a filter finds for `who`, sorted; the total must agree with the page. */
    const found = async (query: string, who = ADMIN): Promise<string[]> => {
      const answer = await ok('GET', `/alerts?${query}&page-size=100`, who);
      const alerts = answer.alerts as { resource: string }[];
      assert.equal(answer.total, alerts.length, query);
      return alerts.map((a) => a.resource).sort();
    };

    before(async () => {
      server = await startTestServer(engine, { CUSTOMER_VIEWS: 'true', ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'alice', password: 'alice-password', email: 'alice@acme.test' });
      await ok('POST', '/customer', ADMIN, { match: 'acme.test', customer: 'Acme' });
      for (const [resource, { customer, attributes, severity }] of Object.entries(ALERTS)) {
        const created = await ok(
          'POST',
          '/alert',
          ADMIN,
          alertBody({
            resource,
            attributes,
            ...(customer === undefined ? {} : { customer }),
            ...(severity === undefined ? {} : { severity }),
          }),
        );
        ids.set(resource, (created.alert as { id: string }).id);
      }
    });
    after(() => server.close());

    it('matches a string value exactly, case and all', async () => {
      assert.deepEqual(await found('attributes.region=eu-west-1'), ['a1', 'a2', 'a3']);
      assert.deepEqual(await found('attributes.region=EU-WEST-1'), []);
      assert.deepEqual(await found('attributes.region=eu-west'), []);
      assert.deepEqual(await found('attributes.Region=eu-west-1'), ['a5']);
      assert.deepEqual(await found('attributes.host=h-4'), ['a4']);
      assert.deepEqual(await found('attributes.region='), ['a5']);
      assert.deepEqual(await found(`attributes.note=${LONG}`), ['a3']);
      assert.deepEqual(await found('attributes.host=h-1&environment=Production&status=open'), ['a1']);
    });

    it('takes any text, quotes and non-ASCII included', async () => {
      assert.deepEqual(await found(`attributes.region=${encodeURIComponent('"eu-west-1"')}`), []);
      assert.deepEqual(await found(`attributes.region=${encodeURIComponent('eu-west-1😀')}`), []);
      assert.deepEqual(await found(`attributes.${encodeURIComponent('😀')}=x`), []);
    });

    it('counts only the first value given', async () => {
      assert.deepEqual(await found('attributes.region=us-east-1&attributes.region=eu-west-1'), ['a4']);
    });

    it('leaves out alerts without the key, and negation finds them', async () => {
      assert.deepEqual(await found('attributes.missing=x'), []);
      assert.deepEqual(await found('attributes.region!=eu-west-1'), ['a4', 'a5', 'a6']);
      assert.deepEqual(await found('attributes.missing!=x'), ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
      assert.deepEqual(
        await found('attributes.tier!=1'),
        engine.name === 'postgres' ? ['a2', 'a4', 'a5', 'a6'] : ['a1', 'a2', 'a4', 'a5', 'a6'],
      );
    });

    it('compares non-string values as each engine reads them as text', async () => {
      // The string '1' matches on both engines; PostgreSQL reads the number 1 as '1' too, SQLite keeps it a number.
      assert.deepEqual(await found('attributes.tier=1'), engine.name === 'postgres' ? ['a1', 'a3'] : ['a3']);
      assert.deepEqual(await found('attributes.tier=1.5'), engine.name === 'postgres' ? ['a2'] : []);
      assert.deepEqual(await found('attributes.tier=1.50'), []);
      assert.deepEqual(await found('attributes.on=true'), engine.name === 'postgres' ? ['a1'] : []);
      assert.deepEqual(await found('attributes.on=false'), engine.name === 'postgres' ? ['a2'] : []);
      // A null reads as no value at all.
      assert.deepEqual(await found('attributes.tier=null'), []);
      const object = engine.name === 'postgres' ? '{"a": 1}' : '{"a":1}';
      assert.deepEqual(await found(`attributes.zone=${encodeURIComponent(object)}`), ['a1']);
      assert.deepEqual(await found(`attributes.list=${encodeURIComponent('["x"]')}`), ['a2']);
      // A list holding the value is not the value (on PostgreSQL, containment alone answers a string).
      assert.deepEqual(await found('attributes.list=x'), []);
    });

    it('keeps ~ a case-insensitive substring', async () => {
      assert.deepEqual(await found('attributes.region=~WEST'), ['a1', 'a2', 'a3']);
      assert.deepEqual(await found('attributes.region!=~west'), ['a4', 'a5', 'a6']);
    });

    it('shows a customer only its own alerts', async () => {
      assert.deepEqual(await found('attributes.region=eu-west-1', ALICE), ['a1', 'a2']);
      assert.deepEqual(await found('attributes.region!=eu-west-1', ALICE), []);
      assert.deepEqual(await found('attributes.host=h-3', ALICE), []);
    });

    it('follows changes of the attributes, deletions and severity changes', async () => {
      await ok('PUT', `/alert/${ids.get('a4') ?? ''}/attributes`, ADMIN, { attributes: { region: 'eu-west-1' } });
      assert.deepEqual(await found('attributes.region=eu-west-1'), ['a1', 'a2', 'a3', 'a4']);
      await ok('PUT', `/alert/${ids.get('a1') ?? ''}/attributes`, ADMIN, { attributes: { region: null } });
      assert.deepEqual(await found('attributes.region=eu-west-1'), ['a2', 'a3', 'a4']);
      assert.deepEqual(await found('attributes.host=h-1'), ['a1']);
      // A duplicate with other attributes replaces them (docs/api/ingest.md).
      await ok(
        'POST',
        '/alert',
        ADMIN,
        alertBody({ resource: 'a6', severity: 'normal', attributes: { host: 'h-60' } }),
      );
      assert.deepEqual(await found('attributes.host=h-6'), []);
      assert.deepEqual(await found('attributes.host=h-60'), ['a6']);
      await ok('DELETE', `/alert/${ids.get('a2') ?? ''}`, ADMIN);
      assert.deepEqual(await found('attributes.region=eu-west-1'), ['a3', 'a4']);
      await ok('POST', '/alert', ADMIN, alertBody({ resource: 'a2', attributes: { region: 'eu-west-1' } }));
      assert.deepEqual(await found('attributes.region=eu-west-1'), ['a2', 'a3', 'a4']);
    });
  });
  /**
   * A value more alerts share than FEW_WITH_ATTRIBUTE is counted another way (on SQLite from the side table through
   * the (id, status, severity) index) and its sorted page read along the severity order, each alert checked on its
   * own (store/alerts.ts); answers must be those of the rare values'.
   */
  describe('attribute filters on a value many alerts share', () => {
    let server: TestServer;
    const { ok } = apiClient(() => server);
    const SEVERITIES = ['critical', 'major', 'minor', 'warning'];
    const STATUSES = ['open', 'ack', 'closed'];
    const RANK: Record<string, number> = { critical: 1, major: 2, minor: 3, warning: 4 };
    const stored: AlertRecord[] = [];

    before(async () => {
      server = await startTestServer(engine, { ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      // One in eight elsewhere; a few received after now, which GET /alerts leaves out by default.
      const count = FEW_WITH_ATTRIBUTE + 500;
      for (let i = 0; i < count; i += 1) {
        stored.push(
          pastAlert({
            receivedAgo: i < 5 ? -3600 - i : i + 1,
            resource: `many-${String(i)}`,
            event: 'Busy',
            environment: i % 5 === 0 ? 'Development' : 'Production',
            severity: SEVERITIES[i % SEVERITIES.length] ?? 'major',
            status: STATUSES[i % STATUSES.length] ?? 'open',
            attributes: { region: i % 8 === 0 ? 'us-east-1' : 'eu-west-1', host: `h-${String(i)}` },
          }),
        );
      }
      await server.store.alerts.ingest(async (tx) => {
        for (const alert of stored) {
          await tx.insert(alert, pastEntry(alert));
        }
      });
    });
    after(() => server.close());

    /** What GET /alerts must answer for alerts that pass `keep`: counts of all, the first page in the console's sort. */
    const expected = (keep: (a: AlertRecord) => boolean) => {
      const now = new Date().toISOString();
      const matching = stored.filter((a) => keep(a) && a.lastReceiveTime <= now);
      const statusCounts: Record<string, number> = {};
      const severityCounts: Record<string, number> = {};
      for (const a of matching) {
        statusCounts[a.status] = (statusCounts[a.status] ?? 0) + 1;
        severityCounts[a.severity] = (severityCounts[a.severity] ?? 0) + 1;
      }
      const page = [...matching]
        .sort(
          (a, b) =>
            (RANK[a.severity] ?? 99) - (RANK[b.severity] ?? 99) || b.lastReceiveTime.localeCompare(a.lastReceiveTime),
        )
        .slice(0, 50)
        .map((a) => a.resource);
      return { total: matching.length, statusCounts, severityCounts, page };
    };

    const answered = async (query: string) => {
      const answer = await ok('GET', `/alerts?${query}&sort-by=severity&sort-by=lastReceiveTime&page-size=50`, ADMIN);
      return {
        total: answer.total,
        statusCounts: answer.statusCounts,
        severityCounts: answer.severityCounts,
        page: (answer.alerts as { resource: string }[]).map((a) => a.resource),
      };
    };

    const open = (a: AlertRecord) => a.status === 'open' || a.status === 'ack';
    const west = (a: AlertRecord) => a.attributes.region === 'eu-west-1';

    it('counts and pages the open alerts with the value', async () => {
      const want = expected((a) => open(a) && west(a));
      assert.ok(want.total >= FEW_WITH_ATTRIBUTE * 0.6);
      assert.deepEqual(await answered('status=open&status=ack&attributes.region=eu-west-1'), want);
    });

    it('combines the value with other filters, negated ones included', async () => {
      assert.deepEqual(
        await answered('status=open&status=ack&attributes.region=eu-west-1&environment=Production'),
        expected((a) => open(a) && west(a) && a.environment === 'Production'),
      );
      assert.deepEqual(
        await answered('attributes.region=eu-west-1&severity!=critical'),
        expected((a) => west(a) && a.severity !== 'critical'),
      );
      assert.deepEqual(
        await answered('attributes.region=eu-west-1&attributes.host!=h-1'),
        expected((a) => west(a) && a.attributes.host !== 'h-1'),
      );
      assert.deepEqual(
        await answered('status=open&attributes.region!=eu-west-1'),
        expected((a) => a.status === 'open' && !west(a)),
      );
    });
  });
});
