import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { type TestServer, bearer, body, createUser, startTestServer } from './support/app.js';
import { type CasServer, deadAddress, startCasServer } from './support/cas-server.js';
import { forEachEngine } from './support/engines.js';

const BASE_URL = 'http://alerta.test/api';
const SERVICE = 'https://alerta.example.com/login';
const CAS_NS = 'http://www.yale.edu/tp/cas';

forEachEngine((engine) => {
  describe('CAS sign-in against a real validate endpoint', () => {
    let cas: CasServer;
    let server: TestServer;
    let passwords: TestServer;
    let unreachable: TestServer;
    before(async () => {
      cas = await startCasServer();
      const casSettings = { CAS_SERVER: cas.url, CAS_VALIDATE_ROUTE: cas.validateRoute };
      server = await startTestServer(engine, { BASE_URL, AUTH_PROVIDER: 'cas', ...casSettings });
      // Everything CAS needs is there, but the server signs in by password.
      passwords = await startTestServer(engine, { BASE_URL, ...casSettings });
      unreachable = await startTestServer(engine, {
        BASE_URL,
        AUTH_PROVIDER: 'cas',
        CAS_SERVER: await deadAddress(),
        CAS_VALIDATE_ROUTE: cas.validateRoute,
      });
    });
    after(async () => {
      await server.close();
      await passwords.close();
      await unreachable.close();
      await cas.close();
    });

    const signIn = (target: TestServer, payload: unknown) =>
      target.app.inject({
        method: 'POST',
        url: '/api/auth/cas',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const account = (target: TestServer, login: string) => target.store.users.findByLoginOrEmail(login);

    it('validates the ticket, creates the user and issues a cas token', async () => {
      const ticket = cas.issue('casey', SERVICE, {
        mail: 'casey@example.com',
        displayName: 'Casey Jones',
        roles: ['ops', 'oncall'],
        groups: 'team-a',
      });
      const response = await signIn(server, { ticket, service: SERVICE });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(Object.keys(body(response)), ['token']);
      // The CAS server was asked about exactly this ticket and service.
      const asked = cas.requests.at(-1);
      assert.equal(asked?.get('ticket'), ticket);
      assert.equal(asked?.get('service'), SERVICE);

      const claims = decodeJwt(String(body(response).token));
      assert.equal(claims.provider, 'cas');
      assert.equal(claims.preferred_username, 'casey');
      assert.equal(claims.name, 'Casey Jones');
      assert.equal(claims.email, 'casey@example.com');
      assert.deepEqual([...(claims.roles as string[])].sort(), ['oncall', 'ops', 'user']);
      assert.deepEqual(claims.groups, ['team-a']);

      const stored = await account(server, 'casey');
      assert.equal(stored?.email, 'casey@example.com');
      assert.deepEqual(stored?.roles, ['user']);
      assert.equal(stored?.password, '');

      // The token is ours: the API accepts it.
      const me = await server.app.inject({
        method: 'GET',
        url: '/api/userinfo',
        headers: bearer(String(body(response).token)),
      });
      assert.equal(me.statusCode, 200, me.body);
      assert.equal(body(me).preferred_username, 'casey');

      // A second sign-in finds the same account rather than making another.
      const users = await server.store.users.count();
      const again = await signIn(server, { ticket: cas.issue('casey', SERVICE), service: SERVICE });
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(decodeJwt(String(body(again).token)).sub, claims.sub);
      assert.equal(await server.store.users.count(), users);
    });

    it('refuses a reused or unknown ticket with 401', async () => {
      const ticket = cas.issue('robin', SERVICE);
      assert.equal((await signIn(server, { ticket, service: SERVICE })).statusCode, 200);
      const reused = await signIn(server, { ticket, service: SERVICE });
      assert.equal(reused.statusCode, 401, reused.body);
      assert.equal(body(reused).status, 'error');
      assert.match(String(body(reused).message), /INVALID_TICKET/);
      const unknown = await signIn(server, { ticket: 'ST-never-issued', service: SERVICE });
      assert.equal(unknown.statusCode, 401, unknown.body);
    });

    it('refuses a ticket presented for another service with 401', async () => {
      // Both ways round: a ticket of another service presented for ours, and one of ours presented for another.
      const elsewhere = 'https://elsewhere.example.com/';
      for (const [issuedFor, presentedFor] of [
        [elsewhere, SERVICE],
        [SERVICE, elsewhere],
      ] as const) {
        const ticket = cas.issue('mallory', issuedFor);
        const response = await signIn(server, { ticket, service: presentedFor });
        assert.equal(response.statusCode, 401, response.body);
        assert.match(String(body(response).message), /INVALID_SERVICE/);
        assert.equal(cas.requests.at(-1)?.get('service'), presentedFor);
      }
      assert.equal(await account(server, 'mallory'), undefined);
    });

    it('answers 502 when the CAS server cannot be reached', async () => {
      const response = await signIn(unreachable, { ticket: 'ST-1', service: SERVICE });
      assert.equal(response.statusCode, 502, response.body);
      assert.match(String(body(response).message), /CAS server unreachable/);
    });

    it('refuses with 400 when AUTH_PROVIDER is not cas, without asking the CAS server', async () => {
      const before = cas.requests.length;
      const ticket = cas.issue('basil', SERVICE);
      const response = await signIn(passwords, { ticket, service: SERVICE });
      assert.equal(response.statusCode, 400, response.body);
      assert.match(String(body(response).message), /cas sign-in is not enabled: AUTH_PROVIDER is basic/);
      assert.equal(cas.requests.length, before);
      assert.equal(await account(passwords, 'basil'), undefined);
    });

    it('refuses an inactive existing user with 403, as the other providers do', async () => {
      await createUser(server.store, {
        login: 'dormant',
        password: 'dormant-password',
        email: 'dormant@example.com',
        status: 'inactive',
      });
      const ticket = cas.issue('dormant', SERVICE, { mail: 'dormant@example.com' });
      const response = await signIn(server, { ticket, service: SERVICE });
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(body(response).message, 'User dormant not active');
    });

    it('reads any prefix bound to the CAS namespace, character references and CDATA', async () => {
      cas.answerNextWith(
        `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment -->\n<c:serviceResponse xmlns:c="${CAS_NS}">` +
          '<c:authenticationSuccess><c:user>o&apos;brien</c:user><c:attributes>' +
          '<c:displayName><![CDATA[Pat <O>]]> &amp; &#x263A;</c:displayName></c:attributes>' +
          '</c:authenticationSuccess></c:serviceResponse>',
      );
      const response = await signIn(server, { ticket: 'ST-canned', service: SERVICE });
      assert.equal(response.statusCode, 200, response.body);
      const claims = decodeJwt(String(body(response).token));
      assert.equal(claims.preferred_username, "o'brien");
      assert.equal(claims.name, 'Pat <O> & \u263a');
    });

    it('answers 502, never 500, when the CAS server answers malformed XML or something that is not CAS', async () => {
      const success = (inner: string) =>
        `<cas:serviceResponse xmlns:cas="${CAS_NS}"><cas:authenticationSuccess>${inner}` +
        '</cas:authenticationSuccess></cas:serviceResponse>';
      const answers: [string, string, number?][] = [
        ['unclosed', `<cas:serviceResponse xmlns:cas="${CAS_NS}"><cas:authenticationSuccess><cas:user>x</cas:user>`],
        ['mismatched', `<cas:serviceResponse xmlns:cas="${CAS_NS}"></cas:authenticationSuccess>`],
        [
          'entity expansion',
          `<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${success('<cas:user>&x;</cas:user>')}`,
        ],
        ['undeclared entity', success('<cas:user>&x;</cas:user>')],
        ['unbound prefix', '<cas:serviceResponse><cas:authenticationSuccess/></cas:serviceResponse>'],
        ['wrong namespace', success('<cas:user>x</cas:user>').replace(CAS_NS, 'urn:not-cas')],
        ['JSON', '{"serviceResponse":{"authenticationSuccess":{"user":"x"}}}'],
        ['HTML', '<html><body>CAS is down for maintenance</body></html>'],
        ['neither', `<cas:serviceResponse xmlns:cas="${CAS_NS}"/>`],
        ['no user', success('')],
        ['empty user', success('<cas:user>  </cas:user>')],
        ['two users', success('<cas:user>a</cas:user><cas:user>b</cas:user>')],
        ['control character', success('<cas:user>a&#x1B;b</cas:user>')],
        ['trailing content', `${success('<cas:user>x</cas:user>')}<more/>`],
        ['empty', ''],
        ['error status', success('<cas:user>x</cas:user>'), 500],
      ];
      const usersBefore = await server.store.users.count();
      for (const [what, answer, status] of answers) {
        cas.answerNextWith(answer, status);
        const response = await signIn(server, { ticket: 'ST-canned', service: SERVICE });
        assert.equal(response.statusCode, 502, `${what}: ${response.body}`);
        assert.equal(body(response).status, 'error', what);
      }
      assert.equal(await server.store.users.count(), usersBefore);
    });

    it('refuses a body without a ticket or service, or with the wrong types, with 400', async () => {
      const before = cas.requests.length;
      const bad: [unknown, RegExp][] = [
        [{}, /missing 'ticket'/],
        [{ service: SERVICE }, /missing 'ticket'/],
        [{ ticket: '', service: SERVICE }, /missing 'ticket'/],
        [{ ticket: 'ST-1' }, /missing 'service'/],
        [{ ticket: 42, service: SERVICE }, /'ticket' must be a string/],
        [{ ticket: 'ST-1', service: ['a'] }, /'service' must be a string/],
        [{ ticket: 'ST-1', service: 'x'.repeat(5000) }, /service/],
        [['ST-1', SERVICE], /./],
        ['ST-1', /./],
      ];
      for (const [payload, message] of bad) {
        const response = await signIn(server, payload);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload).slice(0, 60)}: ${response.body}`);
        assert.match(String(body(response).message), message);
      }
      assert.equal(cas.requests.length, before);
    });
  });
});
