import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { userSchema } from '@alerta/contract';
import { commandsRun } from './support/cli.js';
import { type AuthMode, Harness } from './support/harness.js';
import { cliCommands, clientDir } from './support/paths.js';
import { itemOf } from './support/schemas.js';
import { type EngineName, startServer } from './support/server.js';
import { alertChangeCommands } from './suites/alert-changes.js';
import { alertListCommands } from './suites/alert-lists.js';
import { blackoutCommands } from './suites/blackouts.js';
import { heartbeatCommands } from './suites/heartbeats.js';
import { keyCommands } from './suites/keys.js';
import { lookupCommands } from './suites/lookups.js';
import { ownAccountCommands } from './suites/own-account.js';
import { queryCommand } from './suites/query.js';
import { screenCommands } from './suites/screens.js';
import { sdkMethods } from './suites/sdk.js';
import { sendCommand } from './suites/send.js';
import { serverInfoCommands } from './suites/server-info.js';
import { sessionCommands } from './suites/sessions.js';
import { userCommands } from './suites/users.js';

/**
 * One configuration: our built server on an engine, with auth on (the CLI holds an administrator's API key, and the
 * Bearer and Basic sessions run too) or off (the CLI has no credentials). Every CLI command and every SDK method runs
 * against it; see compat/README.md.
 */
export function describeConfiguration(engine: EngineName, auth: AuthMode): void {
  const h = new Harness(engine, auth);
  void describe(`${engine}, ${auth === 'key' ? 'auth on, API key' : 'auth off'}`, () => {
    // A test rather than a hook, so that when it fails every test after it fails too and is counted.
    it('the official client is there, and the built server starts with its first administrator', async () => {
      clientDir();
      // `alerta signup` is among the commands run, and sign-up is off unless SIGNUP_ENABLED says otherwise.
      const env = { SIGNUP_ENABLED: 'true', ...(auth === 'none' ? { AUTH_REQUIRED: 'false' } : {}) };
      await h.attach(await startServer(engine, env));
      const admin = await h.api('GET', `/user/me`);
      assert.equal(itemOf(admin, 'user', userSchema).login, h.server.admin.login);
    });
    after(() => h.stop());

    sendCommand(h);
    queryCommand(h);
    alertListCommands(h);
    alertChangeCommands(h);
    heartbeatCommands(h);
    blackoutCommands(h);
    screenCommands(h);
    lookupCommands(h);
    keyCommands(h);
    userCommands(h);
    ownAccountCommands(h);
    serverInfoCommands(h);
    if (auth === 'key') sessionCommands(h);
    sdkMethods(h);

    it('every command of the CLI was run', () => {
      const commands = cliCommands();
      assert.equal(commands.length, 47);
      assert.deepEqual(
        commands.filter((command) => !commandsRun.has(command)),
        [],
      );
    });
  });
}
