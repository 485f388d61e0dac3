import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { type XmlElement, parseXml } from './xml.js';

/**
 * SAML2_CONFIG: the reference hands a pysaml2 dictionary through; we take a small JSON subset of our own. The identity
 * provider comes from its metadata file (`metadata.local`, as pysaml2 names it) or from `idp`, whose values win over
 * the metadata's. Everything is read and checked once, at start.
 */
const samlConfigSchema = z.strictObject({
  metadata: z.optional(z.strictObject({ local: z.array(z.string().min(1)).min(1) })),
  idp: z.optional(
    z.strictObject({
      entityId: z.optional(z.string().min(1).max(1024)),
      ssoUrl: z.optional(z.string()),
      certificates: z.optional(z.array(z.string()).min(1)),
      certificateFiles: z.optional(z.array(z.string().min(1)).min(1)),
    }),
  ),
  // Signs AuthnRequests (HTTP-Redirect binding, RSA-SHA256). Files only, so the key never sits in a setting.
  sp: z.optional(z.strictObject({ privateKeyFile: z.string().min(1), certificateFile: z.string().min(1) })),
  nameIdFormat: z.optional(z.string().min(1)),
  wantAssertionsSigned: z.optional(z.boolean()),
  wantResponseSigned: z.optional(z.boolean()),
  clockSkewSeconds: z.optional(z.number().int().min(0).max(300)),
});

/** What SAML sign-in needs, read and checked at start. Certificates and the key are PEM. */
export interface SamlSetup {
  idp: { entityId: string; ssoUrl: string; certificates: string[] };
  /** The key and certificate that sign AuthnRequests, when the IdP wants them signed. */
  signing: { privateKey: string; certificate: string } | null;
  /** The NameIDPolicy Format asked for; null leaves the choice to the IdP. */
  nameIdFormat: string | null;
  /** At least one of the two is always checked: an unsigned assertion is never accepted. */
  wantAssertionsSigned: boolean;
  wantResponseSigned: boolean;
  clockSkewSeconds: number;
}

/** How a start-time problem is reported: the caller names the setting and stops. */
type Refuse = (reason: string) => never;

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
// A certificate body: base64 with line breaks, as metadata and PEM files carry it.
const BASE64_BODY = /^[A-Za-z0-9+/=\s]+$/;

interface IdpEntry {
  entityId: string;
  ssoUrl: string | undefined;
  certificates: string[];
}

const childrenOf = (element: XmlElement, namespace: string, name: string) =>
  element.children.filter((child) => child.namespace === namespace && child.name === name);

function readText(file: string, what: string, refuse: Refuse): string {
  try {
    return readFileSync(resolve(file), 'utf8');
  } catch {
    return refuse(`cannot read the ${what} ${file}`);
  }
}

/** A certificate as PEM, from PEM or from the bare base64 that metadata holds; it must be an RSA certificate. */
function certificatePem(text: string, where: string, refuse: Refuse): string {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '');
  if (!BASE64_BODY.test(body)) refuse(`${where} is not a PEM or base64 certificate`);
  const lines = body.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    return refuse(`${where} is not a valid X.509 certificate`);
  }
  // The XML signature algorithms SAML responses are checked with are RSA ones.
  if (certificate.publicKey.asymmetricKeyType !== 'rsa') refuse(`${where} is not an RSA certificate`);
  return pem;
}

/** Every identity provider an EntityDescriptor or EntitiesDescriptor describes. */
function identityProviders(element: XmlElement, file: string, refuse: Refuse): IdpEntry[] {
  if (element.namespace !== METADATA_NS) return [];
  if (element.name === 'EntitiesDescriptor') {
    return element.children.flatMap((child) => identityProviders(child, file, refuse));
  }
  if (element.name !== 'EntityDescriptor') return [];
  const descriptors = childrenOf(element, METADATA_NS, 'IDPSSODescriptor');
  if (descriptors.length === 0) return [];
  const entityId = element.attributes.entityID ?? '';
  const sso = descriptors
    .flatMap((d) => childrenOf(d, METADATA_NS, 'SingleSignOnService'))
    .find((service) => service.attributes.Binding === REDIRECT_BINDING);
  const certificates = descriptors
    .flatMap((d) => childrenOf(d, METADATA_NS, 'KeyDescriptor'))
    .filter((key) => (key.attributes.use ?? 'signing') === 'signing')
    .flatMap((key) => childrenOf(key, DSIG_NS, 'KeyInfo'))
    .flatMap((info) => childrenOf(info, DSIG_NS, 'X509Data'))
    .flatMap((data) => childrenOf(data, DSIG_NS, 'X509Certificate'))
    .map((cert, index) =>
      certificatePem(cert.text, `signing certificate ${index + 1} of ${entityId} in ${file}`, refuse),
    );
  return [{ entityId, ssoUrl: sso?.attributes.Location, certificates }];
}

