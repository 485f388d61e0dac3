import { type KeyObject, createSecretKey, randomUUID } from 'node:crypto';
import { type TokenClaims, tokenClaimsSchema } from '@alerta/contract';
import { SignJWT, errors, jwtVerify } from 'jose';
import { ApiError } from '../errors.js';

const ALGORITHM = 'HS256';

export interface TokenSubject {
  userId: string;
  name: string;
  login: string;
  email: string | null;
  emailVerified: boolean;
  provider: string;
  roles: readonly string[];
  groups: readonly string[];
  scopes: readonly string[];
  /** GitHub organisations (docs/api/auth.md#tokens `orgs`). */
  orgs?: readonly string[];
  picture?: string | null;
  /** docs/api/auth.md#tokens: with CUSTOMER_VIEWS, the user's customers; none (left out) means every customer. */
  customers?: readonly string[];
}

// Importing the key on every request costs more than the HMAC itself; a server has one secret, so keep its key.
const keys = new Map<string, KeyObject>();
function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** docs/api/auth.md#tokens: the claims of a login token; empty or null claims are left out. */
export async function issueToken(
  subject: TokenSubject,
  options: { secret: string; issuer: string; audience: string; expireDays: number },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    typ: 'Bearer',
    name: subject.name,
    preferred_username: subject.login,
    email: subject.email,
    provider: subject.provider,
    roles: subject.roles,
    groups: subject.groups,
    scope: subject.scopes.join(' '),
    email_verified: subject.emailVerified,
    orgs: subject.orgs,
    picture: subject.picture,
    customers: subject.customers,
  };
  const present = Object.fromEntries(
    Object.entries(claims).filter(
      ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
  return new SignJWT(present)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(options.issuer)
    .setSubject(subject.userId)
    .setAudience(options.audience)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + options.expireDays * 86400)
    .setJti(randomUUID())
    .sign(secretKey(options.secret));
}

/**
 * Verifies a Bearer token (docs/api/auth.md#credentials): HS256 only (so `alg: none` and other algorithms are refused),
 * signature, expiry and audience. Throws the reference's 401 messages.
 */
export async function verifyToken(token: string, secret: string, audience: string): Promise<TokenClaims> {
  const cacheKey = `${audience}\u0000${secret}\u0000${token}`;
  const cached = verified.get(cacheKey);
  if (cached !== undefined) {
    if (stillValid(cached)) return cached;
    verified.delete(cacheKey);
  }
  const claims = await verifyUncached(token, secret, audience);
  if (verified.size >= VERIFIED_CACHE_SIZE) {
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(cacheKey, claims);
  return claims;
}

/**
 * A console polls with one token many times a second; checking its signature each time costs more than answering
 * the request. A token that verified once is remembered, and only its time window is checked again on reuse.
 */
const VERIFIED_CACHE_SIZE = 1000;
const verified = new Map<string, TokenClaims>();

function stillValid(claims: TokenClaims): boolean {
  const now = Date.now() / 1000;
  if (typeof claims.exp === 'number' && now >= claims.exp) return false;
  if (typeof claims.nbf === 'number' && now < claims.nbf) return false;
  return true;
}

async function verifyUncached(token: string, secret: string, audience: string): Promise<TokenClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secretKey(secret), { algorithms: [ALGORITHM], audience }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new ApiError(401, 'Token has expired');
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') {
      throw new ApiError(401, 'Invalid audience');
    }
    throw new ApiError(401, 'Token is invalid');
  }
  const claims = tokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw new ApiError(401, 'Token is invalid');
  return claims.data;
}
