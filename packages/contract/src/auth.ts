import { z } from 'zod/mini';
import { optionalField } from './fields.js';

const field = (name: string) => z.string({ error: `'${name}' must be a string` }).check(z.maxLength(1024));

// Every field of the auth bodies may be left out or null (README "Senders"); the routes say which they miss.

/** POST /auth/login body (docs/api/auth.md#routes): `username` or `email`, and `password`. */
export const loginBodySchema = z.object({
  username: optionalField(field('username')),
  email: optionalField(field('email')),
  password: optionalField(field('password')),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A plausible address: something@domain.tld, no spaces, at most 254 characters (the SMTP limit). */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/**
 * POST /auth/signup body (docs/api/auth.md#routes). Required fields are checked by the route, with the reference's
 * messages.
 */
export const signupBodySchema = z.object({
  name: optionalField(field('name')),
  email: optionalField(field('email')),
  password: optionalField(field('password')),
  text: optionalField(field('text')),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/** POST /auth/forgot body. */
export const forgotBodySchema = z.object({ email: optionalField(field('email')) });

/** POST /auth/reset/{token} body. */
export const resetBodySchema = z.object({ password: optionalField(field('password')) });

/** POST /auth/{provider} body: the authorisation code the console got from the provider's popup. */
export const providerCodeBodySchema = z.object({
  code: optionalField(field('code')),
  clientId: optionalField(field('clientId')),
  redirectUri: optionalField(field('redirectUri')),
});

/**
 * POST /auth/cas body (docs/api/auth.md#routes): the service ticket the CAS server issued, and the service it was
 * issued for.
 */
export const casTicketBodySchema = z.object({
  ticket: optionalField(field('ticket')),
  service: optionalField(field('service')),
});

export const tokenResponseSchema = z.object({ token: z.string() });

/** The claims of a token issued by login, signup and providers (docs/api/auth.md#tokens). Empty claims are omitted. */
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
