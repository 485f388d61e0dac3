import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { SAML_FLOW_SECONDS, startFlow } from '../src/auth/saml-flow.js';
import { parseXml } from '../src/auth/xml.js';
import { scriptJson } from '../src/http/post-message-page.js';
import { TEST_SECRET, type TestServer, bearer, body, startTestServer } from './support/app.js';
import { type Certificate, selfSignedCertificate } from './support/certificates.js';
import { forEachEngine, tempDir } from './support/engines.js';
import {
  type AuthnRequest,
  type ResponseOptions,
  type SamlIdp,
  type SamlUser,
  formOf,
  startSamlIdp,
  tampering,
} from './support/saml-idp.js';

const BASE_URL = 'http://alerta.test/api';
const ACS_URL = `${BASE_URL}/auth/saml`;
const CONSOLE = 'https://console.example.test';
const OTHER_SP = 'https://other-sp.example.test';

const person = (login: string, groups: string[] = ['alerta-users'], extra: Record<string, string> = {}): SamlUser => ({
  nameId: `id-${login}-${randomUUID()}`,
  attributes: { emailAddress: `${login}@example.com`, givenName: login, surname: 'Tester', groups, ...extra },
});

/** What the page's script hands to the opener, read back from the JSON it embeds. */
function pageData(html: string): { message: Record<string, unknown>; origins: string[] } {
  const json = /var data = (.*);\n/.exec(html)?.[1];
  assert.ok(json !== undefined, html);
  return JSON.parse(json) as { message: Record<string, unknown>; origins: string[] };
}

