import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SettingsError, loadSettings } from '../src/settings.js';
import { type Certificate, selfSignedCertificate } from './support/certificates.js';
import { type SamlIdp, startSamlIdp } from './support/saml-idp.js';

const BASE_URL = 'https://alerta.example.test/api';

describe('SAML2_CONFIG, checked at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'alerta-saml-settings-'));
  let idp: SamlIdp;
  let ec: Certificate;
  let sp: Certificate;
  before(async () => {
    idp = await startSamlIdp(dir);
    ec = selfSignedCertificate(dir, 'ec');
    sp = selfSignedCertificate(dir, 'sp', 'rsa');
  });
  after(async () => {
    await idp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const saml = (config: unknown, env: Record<string, string> = {}) =>
    loadSettings({ BASE_URL, AUTH_PROVIDER: 'saml2', SAML2_CONFIG: JSON.stringify(config), ...env });
  const refused = (load: () => unknown, message: RegExp) =>
    assert.throws(load, (error: unknown) => error instanceof SettingsError && message.test(error.message));

  it('reads the identity provider from its metadata: entity id, redirect SSO URL and signing certificate', () => {
    const settings = saml({ metadata: { local: [idp.metadataFile] } });
    assert.equal(settings.saml2?.idp.entityId, idp.entityId);
    assert.equal(settings.saml2?.idp.ssoUrl, idp.ssoUrl);
    // The encryption key the metadata lists does not check signatures.
    assert.equal(settings.saml2?.idp.certificates.length, 1);
    assert.equal(settings.saml2?.idp.certificates[0]?.replace(/\s+/g, ''), idp.certificate.cert.replace(/\s+/g, ''));
    assert.equal(settings.saml2?.wantAssertionsSigned, true);
    assert.equal(settings.saml2?.clockSkewSeconds, 60);
    assert.equal(settings.saml2?.signing, null);
  });

  it('takes inline settings, which win over the metadata', () => {
    const settings = saml({
      metadata: { local: [idp.metadataFile] },
      idp: { ssoUrl: 'https://sso.example.test/redirect', certificates: [idp.stranger.cert] },
      sp: { privateKeyFile: sp.certFile.replace(/\.crt$/, '.key'), certificateFile: sp.certFile },
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      clockSkewSeconds: 10,
    });
    assert.equal(settings.saml2?.idp.entityId, idp.entityId);
    assert.equal(settings.saml2?.idp.ssoUrl, 'https://sso.example.test/redirect');
    assert.equal(settings.saml2?.idp.certificates.length, 1);
    assert.match(settings.saml2?.signing?.privateKey ?? '', /PRIVATE KEY/);
    assert.equal(settings.saml2?.clockSkewSeconds, 10);
  });

  it('picks one identity provider out of several by idp.entityId', () => {
    const one = readFileSync(idp.metadataFile, 'utf8').replace(/^<\?xml[^>]*>\s*/, '');
    const two = one.replace(/entityID="[^"]*"/, 'entityID="https://second.example.test"');
    const file = join(dir, 'federation.xml');
    writeFileSync(
      file,
      `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${one}${two}</EntitiesDescriptor>`,
    );
    refused(() => saml({ metadata: { local: [file] } }), /several identity providers: name one as idp.entityId/);
    const chosen = saml({ metadata: { local: [file] }, idp: { entityId: 'https://second.example.test' } });
    assert.equal(chosen.saml2?.idp.entityId, 'https://second.example.test');
  });

  it('refuses to start without a usable identity provider, naming the setting', () => {
    const doctype = join(dir, 'doctype.xml');
    writeFileSync(doctype, '<!DOCTYPE x [<!ENTITY e "e">]><x>&e;</x>');
    const inline = { entityId: idp.entityId, ssoUrl: idp.ssoUrl };
    const cases: [() => unknown, RegExp][] = [
      [() => loadSettings({ BASE_URL, AUTH_PROVIDER: 'saml2', SAML2_CONFIG: '{oops' }), /SAML2_CONFIG=.*as JSON/],
      [() => saml({ metadata: { local: ['/nonexistent/idp.xml'] } }), /cannot read the metadata file \/nonexistent/],
      [() => saml({ metadata: { local: [doctype] } }), /SAML2_CONFIG=.*not usable XML: declarations/],
      [() => saml({ metadata: { local: [sp.certFile] } }), /not usable XML/],
      [() => saml({ entityid: 'pysaml2 style' }), /^Invalid setting SAML2_CONFIG=.*Unrecognized key/],
      [() => saml({ idp: { entityId: idp.entityId, certificates: [idp.certificate.cert] } }), /SSO URL .* is needed/],
      [() => saml({ idp: { ...inline, ssoUrl: 'ftp://x' } }), /the SSO URL ftp:\/\/x is not an http\(s\) URL/],
      [() => saml({ idp: inline }), /signing certificate is needed/],
      [() => saml({ idp: { ...inline, certificates: ['<certificate/>'] } }), /idp.certificates\[0\] is not a PEM/],
      [() => saml({ idp: { ...inline, certificates: ['QUJD'] } }), /not a valid X.509 certificate/],
      [() => saml({ idp: { ...inline, certificates: [ec.cert] } }), /not an RSA certificate/],
      [() => saml({ idp: { ...inline, certificateFiles: ['/nonexistent.crt'] } }), /cannot read the certificate file/],
      [() => saml({ idp: inline, clockSkewSeconds: 3600 }), /clockSkewSeconds/],
      [
        () =>
          saml({
            idp: { ...inline, certificates: [idp.certificate.cert] },
            sp: { privateKeyFile: idp.certificate.certFile.replace(/\.crt$/, '.key'), certificateFile: sp.certFile },
          }),
        /sp.privateKeyFile must be the RSA key of sp.certificateFile/,
      ],
      // The ACS URL and entity id must not come from the Host header.
      [
        () =>
          loadSettings({
            AUTH_PROVIDER: 'saml2',
            SAML2_CONFIG: JSON.stringify({ metadata: { local: [idp.metadataFile] } }),
          }),
        /^Invalid setting BASE_URL=\(unset\): needed by AUTH_PROVIDER=saml2/,
      ],
    ];
    for (const [load, message] of cases) refused(load, message);
  });

  it('leaves SAML2_CONFIG alone while another provider signs in', () => {
    const settings = loadSettings({ SAML2_CONFIG: JSON.stringify({ metadata: { local: ['/nonexistent.xml'] } }) });
    assert.equal(settings.saml2, null);
    assert.deepEqual(settings.ALLOWED_SAML2_GROUPS, ['*']);
    assert.equal(settings.SAML2_USER_NAME_FORMAT, '{givenName} {surname}');
    assert.equal(settings.SAML2_EMAIL_ATTRIBUTE, 'emailAddress');
  });
});
