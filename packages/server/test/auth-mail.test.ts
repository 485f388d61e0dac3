import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { decodeJwt } from 'jose';
import { scrubUrl } from '../src/app.js';
import { emailTokenDigest, signEmailToken } from '../src/auth/email-tokens.js';
import { Mailer } from '../src/auth/mailer.js';
import { loadSettings } from '../src/settings.js';
import { TEST_SECRET, type TestServer, basic, body, createUser, loginToken, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { type Mailbox, linkToken, startMailbox } from './support/mailbox.js';

const BASE_URL = 'http://alerta.test/api';
const SMTP_LOGIN = { user: 'alerta-mailer', password: 'smtp-secret-password' };

forEachEngine((engine) => {
  describe('signup, confirmation and password reset by mail', () => {
    let server: TestServer;
    let mailbox: Mailbox;
    before(async () => {
      mailbox = await startMailbox(SMTP_LOGIN);
      server = await startTestServer(engine, {
        BASE_URL,
        SIGNUP_ENABLED: 'true',
        EMAIL_VERIFICATION: 'true',
        MAIL_FROM: 'alerts@alerta.test',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mailbox.port),
        SMTP_STARTTLS: 'false',
        SMTP_USERNAME: SMTP_LOGIN.user,
        SMTP_PASSWORD: SMTP_LOGIN.password,
      });
    });
    after(async () => {
      await server.close();
      await mailbox.close();
    });

    const post = (url: string, payload: Record<string, unknown> = {}) =>
      server.app.inject({ method: 'POST', url: `/api${url}`, payload });
    const signup = (payload: Record<string, unknown>) => post('/auth/signup', payload);

    /** What the mailbox has seen so far. */
    const mark = () => ({ mails: mailbox.received.length, connections: mailbox.connections() });
    /**
     * Shows that nothing was mailed since `since`: mail goes out in the background, so instead of waiting a while,
     * `probe` makes a request that does mail `to`. The mail of an earlier request would have been under way first, so
     * once the probe's mail is in and no connection to the mailbox is left open, it is the only one since `since`.
     */
    async function assertOnlyProbeMailed(since: ReturnType<typeof mark>, to: string, probe: () => Promise<unknown>) {
      await probe();
      const mail = await mailbox.next(to);
      await mailbox.quiet(since.connections + 1);
      assert.equal(mailbox.connections(), since.connections + 1, 'one connection to the mail server, the probe’s');
      assert.deepEqual(mailbox.received.slice(since.mails), [mail], 'no mail but the probe’s');
    }

    it('signs up an unverified user, mails a confirm link, and lets them in once confirmed', async () => {
      const signedUp = await signup({ name: 'Carol', email: 'carol@example.com', password: 'carol-password' });
      assert.equal(signedUp.statusCode, 403);
      assert.equal(body(signedUp).message, 'email not verified');
      const mail = await mailbox.next('carol@example.com');
      assert.equal(mail.from?.value[0]?.address, 'alerts@alerta.test');
      const first = linkToken(mail, 'confirm');
      assert.ok(first.link.startsWith('http://alerta.test/confirm/'), first.link);

      // Logging in before confirming is refused and sends a fresh link, which replaces the first.
      const early = await post('/auth/login', { username: 'carol@example.com', password: 'carol-password' });
      assert.equal(early.statusCode, 403);
      assert.equal(body(early).message, 'email not verified');
      const again = linkToken(await mailbox.next('carol@example.com'), 'confirm');
      assert.equal((await post(`/auth/confirm/${first.token}`)).statusCode, 400);

      const confirmed = await post(`/auth/confirm/${again.token}`);
      assert.equal(confirmed.statusCode, 200);
      assert.deepEqual(body(confirmed), { status: 'ok', message: 'email address carol@example.com confirmed' });
      assert.equal((await post(`/auth/confirm/${again.token}`)).statusCode, 400, 'a link works once');

      const claims = decodeJwt(await loginToken(server.app, 'carol@example.com', 'carol-password'));
      assert.equal(claims.email_verified, true);
      assert.deepEqual(claims.roles, ['user']);
      assert.equal(claims.name, 'Carol');
    });

    it('refuses bad signups without writing a user or sending mail', async () => {
      const before = await server.store.users.count();
      const since = mark();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ name: 'X', email: 'not-an-email', password: 'long-enough' }, 400, 'invalid email address'],
        [{ name: 'X', email: 'x@example', password: 'long-enough' }, 400, 'invalid email address'],
        [{ name: 'X', email: 'x y@example.com', password: 'long-enough' }, 400, 'invalid email address'],
        [{ name: 'X', email: 'x@example.com', password: 'short' }, 400, 'password must be at least 8 characters'],
        [{ name: 'X', email: 'x@example.com' }, 400, "missing 'password'"],
        [{ email: null, password: 'long-enough' }, 400, "missing 'email'"],
        [{ name: 'X', email: 42, password: 'long-enough' }, 400, "'email' must be a string"],
        [{ name: 'Carol', email: 'CAROL@example.com', password: 'long-enough' }, 409, 'username already exists'],
      ];
      for (const [payload, code, message] of cases) {
        const response = await signup(payload);
        assert.equal(response.statusCode, code, JSON.stringify(payload));
        assert.equal(body(response).status, 'error');
        assert.equal(body(response).message, message);
      }
      assert.equal(await server.store.users.count(), before);
      await assertOnlyProbeMailed(since, 'pat@example.com', async () => {
        const probe = await signup({ name: 'Pat', email: 'pat@example.com', password: 'pat-password' });
        assert.equal(body(probe).message, 'email not verified');
      });
    });

    it('answers forgot-password the same for unknown addresses, and resets once with a mailed link', async () => {
      const unknown = await post('/auth/forgot', { email: 'nobody@example.com' });
      const known = await post('/auth/forgot', { email: 'carol@example.com' });
      assert.equal(unknown.statusCode, 200);
      assert.deepEqual(body(unknown), body(known));
      assert.deepEqual(body(known), { status: 'ok', message: 'password reset sent' });
      const malformed = await post('/auth/forgot', { email: 'carol' });
      assert.equal(malformed.statusCode, 400);
      assert.equal(body(malformed).message, 'invalid email address');

      const { link, token } = linkToken(await mailbox.next('carol@example.com'), 'reset');
      assert.ok(link.startsWith('http://alerta.test/reset/'), link);
      assert.equal(mailbox.received.filter((m) => m.text?.includes('nobody')).length, 0);

      const short = await post(`/auth/reset/${token}`, { password: 'short' });
      assert.equal(short.statusCode, 400);
      const tampered = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      assert.equal((await post(`/auth/reset/${tampered}`, { password: 'tampered-password' })).statusCode, 400);
      assert.equal((await post(`/auth/confirm/${token}`)).statusCode, 400, 'a reset token confirms nothing');

      const reset = await post(`/auth/reset/${token}`, { password: 'new-carol-password' });
      assert.equal(reset.statusCode, 200);
      assert.deepEqual(body(reset), { status: 'ok', message: 'password reset successful' });
      const reused = await post(`/auth/reset/${token}`, { password: 'third-carol-password' });
      assert.equal(reused.statusCode, 400);
      assert.equal(body(reused).message, 'invalid token');

      await loginToken(server.app, 'carol@example.com', 'new-carol-password');
      const old = await post('/auth/login', { username: 'carol@example.com', password: 'carol-password' });
      assert.equal(old.statusCode, 401);
    });

    it('sends no reset mail to an inactive user, and answers as for anyone else', async () => {
      await createUser(server.store, {
        login: 'idle',
        email: 'idle@example.com',
        password: 'idle-pw',
        status: 'inactive',
      });
      const since = mark();
      const response = await post('/auth/forgot', { email: 'idle@example.com' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(body(response), { status: 'ok', message: 'password reset sent' });
      await assertOnlyProbeMailed(since, 'pat@example.com', async () => {
        assert.deepEqual(body(await post('/auth/forgot', { email: 'pat@example.com' })), body(response));
      });
    });

    it('refuses Basic credentials of an unverified user as the login does, without mailing', async () => {
      await createUser(server.store, { login: 'uma', email: 'uma@example.com', password: 'uma-password' });
      const alerts = () =>
        server.app.inject({ method: 'GET', url: '/api/alerts', headers: basic('uma', 'uma-password') });
      const login = await post('/auth/login', { username: 'uma', password: 'uma-password' });
      assert.equal(login.statusCode, 403);
      assert.equal(body(login).message, 'email not verified');
      await mailbox.next('uma@example.com');

      const since = mark();
      const refused = await alerts();
      assert.equal(refused.statusCode, 403);
      assert.equal(body(refused).status, 'error');
      assert.equal(body(refused).message, 'email not verified');
      // Only the login mails: a second login does, and its mail is the only one since.
      await assertOnlyProbeMailed(since, 'uma@example.com', async () => {
        const again = await post('/auth/login', { username: 'uma', password: 'uma-password' });
        assert.equal(body(again).message, 'email not verified');
      });

      const uma = await server.store.users.findByLoginOrEmail('uma');
      assert.ok(uma);
      await server.store.users.update({ ...uma, emailVerified: true });
      assert.equal((await alerts()).statusCode, 200);
    });

    it('refuses an expired reset link and leaves the password alone', async () => {
      const user = await server.store.users.findByLoginOrEmail('carol@example.com');
      assert.ok(user);
      const token = signEmailToken(TEST_SECRET, 'reset', user.id, Date.now() - 901_000);
      await server.store.users.setEmailToken(user.id, emailTokenDigest(token));
      const expired = await post(`/auth/reset/${token}`, { password: 'expired-password' });
      assert.equal(expired.statusCode, 401);
      assert.equal(body(expired).message, 'reset token has expired');
      await loginToken(server.app, 'carol@example.com', 'new-carol-password');
    });
  });

  describe('signup without verification, and login throttling', () => {
    let server: TestServer;
    let closed: TestServer;
    before(async () => {
      server = await startTestServer(engine, {
        BASE_URL,
        SIGNUP_ENABLED: 'true',
        LOGIN_FAILURE_LIMIT: '3',
        LOGIN_FAILURE_LIMIT_PER_ADDRESS: '5',
        ALLOWED_EMAIL_DOMAINS: 'example.com',
      });
      // README.md#sign-in-limits: sign-up is off unless SIGNUP_ENABLED says otherwise.
      closed = await startTestServer(engine);
    });
    after(async () => {
      await server.close();
      await closed.close();
    });

    const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

    it('issues a token at signup when verification is off, and refuses signup when it is disabled', async () => {
      for (const name of ['dave', 'erin']) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { name, email: `${name}@example.com`, password: `${name}-password` },
        });
        assert.equal(response.statusCode, 200);
        const claims = decodeJwt(String(body(response).token));
        assert.equal(claims.preferred_username, `${name}@example.com`);
        assert.equal(claims.provider, 'basic');
      }
      const users = await server.store.users.count();
      const elsewhere = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Gail', email: 'gail@other.test', password: 'gail-password' },
      });
      assert.equal(elsewhere.statusCode, 403);
      assert.equal(body(elsewhere).message, 'unauthorized domain other.test');
      assert.equal(await server.store.users.count(), users);
      const refused = await closed.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Frank', email: 'frank@example.com', password: 'frank-password' },
      });
      assert.equal(refused.statusCode, 403);
      const { status, message, code } = body(refused);
      assert.deepEqual({ status, message, code }, { status: 'error', message: 'user signup is disabled', code: 403 });
      assert.equal(await closed.store.users.count(), 0);
      const config = await closed.app.inject({ method: 'GET', url: '/api/config' });
      assert.equal(body(config).signup_enabled, false, 'the console is told sign-up is off');
    });

    it('refuses logins and Basic credentials of users outside ALLOWED_EMAIL_DOMAINS', async () => {
      await createUser(server.store, { login: 'olga', email: 'olga@other.test', password: 'olga-password' });
      const byLogin = await login('olga', 'olga-password', '10.0.0.6');
      assert.equal(byLogin.statusCode, 403);
      assert.equal(body(byLogin).message, 'unauthorized domain other.test');
      const byBasic = await server.app.inject({
        method: 'GET',
        url: '/api/alerts',
        headers: basic('olga', 'olga-password'),
        remoteAddress: '10.0.0.6',
      });
      assert.equal(byBasic.statusCode, 403);
      assert.equal(body(byBasic).status, 'error');
      assert.equal(body(byBasic).message, 'unauthorized domain other.test');
    });

    it('holds back one login from the address that keeps failing, and nobody else', async () => {
      for (let i = 0; i < 3; i += 1) assert.equal((await login('dave@example.com', 'wrong')).statusCode, 401);
      const locked = await login('dave@example.com', 'dave-password');
      assert.equal(locked.statusCode, 429);
      assert.equal(body(locked).status, 'error');
      assert.ok(Number(locked.headers['retry-after']) > 0);
      assert.equal((await login('dave@example.com', 'dave-password', '10.0.0.2')).statusCode, 200);
      assert.equal((await login('erin@example.com', 'erin-password')).statusCode, 200);
    });

    it('counts wrong Basic credentials with failed logins', async () => {
      await createUser(server.store, { login: 'gwen', password: 'gwen-password' });
      const alerts = (password: string) =>
        server.app.inject({
          method: 'GET',
          url: '/api/alerts',
          headers: { authorization: `Basic ${Buffer.from(`gwen:${password}`).toString('base64')}` },
          remoteAddress: '10.0.0.4',
        });
      assert.equal((await alerts('wrong')).statusCode, 401);
      assert.equal((await alerts('wrong')).statusCode, 401);
      assert.equal((await login('gwen', 'wrong', '10.0.0.4')).statusCode, 401);
      assert.equal((await alerts('gwen-password')).statusCode, 429);
      assert.equal((await login('gwen', 'gwen-password', '10.0.0.4')).statusCode, 429);
      assert.equal((await login('gwen', 'gwen-password', '10.0.0.5')).statusCode, 200);
    });

    it('holds back one address that tries many logins', async () => {
      for (const name of ['a', 'b', 'c', 'd', 'e']) {
        assert.equal((await login(`${name}@example.com`, 'wrong', '10.0.0.9')).statusCode, 401);
      }
      assert.equal((await login('erin@example.com', 'erin-password', '10.0.0.9')).statusCode, 429);
      assert.equal((await login('erin@example.com', 'erin-password', '10.0.0.3')).statusCode, 200);
    });
  });
});

