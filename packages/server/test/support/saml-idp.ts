import { createVerify, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { parseXml } from '../../src/auth/xml.js';
import { type Certificate, selfSignedCertificate } from './certificates.js';

/**
 * A stand-in for a SAML 2.0 identity provider (Web Browser SSO profile): it reads the AuthnRequest a service provider
 * redirects to it (HTTP-Redirect binding), checks its signature when it has the SP's certificate, and answers with a
 * Response signed by its RSA key, which a browser posts back to the ACS URL (HTTP-POST binding). The Response can be
 * made wrong in every way a service provider must notice.
 */

const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

export interface SamlUser {
  nameId: string;
  attributes: Record<string, string | readonly string[]>;
}

/** What the identity provider read from a redirect. */
export interface AuthnRequest {
  id: string;
  issuer: string;
  destination: string;
  acsUrl: string;
  relayState: string;
  /** The redirect carried a signature (SigAlg, Signature) that the SP certificate given to the IdP verifies. */
  signed: boolean;
}

export interface ResponseOptions {
  /** What carries a signature: the assertion (the default), the response, both, or nothing. */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Another key pair to sign with. */
  signer?: Certificate;
  issuer?: string;
  audience?: string;
  recipient?: string;
  /** The Response's Destination; null leaves it out. */
  destination?: string | null;
  /** The Response's InResponseTo, and the subject confirmation's; null leaves one out. Both default to the request. */
  inResponseTo?: string | null;
  confirmationInResponseTo?: string | null;
  notBefore?: Date;
  notOnOrAfter?: Date;
  status?: string;
  /** Declare the assertion namespace on the Response only, as some IdPs do. */
  namespacesOnResponse?: boolean;
  /** Applied to the signed XML, as an attacker would. */
  afterSigning?: (xml: string) => string;
}

export interface SamlIdp {
  entityId: string;
  /** The SSO endpoint (HTTP-Redirect binding) the metadata names. */
  ssoUrl: string;
  /** IdP metadata: the signing certificate, and `stranger`'s as an encryption key, which must not verify anything. */
  metadataFile: string;
  certificate: Certificate;
  /** A key pair the IdP does not use for signing. */
  stranger: Certificate;
  /** Whose session the /sso endpoint answers for; null answers 403, as an IdP without a login would. */
  signInAs(user: SamlUser | null): void;
  /** The SP certificate that AuthnRequest signatures are checked with. */
  trustServiceProvider(certificate: string): void;
  readRequest(location: string): AuthnRequest;
  /** A signed Response for the request, as the base64 a browser posts. */
  respond(request: AuthnRequest, user: SamlUser, options?: ResponseOptions): string;
  close(): Promise<void>;
}

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const newId = () => `_${randomBytes(16).toString('hex')}`;
const certificateBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');

function metadataXml(entityId: string, ssoUrl: string, signing: Certificate, encryption: Certificate): string {
  const keyInfo = (cert: Certificate) =>
    `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody(cert.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="${PROTOCOL_NS}">
    <md:KeyDescriptor use="encryption">${keyInfo(encryption)}</md:KeyDescriptor>
    <md:KeyDescriptor use="signing">${keyInfo(signing)}</md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
}

/** Signs the element with this ID, placing the signature after its Issuer, as SAML wants it. */
function sign(xml: string, id: string, signer: Certificate): string {
  const signature = new SignedXml({
    privateKey: signer.key,
    publicCert: signer.cert,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: `//*[@ID='${id}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  signature.computeSignature(xml, {
    location: { reference: `//*[@ID='${id}']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signature.getSignedXml();
}

interface Built {
  xml: string;
  responseId: string;
  assertionId: string;
}

function buildResponse(idp: string, request: AuthnRequest, user: SamlUser, options: ResponseOptions): Built {
  const now = Date.now();
  const instant = new Date(now).toISOString();
  const notBefore = (options.notBefore ?? new Date(now - 60_000)).toISOString();
  const notOnOrAfter = (options.notOnOrAfter ?? new Date(now + 300_000)).toISOString();
  const issuer = escapeXml(options.issuer ?? idp);
  const attribute = (value: string | undefined, name: string) =>
    value === undefined ? '' : ` ${name}="${escapeXml(value)}"`;
  const pick = (value: string | null | undefined) => (value === null ? undefined : (value ?? request.id));
  const saml = `xmlns:saml="${ASSERTION_NS}"`;
  const types = 'xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
  const values = Object.entries(user.attributes).map(([name, value]) => {
    const list = typeof value === 'string' ? [value] : value;
    const items = list.map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`);
    return `<saml:Attribute Name="${escapeXml(name)}">${items.join('')}</saml:Attribute>`;
  });
  const assertionId = newId();
  const responseId = newId();
  const assertion =
    `<saml:Assertion${options.namespacesOnResponse === true ? '' : ` ${saml} ${types}`} ID="${assertionId}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    '<saml:Subject>' +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(user.nameId)}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData${attribute(pick(options.confirmationInResponseTo), 'InResponseTo')}` +
    ` NotOnOrAfter="${notOnOrAfter}"${attribute(options.recipient ?? request.acsUrl, 'Recipient')}/>` +
    '</saml:SubjectConfirmation></saml:Subject>' +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction>` +
    '</saml:Conditions>' +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${newId()}"><saml:AuthnContext>` +
    '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>' +
    '</saml:AuthnContext></saml:AuthnStatement>' +
    `<saml:AttributeStatement>${values.join('')}</saml:AttributeStatement>` +
    '</saml:Assertion>';
  const destination = options.destination === null ? undefined : (options.destination ?? request.acsUrl);
  const xml =
    `<samlp:Response xmlns:samlp="${PROTOCOL_NS}"${options.namespacesOnResponse === true ? ` ${saml} ${types}` : ''}` +
    ` ID="${responseId}" Version="2.0" IssueInstant="${instant}"${attribute(destination, 'Destination')}` +
    `${attribute(pick(options.inResponseTo), 'InResponseTo')}>` +
    `<saml:Issuer${options.namespacesOnResponse === true ? '' : ` ${saml}`}>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="${options.status ?? SUCCESS}"/></samlp:Status>` +
    `${options.status === undefined ? assertion : ''}</samlp:Response>`;
  return { xml, responseId, assertionId };
}

