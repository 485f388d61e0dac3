import { casTicketBodySchema, isEmailAddress, providerCodeBodySchema } from '@alerta/contract';
import { z } from 'zod';
import { validateTicket } from '../auth/cas.js';
import {
  OIDC_PROVIDERS,
  type OidcProvider,
  discoveredEndpoint,
  exchangeCode,
  fetchJson,
  issuerUrl,
} from '../auth/oidc.js';
import { allowedBy, providerUser } from '../auth/provider-users.js';
import { tokenForUser } from '../auth/user-token.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { type ApiApp, absentBodyIsEmpty, checkFirst } from '../http/validation.js';
import type { Settings } from '../settings.js';

interface CodeRequest {
  code: string;
  clientId: string;
  redirectUri: string;
}

/** A sign-in route of a provider other than the configured AUTH_PROVIDER. */
export const notEnabled = (settings: Settings, route: string) =>
  badRequest(`${route} sign-in is not enabled: AUTH_PROVIDER is ${settings.AUTH_PROVIDER}`);

/** The provider a route serves, or 400: it is not the configured one, or no OAuth2 client is configured. */
function requireEnabled<P extends string>(settings: Settings, route: string, provider: P | undefined): P {
  if (provider === undefined) throw notEnabled(settings, route);
  if (settings.OAUTH2_CLIENT_ID === '')
    throw badRequest(`${route} sign-in is not configured: OAUTH2_CLIENT_ID is not set`);
  return provider;
}

/**
 * Only the configured AUTH_PROVIDER signs anyone in, so a server of password accounts cannot be entered with an
 * account at Google or GitLab. `/auth/openid` is the generic OIDC route and serves whichever OIDC provider is
 * configured (the stock console posts Cognito codes there, and the reference answers every OIDC route for the
 * configured provider); every other route serves only its own provider, so `/auth/keycloak` on an `openid` server
 * is refused.
 */
function servedOidcProvider(settings: Settings, route: OidcProvider): OidcProvider {
  const configured = OIDC_PROVIDERS.find((p) => p === settings.AUTH_PROVIDER);
  return requireEnabled(settings, route, route === 'openid' || route === configured ? configured : undefined);
}

/** The issuer of an OIDC route's provider, or 400 when it has none. */
function requireIssuer(settings: Settings, provider: OidcProvider): string {
  const issuer = issuerUrl(settings, provider);
  if (issuer === null) throw badRequest(`${provider} sign-in is not configured`);
  return issuer;
}

/**
 * The options of a sign-in route whose body is `schema`: the provider check runs first, so a route that is not enabled
 * says so whatever the body; bad input is answered with the first problem's own text, and no body, or `null`, is an
 * empty one (docs/api/auth.md#routes).
 */
function signInRoute<S extends z.core.$ZodType>(schema: S, enabled: () => void) {
  return {
    schema: { body: schema },
    config: { invalidInput: 'first-issue' as const },
    preValidation: [checkFirst(enabled), absentBodyIsEmpty],
  };
}

/**
 * The body every provider route takes. The client is always OAUTH2_CLIENT_ID, never one the caller names: the ID
 * token's audience is checked against it, and a caller's own public client must not pass that check.
 */
function codeRequest(settings: Settings, body: z.infer<typeof providerCodeBodySchema>): CodeRequest {
  const { code, redirectUri } = body;
  if (code === undefined || code === '') throw badRequest("missing 'code'");
  if (redirectUri === undefined || redirectUri === '') throw badRequest("missing 'redirectUri'");
  const clientId = settings.OAUTH2_CLIENT_ID;
  // The console sends the client_id of GET /config; anything else is a client this server does not know.
  if (body.clientId !== undefined && body.clientId !== clientId) {
    throw badRequest("'clientId' is not this server's OAUTH2_CLIENT_ID");
  }
  return { code, clientId, redirectUri };
}

