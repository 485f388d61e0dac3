import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { Mailer } from '../src/auth/mailer.js';
import { type Settings, SettingsError, loadSettings } from '../src/settings.js';
import { type TestServer, body, createUser, loginToken, startTestServer } from './support/app.js';
import { type Certificate, selfSignedCertificate } from './support/certificates.js';
import { forEachEngine, tempDir } from './support/engines.js';
import { type Mailbox, type MailboxTls, linkToken, startMailbox } from './support/mailbox.js';

const BASE_URL = 'http://alerta.test/api';
const SMTP_LOGIN = { user: 'alerta-mailer', password: 'smtp-secret-password' };

/** The mail server's own certificate, and another that vouches for nothing the mail server presents. */
let trusted: Certificate;
let stranger: Certificate;
before(() => {
  const dir = tempDir('alerta-tls-');
  trusted = selfSignedCertificate(dir, 'mail');
  stranger = selfSignedCertificate(dir, 'stranger');
});

/** Settings that reach the mailbox with the given TLS mode, trusting the CA file given (none: the system's CAs). */
function smtpEnv(mailbox: Mailbox, mode: MailboxTls['mode'], caFile?: string): Record<string, string> {
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mailbox.port),
    SMTP_USE_SSL: mode === 'implicit' ? 'true' : 'false',
    SMTP_STARTTLS: mode === 'starttls' ? 'true' : 'false',
    SMTP_USERNAME: SMTP_LOGIN.user,
    SMTP_PASSWORD: SMTP_LOGIN.password,
    ...(caFile === undefined ? {} : { SMTP_CA_FILE: caFile }),
  };
}

forEachEngine((engine) => {
  for (const mode of ['implicit', 'starttls'] as const) {
    const setting = mode === 'implicit' ? 'SMTP_USE_SSL' : 'SMTP_STARTTLS';

    describe(`account mail over ${mode === 'implicit' ? 'implicit TLS' : 'STARTTLS'} (${setting})`, () => {
      let mailbox: Mailbox;
      let server: TestServer;
      let wrongCa: TestServer;
      let systemCa: TestServer;
      before(async () => {
        mailbox = await startMailbox(SMTP_LOGIN, { mode, key: trusted.key, cert: trusted.cert });
        const common = {
          BASE_URL,
          EMAIL_VERIFICATION: 'true',
          MAIL_FROM: 'alerts@alerta.test',
          SIGNUP_ENABLED: 'true',
        };
        server = await startTestServer(engine, { ...common, ...smtpEnv(mailbox, mode, trusted.certFile) });
        wrongCa = await startTestServer(engine, { ...common, ...smtpEnv(mailbox, mode, stranger.certFile) });
        systemCa = await startTestServer(engine, { ...common, ...smtpEnv(mailbox, mode) });
      });
      after(async () => {
        await server.close();
        await wrongCa.close();
        await systemCa.close();
        await mailbox.close();
      });

      const post = (target: TestServer, url: string, payload: Record<string, unknown> = {}) =>
        target.app.inject({ method: 'POST', url: `/api${url}`, payload });

      it('mails the confirm and reset links encrypted to a server trusted through SMTP_CA_FILE', async () => {
        const signedUp = await post(server, '/auth/signup', {
          name: 'Tilda',
          email: 'tilda@example.com',
          password: 'tilda-password',
        });
        assert.equal(signedUp.statusCode, 403);
        assert.equal(body(signedUp).message, 'email not verified');
        const confirmMail = await mailbox.next('tilda@example.com');
        assert.ok(mailbox.overTls(confirmMail), 'the confirm mail came over an encrypted connection');
        assert.equal(confirmMail.from?.value[0]?.address, 'alerts@alerta.test');
        const confirmed = await post(server, `/auth/confirm/${linkToken(confirmMail, 'confirm').token}`);
        assert.equal(confirmed.statusCode, 200, confirmed.body);

        assert.equal((await post(server, '/auth/forgot', { email: 'tilda@example.com' })).statusCode, 200);
        const resetMail = await mailbox.next('tilda@example.com');
        assert.ok(mailbox.overTls(resetMail), 'the reset mail came over an encrypted connection');
        const reset = await post(server, `/auth/reset/${linkToken(resetMail, 'reset').token}`, {
          password: 'new-tilda-password',
        });
        assert.equal(reset.statusCode, 200, reset.body);
        await loginToken(server.app, 'tilda@example.com', 'new-tilda-password');
      });

      it('sends nothing to a certificate it does not trust, and answers as for any mail failure', async () => {
        for (const target of [wrongCa, systemCa]) {
          await createUser(target.store, { login: 'wren', email: 'wren@example.com', password: 'wren-password' });
          await mailbox.quiet();
          const mails = mailbox.received.length;
          const made = mailbox.connections();
          const forgot = await post(target, '/auth/forgot', { email: 'wren@example.com' });
          assert.equal(forgot.statusCode, 200);
          assert.deepEqual(body(forgot), { status: 'ok', message: 'password reset sent' });
          const signedUp = await post(target, '/auth/signup', {
            name: 'Xena',
            email: `xena-${target === wrongCa ? 'a' : 'b'}@example.com`,
            password: 'xena-password',
          });
          assert.equal(signedUp.statusCode, 403);
          assert.equal(body(signedUp).message, 'email not verified');
          // Both mails were tried, and each connection ended without a mail (a delivered one arrives before its end).
          await mailbox.quiet(made + 2);
          assert.equal(mailbox.received.length, mails);
        }
      });
    });
  }
});