/** The hidden fields of an auto-submitting form, and where it posts to. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (text: string) =>
    text.replace(
      /&(lt|gt|amp|quot|apos);/g,
      (_m, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name] ?? '',
    );
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const [, name = '', value = ''] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)) {
    fields[name] = unescape(value);
  }
  return { action: unescape(action), fields };
}

export async function startSamlIdp(dir: string, entityId = 'https://idp.example.test/saml2'): Promise<SamlIdp> {
  const certificate = selfSignedCertificate(dir, 'saml-idp', 'rsa');
  const stranger = selfSignedCertificate(dir, 'saml-stranger', 'rsa');
  let user: SamlUser | null = null;
  let spCertificate: string | null = null;

  function readRequest(location: string): AuthnRequest {
    const url = new URL(location);
    const encoded = url.searchParams.get('SAMLRequest') ?? '';
    const request = parseXml(inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8'));
    if (request.namespace !== PROTOCOL_NS || request.name !== 'AuthnRequest') throw new Error('not an AuthnRequest');
    const issuer = request.children.find((child) => child.namespace === ASSERTION_NS && child.name === 'Issuer');
    // SAML bindings §3.4.4.1: the signature covers the query's own encoded parameters, in this order.
    const raw = new Map(
      url.search
        .slice(1)
        .split('&')
        .map((part) => [part.split('=')[0] ?? '', part] as const),
    );
    const signedPart = ['SAMLRequest', 'RelayState', 'SigAlg'].flatMap((name) => raw.get(name) ?? []).join('&');
    const signature = url.searchParams.get('Signature');
    const signed =
      signature !== null &&
      spCertificate !== null &&
      url.searchParams.get('SigAlg') === RSA_SHA256 &&
      createVerify('RSA-SHA256').update(signedPart).verify(spCertificate, signature, 'base64');
    return {
      id: request.attributes.ID ?? '',
      issuer: issuer?.text ?? '',
      destination: request.attributes.Destination ?? '',
      acsUrl: request.attributes.AssertionConsumerServiceURL ?? '',
      relayState: url.searchParams.get('RelayState') ?? '',
      signed,
    };
  }

  function respond(request: AuthnRequest, who: SamlUser, options: ResponseOptions = {}): string {
    const built = buildResponse(entityId, request, who, options);
    const signer = options.signer ?? certificate;
    const mode = options.sign ?? 'assertion';
    let xml = built.xml;
    if (mode === 'assertion' || mode === 'both') xml = sign(xml, built.assertionId, signer);
    if (mode === 'response' || mode === 'both') xml = sign(xml, built.responseId, signer);
    if (options.afterSigning !== undefined) xml = options.afterSigning(xml);
    return Buffer.from(xml, 'utf8').toString('base64');
  }

  const server = createServer((message: IncomingMessage, reply: ServerResponse) => {
    const location = `http://127.0.0.1${message.url ?? '/'}`;
    if (message.method !== 'GET' || new URL(location).pathname !== '/idp/sso') {
      reply.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (user === null) {
      reply.writeHead(403, { 'content-type': 'text/plain' }).end('nobody is signed in');
      return;
    }
    const request = readRequest(location);
    const response = respond(request, user);
    // What a real IdP answers: a page whose form the browser posts to the ACS URL.
    const html =
      `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(request.acsUrl)}">` +
      `<input type="hidden" name="SAMLResponse" value="${response}">` +
      `<input type="hidden" name="RelayState" value="${escapeXml(request.relayState)}">` +
      '</form></body></html>';
    reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const ssoUrl = `http://127.0.0.1:${port}/idp/sso`;
  const metadataFile = join(dir, 'saml-idp-metadata.xml');
  writeFileSync(metadataFile, metadataXml(entityId, ssoUrl, certificate, stranger));

  return {
    entityId,
    ssoUrl,
    metadataFile,
    certificate,
    stranger,
    signInAs(who) {
      user = who;
    },
    trustServiceProvider(cert) {
      spCertificate = cert;
    },
    readRequest,
    respond,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

/**
 * Signature wrapping (XSW) and other changes an attacker makes to a signed Response whose assertion is signed: each
 * leaves the signed assertion in the document and puts one of their own where a careless reader would look.
 */
