import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import type { Settings } from '../settings.js';

/** The providers that sign in through OpenID Connect, all by the same code path (docs/api/auth.md#routes). */
export const OIDC_PROVIDERS = ['openid', 'keycloak', 'azure', 'google', 'gitlab', 'cognito', 'pingfederate'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

type IssuerSettings = Pick<
  Settings,
  | 'OIDC_ISSUER_URL'
  | 'KEYCLOAK_URL'
  | 'KEYCLOAK_REALM'
  | 'AZURE_TENANT'
  | 'GITLAB_URL'
  | 'AWS_REGION'
  | 'COGNITO_USER_POOL_ID'
  | 'PINGFEDERATE_URL'
>;

/** The issuer to discover: OIDC_ISSUER_URL when set, else the one the provider's own settings imply. */
export function issuerUrl(settings: IssuerSettings, provider: OidcProvider): string | null {
  if (settings.OIDC_ISSUER_URL !== null) return settings.OIDC_ISSUER_URL;
  switch (provider) {
    case 'keycloak':
      return settings.KEYCLOAK_URL === null || settings.KEYCLOAK_REALM === null
        ? null
        : `${settings.KEYCLOAK_URL.replace(/\/+$/, '')}/realms/${settings.KEYCLOAK_REALM}`;
    case 'azure':
      return `https://login.microsoftonline.com/${settings.AZURE_TENANT}/v2.0`;
    case 'google':
      return 'https://accounts.google.com';
    case 'gitlab':
      return settings.GITLAB_URL;
    case 'cognito':
      return settings.COGNITO_USER_POOL_ID === null
        ? null
        : `https://cognito-idp.${settings.AWS_REGION}.amazonaws.com/${settings.COGNITO_USER_POOL_ID}`;
    case 'pingfederate':
      return settings.PINGFEDERATE_URL;
    case 'openid':
      return null;
  }
}

const discoverySchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string().optional(),
  jwks_uri: z.string(),
  end_session_endpoint: z.string().optional(),
});
export type OidcDiscovery = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.looseObject({
  access_token: z.string(),
  id_token: z.string(),
});

const TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 3_600_000;

interface Discovered {
  document: OidcDiscovery;
  keys: ReturnType<typeof createRemoteJWKSet>;
  fetched: number;
}
const discovered = new Map<string, Discovered>();

/** A provider that cannot be reached or answers nonsense is a gateway problem, not the caller's. */
const upstream = (what: string) => new ApiError(502, `identity provider ${what}`);

export async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw upstream(`unreachable: ${new URL(url).origin}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = z.looseObject({ error: z.string() }).safeParse(body);
    // An OAuth2 error from the token endpoint (a bad or used code) is the caller's problem.
    if (response.status === 400 || response.status === 401) {
      throw new ApiError(401, `identity provider refused: ${error.success ? error.data.error : response.status}`);
    }
    throw upstream(`answered ${response.status}`);
  }
  return body;
}

/**
 * The issuer's discovery document (cached for an hour) and its signing keys. The document must name exactly the
 * configured issuer (docs/api/auth.md#identity-providers): one that names another could hand this server endpoints
 * and keys of a provider it was never meant to trust.
 */
export async function discover(issuer: string): Promise<Discovered> {
  const cached = discovered.get(issuer);
  if (cached !== undefined && Date.now() - cached.fetched < DISCOVERY_TTL_MS) return cached;
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const parsed = discoverySchema.safeParse(await fetchJson(url));
  if (!parsed.success) throw upstream('discovery document is invalid');
  if (parsed.data.issuer !== issuer) {
    throw upstream(
      `discovery document names issuer ${JSON.stringify(parsed.data.issuer)}, not the configured ${JSON.stringify(issuer)}`,
    );
  }
  const entry = { document: parsed.data, keys: createRemoteJWKSet(new URL(parsed.data.jwks_uri)), fetched: Date.now() };
  discovered.set(issuer, entry);
  return entry;
}

/**
 * Exchanges an authorisation code at the token endpoint, verifies the ID token (signature, issuer, audience, expiry)
 * and merges in the userinfo claims. Returns the claims.
 */
export async function exchangeCode(
  issuer: string,
  client: { id: string; secret: string },
  code: string,
  redirectUri: string,
): Promise<Record<string, unknown>> {
  const { document, keys } = await discover(issuer);
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: client.id,
    client_secret: client.secret,
  });
  const tokens = tokenResponseSchema.safeParse(
    await fetchJson(document.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    }),
  );
  if (!tokens.success) throw upstream('token response is invalid');
  let idClaims: Record<string, unknown>;
  try {
    ({ payload: idClaims } = await jwtVerify(tokens.data.id_token, keys, {
      issuer: document.issuer,
      audience: client.id,
    }));
  } catch {
    throw new ApiError(401, 'identity provider token is invalid');
  }
  if (document.userinfo_endpoint === undefined) return idClaims;
  const userinfo = await fetchJson(document.userinfo_endpoint, {
    headers: { authorization: `Bearer ${tokens.data.access_token}`, accept: 'application/json' },
  });
  const info = z.record(z.string(), z.unknown()).safeParse(userinfo);
  // The userinfo must be about the same subject as the ID token (OIDC Core §5.3.2).
  if (!info.success || info.data.sub !== idClaims.sub) throw upstream('userinfo is invalid');
  return { ...idClaims, ...info.data };
}

/** A discovered endpoint of the configured provider, or null when there is none or the provider cannot be reached. */
export async function discoveredEndpoint(
  settings: IssuerSettings & Pick<Settings, 'AUTH_PROVIDER'>,
  endpoint: 'authorization_endpoint' | 'end_session_endpoint',
): Promise<string | null> {
  const provider = OIDC_PROVIDERS.find((p) => p === settings.AUTH_PROVIDER);
  const issuer = provider === undefined ? null : issuerUrl(settings, provider);
  if (issuer === null) return null;
  // After a failure, wait a minute before asking again, so GET /config does not hang on a provider that is down.
  if (Date.now() - (unreachableSince.get(issuer) ?? -Infinity) < 60_000) return null;
  try {
    return (await discover(issuer)).document[endpoint] ?? null;
  } catch {
    unreachableSince.set(issuer, Date.now());
    return null;
  }
}

const unreachableSince = new Map<string, number>();
