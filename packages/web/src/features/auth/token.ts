import { parseScopeClaim, tokenClaimsSchema, type TokenClaims } from '@alerta/contract';

/** The predecessor's key (vue-authenticate: namespace `auth`, name `token`), so sessions survive the switch. */
export const TOKEN_STORAGE_KEY = 'auth.token';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without verifying it: the server verifies, the console only shows and gates UI. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const parsed = tokenClaimsSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isExpired(claims: TokenClaims, nowMs: number): boolean {
  return claims.exp !== undefined && claims.exp * 1000 <= nowMs;
}

export interface Session {
  token: string;
  claims: TokenClaims;
  scopes: string[];
}

/** A usable session from a stored token, or null when there is none, it is unreadable, or it has expired. */
export function sessionFromToken(token: string | null, nowMs: number): Session | null {
  if (token === null || token === '') return null;
  const claims = decodeTokenClaims(token);
  if (claims === null || isExpired(claims, nowMs)) return null;
  return { token, claims, scopes: parseScopeClaim(claims.scope) };
}
