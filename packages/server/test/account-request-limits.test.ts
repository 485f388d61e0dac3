import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { TEST_SECRET, type TestServer, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';
import { type Mailbox, startMailbox } from './support/mailbox.js';

// README.md#sign-in-limits: sign-ups and forgotten-password requests, per email address and per client address, in
// one hour.

forEachEngine((engine) => {
  describe('sign-up and password-reset limits', () => {
    const clock = { now: Date.now() };
    let mailbox: Mailbox;
    let server: TestServer;
    let app: FastifyInstance;

    before(async () => {
      mailbox = await startMailbox();
      server = await startTestServer(engine, {
        BASE_URL: 'http://alerta.test/api',
        SIGNUP_ENABLED: 'true',
        SIGNUP_LIMIT_PER_EMAIL: '2',
        SIGNUP_LIMIT_PER_ADDRESS: '4',
        PASSWORD_RESET_LIMIT_PER_EMAIL: '2',
        PASSWORD_RESET_LIMIT_PER_ADDRESS: '4',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mailbox.port),
        SMTP_STARTTLS: 'false',
      });
      app = await buildApp(server.settings, server.store, {
        secretKey: TEST_SECRET,
        logger: false,
        clock: () => clock.now,
      });
      await app.ready();
      await createUser(server.store, { login: 'kate', password: 'kate-password', email: 'kate@example.com' });
    });
    after(async () => {
      await app.close();
      await server.close();
      await mailbox.close();
    });

    const signup = (email: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'a-long-password' },
        remoteAddress,
      });
    const forgot = (email: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email }, remoteAddress });

    /** The status, and for a 429 its envelope's message and Retry-After. */
    const outcome = (response: LightMyRequestResponse) => {
      if (response.statusCode !== 429) return response.statusCode;
      assert.equal(body(response).status, 'error');
      assert.equal(body(response).code, 429);
      return `429 ${String(body(response).message)} (${String(response.headers['retry-after'])})`;
    };

    it('takes a few sign-ups per email address an hour, from whatever address', async () => {
      const outcomes = [];
      for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
        outcomes.push(outcome(await signup('liam@example.com', address)));
      }
      assert.deepEqual(outcomes, [200, 409, '429 too many sign-ups, try again in 3600 seconds (3600)']);
      assert.equal(outcome(await signup('mona@example.com', '192.0.2.3')), 200, 'other addresses are not held back');
    });

    it('takes a few dozen sign-ups per client address an hour', async () => {
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await signup('', '192.0.2.9')).statusCode, 400, 'a malformed request is not counted');
      }
      const outcomes = [];
      for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) {
        outcomes.push(outcome(await signup(`${name}@example.com`, '192.0.2.9')));
      }
      clock.now += 1_000;
      outcomes.push(outcome(await signup('a6@example.com', '192.0.2.9')));
      assert.deepEqual(outcomes, [
        200,
        200,
        200,
        200,
        '429 too many sign-ups, try again in 3600 seconds (3600)',
        '429 too many sign-ups, try again in 3599 seconds (3599)',
      ]);
      assert.equal(outcome(await signup('a6@example.com', '192.0.2.10')), 200);
    });

    it('takes a few reset requests per email an hour, answering alike whether the address has an account', async () => {
      for (const email of ['kate@example.com', 'nobody@example.com']) {
        const outcomes = [];
        for (const address of ['192.0.2.20', '192.0.2.21', '192.0.2.22']) {
          const response = await forgot(email, address);
          outcomes.push(response.statusCode === 200 ? body(response).message : outcome(response));
        }
        assert.deepEqual(
          outcomes,
          [
            'password reset sent',
            'password reset sent',
            '429 too many password reset requests, try again in 3600 seconds (3600)',
          ],
          email,
        );
      }
      // Two mails reached the account's address, and no more.
      await mailbox.next('kate@example.com');
      await mailbox.next('kate@example.com');
      await mailbox.quiet();
      const toKate = mailbox.received.filter((mail) => JSON.stringify(mail.to).includes('kate@example.com'));
      assert.equal(toKate.length, 2);
    });

    it('takes a few dozen reset requests per client address an hour', async () => {
      const outcomes = [];
      for (const name of ['b1', 'b2', 'b3', 'b4', 'b5'])
        outcomes.push(outcome(await forgot(`${name}@example.com`, '192.0.2.30')));
      assert.deepEqual(outcomes, [
        200,
        200,
        200,
        200,
        '429 too many password reset requests, try again in 3600 seconds (3600)',
      ]);
      assert.equal(outcome(await forgot('b5@example.com', '192.0.2.31')), 200);
    });

    it('counts afresh once the hour is over', async () => {
      clock.now += 3_600_000;
      assert.equal(outcome(await signup('liam@example.com', '192.0.2.3')), 409);
      assert.equal(outcome(await signup('a7@example.com', '192.0.2.9')), 200);
      assert.equal(outcome(await forgot('kate@example.com', '192.0.2.20')), 200);
      await mailbox.next('kate@example.com');
    });
  });
});
