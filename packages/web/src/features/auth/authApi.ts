import { tokenResponseSchema } from '@alerta/contract';
import { z } from 'zod/mini';
import type { ApiClient } from '../../api';

/** POST /auth/login (docs/api/auth.md#routes): the answer is just `{token}`. */
export async function logIn(api: ApiClient, username: string, password: string): Promise<string> {
  const { token } = await api.request('/auth/login', {
    method: 'POST',
    body: { username, password },
    schema: tokenResponseSchema,
    handleUnauthorized: false,
  });
  return token;
}

const logoutResponseSchema = z.looseObject({ logoutUrl: z.catch(z.optional(z.nullable(z.string())), undefined) });

/**
 * POST /auth/logout (docs/api/auth.md#routes): the answer names the identity provider's end-session address when it has
 * one, so the browser can sign out there too. Null when there is none.
 */
export async function logOut(api: ApiClient): Promise<string | null> {
  const answer = await api.request('/auth/logout', {
    method: 'POST',
    schema: logoutResponseSchema,
    handleUnauthorized: false,
  });
  return answer.logoutUrl ?? null;
}

/**
 * docs/console/behaviour.md#states-and-actions: the provider's end-session address with where to come back to, our own
 * /logout route: Keycloak reads `redirect_uri`, the other providers `post_logout_redirect_url`. Null for an address
 * that is not http(s).
 */
export function providerLogoutUrl(logoutUrl: string, provider: string, returnTo: string): string | null {
  let url: URL;
  try {
    url = new URL(logoutUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set(provider === 'keycloak' ? 'redirect_uri' : 'post_logout_redirect_url', returnTo);
  return url.toString();
}

/** Leaving the console for another site; a seam for tests, where jsdom cannot navigate. */
export const browser = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
};
