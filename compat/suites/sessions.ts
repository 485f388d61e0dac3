import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { z } from 'zod';
import { alertSchema, userSchema } from '@alerta/contract';
import type { AlertaCli } from '../support/cli.js';
import type { Harness } from '../support/harness.js';
import { parseTable } from '../support/output.js';
import { itemOf } from '../support/schemas.js';

const claimsOf = (token: string): Record<string, unknown> =>
  z.record(z.string(), z.unknown()).parse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()));

/** `key: value` lines, as `whoami -u`, `token -D` and `config` print them. */
const fieldsOf = (stdout: string): Map<string, string> =>
  new Map(
    stdout
      .trimEnd()
      .split('\n')
      .map((line) => [line.slice(0, 20).trim(), line.slice(22)]),
  );

/** What the CLI prints for a claim: lists joined with ", ", Python's spelling of booleans. */
const shown = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);

/** A read (`query`) and a write (`send`) through the given configuration, checked on the server. */
function readAndWrite(h: Harness, cli: () => AlertaCli, resource: string, author: () => string): void {
  it('a write: send creates the alert, recorded as the signed-in user’s', async () => {
    const result = await cli().run([
      'send',
      '-r',
      resource,
      '-e',
      'Login',
      '-E',
      'Production',
      '-S',
      'Auth',
      '-s',
      'minor',
    ]);
    assert.equal(result.code, 0, result.stderr);
    const id = result.stdout.split(' ')[0] ?? '';
    const alert = itemOf(await h.api('GET', `/alert/${id}`), 'alert', alertSchema);
    assert.equal(alert.resource, resource);
    assert.equal(alert.history[0]?.user, author());
  });

  it('a read: query finds it', async () => {
    const result = await cli().run(['query', '-f', `resource=${resource}`]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(
      parseTable(result.stdout).rows.map((row) => row.RESOURCE),
      [resource],
    );
  });
}

/** The two ways a person signs in with the CLI: `alerta login` (a Bearer token in ~/.netrc) and Basic credentials. */
export function sessionCommands(h: Harness): void {
  describe('Bearer token from alerta login', () => {
    let cli: AlertaCli;
    let token = '';
    before(() => {
      cli = h.newCli();
    });

    it('login with a wrong password: prints the server’s refusal, stores nothing', async () => {
      const refused = await h.server.api('POST', '/auth/login', { username: h.server.admin.login, password: 'wrong' });
      assert.equal(refused.status, 401);
      const result = await cli.run(['login', h.server.admin.login], { stdin: 'wrong\n' });
      assert.equal(result.code, 1);
      assert.match(result.stderr, new RegExp(`Error: ${String(refused.body.message)}\n$`));
      assert.equal(existsSync(join(cli.home, '.netrc')), false);
    });

    it('login: asks for the password, stores the token in ~/.netrc and says who is logged in', async () => {
      const result = await cli.run(['login', h.server.admin.login], { stdin: `${h.server.admin.password}\n` });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, new RegExp(`Logged in as ${h.server.admin.login}\\n$`));
      const netrc = readFileSync(join(cli.home, '.netrc'), 'utf8');
      const match = /^machine 127\.0\.0\.1:(\d+)\n\tlogin (\S+)\n\tpassword (\S+)\n$/.exec(netrc);
      assert.ok(match?.[3], netrc);
      assert.equal(match[1], new URL(cli.endpoint).port);
      assert.equal(match[2], h.server.admin.login);
      token = match[3];
      assert.equal(claimsOf(token).preferred_username, h.server.admin.login);
    });

    it('whoami: prints the login; whoami -u prints the token’s claims as the server reads them', async () => {
      const plain = await cli.run(['whoami']);
      assert.equal(plain.stdout, `${h.server.admin.login}\n`);
      const result = await cli.run(['whoami', '-u']);
      assert.equal(result.code, 0, result.stderr);
      const answer = await fetch(`${h.server.endpoint}/userinfo`, { headers: { Authorization: `Bearer ${token}` } });
      const userinfo = z.record(z.string(), z.unknown()).parse(await answer.json());
      assert.deepEqual(
        fieldsOf(result.stdout),
        new Map(Object.entries(userinfo).map(([name, value]) => [name, shown(value)])),
      );
    });

    it('token: prints the stored token; token -D prints its claims', async () => {
      assert.equal((await cli.run(['token'])).stdout, `${token}\n`);
      const decoded = await cli.run(['token', '-D']);
      assert.deepEqual(
        fieldsOf(decoded.stdout),
        new Map(Object.entries(claimsOf(token)).map(([name, value]) => [name, shown(value)])),
      );
    });

    it('me: changes the own account and prints its id', async () => {
      const result = await cli.run(['me', '--name', 'Ada Admin']);
      assert.equal(result.code, 0, result.stderr);
      const own = itemOf(await h.api('GET', `/user/${result.stdout.trim()}`), 'user', userSchema);
      assert.deepEqual([own.login, own.name], [h.server.admin.login, 'Ada Admin']);
    });

    readAndWrite(
      h,
      () => cli,
      'session-bearer',
      () => h.server.admin.login,
    );

    it('logout: clears the token; the next command is refused as the server refuses anonymous callers', async () => {
      const result = await cli.run(['logout']);
      assert.equal(result.stdout, 'Login credentials removed\n');
      assert.doesNotMatch(readFileSync(join(cli.home, '.netrc'), 'utf8'), /password/);
      const anonymous = await fetch(`${h.server.endpoint}/alerts`);
      const message = z.object({ message: z.string() }).parse(await anonymous.json()).message;
      const refused = await cli.run(['query']);
      assert.equal(refused.code, 1);
      assert.equal(refused.stderr, `Error: ${message}\n`);
    });

    it('signup: makes a new user, who can then log in', async () => {
      const result = await cli.run([
        'signup',
        '--name',
        'Erin',
        '--email',
        'erin@example.com',
        '--password',
        'erin-password',
      ]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, 'Signed Up.\n');
      const login = await cli.run(['login', 'erin@example.com'], { stdin: 'erin-password\n' });
      assert.match(login.stdout, /Logged in as erin@example\.com\n$/);
      assert.equal((await cli.run(['whoami'])).stdout, 'erin@example.com\n');
    });
  });

  describe('Basic credentials from a configuration profile', () => {
    let cli: AlertaCli;
    before(async () => {
      await h.api('POST', '/user', {
        name: 'Basil',
        email: 'basil@example.com',
        password: 'basil-password',
        roles: ['admin'],
      });
      const probe = h.newCli();
      const file = join(probe.home, 'alerta.conf');
      writeFileSync(
        file,
        '[DEFAULT]\nprofile = basic\n\n[profile basic]\nusername = basil@example.com\npassword = basil-password\n',
      );
      cli = h.newCli({ ALERTA_CONF_FILE: file });
    });

    readAndWrite(
      h,
      () => cli,
      'session-basic',
      () => 'basil@example.com',
    );

    it('whoami: Basic credentials are no token, and the CLI prints the server’s refusal', async () => {
      const result = await cli.run(['whoami']);
      assert.equal(result.code, 1);
      assert.equal(result.stderr, 'Error: Missing authorization Bearer token\n');
    });

    it('me: changes the own account', async () => {
      const result = await cli.run(['me', '--text', 'basic user']);
      assert.equal(result.code, 0, result.stderr);
      const own = itemOf(await h.api('GET', `/user/${result.stdout.trim()}`), 'user', userSchema);
      assert.deepEqual([own.login, own.text], ['basil@example.com', 'basic user']);
    });

    it('login, token, logout: the token is stored and cleared while the profile stays Basic', async () => {
      const login = await cli.run(['login', 'basil@example.com'], { stdin: 'basil-password\n' });
      assert.match(login.stdout, /Logged in as basil@example\.com\n$/);
      const token = (await cli.run(['token'])).stdout.trim();
      assert.equal(claimsOf(token).preferred_username, 'basil@example.com');
      assert.equal((await cli.run(['logout'])).stdout, 'Login credentials removed\n');
      assert.equal((await cli.run(['token'])).stdout, '\n');
    });

    it('signup: makes a new user', async () => {
      const result = await cli.run([
        'signup',
        '--name',
        'Fay',
        '--email',
        'fay@example.com',
        '--password',
        'fay-password',
      ]);
      assert.equal(result.stdout, 'Signed Up.\n');
      const login = await h.server.api('POST', '/auth/login', {
        username: 'fay@example.com',
        password: 'fay-password',
      });
      assert.equal(login.status, 200);
    });

    it('a profile with a read-only API key: reads work, a write prints the scope it lacks', async () => {
      const made = await h.api('POST', '/key', { scopes: ['read'], text: 'profile key' });
      const file = join(cli.home, 'keyed.conf');
      writeFileSync(file, `[profile keyed]\nkey = ${String(made.key)}\n`);
      const keyed = h.newCli({ ALERTA_CONF_FILE: file });
      const result = await keyed.run(['--profile', 'keyed', 'query', '-f', 'resource=session-basic']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(
        parseTable(result.stdout).rows.map((row) => row.RESOURCE),
        ['session-basic'],
      );
      const refused = await keyed.run([
        '--profile',
        'keyed',
        'send',
        '-r',
        'ro',
        '-e',
        'E',
        '-E',
        'Production',
        '-s',
        'minor',
      ]);
      assert.equal(refused.code, 1);
      assert.equal(refused.stderr, 'ERROR: Missing required scope: write:alerts\n');
      assert.equal((await h.api('GET', '/alerts?resource=ro')).total, 0);
    });
  });
}
