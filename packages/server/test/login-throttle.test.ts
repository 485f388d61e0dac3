import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { delaySeconds } from '../src/auth/login-throttle.js';
import { clientNetwork } from '../src/auth/throttle-keys.js';
import { TEST_SECRET, type TestServer, basic, body, createUser, startTestServer } from './support/app.js';
import { openDatabase } from './support/database.js';
import { forEachEngine } from './support/engines.js';

// README.md#sign-in-limits: failures count per login and client address, and per address; past a limit that pair or
// address waits, twice as long after each further failure; nobody else is held back.

describe('what the sign-in limits count by', () => {
  it('counts IPv4 addresses as they are and IPv6 addresses by their /64 network', () => {
    assert.equal(clientNetwork('192.0.2.7'), '192.0.2.7');
    assert.equal(clientNetwork('::ffff:192.0.2.7'), '192.0.2.7');
    assert.equal(clientNetwork('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientNetwork('2001:0db8:0000:0000:ffff:0:0:9'), '2001:db8:0:0::/64');
    assert.equal(clientNetwork('2001:db8:0:1::1'), '2001:db8:0:1::/64');
    assert.equal(clientNetwork('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(clientNetwork('::1'), '0:0:0:0::/64');
  });

  it('waits 1, 2, 4 … seconds from the limit on, never longer than the cap', () => {
    assert.deepEqual(
      [2, 3, 4, 5, 6, 7, 8, 40].map((count) => delaySeconds(count, 3, 20)),
      [0, 1, 2, 4, 8, 16, 20, 20],
    );
    assert.equal(delaySeconds(100, 0, 20), 0, 'a limit of 0 never waits');
  });
});

forEachEngine((engine) => {
  describe('login throttle', () => {
    const env = {
      LOGIN_FAILURE_LIMIT: '3',
      LOGIN_FAILURE_LIMIT_PER_ADDRESS: '6',
      LOGIN_FAILURE_WINDOW: '600',
      LOGIN_DELAY_MAX: '20',
    };
    // Both servers read this clock, which only the tests move.
    const clock = { now: Date.now() };
    let one: TestServer;
    let two: TestServer;
    let first: FastifyInstance;
    let second: FastifyInstance;

    /** An app on the server's store and settings whose sign-in limits read `clock`. */
    const clocked = async (server: TestServer) => {
      const app = await buildApp(server.settings, server.store, {
        secretKey: TEST_SECRET,
        logger: false,
        clock: () => clock.now,
      });
      await app.ready();
      return app;
    };

    before(async () => {
      // Two servers, each with its own connections, on one database: as two processes would be.
      const DATABASE_URL = await engine.newDatabaseUrl();
      one = await startTestServer(engine, { ...env, DATABASE_URL });
      two = await startTestServer(engine, { ...env, DATABASE_URL });
      first = await clocked(one);
      second = await clocked(two);
      for (const login of ['admin', 'dave', 'erin', 'gwen', 'hugo', 'ivy']) {
        await createUser(one.store, { login, password: `${login}-password` });
      }
    });
    after(async () => {
      await first.close();
      await second.close();
      await one.close();
      await two.close();
    });

    const login = (username: string, password: string, remoteAddress: string, app = first) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
    const alerts = (username: string, password: string, remoteAddress: string, app = first) =>
      app.inject({ method: 'GET', url: '/api/alerts', headers: basic(username, password), remoteAddress });

    /** Asserts a 429 in the error envelope and gives its Retry-After in seconds. */
    const waited = (response: LightMyRequestResponse): number => {
      assert.equal(response.statusCode, 429, response.body);
      assert.equal(body(response).status, 'error');
      assert.match(String(body(response).message), /^too many failed logins, try again in \d+ seconds$/);
      return Number(response.headers['retry-after']);
    };

    const throttleRows = async () => {
      const db = openDatabase(one.settings.database);
      try {
        return (await db.selectFrom('throttle_counts').select('id').execute()).length;
      } finally {
        await db.destroy();
      }
    };

    it('lets a user in at once from another address while a stranger keeps failing for that login', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await login('admin', `guess-${i}`, '203.0.113.1')).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      // The stranger's address waits even with the right password: it is the pair that is held back.
      assert.ok(waited(await login('admin', 'admin-password', '203.0.113.1')) > 0);

      // The user, from anywhere else, through either server, by login or Basic credentials: no wait at all.
      assert.equal((await login('admin', 'admin-password', '198.51.100.1')).statusCode, 200);
      assert.equal((await login('admin', 'admin-password', '198.51.100.2', second)).statusCode, 200);
      assert.equal((await alerts('admin', 'admin-password', '198.51.100.1')).statusCode, 200);
      assert.equal((await alerts('Admin', 'admin-password', '198.51.100.3', second)).statusCode, 200);
    });

    it('makes a failing pair wait twice as long after each further failure, up to LOGIN_DELAY_MAX', async () => {
      const address = '203.0.113.2';
      for (let i = 0; i < 3; i += 1) assert.equal((await login('dave', 'wrong', address)).statusCode, 401);
      const waits: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const wait = waited(await login('dave', 'dave-password', address));
        waits.push(wait);
        clock.now += wait * 1000;
        assert.equal((await login('dave', 'wrong', address)).statusCode, 401, 'once the wait is over, it may try');
      }
      assert.deepEqual(waits, [1, 2, 4, 8, 16, 20]);
      // Nothing it sends while it must wait is checked or counted: the next wait is still the cap.
      assert.equal(waited(await login('Dave', 'dave-password', address)), 20);
      clock.now += 19_000;
      assert.equal(waited(await login('dave', 'dave-password', address)), 1);
      clock.now += 1_000;
      assert.equal((await login('dave', 'dave-password', address)).statusCode, 200);
    });

    it('clears the failures of a login from an address when it signs in there', async () => {
      const address = '203.0.113.3';
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < 2; i += 1) assert.equal((await login('erin', 'wrong', address)).statusCode, 401);
        assert.equal((await login('erin', 'erin-password', address)).statusCode, 200);
      }
      // Four failures in all, but never three since a success: no wait.
      assert.equal((await login('erin', 'wrong', address)).statusCode, 401);
      assert.equal((await login('erin', 'erin-password', address)).statusCode, 200);
    });

    it('makes an address that fails for many logins wait, and only that address', async () => {
      const address = '203.0.113.4';
      for (const name of ['u1', 'u2', 'u3', 'u4', 'u5', 'u6']) {
        assert.equal((await login(name, 'wrong', address)).statusCode, 401);
      }
      assert.equal(waited(await login('gwen', 'gwen-password', address)), 1);
      assert.equal((await login('gwen', 'gwen-password', '203.0.113.5')).statusCode, 200);
    });

    it('shares the counts between servers on one database, Basic credentials and logins alike', async () => {
      const address = '203.0.113.6';
      assert.equal((await alerts('hugo', 'wrong', address)).statusCode, 401);
      assert.equal((await login('hugo', 'wrong', address, second)).statusCode, 401);
      assert.equal((await alerts('hugo', 'wrong', address, second)).statusCode, 401);
      assert.ok(waited(await alerts('hugo', 'hugo-password', address)) > 0);
      assert.ok(waited(await login('hugo', 'hugo-password', address, second)) > 0);
      assert.equal((await alerts('hugo', 'hugo-password', '203.0.113.7', second)).statusCode, 200);
    });

    it('counts an IPv6 client by its /64 network', async () => {
      for (const address of ['2001:db8::1', '2001:db8::2', '2001:db8::3']) {
        assert.equal((await login('ivy', 'wrong', address)).statusCode, 401);
      }
      assert.ok(waited(await login('ivy', 'ivy-password', '2001:db8::ffff')) > 0);
      assert.equal((await login('ivy', 'ivy-password', '2001:db8:0:1::1')).statusCode, 200);
    });

    it('writes nothing for a success with no failures, and forgets failures after LOGIN_FAILURE_WINDOW', async () => {
      const rows = await throttleRows();
      assert.equal((await login('ivy', 'ivy-password', '203.0.113.8')).statusCode, 200);
      assert.equal((await alerts('ivy', 'ivy-password', '203.0.113.8', second)).statusCode, 200);
      assert.equal(await throttleRows(), rows);

      const address = '203.0.113.9';
      for (let i = 0; i < 3; i += 1) assert.equal((await login('nobody', 'wrong', address)).statusCode, 401);
      assert.ok(waited(await login('nobody', 'wrong', address)) > 0);
      clock.now += 600_000;
      assert.equal((await login('nobody', 'wrong', address)).statusCode, 401, 'the window has passed');
      assert.equal((await login('nobody', 'wrong', address)).statusCode, 401, 'and the count started again');
      // Counting drops what has expired: only the two counts of that last failure are left.
      assert.equal(await throttleRows(), 2);
    });
  });
});