describe('the mailer and TLS', () => {
  let dir: string;
  before(() => {
    dir = tempDir('alerta-tls-');
  });

  /** Delivers one mail through a mailer with its own captured log; returns what was logged. */
  async function deliverLogged(settings: Settings): Promise<string> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = Fastify({ logger: { level: 'error', stream } });
    const mailer = new Mailer(settings, logged.log);
    await mailer.deliver({ to: 'victim@example.com', subject: 'Reset', text: 'http://x.test/reset/SECRET-TOKEN' });
    mailer.close();
    await logged.close();
    return lines.join('');
  }

  for (const mode of ['implicit', 'starttls'] as const) {
    it(`logs an untrusted ${mode} certificate as a failed mail, without the password, link or address`, async () => {
      const mailbox = await startMailbox(SMTP_LOGIN, { mode, key: trusted.key, cert: trusted.cert });
      const log = await deliverLogged(loadSettings(smtpEnv(mailbox, mode, stranger.certFile)));
      await mailbox.close();
      assert.match(log, /account mail could not be sent/);
      assert.match(log, /certificate/i);
      assert.doesNotMatch(log, /smtp-secret-password|SECRET-TOKEN|victim@example\.com/);
      assert.equal(mailbox.received.length, 0);
    });
  }

  it('does not fall back to plain SMTP when STARTTLS is required but not offered', async () => {
    const plain = await startMailbox(SMTP_LOGIN);
    const log = await deliverLogged(loadSettings(smtpEnv(plain, 'starttls', trusted.certFile)));
    await plain.close();
    assert.match(log, /account mail could not be sent/);
    assert.match(log, /STARTTLS/);
    assert.equal(plain.received.length, 0);
  });

  it('logs a CA file that went away after start instead of failing the caller', async () => {
    const mailbox = await startMailbox(SMTP_LOGIN, { mode: 'implicit', key: trusted.key, cert: trusted.cert });
    const settings = loadSettings(smtpEnv(mailbox, 'implicit', trusted.certFile));
    const log = await deliverLogged({ ...settings, SMTP_CA_FILE: join(dir, 'gone.pem') });
    await mailbox.close();
    assert.match(log, /account mail could not be sent/);
    assert.equal(mailbox.received.length, 0);
  });

  it('refuses to start with an SMTP_CA_FILE it cannot read', () => {
    for (const file of [join(dir, 'missing.pem'), dir]) {
      assert.throws(
        () => loadSettings({ SMTP_CA_FILE: file }),
        (error: unknown) =>
          error instanceof SettingsError && /^Invalid setting SMTP_CA_FILE=.*cannot read/.test(error.message),
      );
    }
    assert.equal(loadSettings({ SMTP_CA_FILE: trusted.certFile }).SMTP_CA_FILE, trusted.certFile);
    assert.equal(loadSettings({}).SMTP_CA_FILE, '');
  });
});
