import { z } from 'zod/mini';

/** POST /auth/login body (api.md §1.7): `username` or `email`, and `password`. */
export const loginBodySchema = z.object({
  username: z.optional(z.string({ error: "'username' must be a string" }).check(z.maxLength(1024))),
  email: z.optional(z.string({ error: "'email' must be a string" }).check(z.maxLength(1024))),
  password: z.optional(z.string({ error: "'password' must be a string" }).check(z.maxLength(1024))),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

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
