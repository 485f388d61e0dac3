import { z } from 'zod';

/** POST /auth/login body (api.md §1.7): `username` or `email`, and `password`. */
export const loginBodySchema = z.object({
  username: z.string({ error: "'username' must be a string" }).max(1024).optional(),
  email: z.string({ error: "'email' must be a string" }).max(1024).optional(),
  password: z.string({ error: "'password' must be a string" }).max(1024).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });

/** The claims of a token issued by login, signup and providers (api.md §6.2). Empty claims are omitted. */
export const tokenClaimsSchema = z.looseObject({
  iss: z.string().optional(),
  typ: z.string().optional(),
  sub: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  exp: z.number().optional(),
  nbf: z.number().optional(),
  iat: z.number().optional(),
  jti: z.string().optional(),
  name: z.string().optional(),
  preferred_username: z.string().optional(),
  email: z.string().optional(),
  provider: z.string().optional(),
  orgs: z.array(z.string()).optional(),
  groups: z.array(z.string()).optional(),
  roles: z.array(z.string()).optional(),
  scope: z.string().optional(),
  email_verified: z.boolean().optional(),
  picture: z.string().optional(),
  customers: z.array(z.string()).optional(),
  customer: z.string().optional(),
  oid: z.string().optional(),
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