forEachEngine((engine) => {
  describe('SAML 2 sign-in against a local identity provider', () => {
    let idp: SamlIdp;
    let server: TestServer;
    let restricted: TestServer;
    let passwords: TestServer;
    let signing: TestServer;
    /** Another process on the database of `server`, with the same settings. */
    let twin: TestServer;
    let spKeys: Certificate;

    before(async () => {
      const dir = tempDir();
      idp = await startSamlIdp(dir);
      spKeys = selfSignedCertificate(dir, 'saml-sp', 'rsa');
      const fromMetadata = JSON.stringify({ metadata: { local: [idp.metadataFile] } });
      server = await startTestServer(engine, {
        BASE_URL,
        AUTH_PROVIDER: 'saml2',
        SAML2_CONFIG: fromMetadata,
        // A regular expression entry lets pages read answers, but is never a target of the sign-in page.
        CORS_ORIGINS: `${CONSOLE},*,https://.*\\.example\\.test`,
      });
      const { database } = server.settings;
      twin = await startTestServer(engine, {
        BASE_URL,
        AUTH_PROVIDER: 'saml2',
        SAML2_CONFIG: fromMetadata,
        CORS_ORIGINS: `${CONSOLE},*`,
        DATABASE_URL: database.engine === 'postgres' ? database.url : `sqlite:${database.file}`,
      });
      restricted = await startTestServer(engine, {
        BASE_URL,
        AUTH_PROVIDER: 'saml2',
        SAML2_CONFIG: fromMetadata,
        ALLOWED_SAML2_GROUPS: 'alerta-users',
      });
      // Everything SAML needs is there, but the server signs in by password.
      passwords = await startTestServer(engine, { BASE_URL, SAML2_CONFIG: fromMetadata });
      // Inline IdP settings, our own entity id, signed AuthnRequests, and a response signature accepted in place of
      // the assertion's.
      signing = await startTestServer(engine, {
        BASE_URL,
        AUTH_PROVIDER: 'saml2',
        SAML2_ENTITY_ID: 'urn:alerta:test',
        ADMIN_USERS: 'root@example.com',
        SAML2_CONFIG: JSON.stringify({
          idp: { entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificateFiles: [idp.certificate.certFile] },
          sp: { privateKeyFile: spKeys.certFile.replace(/\.crt$/, '.key'), certificateFile: spKeys.certFile },
          wantAssertionsSigned: false,
        }),
      });
      idp.trustServiceProvider(spKeys.cert);
    });
    after(async () => {
      for (const target of [server, twin, restricted, passwords, signing]) await target.close();
      await idp.close();
    });

    /** GET /auth/saml: where it redirects to, and the AuthnRequest the identity provider reads there. */
    async function startSignIn(
      target: TestServer,
      query = '?usePostMessage',
    ): Promise<AuthnRequest & { location: string }> {
      const response = await target.app.inject({ method: 'GET', url: `/api/auth/saml${query}` });
      assert.equal(response.statusCode, 302, response.body);
      assert.equal(response.headers['cache-control'], 'no-store');
      const location = String(response.headers.location);
      assert.ok(location.startsWith(`${idp.ssoUrl}?SAMLRequest=`), location);
      return { ...idp.readRequest(location), location };
    }

    const post = (target: TestServer, fields: Record<string, string>, accept = 'text/html,application/xhtml+xml') =>
      target.app.inject({
        method: 'POST',
        url: '/api/auth/saml',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
        payload: new URLSearchParams(fields).toString(),
      });

    async function signIn(target: TestServer, user: SamlUser, options: ResponseOptions = {}, accept?: string) {
      const request = await startSignIn(target);
      const SAMLResponse = idp.respond(request, user, options);
      return post(target, { SAMLResponse, RelayState: request.relayState }, accept);
    }

    const account = (target: TestServer, email: string) => target.store.users.findByLoginOrEmail(email);

    it('goes to the identity provider, and its form post signs in with a page that posts the token', async () => {
      await server.store.perms.create({ id: randomUUID(), match: 'ops-team', scopes: ['admin:heartbeats'] });
      const request = await startSignIn(server);
      assert.equal(request.destination, idp.ssoUrl);
      assert.equal(request.acsUrl, ACS_URL);
      assert.equal(request.issuer, BASE_URL);
      assert.match(request.id, /^_[\w-]{43}$/);
      assert.match(request.relayState, /^usePostMessage\./);

      // The browser follows the redirect to the identity provider, which answers with its auto-posting form.
      idp.signInAs(person('alice', ['ops-team', 'alerta-users'], { givenName: 'Alice', surname: 'Liddell' }));
      const form = formOf(await (await fetch(request.location)).text());
      assert.equal(form.action, ACS_URL);
      assert.equal(form.fields.RelayState, request.relayState);
      const response = await post(server, form.fields);
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['cache-control'], 'no-store');

      // One script, allowed by its nonce and nothing else.
      const policy = String(response.headers['content-security-policy']);
      const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
      assert.ok(nonce !== undefined, policy);
      assert.match(policy, /default-src 'none'/);
      assert.equal([...response.body.matchAll(/<script/g)].length, 1);
      assert.ok(response.body.includes(`<script nonce="${nonce}">`));
      // Never to '*' nor a pattern: the console's origin, and the page's own added by the script.
      const { message, origins } = pageData(response.body);
      assert.deepEqual(origins, [CONSOLE]);
      assert.match(response.body, /window\.opener\.postMessage\(data\.message, origin\)/);
      assert.equal(message.status, 'ok');

      const token = String(message.token);
      const claims = decodeJwt(token);
      assert.equal(claims.provider, 'saml2');
      assert.equal(claims.email, 'alice@example.com');
      assert.equal(claims.preferred_username, 'alice@example.com');
      assert.equal(claims.name, 'Alice Liddell');
      assert.equal(claims.email_verified, true);
      assert.equal(claims.aud, BASE_URL);
      assert.deepEqual([...(claims.groups as string[])].sort(), ['alerta-users', 'ops-team']);
      // A permission matching a SAML group gives its scopes.
      assert.deepEqual(String(claims.scope).split(' ').sort(), ['admin:heartbeats', 'read', 'write']);

      const me = await server.app.inject({ method: 'GET', url: '/api/userinfo', headers: bearer(token) });
      assert.equal(me.statusCode, 200, me.body);
      assert.equal(body(me).provider, 'saml2');
      const stored = await account(server, 'alice@example.com');
      assert.match(stored?.id ?? '', /^saml2-[0-9a-f]{32}$/);
      assert.equal(stored?.password, '');
      assert.equal(stored?.emailVerified, true);
    });

    it('answers JSON unless the popup asked for the page', async () => {
      // No usePostMessage: JSON whatever the browser accepts.
      const plain = await startSignIn(server, '');
      assert.match(plain.relayState, /^json\./);
      const user = person('jason');
      const response = await post(
        server,
        { SAMLResponse: idp.respond(plain, user), RelayState: plain.relayState },
        'text/html',
      );
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(body(response).status, 'ok');
      assert.equal(decodeJwt(String(body(response).token)).email, 'jason@example.com');

      // usePostMessage, but a client that wants JSON.
      const json = await signIn(server, user, {}, 'application/json');
      assert.equal(json.statusCode, 200, json.body);
      assert.deepEqual(Object.keys(body(json)).sort(), ['status', 'token']);
    });

    it('creates the user once and finds it again, also through a new NameID for the same address', async () => {
      const user = person('robin');
      const first = pageData((await signIn(server, user)).body).message;
      const users = await server.store.users.count();
      const again = pageData((await signIn(server, user)).body).message;
      assert.equal(decodeJwt(String(again.token)).sub, decodeJwt(String(first.token)).sub);
      // A transient NameID changes every time; the verified address still finds the account.
      const renamed = pageData((await signIn(server, { ...user, nameId: 'transient-1' })).body).message;
      assert.equal(decodeJwt(String(renamed.token)).sub, decodeJwt(String(first.token)).sub);
      assert.equal(await server.store.users.count(), users);
    });

    it('accepts an assertion whose namespaces are declared on the response, signed twice', async () => {
      const response = await signIn(server, person('nora'), { namespacesOnResponse: true, sign: 'both' });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(pageData(response.body).message.status, 'ok');
    });

    const evilEmail = (assertion: string) =>
      assertion.replace(/[\w-]+@example\.com/, 'root@example.com').replace(/id-[\w-]+/, 'id-root');
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    const BAD_RESPONSES: [string, () => ResponseOptions][] = [
      ['unsigned', () => ({ sign: 'none' })],
      ['signed by another key (the metadata lists it for encryption only)', () => ({ signer: idp.stranger })],
      ['with only the response signed, while assertions must be', () => ({ sign: 'response' })],
      ['for another audience', () => ({ audience: OTHER_SP })],
      ['for another recipient', () => ({ recipient: `${OTHER_SP}/acs` })],
      ['addressed to another destination', () => ({ destination: `${OTHER_SP}/acs` })],
      ['that has expired', () => ({ notBefore: minutes(-15), notOnOrAfter: minutes(-10) })],
      ['that is not valid yet', () => ({ notBefore: minutes(10) })],
      ['answering another request', () => ({ inResponseTo: '_another', confirmationInResponseTo: '_another' })],
      ['that is unsolicited (no InResponseTo)', () => ({ inResponseTo: null, confirmationInResponseTo: null })],
      ['holding an unsolicited assertion in a reply to our request', () => ({ confirmationInResponseTo: null })],
      ['issued by another identity provider', () => ({ issuer: 'https://evil-idp.example.test' })],
      ['with a failure status', () => ({ status: 'urn:oasis:names:tc:SAML:2.0:status:Responder', sign: 'none' })],
      ['changed after signing', () => ({ afterSigning: evilEmail })],
      [
        'wrapped: a copy with the same ID and signature',
        () => ({ afterSigning: tampering.copiedSignature(evilEmail) }),
      ],
      [
        'wrapped: the signature moved to another assertion',
        () => ({ afterSigning: tampering.movedSignature(evilEmail) }),
      ],
      ['wrapped: a second, unsigned assertion', () => ({ afterSigning: tampering.appendedAssertion(evilEmail) })],
    ];

    for (const [what, options] of BAD_RESPONSES) {
      it(`refuses a response ${what}, and writes no user`, async () => {
        const login = `mallory-${randomUUID().slice(0, 8)}`;
        const users = await server.store.users.count();
        const response = await signIn(server, person(login), options(), 'application/json');
        assert.ok(
          response.statusCode === 400 || response.statusCode === 401,
          `${response.statusCode} ${response.body}`,
        );
        assert.equal(body(response).status, 'error');
        assert.equal(await account(server, `${login}@example.com`), undefined);
        assert.equal(await account(server, 'root@example.com'), undefined);
        assert.equal(await server.store.users.count(), users);
      });
    }

    it('takes a response once: posted again it is refused', async () => {
      const request = await startSignIn(server);
      const fields = { SAMLResponse: idp.respond(request, person('once')), RelayState: request.relayState };
      assert.equal((await post(server, fields)).statusCode, 200);
      const replayed = await post(server, fields, 'application/json');
      assert.equal(replayed.statusCode, 401, replayed.body);
      assert.equal(body(replayed).message, 'SAML response was used already');
    });

    it('takes a response once across processes on one database: the other refuses it and gives no token', async () => {
      for (const [first, second] of [
        [server, twin],
        [twin, server],
      ] as const) {
        const request = await startSignIn(server);
        const fields = { SAMLResponse: idp.respond(request, person('shared')), RelayState: request.relayState };
        const taken = await post(first, fields, 'application/json');
        assert.equal(taken.statusCode, 200, taken.body);
        assert.equal(typeof body(taken).token, 'string');
        const replayed = await post(second, fields, 'application/json');
        assert.equal(replayed.statusCode, 401, replayed.body);
        assert.equal(body(replayed).message, 'SAML response was used already');
        assert.equal(body(replayed).token, undefined);
        const page = await post(second, fields);
        assert.equal(page.statusCode, 401, page.body);
        assert.deepEqual(pageData(page.body).message, { status: 'error', message: 'SAML response was used already' });
      }
    });

    it('signs in once when two processes take the same response at the same moment', async () => {
      const request = await startSignIn(twin);
      const fields = { SAMLResponse: idp.respond(request, person('racing')), RelayState: request.relayState };
      const answers = await Promise.all(
        [server, twin, server, twin].map((target) => post(target, fields, 'application/json')),
      );
      assert.deepEqual(
        answers.map((answer) => answer.statusCode).sort(),
        [200, 401, 401, 401],
        answers.map((answer) => answer.body).join('\n'),
      );
      assert.equal(answers.filter((answer) => body(answer).token !== undefined).length, 1);
    });

    it('keeps a claim until its time in the store, and a later claim drops spent ones', async () => {
      const now = new Date();
      const later = new Date(now.getTime() + 60_000).toISOString();
      const earlier = new Date(now.getTime() - 1_000).toISOString();
      assert.equal(await server.store.samlSignIns.claim('_claimed', later, now.toISOString()), true);
      assert.equal(await twin.store.samlSignIns.claim('_claimed', later, now.toISOString()), false);
      assert.equal(await server.store.samlSignIns.claim('_spent', earlier, now.toISOString()), true);
      assert.equal(await twin.store.samlSignIns.claim('_spent', later, now.toISOString()), true);
      assert.equal(await server.store.samlSignIns.claim('_claimed', later, now.toISOString()), false);
    });

    it('refuses a RelayState that is missing, made up, of another sign-in or too old', async () => {
      const user = person('relay');
      const request = await startSignIn(server);
      const other = await startSignIn(server);
      const SAMLResponse = idp.respond(request, user);
      const expired = startFlow(TEST_SECRET, true, Date.now() - (SAML_FLOW_SECONDS + 1) * 1000);
      const cases: [Record<string, string>, RegExp][] = [
        [{ SAMLResponse }, /does not answer a sign-in started here/],
        [{ SAMLResponse, RelayState: 'usePostMessage' }, /does not answer a sign-in started here/],
        [{ SAMLResponse, RelayState: `usePostMessage.zzzzzz.${'A'.repeat(22)}` }, /InResponseTo/],
        [{ SAMLResponse, RelayState: other.relayState }, /InResponseTo/],
        [
          {
            SAMLResponse: idp.respond({ ...request, id: expired.requestId }, user),
            RelayState: expired.relayState,
          },
          /took too long/,
        ],
      ];
      for (const [fields, message] of cases) {
        const response = await post(server, fields, 'application/json');
        assert.equal(response.statusCode, 401, response.body);
        assert.match(String(body(response).message), message);
      }
      assert.equal(await account(server, 'relay@example.com'), undefined);
    });

    it('refuses a user outside ALLOWED_SAML2_GROUPS with 403, in the page too', async () => {
      const response = await signIn(restricted, person('visitor', ['visitors']));
      assert.equal(response.statusCode, 403, response.body);
      assert.deepEqual(pageData(response.body).message, {
        status: 'error',
        message: 'User visitor@example.com is not authorized',
      });
      assert.equal(await account(restricted, 'visitor@example.com'), undefined);
      const member = await signIn(restricted, person('member', ['alerta-users']), {}, 'application/json');
      assert.equal(member.statusCode, 200, member.body);
    });

    it('keeps hostile text from the assertion inert in the page', async () => {
      const hostile = '</script><script>alert(1)</script>';
      // An address may hold markup and no spaces; the refusal message repeats it.
      const user = person('x', ['visitors'], { emailAddress: `${hostile}@example.com` });
      const refused = await signIn(restricted, user);
      assert.equal(refused.statusCode, 403);
      const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(refused.body)?.[1] ?? '';
      assert.ok(!script.includes('<') && !script.includes('>'), script);
      assert.ok(!refused.body.includes(hostile));
      assert.equal(pageData(refused.body).message.message, `User ${hostile}@example.com is not authorized`);

      // Signed text that a refusal repeats, markup and ampersand included.
      const recipient = `${OTHER_SP}/${hostile}&amp;`;
      const wrong = await signIn(server, person('y'), { recipient });
      assert.equal(wrong.statusCode, 401);
      const inScript = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(wrong.body)?.[1] ?? '';
      assert.ok(!/[<>&]/.test(inScript), inScript);
      assert.ok(!wrong.body.includes(hostile));
      assert.ok(String(pageData(wrong.body).message.message).includes(recipient));

      // The XML readers turn line separators into line breaks before they reach a message; the page's JSON would
      // escape them anyway, as they end a string for older JavaScript parsers.
      const separators = scriptJson({ text: `a\u2028b\u2029${hostile}` });
      assert.ok(!/[\u2028\u2029<>&]/.test(separators), separators);
      assert.deepEqual(JSON.parse(separators), { text: `a\u2028b\u2029${hostile}` });
    });

    it('refuses a malformed, oversized or entity-laden SAMLResponse with 400', async () => {
      const { relayState: RelayState } = await startSignIn(server);
      const base64 = (text: string) => Buffer.from(text).toString('base64');
      const bomb =
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
        '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&b;</samlp:Response>';
      const cases: [string, RegExp][] = [
        ['%%% not base64 %%%', /not base64/],
        [base64('not xml at all'), /not well-formed XML/],
        [base64('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">'), /not well-formed XML/],
        [base64(bomb), /DOCTYPE/],
        [base64('<AuthnRequest xmlns="urn:oasis:names:tc:SAML:2.0:protocol"/>'), /not a Response/],
        ['A'.repeat(300 * 1024), /too large/],
        ['', /missing 'SAMLResponse'/],
      ];
      for (const [SAMLResponse, message] of cases) {
        const response = await post(server, { SAMLResponse, RelayState }, 'application/json');
        assert.equal(response.statusCode, 400, `${message} ${response.body.slice(0, 200)}`);
        assert.match(String(body(response).message), message);
        assert.equal(body(response).status, 'error');
      }
      const empty = await server.app.inject({ method: 'POST', url: '/api/auth/saml' });
      assert.equal(empty.statusCode, 400, empty.body);
    });

    it('serves SP metadata with our entity id and ACS URL', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/auth/saml/metadata.xml' });
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^text\/xml/);
      const root = parseXml(response.body);
      assert.equal(root.name, 'EntityDescriptor');
      assert.equal(root.attributes.entityID, BASE_URL);
      const descriptor = root.children.find((child) => child.name === 'SPSSODescriptor');
      assert.equal(descriptor?.attributes.WantAssertionsSigned, 'true');
      const acs = descriptor?.children.find((child) => child.name === 'AssertionConsumerService');
      assert.equal(acs?.attributes.Location, ACS_URL);
      assert.equal(acs?.attributes.Binding, 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    });

    it('signs AuthnRequests, names itself SAML2_ENTITY_ID and issues tokens for that audience', async () => {
      const request = await startSignIn(signing);
      assert.equal(request.issuer, 'urn:alerta:test');
      assert.equal(request.signed, true, 'the IdP could not verify the AuthnRequest signature');
      const metadata = (await signing.app.inject({ method: 'GET', url: '/api/auth/saml/metadata.xml' })).body;
      assert.match(metadata, /entityID="urn:alerta:test"/);
      assert.match(metadata, /AuthnRequestsSigned="true"/);

      // Signed by the response only, which this server accepts; still refused for another audience.
      const root = person('root');
      const other = await post(
        signing,
        {
          SAMLResponse: idp.respond(request, root, { sign: 'response', audience: OTHER_SP }),
          RelayState: request.relayState,
        },
        'application/json',
      );
      assert.equal(other.statusCode, 401, other.body);
      assert.match(String(body(other).message), /audience mismatch. Expected: urn:alerta:test/);
      const again = await startSignIn(signing);
      const SAMLResponse = idp.respond(again, root, { sign: 'response' });
      const response = await post(signing, { SAMLResponse, RelayState: again.relayState }, 'application/json');
      assert.equal(response.statusCode, 200, response.body);
      const token = String(body(response).token);
      assert.equal(decodeJwt(token).aud, 'urn:alerta:test');
      assert.equal(decodeJwt(token).scope, 'admin read write');

      // The token works, and the settings page shows no key material.
      const properties = await signing.app.inject({
        method: 'GET',
        url: '/api/management/properties',
        headers: bearer(token),
      });
      assert.equal(properties.statusCode, 200, properties.body);
      assert.match(properties.body, /SAML2_ENTITY_ID = "urn:alerta:test"/);
      assert.ok(!properties.body.includes('PRIVATE KEY'));
      assert.ok(!properties.body.includes(spKeys.key.split('\n')[1] ?? 'PRIVATE KEY'));
    });

    it('refuses every SAML route with 400 when AUTH_PROVIDER is another provider', async () => {
      const request = await startSignIn(server);
      const SAMLResponse = idp.respond(request, person('basil'));
      for (const response of [
        await passwords.app.inject({ method: 'GET', url: '/api/auth/saml?usePostMessage' }),
        await passwords.app.inject({ method: 'GET', url: '/api/auth/saml/metadata.xml' }),
        await post(passwords, { SAMLResponse, RelayState: request.relayState }, 'application/json'),
      ]) {
        assert.equal(response.statusCode, 400, response.body);
        assert.equal(body(response).message, 'saml2 sign-in is not enabled: AUTH_PROVIDER is basic');
      }
      assert.equal(await account(passwords, 'basil@example.com'), undefined);
    });
  });
});
