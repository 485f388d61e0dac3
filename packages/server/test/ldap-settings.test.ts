import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { SettingsError, loadSettings } from '../src/settings.js';

const DOMAINS = JSON.stringify({ 'example.com': 'uid=%s,ou=users,dc=example,dc=com' });
/** The least an LDAP server needs: a directory, and where a domain's users are. */
const LDAP = { AUTH_PROVIDER: 'ldap', LDAP_URL: 'ldap://ldap.example.com', LDAP_DOMAINS: DOMAINS };
const SEARCH = {
  AUTH_PROVIDER: 'ldap',
  LDAP_URL: 'ldaps://ldap.example.com:636',
  LDAP_BASEDN: 'dc=example,dc=com',
  LDAP_USER_FILTER: '(&(objectClass=person)(uid={username}))',
  ALLOWED_EMAIL_DOMAINS: 'example.com',
};

describe('LDAP settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'alerta-ldap-settings-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("has the reference's defaults, and reads LDAP_DOMAINS as a JSON object", () => {
    const s = loadSettings(LDAP);
    assert.equal(s.AUTH_PROVIDER, 'ldap');
    assert.deepEqual(s.LDAP_DOMAINS, { 'example.com': 'uid=%s,ou=users,dc=example,dc=com' });
    assert.equal(s.LDAP_USER_NAME_ATTR, 'cn');
    assert.equal(s.LDAP_USER_EMAIL_ATTR, 'mail');
    assert.equal(s.LDAP_GROUP_NAME_ATTR, 'cn');
    assert.deepEqual(s.ALLOWED_LDAP_GROUPS, ['*']);
    assert.equal(s.LDAP_ALLOW_SELF_SIGNED_CERT, false);
    assert.equal(s.LDAP_TIMEOUT, 10);
    assert.deepEqual(loadSettings({}).LDAP_DOMAINS, {});
  });

  it('keeps the service password exactly as given', () => {
    const s = loadSettings({ ...SEARCH, LDAP_BIND_USERNAME: 'cn=svc,dc=example,dc=com', LDAP_BIND_PASSWORD: ' p w ' });
    assert.equal(s.LDAP_BIND_PASSWORD, ' p w ');
  });

  it('starts with a user filter and the domains ALLOWED_EMAIL_DOMAINS names, without DN templates', () => {
    const s = loadSettings({ ...SEARCH, LDAP_DEFAULT_DOMAIN: 'example.com' });
    assert.equal(s.LDAP_USER_FILTER, SEARCH.LDAP_USER_FILTER);
  });

  it('resolves LDAP_CACERT and checks it can be read', () => {
    const file = join(dir, 'ca.pem');
    writeFileSync(file, 'not checked for content here');
    assert.equal(loadSettings({ ...SEARCH, LDAP_CACERT: file }).LDAP_CACERT, file);
    assert.throws(
      () => loadSettings({ ...SEARCH, LDAP_CACERT: join(dir, 'missing.pem') }),
      /LDAP_CACERT=".*missing\.pem": cannot read that file/,
    );
  });

  it('refuses at start what would fail every sign-in, naming the setting', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ AUTH_PROVIDER: 'ldap' }, /^Invalid setting LDAP_URL=\(unset\): needed by AUTH_PROVIDER=ldap/],
      [{ ...LDAP, LDAP_URL: 'ldap.example.com' }, /LDAP_URL="ldap.example.com": expected ldap:\/\/host/],
      [{ ...LDAP, LDAP_URL: 'http://ldap.example.com' }, /LDAP_URL=/],
      [{ ...LDAP, LDAP_URL: 'ldap://admin:pw@ldap.example.com' }, /LDAP_URL=/],
      [{ ...LDAP, LDAP_DOMAINS: '' }, /^Invalid setting LDAP_DOMAINS="": needed by AUTH_PROVIDER=ldap/],
      [{ ...LDAP, LDAP_DOMAINS: '["example.com"]' }, /LDAP_DOMAINS=.*expected an object such as/],
      [{ ...LDAP, LDAP_DOMAINS: '{"example.com":"ou=users"}' }, /the DN of example.com needs %s or \{\}/],
      [{ ...LDAP, LDAP_DEFAULT_DOMAIN: 'other.com' }, /LDAP_DEFAULT_DOMAIN="other.com": must be a domain/],
      // '*' names no domain, so a user filter alone leaves nobody a domain to sign in with.
      [{ ...SEARCH, ALLOWED_EMAIL_DOMAINS: '*' }, /LDAP_DOMAINS=\(unset\): needed by AUTH_PROVIDER=ldap/],
      [{ ...SEARCH, LDAP_USER_FILTER: '(uid=fixed)' }, /LDAP_USER_FILTER=.*needs \{username\}/],
      [{ ...SEARCH, LDAP_USER_FILTER: '(uid={user})' }, /LDAP_USER_FILTER=.*unknown placeholder \{user\}/],
      [{ ...SEARCH, LDAP_USER_FILTER: '(uid={username}' }, /LDAP_USER_FILTER=.*expected an LDAP filter/],
      [{ ...SEARCH, LDAP_BASEDN: '' }, /LDAP_USER_BASEDN=\(unset\): needed by LDAP_USER_FILTER/],
      [{ ...LDAP, LDAP_GROUP_FILTER: '(member={userdn})' }, /LDAP_GROUP_BASEDN=\(unset\): needed by/],
      [
        { ...LDAP, LDAP_GROUP_FILTER: '(member={dn})', LDAP_BASEDN: 'dc=x' },
        /unknown placeholder \{dn\}; expected \{username\}, \{email\}, \{userdn\}/,
      ],
      // An empty service password would bind anonymously instead of as the service account.
      [{ ...LDAP, LDAP_BIND_USERNAME: 'cn=svc,dc=example,dc=com' }, /LDAP_BIND_PASSWORD=\(hidden\): needed with/],
      [{ ...LDAP, LDAP_CACERT: '/etc/hostname' }, /LDAP_CACERT="\/etc\/hostname": applies only to an ldaps:\/\//],
      [{ ...LDAP, LDAP_TIMEOUT: '0' }, /LDAP_TIMEOUT="0": expected an integer between 1 and 300/],
    ];
    for (const [env, message] of cases) {
      assert.throws(
        () => loadSettings(env),
        (error: unknown) => error instanceof SettingsError && message.test(error.message),
        `${JSON.stringify(env)} should fail with ${message}`,
      );
    }
  });
});
