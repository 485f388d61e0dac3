import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, apiClient, basic, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

type Json = Record<string, unknown>;
type Headers = Record<string, string>;

const ADMIN = basic('boss', 'boss-password');
/** Acme, through the domain of her email. */
const ALICE = basic('alice', 'alice-password');
/** Globex, through his login. */
const BOB = basic('bob', 'bob-password');

function prometheusPayload(labels: Record<string, string>) {
  return {
    version: '4',
    status: 'firing',
    receiver: 'alerta',
    externalURL: 'http://alertmanager:9093',
    alerts: [{ status: 'firing', labels, annotations: { summary: 'disk full' }, startsAt: '2026-11-22T03:00:00.000Z' }],
  };
}

function grafanaLegacy(ruleId: number, metric: string, state = 'alerting', tags: Record<string, string> = {}) {
  return {
    ruleId,
    ruleName: `Rule ${ruleId}`,
    state,
    title: `[Alerting] Rule ${ruleId}`,
    message: 'over the limit',
    tags,
    evalMatches: state === 'alerting' ? [{ metric, value: 90 }] : [],
  };
}

function grafanaUnified(labels: Record<string, string>) {
  return {
    receiver: 'alerta',
    status: 'firing',
    alerts: [
      { status: 'firing', labels, annotations: { summary: 'latency high' }, startsAt: '2026-11-22T03:00:00.000Z' },
    ],
    externalURL: 'http://grafana/',
  };
}

/**
 * docs/api/customers.md with CUSTOMER_VIEWS on, for the ways in that test/customer-scoping.test.ts leaves out: alerts
 * that arrive through the built-in webhooks (docs/webhooks.md), and the bulk action, untag and attributes changes
 * (docs/api/alerts.md).
 */