describe('secrets stay out of the logs', () => {
  it('leaves mailed tokens out of logged URLs', () => {
    assert.equal(scrubUrl('/api/auth/reset/abc.def.ghi?x=1'), '/api/auth/reset/[redacted]?x=1');
    assert.equal(scrubUrl('/api/auth/confirm/abc.def'), '/api/auth/confirm/[redacted]');
  });

  it('logs a mail the SMTP server refused without the password, the link or the address', async () => {
    const mailbox = await startMailbox(SMTP_LOGIN);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = Fastify({ logger: { level: 'error', stream } });
    const settings = loadSettings({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mailbox.port),
      SMTP_STARTTLS: 'false',
      SMTP_USERNAME: SMTP_LOGIN.user,
      SMTP_PASSWORD: 'not-the-smtp-password',
    });
    const mailer = new Mailer(settings, logged.log);
    await mailer.deliver({ to: 'victim@example.com', subject: 'Reset', text: 'http://x.test/reset/SECRET-TOKEN' });
    mailer.close();
    await logged.close();
    await mailbox.close();
    const log = lines.join('');
    assert.match(log, /account mail could not be sent/);
    assert.doesNotMatch(log, /not-the-smtp-password|SECRET-TOKEN|victim@example\.com/);
    assert.equal(mailbox.received.length, 0);
  });
});
