import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { emailTokenDigest, signEmailToken, verifyEmailToken } from '../src/auth/email-tokens.js';
import { ApiError } from '../src/errors.js';
import { TEST_SECRET, type TestServer, body, createUser, startTestServer } from './support/app.js';
import { forEachEngine } from './support/engines.js';

// docs/api/auth.md#passwords-and-sign-up: confirm and reset links are valid for 900 s.
const VALIDITY_MS = 900_000;

describe('mail token validity', () => {
  it('holds a token for 900 s from its issue and not a moment longer', () => {
    const issued = Date.UTC(2030, 0, 1, 12, 0, 0);
    for (const purpose of ['confirm', 'reset'] as const) {
      const token = signEmailToken(TEST_SECRET, purpose, 'user-1', issued);
      assert.equal(verifyEmailToken(TEST_SECRET, purpose, token, issued + VALIDITY_MS - 1), 'user-1');
      for (const late of [issued + VALIDITY_MS, issued + VALIDITY_MS + 3_600_000]) {
        assert.throws(
          () => verifyEmailToken(TEST_SECRET, purpose, token, late),
          (error: unknown) =>
            error instanceof ApiError && error.statusCode === 401 && error.message === `${purpose} token has expired`,
        );
      }
    }
  });
});

forEachEngine((engine) => {
  describe('confirm links that have expired', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { EMAIL_VERIFICATION: 'true' });
      await createUser(server.store, { login: 'vera', email: 'vera@example.com', password: 'vera-password' });
    });
    after(() => server.close());

    /** A confirm link for vera as the server would have mailed it `ageMs` ago; it replaces any earlier one. */
    const linkIssued = async (ageMs: number) => {
      const vera = await server.store.users.findByLoginOrEmail('vera');
      assert.ok(vera);
      const token = signEmailToken(TEST_SECRET, 'confirm', vera.id, Date.now() - ageMs);
      await server.store.users.setEmailToken(vera.id, emailTokenDigest(token));
      return token;
    };
    const confirm = (token: string) =>
      server.app.inject({ method: 'POST', url: `/api/auth/confirm/${token}`, payload: {} });
    const verified = async () => (await server.store.users.findByLoginOrEmail('vera'))?.emailVerified;

    it('refuses a confirm link older than 900 s with 401 and leaves the address unverified', async () => {
      const expired = await confirm(await linkIssued(VALIDITY_MS + 1_000));
      assert.equal(expired.statusCode, 401);
      assert.equal(body(expired).status, 'error');
      assert.equal(body(expired).message, 'confirm token has expired');
      assert.equal(await verified(), false);

      // Ten seconds short of expiry, a link still confirms.
      const inTime = await confirm(await linkIssued(VALIDITY_MS - 10_000));
      assert.equal(inTime.statusCode, 200, inTime.body);
      assert.equal(body(inTime).message, 'email address vera@example.com confirmed');
      assert.equal(await verified(), true);
    });
  });
});
