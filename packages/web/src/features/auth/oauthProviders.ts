import type { AppConfig } from '../../config/appConfig';

/**
 * The providers that sign in through an OAuth2 authorization-code popup (docs/console/plumbing.md#sign-in-providers).
 */
export const OAUTH_PROVIDERS = [
  'azure',
  'cognito',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'openid',
  'pingfederate',
] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export function isOAuthProvider(provider: string): provider is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(provider);
}

const OIDC_SCOPE = 'openid profile email';

interface ProviderSpec {
  /** The API route that takes the code: POST /auth/<backend>. */
  backend: string;
  scope: string;
  /** The authorization endpoint from the config, or the name of the config key it lacks. */
  endpoint: (config: AppConfig) => string | { missing: string };
  /** Parameters the provider needs besides the standard ones. */
  extra?: Readonly<Record<string, string>>;
}

type Config = Partial<Record<keyof AppConfig, unknown>>;

/** A config value as text without trailing slashes, or undefined when it is not set. */
function setting(config: Config, key: keyof AppConfig): string | undefined {
  const value = config[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\/+$/, '') : undefined;
}

/** Builds an endpoint from config values, or names the first one missing. */
function from(keys: readonly (keyof AppConfig)[], build: (...values: string[]) => string) {
  return (config: AppConfig): string | { missing: string } => {
    const values: string[] = [];
    for (const key of keys) {
      const value = setting(config, key);
      if (value === undefined) return { missing: key };
      values.push(value);
    }
    return build(...values);
  };
}

/**
 * docs/console/plumbing.md#sign-in-providers, the table of authorization endpoints and scopes (Keycloak 17+ paths,
 * without `/auth`).
 */
const PROVIDERS: Readonly<Record<OAuthProvider, ProviderSpec>> = {
  azure: {
    backend: 'azure',
    scope: OIDC_SCOPE,
    endpoint: from(
      ['azure_tenant'],
      (tenant) => `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0/authorize`,
    ),
  },
  cognito: {
    // The API has no Cognito route of its own: Cognito is plain OpenID Connect.
    backend: 'openid',
    scope: OIDC_SCOPE,
    endpoint: from(
      ['cognito_domain', 'aws_region'],
      (domain, region) => `https://${domain}.auth.${region}.amazoncognito.com/login`,
    ),
  },
  github: {
    backend: 'github',
    scope: 'user:email read:org',
    endpoint: from(['github_url'], (site) => `${site}/login/oauth/authorize`),
  },
  gitlab: {
    backend: 'gitlab',
    scope: 'openid',
    endpoint: from(['gitlab_url'], (site) => `${site}/oauth/authorize`),
  },
  google: {
    backend: 'google',
    scope: OIDC_SCOPE,
    endpoint: () => 'https://accounts.google.com/o/oauth2/auth',
  },
  keycloak: {
    backend: 'keycloak',
    scope: OIDC_SCOPE,
    endpoint: from(
      ['keycloak_url', 'keycloak_realm'],
      (site, realm) => `${site}/realms/${encodeURIComponent(realm)}/protocol/openid-connect/auth`,
    ),
  },
  openid: {
    backend: 'openid',
    scope: OIDC_SCOPE,
    endpoint: from(['oidc_auth_url'], (url) => url),
  },
  pingfederate: {
    backend: 'pingfederate',
    scope: OIDC_SCOPE,
    endpoint: from(['pingfederate_url'], (url) => url),
    extra: { pfidpadapterid: 'kerberos' },
  },
};

/** The API route that turns `provider`'s code into a login token. */
export function backendPath(provider: OAuthProvider): string {
  return `/auth/${PROVIDERS[provider].backend}`;
}

export type AuthorizationUrl = { url: string; clientId: string } | { missing: string };

/**
 * The address the popup opens: the provider's authorization endpoint asking for a code for the console's client,
 * sent back to `redirectUri` with `state`. `missing` names the config key it cannot be built without (the client id
 * too); an endpoint that is not http(s) counts as missing, so the popup never runs a script address.
 */
export function authorizationUrl(
  provider: OAuthProvider,
  config: AppConfig,
  { redirectUri, state }: { redirectUri: string; state: string },
): AuthorizationUrl {
  const spec = PROVIDERS[provider];
  const clientId = setting(config, 'client_id');
  if (clientId === undefined) return { missing: 'client_id' };
  const endpoint = spec.endpoint(config);
  if (typeof endpoint !== 'string') return endpoint;
  if (!/^https?:\/\//i.test(endpoint)) return { missing: provider === 'openid' ? 'oidc_auth_url' : `${provider}_url` };
  const params: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', clientId],
    ['redirect_uri', redirectUri],
    ['scope', spec.scope],
    ['state', state],
    ...Object.entries(spec.extra ?? {}),
  ];
  // Spaces as %20 rather than +: some providers read the query more strictly than form encoding allows.
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return { url: `${endpoint}${endpoint.includes('?') ? '&' : '?'}${query}`, clientId };
}

/** An unguessable `state` for one sign-in (RFC 6749 §10.12). */
export function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