forEachEngine((engine) => {
  describe('customer scoping of webhooks and bulk changes (docs/api/customers.md)', () => {
    let server: TestServer;
    /** A key Alice made for herself: Acme, read and write. */
    let aliceKey: Headers = {};
    /** A key with the admin scopes that an administrator narrowed to Acme. */
    let acmeAdminKey: Headers = {};

    const { call, ok } = apiClient(() => server);
    /** The alert as an administrator sees it, history included. */
    const asAdmin = async (id: string) => (await ok('GET', `/alert/${id}`, ADMIN)).alert as Json;
    const adminTotal = async () => (await ok('GET', '/alerts', ADMIN)).total as number;
    const hook = (name: string, headers: Headers, payload: unknown, query = '') =>
      call('POST', `/webhooks/${name}${query}`, headers, payload);
    /** Posts one webhook alert that must be stored; answers the stored alert. */
    const hooked = async (name: string, headers: Headers, payload: unknown) => {
      const response = await hook(name, headers, payload);
      assert.equal(response.status, 201, response.raw);
      return response.body.alert as Json;
    };
    /** Bob sees neither the alert nor any trace of it in his lists. */
    const hiddenFromBob = async (alert: Json) => {
      const id = alert.id as string;
      assert.equal((await call('GET', `/alert/${id}`, BOB)).status, 404);
      const listed = await ok('GET', `/alerts?resource=${alert.resource as string}`, BOB);
      assert.equal(listed.total, 0);
      const all = await ok('GET', '/alerts', BOB);
      assert.ok(!(all.alerts as Json[]).some((a) => a.id === id));
    };

    before(async () => {
      server = await startTestServer(engine, { CUSTOMER_VIEWS: 'true', ADMIN_USERS: 'boss' });
      await createUser(server.store, { login: 'boss', password: 'boss-password', roles: [] });
      await createUser(server.store, { login: 'alice', password: 'alice-password', email: 'alice@acme.test' });
      await createUser(server.store, { login: 'bob', password: 'bob-password' });
      await ok('POST', '/customer', ADMIN, { match: 'acme.test', customer: 'Acme' });
      await ok('POST', '/customer', ADMIN, { match: 'bob', customer: 'Globex' });
      aliceKey = { 'x-api-key': (await ok('POST', '/key', ALICE, { text: 'alice webhooks' })).key as string };
      const narrowed = await ok('POST', '/key', ADMIN, { type: 'read-write', customer: 'Acme', text: 'acme admin' });
      assert.ok(((narrowed.data as Json).scopes as string[]).includes('admin'));
      acmeAdminKey = { 'x-api-key': narrowed.key as string };
    });
    after(() => server.close());

    describe('webhooks (docs/webhooks.md)', () => {
      it('gives an Alertmanager alert the customer of the user or key that sends it, hidden from others', async () => {
        const callers: [string, Headers][] = [
          ['alice', ALICE],
          ['alice-key', aliceKey],
          ['acme-admin-key', acmeAdminKey],
        ];
        for (const [who, headers] of callers) {
          const labels = { alertname: 'DiskFull', instance: `acme-${who}`, service: 'Shop' };
          const alert = await hooked('prometheus', headers, prometheusPayload(labels));
          assert.equal(alert.customer, 'Acme', who);
          assert.equal((await asAdmin(alert.id as string)).customer, 'Acme', who);
          await hiddenFromBob(alert);
          // The same labels from Bob make an alert of his own, not a duplicate of Acme's.
          const bobs = await hooked('prometheus', BOB, prometheusPayload(labels));
          assert.equal(bobs.customer, 'Globex', who);
          assert.notEqual(bobs.id, alert.id, who);
          assert.equal((await asAdmin(alert.id as string)).duplicateCount, 0, who);
          assert.equal((await call('GET', `/alert/${bobs.id as string}`, ALICE)).status, 404, who);
        }
      });

      it('refuses an Alertmanager payload or URL that names another customer, writing nothing', async () => {
        const before = await adminTotal();
        const attempts: [string, Headers, Json, string][] = [
          ['label', aliceKey, { customer: 'Globex' }, ''],
          ['label', acmeAdminKey, { customer: 'Globex' }, ''],
          ['label', ALICE, { customer: 'Globex' }, ''],
          ['query', aliceKey, {}, '?customer=Globex'],
          ['query', acmeAdminKey, {}, '?customer=Globex'],
        ];
        for (const [how, headers, extra, query] of attempts) {
          const labels = { alertname: 'Sneaky', instance: 'globex-db', service: 'Portal', ...extra };
          const refused = await hook('prometheus', headers, prometheusPayload(labels), query);
          assert.equal(refused.status, 400, `${how}: ${refused.raw}`);
          assert.equal(refused.body.message, "not allowed to set customer to 'Globex'", how);
        }
        // A payload whose later alert names another customer stores none of its alerts.
        const first = prometheusPayload({ alertname: 'Sneaky', instance: 'acme-db', service: 'Shop' });
        const second = prometheusPayload({
          alertname: 'Sneaky',
          instance: 'globex-db',
          service: 'Portal',
          customer: 'Globex',
        });
        const mixed = await hook('prometheus', ALICE, { ...first, alerts: [...first.alerts, ...second.alerts] }, '');
        assert.equal(mixed.status, 400, mixed.raw);
        assert.equal(await adminTotal(), before);
        assert.equal((await ok('GET', '/alerts?event=Sneaky', BOB)).total, 0);
        // Naming one's own customer is allowed.
        const own = await hooked(
          'prometheus',
          aliceKey,
          prometheusPayload({ alertname: 'Own', service: 'Shop', customer: 'Acme' }),
        );
        assert.equal(own.customer, 'Acme');
      });

      it('gives Grafana alerts (legacy and unified) the caller’s customer and refuses another’s', async () => {
        const legacy = await hooked('grafana', aliceKey, grafanaLegacy(41, 'acme-grafana'));
        assert.equal(legacy.customer, 'Acme');
        await hiddenFromBob(legacy);
        const unified = await hooked(
          'grafana',
          ALICE,
          grafanaUnified({ alertname: 'Latency', instance: 'acme-api', service: 'API' }),
        );
        assert.equal(unified.customer, 'Acme');
        await hiddenFromBob(unified);

        const before = await adminTotal();
        const refusals = [
          await hook('grafana', aliceKey, grafanaLegacy(43, 'globex-grafana', 'alerting', { customer: 'Globex' })),
          await hook('grafana', acmeAdminKey, grafanaLegacy(43, 'globex-grafana'), '?customer=Globex'),
          await hook(
            'grafana',
            aliceKey,
            grafanaUnified({ alertname: 'Latency', instance: 'x', service: 'API', customer: 'Globex' }),
          ),
        ];
        for (const refused of refusals) {
          assert.equal(refused.status, 400, refused.raw);
          assert.equal(refused.body.message, "not allowed to set customer to 'Globex'");
        }
        assert.equal(await adminTotal(), before);
      });

      it('closes on a Grafana `ok` only the caller’s alerts of the rule, copying nobody else’s', async () => {
        const bobs = await hooked('grafana', BOB, grafanaLegacy(42, 'globex-rule-42'));
        const shared = await hooked('grafana', ADMIN, grafanaLegacy(42, 'shared-rule-42'));
        assert.equal(shared.customer, null);
        const alices = await hooked('grafana', aliceKey, grafanaLegacy(42, 'acme-rule-42'));
        const others = [await asAdmin(bobs.id as string), await asAdmin(shared.id as string)];
        const total = await adminTotal();

        const closed = await hook('grafana', aliceKey, grafanaLegacy(42, '', 'ok'));
        assert.equal(closed.status, 201, closed.raw);
        assert.equal(closed.body.id, alices.id);
        assert.equal((closed.body.alert as Json).status, 'closed');
        assert.equal((closed.body.alert as Json).customer, 'Acme');
        for (const other of others) assert.deepEqual(await asAdmin(other.id as string), other);
        // No Acme copy of the alert without a customer either.
        assert.equal(await adminTotal(), total);
        assert.equal((await ok('GET', '/alerts?resource=shared-rule-42', ALICE)).total, 0);

        // Nothing of Acme's left open on the rule: nothing to close, and nothing of anyone else's touched.
        const none = await hook('grafana', acmeAdminKey, grafanaLegacy(42, '', 'ok'));
        assert.equal(none.status, 201, none.raw);
        for (const other of others) assert.deepEqual(await asAdmin(other.id as string), other);
      });
    });

    describe('bulk changes (docs/api/alerts.md)', () => {
      const ids = { acme: [] as string[], others: [] as string[] };
      const post = async (headers: Headers, fields: Json) =>
        ((await ok('POST', '/alert', headers, alertBody({ group: 'Mixed', ...fields }))).alert as Json).id as string;

      before(async () => {
        for (const resource of ['acme-bulk-1', 'acme-bulk-2']) {
          ids.acme.push(
            await post(ALICE, { resource, tags: ['common', 'acme'], attributes: { region: 'eu', tier: 'gold' } }),
          );
        }
        for (const resource of ['globex-bulk-1', 'globex-bulk-2']) {
          ids.others.push(
            await post(BOB, { resource, tags: ['common', 'globex'], attributes: { region: 'us', tier: 'gold' } }),
          );
        }
        ids.others.push(
          await post(ADMIN, { resource: 'shared-bulk', tags: ['common'], attributes: { region: 'ap', tier: 'gold' } }),
        );
      });

      /** Runs `change` and checks that every alert outside Acme reads exactly as before, history included. */
      async function othersUnchangedBy(change: () => Promise<void>) {
        const snapshots = [];
        for (const id of ids.others) snapshots.push(await asAdmin(id));
        await change();
        for (const snapshot of snapshots) assert.deepEqual(await asAdmin(snapshot.id as string), snapshot);
      }
      const sorted = (values: unknown) => [...(values as string[])].sort();

      it('PUT /_bulk/alerts/action acts only on the caller’s alerts', async () => {
        await othersUnchangedBy(async () => {
          const acked = await ok('PUT', '/_bulk/alerts/action?group=Mixed', ALICE, { action: 'ack', text: 'mine' });
          assert.deepEqual(sorted(acked.updated), sorted(ids.acme));
          assert.equal(acked.count, 2);
          for (const query of ['customer=Globex', `id=${ids.others[0] ?? ''}`, 'resource=shared-bulk']) {
            const none = await ok('PUT', `/_bulk/alerts/action?${query}`, acmeAdminKey, { action: 'close' });
            assert.deepEqual(none.updated, [], query);
          }
        });
        for (const id of ids.acme) assert.equal((await asAdmin(id)).status, 'ack');
        await ok('PUT', '/_bulk/alerts/action?group=Mixed', ALICE, { action: 'open' });
      });

      it('PUT /_bulk/alerts/untag removes tags only from the caller’s alerts', async () => {
        await othersUnchangedBy(async () => {
          const untagged = await ok('PUT', '/_bulk/alerts/untag?group=Mixed', aliceKey, { tags: ['common', 'globex'] });
          assert.deepEqual(sorted(untagged.updated), sorted(ids.acme));
          const none = await ok('PUT', '/_bulk/alerts/untag?tag=globex', acmeAdminKey, { tags: ['globex'] });
          assert.deepEqual(none.updated, []);
        });
        for (const id of ids.acme) assert.deepEqual((await asAdmin(id)).tags, ['acme']);
      });

      it('PUT /_bulk/alerts/attributes changes attributes only on the caller’s alerts', async () => {
        await othersUnchangedBy(async () => {
          const changed = await ok('PUT', '/_bulk/alerts/attributes?attributes.tier=gold', acmeAdminKey, {
            attributes: { owner: 'acme-ops', region: null },
          });
          assert.deepEqual(sorted(changed.updated), sorted(ids.acme));
          const none = await ok('PUT', '/_bulk/alerts/attributes?customer=Globex', ALICE, {
            attributes: { owner: 'alice' },
          });
          assert.deepEqual(none.updated, []);
        });
        for (const id of ids.acme) {
          const { attributes } = await asAdmin(id);
          assert.equal((attributes as Json).owner, 'acme-ops');
          assert.equal((attributes as Json).region, undefined);
        }
      });
    });
  });
});
