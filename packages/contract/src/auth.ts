import { z } from 'zod/mini';

/** POST /auth/login body (api.md §1.7): `username` or `email`, and `password`. */
export const loginBodySchema = z.object({
  username: z.optional(z.string({ error: "'username' must be a string" }).check(z.maxLength(1024))),
  email: z.optional(z.string({ error: "'email' must be a string" }).check(z.maxLength(1024))),
  password: z.optional(z.string({ error: "'password' must be a string" }).check(z.maxLength(1024))),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

const field = (name: string) => z.string({ error: `'${name}' must be a string` }).check(z.maxLength(1024));

/** A plausible address: something@domain.tld, no spaces, at most 254 characters (the SMTP limit). */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** POST /auth/signup body (api.md §1.7). Required fields are checked by the route, with the reference's messages. */
export const signupBodySchema = z.object({
  name: z.optional(field('name')),
  email: z.optional(field('email')),
  password: z.optional(field('password')),
  text: z.optional(z.nullable(field('text'))),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/** POST /auth/forgot body. */
export const forgotBodySchema = z.object({ email: z.optional(field('email')) });

/** POST /auth/reset/{token} body. */
export const resetBodySchema = z.object({ password: z.optional(field('password')) });

/** POST /auth/{provider} body: the authorisation code the console got from the provider's popup. */
export const providerCodeBodySchema = z.object({
  code: z.optional(field('code')),
  clientId: z.optional(field('clientId')),
  redirectUri: z.optional(field('redirectUri')),
});

/** POST /auth/cas body (api.md §1.7): the service ticket the CAS server issued, and the service it was issued for. */
export const casTicketBodySchema = z.object({
  ticket: z.optional(field('ticket')),
  service: z.optional(field('service')),
});

export const tokenResponseSchema = z.object({ token: z.string() });

/** The claims of a token issued by login, signup and providers (api.md §6.2). Empty claims are omitted. */
export const tokenClaimsSchema = z.looseObject({
  iss: z.optional(z.string()),
  typ: z.optional(z.string()),
  sub: z.optional(z.string()),
  aud: z.optional(z.union([z.string(), z.array(z.string())])),
  exp: z.optional(z.number()),
  nbf: z.optional(z.number()),
  iat: z.optional(z.number()),
  jti: z.optional(z.string()),
  name: z.optional(z.string()),
  preferred_username: z.optional(z.string()),
  email: z.optional(z.string()),
  provider: z.optional(z.string()),
  orgs: z.optional(z.array(z.string())),
  groups: z.optional(z.array(z.string())),
  roles: z.optional(z.array(z.string())),
  scope: z.optional(z.string()),
  email_verified: z.optional(z.boolean()),
  picture: z.optional(z.string()),
  customers: z.optional(z.array(z.string())),
  customer: z.optional(z.string()),
  oid: z.optional(z.string()),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const AUTH_PROVIDERS = [
  'basic',
  'ldap',
  'azure',
  'cognito',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'openid',
  'pingfederate',
  'saml2',
] as const;
