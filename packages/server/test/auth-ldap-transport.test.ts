import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { escapeDnValue, escapeFilterValue, fillFilter } from '../src/auth/ldap.js';
import { type TestServer, body, startTestServer } from './support/app.js';
import { type Certificate, selfSignedCertificate } from './support/certificates.js';
import { forEachEngine, tempDir } from './support/engines.js';
import {
  BASE_DN,
  type LdapServer,
  deadPort,
  exampleDirectory,
  passwordOf,
  startLdapServer,
  startSilentServer,
} from './support/ldap-server.js';

const templateSettings = (url: string, extra: Record<string, string> = {}): Record<string, string> => ({
  AUTH_PROVIDER: 'ldap',
  LDAP_URL: url,
  LDAP_DOMAINS: JSON.stringify({ 'example.com': `uid=%s,ou=users,${BASE_DN}` }),
  LOGIN_FAILURE_LIMIT_PER_ADDRESS: '0',
  ...extra,
});

const signIn = (server: TestServer, username = 'alice@example.com', password = passwordOf('alice')) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('LDAP escaping', () => {
  it('writes filter metacharacters as \\xx (RFC 4515 §3)', () => {
    assert.equal(escapeFilterValue('plain.user-1'), 'plain.user-1');
    assert.equal(escapeFilterValue('*)(uid=*'), '\\2a\\29\\28uid=\\2a');
    assert.equal(escapeFilterValue('a\\b\0c'), 'a\\5cb\\00c');
    assert.equal(escapeFilterValue('Zoë'), 'Zoë');
  });

  it('escapes DN specials, a leading space or # and a trailing space (RFC 4514 §2.4)', () => {
    assert.equal(escapeDnValue('alice'), 'alice');
    assert.equal(escapeDnValue('a,ou=admins'), 'a\\,ou\\=admins');
    assert.equal(escapeDnValue('"x"+<y>;z\\'), '\\"x\\"\\+\\<y\\>\\;z\\\\');
    assert.equal(escapeDnValue('#hash'), '\\#hash');
    assert.equal(escapeDnValue(' padded '), '\\ padded\\ ');
    assert.equal(escapeDnValue(' '), '\\ ');
    assert.equal(escapeDnValue('nul\0'), 'nul\\00');
  });

  it('fills only the known placeholders of a filter, each value escaped', () => {
    assert.equal(
      fillFilter('(&(uid={username})(mail={email})(x={other}))', { username: 'a*', email: 'b(c)' }),
      '(&(uid=a\\2a)(mail=b\\28c\\29)(x={other}))',
    );
  });
});

forEachEngine((engine) => {
  describe('LDAP sign-in when the directory is unreachable or slow', () => {
    it('answers 502 in the error envelope when nothing listens', async () => {
      const url = `ldap://127.0.0.1:${await deadPort()}`;
      const server = await startTestServer(engine, templateSettings(url));
      try {
        const response = await signIn(server);
        assert.equal(response.statusCode, 502, response.body);
        assert.deepEqual(
          { status: body(response).status, code: body(response).code, message: body(response).message },
          { status: 'error', code: 502, message: `LDAP server unreachable: ${url}` },
        );
        assert.equal(await server.store.users.count(), 0);
      } finally {
        await server.close();
      }
    });

    it('answers 504 after LDAP_TIMEOUT when the directory accepts but never answers', { timeout: 20_000 }, async () => {
      const silent = await startSilentServer();
      try {
        // A plain connection hangs at the bind; an ldaps:// one already in the TLS handshake.
        for (const scheme of ['ldap', 'ldaps']) {
          const server = await startTestServer(
            engine,
            templateSettings(`${scheme}://127.0.0.1:${silent.port}`, { LDAP_TIMEOUT: '1' }),
          );
          try {
            const response = await signIn(server);
            assert.equal(response.statusCode, 504, `${scheme}: ${response.body}`);
            assert.equal(body(response).message, 'LDAP server did not answer within 1 seconds');
          } finally {
            await server.close();
          }
        }
      } finally {
        await silent.close();
      }
    });
  });

  describe('LDAP sign-in over ldaps://', () => {
    let certificate: Certificate;
    let stranger: Certificate;
    let directory: LdapServer;
    const servers: TestServer[] = [];
    before(async () => {
      const dir = tempDir('alerta-ldaps-');
      certificate = selfSignedCertificate(dir, 'directory');
      stranger = selfSignedCertificate(dir, 'stranger');
      directory = await startLdapServer(exampleDirectory(), certificate);
      assert.match(directory.url, /^ldaps:\/\//);
    });
    after(async () => {
      for (const server of servers) await server.close();
      await directory.close();
    });

    const serverWith = async (extra: Record<string, string>) => {
      const server = await startTestServer(engine, templateSettings(directory.url, extra));
      servers.push(server);
      return server;
    };

    it('trusts the directory whose certificate LDAP_CACERT vouches for', async () => {
      const server = await serverWith({ LDAP_CACERT: certificate.certFile });
      const response = await signIn(server);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(directory.binds.at(-1)?.password, passwordOf('alice'));
    });

    it('refuses, with 502 and before any bind, a certificate nothing vouches for', async () => {
      const binds = directory.binds.length;
      for (const extra of [{}, { LDAP_CACERT: stranger.certFile }]) {
        const server = await serverWith(extra);
        const response = await signIn(server);
        assert.equal(response.statusCode, 502, response.body);
        assert.match(String(body(response).message), /^LDAP server's certificate is not trusted \(\w+\)$/);
      }
      // The password never went over a connection to a server that could not prove who it is.
      assert.equal(directory.binds.length, binds);
    });

    it('accepts any certificate with LDAP_ALLOW_SELF_SIGNED_CERT, as the reference does', async () => {
      const server = await serverWith({ LDAP_ALLOW_SELF_SIGNED_CERT: 'true' });
      const response = await signIn(server);
      assert.equal(response.statusCode, 200, response.body);
    });
  });
});
