import { createHmac, randomBytes } from 'node:crypto';
import { ApiError } from '../errors.js';

/** How long a sign-in may take, from GET /auth/saml until the identity provider's answer is posted back. */
export const SAML_FLOW_SECONDS = 600;

/**
 * One SAML sign-in, tied to this server without keeping anything until it is answered: the RelayState (which travels
 * to the identity provider and back) says how to answer, when the flow expires, and carries a random nonce; the
 * AuthnRequest ID is an HMAC of the RelayState under a key derived from SECRET_KEY. Whoever lacks the key can neither
 * make up a RelayState whose request ID an assertion answers, nor stretch its expiry, so any process sharing the key
 * can check an answer, and unsolicited responses (no InResponseTo, or one we never issued) are refused.
 */
export interface SamlFlow {
  relayState: string;
  /** The AuthnRequest ID; the assertion must name it in InResponseTo. */
  requestId: string;
  /** The console's popup wants an HTML page that posts the result to its opener (docs/api/auth.md#routes). */
  usePostMessage: boolean;
  startedAt: number;
  expiresAt: number;
}

// `usePostMessage` stays readable in the RelayState, as in the reference; `json` asks for the plain answer.
const RELAY_STATE = /^(usePostMessage|json)\.([0-9a-z]{1,11})\.([\w-]{22})$/;

function requestIdOf(secret: string, relayState: string): string {
  const key = createHmac('sha256', secret).update('alerta saml2 request').digest();
  // An xsd:ID must not start with a digit or '-'; base64url is otherwise fine in one.
  return `_${createHmac('sha256', key).update(relayState).digest('base64url')}`;
}

export function startFlow(secret: string, usePostMessage: boolean, now: number = Date.now()): SamlFlow {
  const expiresAt = (Math.floor(now / 1000) + SAML_FLOW_SECONDS) * 1000;
  const mode = usePostMessage ? 'usePostMessage' : 'json';
  const relayState = `${mode}.${(expiresAt / 1000).toString(36)}.${randomBytes(16).toString('base64url')}`;
  return { relayState, requestId: requestIdOf(secret, relayState), usePostMessage, startedAt: now, expiresAt };
}

/** The flow a posted RelayState belongs to; 401 when it is not one of ours or it has run out. */
export function resumeFlow(secret: string, relayState: string, now: number = Date.now()): SamlFlow {
  const match = RELAY_STATE.exec(relayState);
  if (match === null) throw new ApiError(401, 'SAML response does not answer a sign-in started here');
  const expiresAt = Number.parseInt(match[2] ?? '', 36) * 1000;
  if (expiresAt <= now) throw new ApiError(401, 'SAML sign-in took too long, please try again');
  return {
    relayState,
    requestId: requestIdOf(secret, relayState),
    usePostMessage: match[1] === 'usePostMessage',
    startedAt: expiresAt - SAML_FLOW_SECONDS * 1000,
    expiresAt,
  };
}

/**
 * How long the record that a flow was answered outlives the flow. A process whose clock runs behind ours still takes
 * the flow for current a while after it expired here; were the record dropped by then, that process would accept the
 * same response again.
 */
const ANSWERED_MARGIN_MS = SAML_FLOW_SECONDS * 1000;

/**
 * Until when to keep the record that a flow was answered. A response is good for one sign-in: posted again (by the
 * browser's back button, or by someone who copied it) to any process sharing the database it is refused, and once the
 * record goes the flow's expiry refuses it anyway.
 */
export const answeredUntil = (flow: SamlFlow): string => new Date(flow.expiresAt + ANSWERED_MARGIN_MS).toISOString();
