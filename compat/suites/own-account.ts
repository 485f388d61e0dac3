import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { userSchema } from '@alerta/contract';
import type { Harness } from '../support/harness.js';
import { itemOf } from '../support/schemas.js';

/**
 * `alerta me`, `whoami`, `token` and `logout` in the main configuration, which has an API key or no credentials:
 * neither is a login, so there is no token to show, clear or describe.
 */
export function ownAccountCommands(h: Harness): void {
  describe('me, whoami, token, logout without a login', () => {
    it('whoami: the server answers only a Bearer token, and the CLI prints its refusal', async () => {
      const refused = await h.server.api('GET', '/userinfo');
      assert.equal(refused.status, 401);
      const result = await h.cli.run(['whoami']);
      assert.equal(result.code, 1);
      assert.equal(result.stderr, `Error: ${String(refused.body.message)}\n`);
    });

    if (h.auth === 'key') {
      it('me: changes the key owner’s own account and prints its id', async () => {
        const result = await h.ok(['me', '--text', 'changed by the CLI']);
        const own = itemOf(await h.api('GET', '/user/me'), 'user', userSchema);
        assert.equal(result.stdout.trim(), own.id);
        assert.equal(own.text, 'changed by the CLI');
      });
    } else {
      it('me: with auth off there is no account to change, and the CLI prints the server’s answer', async () => {
        const result = await h.cli.run(['me', '--text', 'changed by the CLI']);
        assert.equal(result.code, 1);
        assert.match(result.stderr, /^ERROR: .*not found/);
      });
    }

    it('me without a change prints that there is nothing to update', async () => {
      const result = await h.cli.run(['me']);
      assert.equal(result.code, 1);
      assert.equal(result.stdout, 'Nothing to update.\n');
    });

    it('token: nothing stored, nothing printed', async () => {
      const result = await h.ok(['token']);
      assert.equal(result.stdout, '\n');
    });

    if (h.auth === 'none') {
      it('signup and login with auth off: the new user gets a token, whoami names them, logout clears it', async () => {
        const cli = h.newCli();
        const signup = await cli.run([
          'signup',
          '--name',
          'Ivy',
          '--email',
          'ivy@example.com',
          '--password',
          'ivy-pass1',
        ]);
        assert.equal(signup.stdout, 'Signed Up.\n');
        const login = await cli.run(['login', 'ivy@example.com'], { stdin: 'ivy-pass1\n' });
        assert.match(login.stdout, /Logged in as ivy@example\.com\n$/);
        assert.equal((await cli.run(['whoami'])).stdout, 'ivy@example.com\n');
        assert.equal((await cli.run(['logout'])).stdout, 'Login credentials removed\n');
      });
    }

    it('logout: nothing stored, so the CLI says there is nothing to remove', async () => {
      const result = await h.cli.run(['logout']);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /\.netrc/);
    });
  });
}