export const tampering = {
  /** A copy of the assertion, signature and ID included, with other content; the original hides in Extensions. */
  copiedSignature: (evil: (assertion: string) => string) => (xml: string) => {
    const original = assertionOf(xml);
    return xml
      .replace(original, evil(original))
      .replace('<samlp:Status>', `<samlp:Extensions>${original}</samlp:Extensions><samlp:Status>`);
  },
  /** An assertion with an ID of its own, carrying the original's signature, which still points at the original. */
  movedSignature: (evil: (assertion: string) => string) => (xml: string) => {
    const original = assertionOf(xml);
    const wrapped = evil(original).replace(/ ID="[^"]*"/, ` ID="${newId()}"`);
    return xml.replace(original, wrapped.replace('</saml:Assertion>', `${original}</saml:Assertion>`));
  },
  /** A second, unsigned assertion after the signed one. */
  appendedAssertion: (evil: (assertion: string) => string) => (xml: string) => {
    const original = assertionOf(xml);
    const unsigned = evil(original)
      .replace(/<(ds:)?Signature[\s\S]*<\/(ds:)?Signature>/, '')
      .replace(/ ID="[^"]*"/, ` ID="${newId()}"`);
    return xml.replace(original, `${original}${unsigned}`);
  },
};

function assertionOf(xml: string): string {
  const found = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0];
  if (found === undefined) throw new Error('no assertion to tamper with');
  return found;
}
