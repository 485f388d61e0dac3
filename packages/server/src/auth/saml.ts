import type * as NodeSaml from '@node-saml/node-saml';
import type { CacheProvider, SAML } from '@node-saml/node-saml';
import { ApiError, badRequest } from '../errors.js';
import type { Settings } from '../settings.js';
import type { SamlSetup } from './saml-config.js';
import { SAML_FLOW_SECONDS, type SamlFlow } from './saml-flow.js';
import { type XmlElement, XmlError, parseXml } from './xml.js';

type NodeSamlModule = typeof NodeSaml;
let loading: Promise<NodeSamlModule> | undefined;
/** The SAML library (and its XML stack) is loaded at the first SAML request, so other servers do not carry it. */
const loadNodeSaml = (): Promise<NodeSamlModule> => (loading ??= import('@node-saml/node-saml'));

const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** The largest SAMLResponse field taken (base64). Real ones are a few kilobytes, tens with many groups. */
const MAX_SAML_RESPONSE_CHARS = 256 * 1024;
const MAX_NAME_ID_LENGTH = 1024;

/** This server as a SAML service provider. */
export interface SamlServiceProvider {
  entityId: string;
  /** Where the identity provider posts its answer (the AssertionConsumerService). */
  acsUrl: string;
  setup: SamlSetup;
}

/** Who the identity provider says signed in. */
export interface SamlIdentity {
  /** The subject's NameID: the account's identity at that identity provider. */
  nameId: string;
  /** Attribute values by Name, and by FriendlyName where no attribute has that Name. */
  attributes: ReadonlyMap<string, readonly string[]>;
}

/** The service provider when AUTH_PROVIDER is saml2. BASE_URL is set then (settings refuse to start without it). */
export function samlServiceProvider(settings: Settings): SamlServiceProvider | null {
  if (settings.AUTH_PROVIDER !== 'saml2' || settings.saml2 === null) return null;
  return {
    entityId: settings.SAML2_ENTITY_ID !== '' ? settings.SAML2_ENTITY_ID : settings.BASE_URL,
    acsUrl: `${settings.BASE_URL}/auth/saml`,
    setup: settings.saml2,
  };
}

/** The only request ID a flow's answer may name; nothing is stored, the flow itself says what it is. */
const onlyRequestOf = (flow: SamlFlow): CacheProvider => ({
  saveAsync: () => Promise.resolve(null),
  getAsync: (key) => Promise.resolve(key === flow.requestId ? new Date(flow.startedAt).toISOString() : null),
  removeAsync: () => Promise.resolve(null),
});

async function samlClient(sp: SamlServiceProvider, flow: SamlFlow): Promise<SAML> {
  const { SAML: Client, ValidateInResponseTo } = await loadNodeSaml();
  const { setup } = sp;
  return new Client({
    entryPoint: setup.idp.ssoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpCert: setup.idp.certificates,
    idpIssuer: setup.idp.entityId,
    identifierFormat: setup.nameIdFormat,
    // The library would otherwise ask for password logins only, which IdPs using MFA or Kerberos refuse.
    disableRequestedAuthnContext: true,
    wantAssertionsSigned: setup.wantAssertionsSigned,
    wantAuthnResponseSigned: setup.wantResponseSigned,
    acceptedClockSkewMs: setup.clockSkewSeconds * 1000,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_FLOW_SECONDS * 1000,
    cacheProvider: onlyRequestOf(flow),
    generateUniqueId: () => flow.requestId,
    signatureAlgorithm: 'sha256',
    ...(setup.signing === null ? {} : { privateKey: setup.signing.privateKey, publicCert: setup.signing.certificate }),
  });
}

/** The identity provider's SSO URL with the AuthnRequest of the flow (HTTP-Redirect binding). */
export async function authorizeUrl(sp: SamlServiceProvider, flow: SamlFlow): Promise<string> {
  return (await samlClient(sp, flow)).getAuthorizeUrlAsync(flow.relayState, undefined, {});
}

/** Our SP metadata, for the identity provider's administrator. */
export async function serviceProviderMetadata(sp: SamlServiceProvider): Promise<string> {
  const { generateServiceProviderMetadata } = await loadNodeSaml();
  const { signing } = sp.setup;
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: sp.setup.nameIdFormat,
    wantAssertionsSigned: sp.setup.wantAssertionsSigned,
    ...(signing === null
      ? {}
      : { privateKey: signing.privateKey, publicCerts: [signing.certificate], signatureAlgorithm: 'sha256' as const }),
  });
}

