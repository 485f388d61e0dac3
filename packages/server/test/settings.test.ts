import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { hashPassword, verifyPassword } from '../src/auth/passwords.js';
import { resolveSecretKey } from '../src/secret.js';
import { SettingsError, loadSettings } from '../src/settings.js';

describe('loadSettings', () => {
  it('applies the defaults', () => {
    const s = loadSettings({});
    assert.equal(s.PORT, 8080);
    assert.equal(s.HOST, '0.0.0.0');
    assert.equal(s.BASE_PATH, '/api');
    assert.equal(s.AUTH_REQUIRED, true);
    assert.deepEqual(s.ADMIN_ROLES, ['admin']);
    assert.deepEqual(s.USER_DEFAULT_SCOPES, ['read', 'write']);
    assert.deepEqual(s.GUEST_DEFAULT_SCOPES, ['read:alerts']);
    assert.deepEqual(s.READONLY_SCOPES, ['read']);
    assert.equal(s.TOKEN_EXPIRE_DAYS, 14);
    assert.equal(s.ALERT_TIMEOUT, 86400);
    assert.equal(s.HISTORY_LIMIT, 100);
    assert.equal(s.DEFAULT_PAGE_SIZE, 50);
    assert.equal(s.MAX_CONTENT_LENGTH, 1048576);
    assert.deepEqual(s.ALLOWED_ENVIRONMENTS, ['Production', 'Development']);
    assert.deepEqual(s.database, { engine: 'sqlite', file: resolve('data/alerta.sqlite') });
    assert.match(s.CONSOLE_DIR, /packages[/\\]web[/\\]dist$/);
    assert.deepEqual(s.DEFAULT_FILTER, { status: ['open', 'ack'] });
  });

  it('hashes passwords with bcrypt cost 10 by default', async () => {
    const rounds = loadSettings({}).BCRYPT_LOG_ROUNDS;
    assert.ok(rounds >= 10, `BCRYPT_LOG_ROUNDS defaults to ${rounds}`);
    // docs/api/auth.md#passwords-and-sign-up: the cost is in the hash itself, `$2a$10$…` or `$2b$10$…`.
    const hashed = await hashPassword('default-cost-password', rounds);
    assert.match(hashed, /^\$2[ab]\$10\$/);
    assert.equal(await verifyPassword('default-cost-password', hashed), true);
  });

  it('reads booleans, lists, JSON and numbers', () => {
    for (const yes of ['yes', 'on', 'true', 't', '1', 'TRUE']) assert.equal(loadSettings({ DEMO: yes }).DEMO, true);
    for (const no of ['no', 'off', 'false', 'f', '0'])
      assert.equal(loadSettings({ AUTH_REQUIRED: no }).AUTH_REQUIRED, false);
    assert.deepEqual(loadSettings({ ADMIN_USERS: 'a@x.io, b@x.io ,' }).ADMIN_USERS, ['a@x.io', 'b@x.io']);
    assert.deepEqual(loadSettings({ ADMIN_USERS: '["a@x.io","b@x.io"]' }).ADMIN_USERS, ['a@x.io', 'b@x.io']);
    assert.deepEqual(loadSettings({ DEFAULT_FILTER: '{"status":["open"]}' }).DEFAULT_FILTER, { status: ['open'] });
    assert.equal(loadSettings({ PORT: '9000' }).PORT, 9000);
    assert.equal(loadSettings({ ALARM_MODEL: 'isa_18_2' }).ALARM_MODEL, 'ISA_18_2');
    assert.equal(loadSettings({ BASE_PATH: 'alerta/api/' }).BASE_PATH, '/alerta/api');
    assert.equal(loadSettings({ BASE_URL: 'https://a.example/api/' }).BASE_URL, 'https://a.example/api');
  });

  it('understands every DATABASE_URL form', () => {
    const db = (value: string) => loadSettings({ DATABASE_URL: value }).database;
    assert.deepEqual(db('sqlite:rel/path.sqlite'), { engine: 'sqlite', file: resolve('rel/path.sqlite') });
    assert.deepEqual(db('sqlite:///abs/path.db'), { engine: 'sqlite', file: '/abs/path.db' });
    assert.deepEqual(db('sqlite::memory:'), { engine: 'sqlite', file: ':memory:' });
    assert.deepEqual(db('/var/lib/alerta.sqlite'), { engine: 'sqlite', file: '/var/lib/alerta.sqlite' });
    assert.deepEqual(db('postgres://u:p@h/db'), { engine: 'postgres', url: 'postgres://u:p@h/db' });
    assert.deepEqual(db('postgresql://h/db'), { engine: 'postgres', url: 'postgresql://h/db' });
  });

  it('names the variable and the bad value', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: 'eighty' }, /^Invalid setting PORT="eighty": expected an integer/],
      [{ PORT: '70000' }, /PORT="70000"/],
      [{ AUTH_REQUIRED: 'maybe' }, /AUTH_REQUIRED="maybe": expected a boolean/],
      [{ ALARM_MODEL: 'NAGIOS' }, /ALARM_MODEL="NAGIOS": expected one of ALERTA, ISA_18_2/],
      // Providers this server cannot sign in with stop it at start instead of locking everyone out.
      [{ AUTH_PROVIDER: 'kerberos' }, /AUTH_PROVIDER="kerberos": expected one of basic, github, openid/],
      // SAML 2 needs an identity provider (test/saml-settings.test.ts checks the rest of SAML2_CONFIG).
      [{ AUTH_PROVIDER: 'saml2' }, /^Invalid setting SAML2_CONFIG=\(unset\): the identity provider entity id/],
      // LDAP needs a directory to ask (test/ldap-settings.test.ts checks the rest of its settings).
      [{ AUTH_PROVIDER: 'ldap' }, /^Invalid setting LDAP_URL=\(unset\): needed by AUTH_PROVIDER=ldap/],
      // CAS needs a server to validate tickets against, and the validate route is a path on it.
      [{ AUTH_PROVIDER: 'cas' }, /^Invalid setting CAS_SERVER=\(unset\): needed by AUTH_PROVIDER=cas/],
      [{ AUTH_PROVIDER: 'cas', CAS_SERVER: 'cas.example.com' }, /CAS_SERVER="cas.example.com": expected an http/],
      [{ CAS_VALIDATE_ROUTE: 'serviceValidate' }, /CAS_VALIDATE_ROUTE="serviceValidate": expected a path/],
      [{ DEFAULT_FILTER: '{oops' }, /DEFAULT_FILTER=/],
      [{ ADMIN_USERS: '[1,2]' }, /ADMIN_USERS=/],
      [{ ALERT_TIMEOUT: '-5' }, /ALERT_TIMEOUT="-5"/],
      [{ DATABASE_URL: 'mysql://x/y' }, /DATABASE_URL=\(hidden\)/],
      [{ DEFAULT_ENVIRONMENT: 'Staging' }, /DEFAULT_ENVIRONMENT="Staging": must be one of ALLOWED_ENVIRONMENTS/],
      [{ BASE_URL: 'not a url' }, /BASE_URL=/],
      [{ CUSTOMER_VIEWS: 'true', AUTH_REQUIRED: 'false' }, /CUSTOMER_VIEWS="true": needs AUTH_REQUIRED=true/],
    ];
    for (const [env, message] of cases) {
      assert.throws(
        () => loadSettings(env),
        (error: unknown) => error instanceof SettingsError && message.test(error.message),
      );
    }
  });

  it('never shows a secret in the error', () => {
    assert.throws(
      () => loadSettings({ DATABASE_URL: 'mysql://user:hunter2@db/x' }),
      (error: unknown) => error instanceof Error && !error.message.includes('hunter2'),
    );
  });
});

describe('resolveSecretKey', () => {
  const dir = mkdtempSync(join(tmpdir(), 'alerta-secret-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prefers SECRET_KEY', () => {
    assert.equal(resolveSecretKey('given', dir), 'given');
  });

  it('generates a key once, keeps it with mode 0600 and reuses it', () => {
    const data = join(dir, 'nested');
    const first = resolveSecretKey('', data);
    assert.ok(first.length >= 32);
    const file = join(data, 'secret_key');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(readFileSync(file, 'utf8').trim(), first);
    assert.equal(resolveSecretKey('', data), first);
  });
});
