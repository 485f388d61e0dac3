import { z } from 'zod';
import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';
import { type XmlElement, XmlError, parseXml } from './xml.js';

/** The namespace of CAS 2.0 and 3.0 validation responses. */
const CAS_NAMESPACE = 'http://www.yale.edu/tp/cas';
const TIMEOUT_MS = 10_000;
// A validation answer is a few hundred bytes; a CAS server sending megabytes is broken, not generous.
const MAX_RESPONSE_CHARS = 256 * 1024;

/** Who the CAS server says holds the ticket. */
export interface CasIdentity {
  user: string;
  /** CAS 3.0 attributes by local name; a repeated attribute is a list of values. */
  attributes: Record<string, string[]>;
}

// No control characters: the user becomes a login, shown in the console and written to the log.
const casIdentitySchema = z.strictObject({
  user: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^\p{Cc}]+$/u),
  attributes: z.record(z.string().max(255), z.array(z.string().max(4096)).max(1000)),
});

/** A CAS server that cannot be reached or answers nonsense is a gateway problem, not the caller's. */
const upstream = (what: string) => new ApiError(502, `CAS server ${what}`);

const isCas = (element: XmlElement, name: string) => element.namespace === CAS_NAMESPACE && element.name === name;

/**
 * Reads a /serviceValidate or /p3/serviceValidate answer (CAS protocol 3.0 §2.5.2, §2.5.3): a refusal is 401,
 * a success gives the identity, and anything else means the server is not a CAS server we understand.
 */
export function readValidation(body: string): CasIdentity {
  let root: XmlElement;
  try {
    root = parseXml(body);
  } catch (error) {
    if (error instanceof XmlError) throw upstream(`answered malformed XML: ${error.message}`);
    throw error;
  }
  if (!isCas(root, 'serviceResponse')) throw upstream('answered something other than a CAS service response');

  const failure = root.children.find((child) => isCas(child, 'authenticationFailure'));
  if (failure !== undefined) {
    // The code is one of the protocol's (INVALID_TICKET, INVALID_SERVICE, …); anything else is not repeated.
    const code = failure.attributes.code ?? '';
    throw new ApiError(401, /^[A-Z_]{1,64}$/.test(code) ? `Invalid CAS ticket: ${code}` : 'Invalid CAS ticket');
  }
  const success = root.children.find((child) => isCas(child, 'authenticationSuccess'));
  if (success === undefined) throw upstream('answered neither success nor failure');

  const users = success.children.filter((child) => isCas(child, 'user'));
  const attributes: Record<string, string[]> = {};
  for (const block of success.children.filter((child) => isCas(child, 'attributes'))) {
    for (const attribute of block.children) {
      (attributes[attribute.name] ??= []).push(attribute.text.trim());
    }
  }
  const identity = casIdentitySchema.safeParse({
    user: users.length === 1 ? users[0]?.text.trim() : undefined,
    attributes,
  });
  if (!identity.success) throw upstream('answered a success without a usable user');
  return identity.data;
}

/**
 * Asks the CAS server whether the ticket was issued for the service, as the protocol has it: a GET on the
 * validate route with both as query parameters. CAS tickets are single use, so this is asked once per sign-in.
 */
export async function validateTicket(
  settings: Pick<Settings, 'CAS_SERVER' | 'CAS_VALIDATE_ROUTE'>,
  ticket: string,
  service: string,
): Promise<CasIdentity> {
  if (settings.CAS_SERVER === null) throw new ApiError(400, 'cas sign-in is not configured: CAS_SERVER is not set');
  const url = new URL(`${settings.CAS_SERVER}${settings.CAS_VALIDATE_ROUTE}`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  let body: string;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/xml, text/xml' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw upstream(`answered ${response.status}`);
    }
    body = await response.text();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw upstream(`unreachable: ${url.origin}`);
  }
  if (body.length > MAX_RESPONSE_CHARS) throw upstream('answered too much');
  return readValidation(body);
}