const invalid = (reason: string) => new ApiError(401, `Invalid SAML response: ${reason}`);

const samlChildren = (element: XmlElement | undefined, name: string) =>
  element?.children.filter((child) => child.namespace === ASSERTION_NS && child.name === name) ?? [];

/** A reason a message may carry: the library's own words, or text from the response, cut short and kept printable. */
const printable = (text: string) => text.replace(/\p{Cc}/gu, ' ').slice(0, 300);

/** A SAMLResponse as posted, and its Response element as our strict reader sees it. */
export interface PostedResponse {
  encoded: string;
  response: XmlElement;
}

/**
 * Reads a posted SAMLResponse: base64 of well-formed XML whose root is a Response, without a DOCTYPE (so no entity is
 * ever defined or expanded, here or in the library that reads it next). 400 for anything else.
 */
export function readSamlResponse(encoded: string): PostedResponse {
  if (encoded.length > MAX_SAML_RESPONSE_CHARS) throw badRequest('SAMLResponse is too large');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded.replace(/\s+/g, ''))) throw badRequest('SAMLResponse is not base64');
  let root: XmlElement;
  try {
    root = parseXml(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch (error) {
    if (error instanceof XmlError) throw badRequest(`SAMLResponse is not well-formed XML: ${error.message}`);
    throw error;
  }
  if (root.namespace !== PROTOCOL_NS || root.name !== 'Response') throw badRequest('SAMLResponse is not a Response');
  return { encoded, response: root };
}

/** SAML profiles §4.1.4.5: a signed Response must name its destination; any Destination given must be us. */
function checkDestination(sp: SamlServiceProvider, response: XmlElement): void {
  const destination = response.attributes.Destination;
  const signed = response.children.some((child) => child.namespace === DSIG_NS && child.name === 'Signature');
  if (destination === undefined ? signed : destination !== sp.acsUrl) {
    throw invalid(`the response is addressed to ${printable(destination ?? 'nobody')}, not ${sp.acsUrl}`);
  }
}

/** Why a NotBefore … NotOnOrAfter window does not hold now, allowing the configured clock skew; null when it does. */
function timeProblem(sp: SamlServiceProvider, what: string, window: Record<string, string>, now: number) {
  const skew = sp.setup.clockSkewSeconds * 1000;
  const notBefore = window.NotBefore === undefined ? undefined : Date.parse(window.NotBefore);
  const notOnOrAfter = window.NotOnOrAfter === undefined ? undefined : Date.parse(window.NotOnOrAfter);
  if (Number.isNaN(notBefore) || Number.isNaN(notOnOrAfter)) return `${what} has an unreadable time`;
  if (notBefore !== undefined && now + skew < notBefore) return `${what} is not valid yet`;
  if (notOnOrAfter !== undefined && now - skew >= notOnOrAfter) return `${what} has expired`;
  return null;
}

/** Why a subject confirmation does not let this flow's user in; null when it does (SAML profiles §4.1.4.2). */
function confirmationProblem(sp: SamlServiceProvider, flow: SamlFlow, confirmation: XmlElement, now: number) {
  const [data, ...more] = samlChildren(confirmation, 'SubjectConfirmationData');
  if (data === undefined || more.length > 0) return 'the subject confirmation has no data';
  const { Recipient, InResponseTo, NotOnOrAfter } = data.attributes;
  if (Recipient !== sp.acsUrl) return `the assertion is for ${printable(Recipient ?? 'nobody')}, not ${sp.acsUrl}`;
  if (InResponseTo !== flow.requestId) return 'the assertion answers another sign-in (InResponseTo)';
  if (NotOnOrAfter === undefined) return 'the subject confirmation has no NotOnOrAfter';
  return timeProblem(sp, 'the subject confirmation', data.attributes, now);
}

function attributesOf(assertion: XmlElement): Map<string, string[]> {
  const attributes = samlChildren(assertion, 'AttributeStatement').flatMap((s) => samlChildren(s, 'Attribute'));
  const found = new Map<string, string[]>();
  // Names first, so a FriendlyName never hides an attribute of that Name.
  for (const key of ['Name', 'FriendlyName']) {
    for (const attribute of attributes) {
      const name = attribute.attributes[key];
      if (name === undefined || name === '' || found.has(name)) continue;
      const values = samlChildren(attribute, 'AttributeValue')
        .map((value) => value.text.trim())
        .filter((value) => value !== '');
      found.set(name, values);
    }
  }
  return found;
}

/**
 * Reads the assertion as it was signed (never the document around it, which a signature wrapping attack fills with
 * other content) and checks what the library leaves to us: the issuer, a bearer confirmation for our ACS URL and this
 * flow's request, the conditions and the audience.
 */
function checkAssertion(sp: SamlServiceProvider, flow: SamlFlow, signedXml: string, now: number): SamlIdentity {
  const assertion = parseXml(signedXml);
  if (assertion.namespace !== ASSERTION_NS || assertion.name !== 'Assertion') throw invalid('no signed assertion');
  const issuer = samlChildren(assertion, 'Issuer')[0]?.text.trim() ?? '';
  if (issuer !== sp.setup.idp.entityId) {
    throw invalid(`the assertion was issued by ${printable(issuer)}, not ${sp.setup.idp.entityId}`);
  }
  const [subject] = samlChildren(assertion, 'Subject');
  const nameIds = samlChildren(subject, 'NameID');
  const nameId = nameIds[0]?.text.trim() ?? '';
  if (nameIds.length !== 1 || nameId === '' || nameId.length > MAX_NAME_ID_LENGTH || /\p{Cc}/u.test(nameId)) {
    throw invalid('the assertion has no usable subject NameID');
  }
  const problems = samlChildren(subject, 'SubjectConfirmation')
    .filter((confirmation) => confirmation.attributes.Method === BEARER)
    .map((confirmation) => confirmationProblem(sp, flow, confirmation, now));
  if (!problems.includes(null)) throw invalid(problems[0] ?? 'the assertion has no bearer subject confirmation');

  const [conditions, ...more] = samlChildren(assertion, 'Conditions');
  if (conditions === undefined || more.length > 0) throw invalid('the assertion must have one Conditions');
  const expired = timeProblem(sp, 'the assertion', conditions.attributes, now);
  if (expired !== null) throw invalid(expired);
  const restrictions = samlChildren(conditions, 'AudienceRestriction');
  const forUs = (r: XmlElement) => samlChildren(r, 'Audience').some((a) => a.text.trim() === sp.entityId);
  if (restrictions.length === 0 || !restrictions.every(forUs)) throw invalid(`the assertion is not for ${sp.entityId}`);
  return { nameId, attributes: attributesOf(assertion) };
}

/** The library's refusal as an answer; its internal failures (not plain Errors) say nothing more than "invalid". */
function refusal({ SamlStatusError }: NodeSamlModule, error: unknown): ApiError {
  if (error instanceof SamlStatusError) return new ApiError(401, `SAML sign-in failed: ${printable(error.message)}`);
  const ownWords = error instanceof Error && Object.getPrototypeOf(error) === Error.prototype;
  return invalid(ownWords ? printable(error.message) : 'the response could not be read');
}

/**
 * Checks a posted SAMLResponse against the flow it answers: signed by a configured identity provider certificate,
 * for us, in time, answering this flow's AuthnRequest; 401 when it is refused.
 */
export async function verifyResponse(
  sp: SamlServiceProvider,
  flow: SamlFlow,
  posted: PostedResponse,
  now: number = Date.now(),
): Promise<SamlIdentity> {
  checkDestination(sp, posted.response);
  const library = await loadNodeSaml();
  let signedXml: string | undefined;
  try {
    const client = await samlClient(sp, flow);
    const { profile } = await client.validatePostResponseAsync({ SAMLResponse: posted.encoded });
    signedXml = profile?.getAssertionXml?.();
  } catch (error) {
    throw refusal(library, error);
  }
  if (signedXml === undefined) throw invalid('no signed assertion');
  try {
    return checkAssertion(sp, flow, signedXml, now);
  } catch (error) {
    if (error instanceof XmlError) throw invalid('the signed assertion could not be read');
    throw error;
  }
}