function fromMetadata(files: readonly string[], entityId: string | undefined, refuse: Refuse): IdpEntry {
  const entries = files.flatMap((file) => {
    const text = readText(file, 'metadata file', refuse);
    let root: XmlElement;
    try {
      root = parseXml(text);
    } catch (error) {
      return refuse(`the metadata file ${file} is not usable XML: ${error instanceof Error ? error.message : ''}`);
    }
    return identityProviders(root, file, refuse);
  });
  const chosen = entityId === undefined ? entries : entries.filter((entry) => entry.entityId === entityId);
  if (chosen.length === 0) {
    return refuse(
      entityId === undefined
        ? 'the metadata describes no identity provider (IDPSSODescriptor)'
        : `the metadata does not describe the identity provider ${entityId}`,
    );
  }
  const [only, ...others] = chosen;
  if (only === undefined || others.length > 0) {
    refuse('the metadata describes several identity providers: name one as idp.entityId');
  }
  return only;
}

function signingPair(sp: { privateKeyFile: string; certificateFile: string }, refuse: Refuse): SamlSetup['signing'] {
  const privateKey = readText(sp.privateKeyFile, 'SP private key', refuse);
  const certificate = certificatePem(
    readText(sp.certificateFile, 'SP certificate', refuse),
    'sp.certificateFile',
    refuse,
  );
  let matches: boolean;
  try {
    const key = createPrivateKey(privateKey);
    matches = key.asymmetricKeyType === 'rsa' && new X509Certificate(certificate).checkPrivateKey(key);
  } catch {
    return refuse('sp.privateKeyFile is not a usable private key');
  }
  if (!matches) refuse('sp.privateKeyFile must be the RSA key of sp.certificateFile');
  return { privateKey, certificate };
}

/**
 * The SAML setup from SAML2_CONFIG, with every file read and every certificate checked; `refuse` is called with the
 * reason when something needed is missing or unusable.
 */
export function readSamlSetup(value: unknown, refuse: Refuse): SamlSetup {
  const parsed = samlConfigSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    refuse(`${path === '' ? '' : `${path}: `}${issue?.message ?? 'invalid value'}`);
  }
  const config = parsed.data;
  const inline = config.idp ?? {};
  const metadata =
    config.metadata === undefined ? undefined : fromMetadata(config.metadata.local, inline.entityId, refuse);

  const entityId = inline.entityId ?? metadata?.entityId ?? '';
  if (entityId === '') refuse('the identity provider entity id is needed: idp.entityId or a metadata file');
  const ssoUrl = inline.ssoUrl ?? metadata?.ssoUrl;
  if (ssoUrl === undefined) refuse('the identity provider SSO URL (HTTP-Redirect binding) is needed: idp.ssoUrl');
  if (!/^https?:\/\/[^\s/?#]+[^\s#]*$/.test(ssoUrl)) refuse(`the SSO URL ${ssoUrl} is not an http(s) URL`);

  const given = [
    ...(inline.certificates ?? []).map((text, i) => certificatePem(text, `idp.certificates[${i}]`, refuse)),
    ...(inline.certificateFiles ?? []).map((file) =>
      certificatePem(readText(file, 'certificate file', refuse), file, refuse),
    ),
  ];
  const certificates = given.length > 0 ? given : (metadata?.certificates ?? []);
  if (certificates.length === 0) {
    refuse("the identity provider's signing certificate is needed: idp.certificates, idp.certificateFiles or metadata");
  }

  return {
    idp: { entityId, ssoUrl, certificates },
    signing: config.sp === undefined ? null : signingPair(config.sp, refuse),
    nameIdFormat: config.nameIdFormat ?? null,
    wantAssertionsSigned: config.wantAssertionsSigned ?? true,
    wantResponseSigned: config.wantResponseSigned ?? false,
    clockSkewSeconds: config.clockSkewSeconds ?? 60,
  };
}