/** A claim by name; a dotted name reaches into objects (Keycloak's `realm_access.roles`). */
function claimList(claims: Record<string, unknown>, name: string): string[] {
  let value: unknown = claims;
  for (const part of name.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

const claimString = (claims: Record<string, unknown>, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

const githubUserSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const githubOrgsSchema = z.array(z.looseObject({ login: z.string() }));
const githubEmailsSchema = z.array(z.looseObject({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

export function registerProviderRoutes(app: ApiApp, context: AppContext): void {
  const { settings } = context;

  // docs/api/auth.md#routes: every OIDC provider is the same exchange against its own discovered issuer.
  for (const route of OIDC_PROVIDERS) {
    const enabled = () => requireIssuer(settings, servedOidcProvider(settings, route));
    app.post(`/auth/${route}`, signInRoute(providerCodeBodySchema, enabled), async (request) => {
      const provider = servedOidcProvider(settings, route);
      const issuer = requireIssuer(settings, provider);
      const { code, clientId, redirectUri } = codeRequest(settings, request.body);
      const claims = await exchangeCode(
        issuer,
        { id: clientId, secret: settings.OAUTH2_CLIENT_SECRET },
        code,
        redirectUri,
      ).catch((error: unknown) => {
        // A provider that cannot be used (unreachable, or a discovery document for another issuer) is the operator's
        // to fix, so it goes to the log as well as to the caller.
        if (error instanceof ApiError && error.statusCode >= 500)
          request.log.warn(`OIDC sign-in failed: ${error.message}`);
        throw error;
      });
      const subject = claimString(claims, 'sub');
      if (subject === null) throw new ApiError(401, 'identity provider token has no subject');
      const email = claimString(claims, 'email');
      const login = claimString(claims, 'preferred_username') ?? claimString(claims, 'nickname') ?? email ?? subject;
      const roles = claimList(claims, settings.OIDC_ROLE_CLAIM);
      const groups = claimList(claims, settings.OIDC_GROUP_CLAIM);
      if (!allowedBy(allowedList(provider), provider === 'gitlab' ? groups : roles)) {
        throw new ApiError(403, `User ${login} is not authorized`);
      }
      const user = await providerUser(context, {
        id: subject,
        login,
        name: claimString(claims, 'name') ?? login,
        email,
        emailVerified: claims.email_verified === true,
      });
      const picture = claimString(claims, 'picture');
      return { token: await tokenForUser(context, request, user, provider, { roles, groups, picture }) };
    });
  }

  function allowedList(provider: OidcProvider): readonly string[] {
    if (provider === 'keycloak') return settings.ALLOWED_KEYCLOAK_ROLES;
    if (provider === 'gitlab') return settings.ALLOWED_GITLAB_GROUPS;
    return settings.ALLOWED_OIDC_ROLES;
  }

  // docs/api/auth.md#routes: GitHub is plain OAuth2: a code for an access token, then the user and their organisations.
  const githubEnabled = () =>
    requireEnabled(settings, 'github', settings.AUTH_PROVIDER === 'github' ? 'github' : undefined);
  app.post('/auth/github', signInRoute(providerCodeBodySchema, githubEnabled), async (request) => {
    const { code, clientId, redirectUri } = codeRequest(settings, request.body);
    const site = settings.GITHUB_URL.replace(/\/+$/, '');
    const api = site === 'https://github.com' ? 'https://api.github.com' : `${site}/api/v3`;
    const exchanged = z.looseObject({ access_token: z.string() }).safeParse(
      await fetchJson(`${site}/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: settings.OAUTH2_CLIENT_SECRET,
          code,
          redirect_uri: redirectUri,
        }),
      }),
    );
    // GitHub answers a bad code with 200 and {error}.
    if (!exchanged.success) throw new ApiError(401, 'identity provider refused the code');
    const headers = { authorization: `Bearer ${exchanged.data.access_token}`, accept: 'application/json' };
    const profile = githubUserSchema.safeParse(await fetchJson(`${api}/user`, { headers }));
    const orgList = githubOrgsSchema.safeParse(await fetchJson(`${api}/user/orgs`, { headers }));
    if (!profile.success || !orgList.success) throw new ApiError(502, 'identity provider answered nonsense');
    const orgs = orgList.data.map((o) => o.login);
    const login = profile.data.login;
    if (!allowedBy(settings.ALLOWED_GITHUB_ORGS, orgs)) throw new ApiError(403, `User ${login} is not authorized`);

    // The public profile email is unverified; the primary verified one from /user/emails is what we trust.
    const emails = githubEmailsSchema.safeParse(await fetchJson(`${api}/user/emails`, { headers }).catch(() => []));
    const primary = emails.success ? emails.data.find((e) => e.primary && e.verified) : undefined;
    const email = primary?.email ?? profile.data.email ?? null;
    const user = await providerUser(context, {
      id: `github-${profile.data.id}`,
      login,
      name: profile.data.name ?? login,
      email,
      emailVerified: primary !== undefined,
    });
    return {
      token: await tokenForUser(context, request, user, 'github', { orgs, picture: profile.data.avatar_url ?? null }),
    };
  });

  // docs/api/auth.md#routes: the console sends the service ticket the CAS server redirected back with, and the service
  // URL it was issued for; the CAS server alone says whose it is.
  const casEnabled = () => {
    if (settings.AUTH_PROVIDER !== 'cas') throw notEnabled(settings, 'cas');
  };
  app.post('/auth/cas', signInRoute(casTicketBodySchema, casEnabled), async (request) => {
    const { ticket, service } = request.body;
    if (ticket === undefined || ticket === '') throw badRequest("missing 'ticket'");
    if (service === undefined || service === '') throw badRequest("missing 'service'");
    const { user: login, attributes } = await validateTicket(settings, ticket, service);
    const first = (name: string) => attributes[name]?.find((value) => value !== '') ?? null;
    const mail = first('mail') ?? first('email');
    const email = mail !== null && isEmailAddress(mail) ? mail : null;
    const user = await providerUser(context, {
      // The CAS user is the subject; the prefix keeps it apart from other providers' ids.
      id: `cas-${login}`,
      login,
      name: first('displayName') ?? login,
      email,
      // As in the reference, an address from the CAS server counts as verified: it is the directory this server
      // was configured to trust for who its users are.
      emailVerified: email !== null,
    });
    const roles = (attributes[settings.CAS_ROLE_CLAIM] ?? []).filter((value) => value !== '');
    const groups = (attributes[settings.CAS_GROUP_CLAIM] ?? []).filter((value) => value !== '');
    return { token: await tokenForUser(context, request, user, 'cas', { roles, groups }) };
  });

  // docs/api/auth.md#routes: the provider's end-session address, when there is one, so the console can sign out there
  // too.
  const logout = async () => {
    const logoutUrl = settings.OIDC_LOGOUT_URL ?? (await discoveredEndpoint(settings, 'end_session_endpoint'));
    return logoutUrl === null
      ? { status: 'ok', message: 'OIDC end_session_endpoint not configured' }
      : { status: 'ok', logoutUrl };
  };
  app.get('/auth/logout', logout);
  app.post('/auth/logout', logout);
}
