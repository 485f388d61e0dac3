import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestServer, alertBody, basic, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

interface AlertJson {
  id: string;
  href: string;
  status: string;
  severity: string;
  event: string;
  value: string | null;
  tags: string[];
  attributes: Record<string, unknown>;
  duplicateCount: number;
  repeat: boolean;
  previousSeverity: string;
  trendIndication: string;
  lastReceiveId: string;
  rawData: string | null;
  history: { id: string; type: string; status: string; severity: string; href: string }[];
  [key: string]: unknown;
}

forEachEngine((engine) => {
  let server: TestServer;
  const admin = basic('root', 'root-password');

  before(async () => {
    server = await startTestServer(engine, { ALERT_TIMEOUT: '600' });
    await createUser(server.store, { login: 'root', password: 'root-password', roles: ['admin'] });
  });
  after(() => server.close());

  const post = (payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/alert',
      headers: admin,
      payload: payload as Record<string, unknown>,
    });
  const total = async (): Promise<number> =>
    body(await server.app.inject({ method: 'GET', url: '/api/alerts', headers: admin })).total as number;

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['missing resource', { resource: undefined }, /Missing mandatory value for "resource"/],
      ['missing event', { event: undefined }, /Missing mandatory value for "event"/],
      ['resource not a string', { resource: 42 }, /'resource' must be a string/],
      ['environment not a string', { environment: ['Production'] }, /environment/],
      ['severity not a string', { severity: 3 }, /severity/],
      ['correlate not a list', { correlate: 'a,b' }, /'correlate' must be a list/],
      ['service not a list', { service: 'Website' }, /'service' must be a list/],
      ['tags not a list', { tags: 'x' }, /'tags' must be a list/],
      ['tags with a number', { tags: ['ok', 1] }, /tags/],
      ['group not a string', { group: {} }, /group/],
      ['text not a string', { text: 12 }, /text/],
      ['value an object', { value: { a: 1 } }, /'value'/],
      ['attributes not an object', { attributes: ['a'] }, /'attributes' must be a JSON object/],
      ['attribute key with a dot', { attributes: { 'a.b': 1 } }, /'\.' or '\$'/],
      ['attribute key with a dollar', { attributes: { $where: 1 } }, /'\.' or '\$'/],
      ['origin not a string', { origin: 1 }, /origin/],
      ['type not a string', { type: true }, /type/],
      ['bad createTime', { createTime: '2026-01-01 10:00:00' }, /createTime.*ISO 8601|ISO 8601/],
      ['impossible createTime', { createTime: '2026-02-31T10:00:00.000Z' }, /ISO 8601/],
      ['timeout not an integer', { timeout: 1.5 }, /'timeout' must be an integer/],
      ['negative timeout', { timeout: -1 }, /'timeout' must be a positive integer/],
      ['rawData not a string', { rawData: 5 }, /rawData/],
      ['empty customer', { customer: '' }, /'customer' must not be an empty string/],
      ['unknown severity', { severity: 'apocalyptic' }, /Severity \(apocalyptic\).*critical, major/],
      ['unknown status', { status: 'sleeping' }, /Status \(sleeping\)/],
    ];
    for (const [name, overrides, message] of cases) {
      it(`400 for ${name}, nothing stored`, async () => {
        const before = await total();
        const response = await post(alertBody(overrides));
        assert.equal(response.statusCode, 400, response.body);
        const envelope = body(response);
        assert.equal(envelope.status, 'error');
        assert.match(String(envelope.message), message);
        assert.equal(await total(), before);
      });
    }

    it('400 for a body that is not an object', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/alert',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      assert.equal(response.statusCode, 400);
    });

    it('403 from the reject policy for an unknown environment or no service', async () => {
      const before = await total();
      const env = await post(alertBody({ environment: 'Staging' }));
      assert.equal(env.statusCode, 403);
      assert.equal(body(env).message, '[POLICY] Alert environment does not match one of Production, Development');
      const partial = await post(alertBody({ environment: 'Prod' }));
      assert.equal(partial.statusCode, 403);
      const service = await post(alertBody({ service: [] }));
      assert.equal(service.statusCode, 403);
      assert.equal(body(service).message, '[POLICY] Alert must define a service');
      assert.equal(await total(), before);
    });
  });

  describe('creation', () => {
    it('creates an alert with the defaults of docs/api/alerts.md and a `new` history entry', async () => {
      const response = await post({
        resource: 'db01',
        event: 'DiskFull',
        environment: 'Development',
        service: ['DB'],
        value: 97,
      });
      assert.equal(response.statusCode, 201, response.body);
      const result = body(response) as { status: string; id: string; alert: AlertJson };
      assert.equal(result.status, 'ok');
      const alert = result.alert;
      assert.equal(alert.id, result.id);
      assert.equal(alert.severity, 'normal');
      assert.equal(
        alert.status,
        'closed',
        'a normal severity closes on arrival (docs/api/alarm-models.md#the-alerta-model rule 10)',
      );
      assert.equal(alert.value, '97');
      assert.equal(alert.group, 'Misc');
      assert.equal(alert.type, 'exceptionAlert');
      assert.equal(alert.text, '');
      assert.equal(alert.timeout, 600);
      assert.equal(alert.customer, null);
      assert.equal(alert.previousSeverity, 'indeterminate');
      assert.match(String(alert.origin), /\//);
      assert.match(String(alert.createTime), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(alert.href, `http://localhost:80/api/alert/${alert.id}`);
      assert.equal(alert.history.length, 1);
      assert.equal(alert.history[0]?.type, 'new');
      assert.equal(alert.history[0]?.id, alert.id);
    });

    it('honours a client-chosen id and stores SQL-looking strings verbatim', async () => {
      const nasty = "x'); DROP TABLE alerts; --";
      const response = await post(
        alertBody({
          id: 'my-own-id-1',
          resource: nasty,
          text: "' OR 1=1 --",
          tags: ['%_\\'],
          attributes: { q: nasty },
        }),
      );
      assert.equal(response.statusCode, 201, response.body);
      const alert = (body(response) as { alert: AlertJson }).alert;
      assert.equal(alert.id, 'my-own-id-1');
      const fetched = await server.app.inject({ method: 'GET', url: '/api/alert/my-own-id-1', headers: admin });
      const stored = (body(fetched) as { alert: AlertJson }).alert;
      assert.equal(stored.resource, nasty);
      assert.equal(stored.text, "' OR 1=1 --");
      assert.deepEqual(stored.tags, ['%_\\']);
      assert.deepEqual(stored.attributes, { q: nasty, ip: '127.0.0.1' });
    });

    it('treats a repeat as a duplicate: one row, duplicateCount, merged tags and attributes', async () => {
      const first = await post(alertBody({ resource: 'dup01', tags: ['a'], attributes: { x: 1 }, value: '1' }));
      const id = (body(first) as { id: string }).id;
      const second = await post(alertBody({ resource: 'dup01', tags: ['b'], attributes: { y: 2 }, value: '2' }));
      assert.equal(second.statusCode, 201);
      const result = body(second) as { id: string; alert: AlertJson };
      assert.equal(result.id, id);
      assert.equal(result.alert.duplicateCount, 1);
      assert.equal(result.alert.repeat, true);
      assert.deepEqual([...result.alert.tags].sort(), ['a', 'b']);
      assert.deepEqual(result.alert.attributes, { x: 1, y: 2, ip: '127.0.0.1' });
      assert.equal(result.alert.value, '2');
      assert.notEqual(result.alert.lastReceiveId, id);
      assert.deepEqual(
        result.alert.history.map((h) => h.type),
        ['new', 'value'],
      );
      const list = await server.app.inject({ method: 'GET', url: '/api/alerts?resource=dup01', headers: admin });
      assert.equal(body(list).total, 1);
    });

    it('correlates a severity change of the same event (docs/api/ingest.md#matching)', async () => {
      await post(alertBody({ resource: 'cor01', severity: 'warning' }));
      const response = await post(alertBody({ resource: 'cor01', severity: 'critical' }));
      const alert = (body(response) as { alert: AlertJson }).alert;
      assert.equal(alert.severity, 'critical');
      assert.equal(alert.previousSeverity, 'warning');
      assert.equal(alert.trendIndication, 'moreSevere');
      assert.equal(alert.duplicateCount, 0);
      assert.deepEqual(
        alert.history.map((h) => h.type),
        ['new', 'severity'],
      );
    });

    it('correlates a different event listed in the stored correlate list', async () => {
      await post(alertBody({ resource: 'cor02', event: 'NodeDown', correlate: ['NodeUp'], severity: 'major' }));
      const response = await post(
        alertBody({ resource: 'cor02', event: 'NodeUp', correlate: ['NodeDown'], severity: 'normal' }),
      );
      const alert = (body(response) as { alert: AlertJson }).alert;
      assert.equal(alert.event, 'NodeUp');
      assert.equal(alert.status, 'closed');
      const list = await server.app.inject({ method: 'GET', url: '/api/alerts?resource=cor02', headers: admin });
      assert.equal(body(list).total, 1);
    });

    it('keeps one row when the same new alert arrives concurrently', async () => {
      const responses = await Promise.all(Array.from({ length: 6 }, () => post(alertBody({ resource: 'race01' }))));
      for (const response of responses) assert.equal(response.statusCode, 201, response.body);
      const list = await server.app.inject({ method: 'GET', url: '/api/alerts?resource=race01', headers: admin });
      const listed = body(list) as { total: number; alerts: AlertJson[] };
      assert.equal(listed.total, 1);
      assert.equal(listed.alerts[0]?.duplicateCount, 5);
    });
  });
});
