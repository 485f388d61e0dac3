import { tokenResponseSchema } from '@alerta/contract';
import { z } from 'zod/mini';
import type { ApiClient } from '../../api';

/**
 * The account calls of docs/api/auth.md#routes. None of them runs inside a session, so a 401 (an expired confirmation
 * link, a refused provider code) is an answer to show, not a reason to go to the login screen.
 */

export interface SignupValues {
  name: string;
  email: string;
  password: string;
  text: string;
}

/** POST /auth/signup: the new account's login token. */
export async function signUp(api: ApiClient, values: SignupValues): Promise<string> {
  const { token } = await api.request('/auth/signup', {
    method: 'POST',
    body: { name: values.name, email: values.email, password: values.password, text: values.text },
    schema: tokenResponseSchema,
    handleUnauthorized: false,
  });
  return token;
}

const messageSchema = z.looseObject({ message: z.catch(z.optional(z.string()), undefined) });

/** POST /auth/confirm/{token}: the server's message, e.g. "email address alice@example.com confirmed". */
export async function confirmEmail(api: ApiClient, token: string): Promise<string> {
  const answer = await api.request(`/auth/confirm/${encodeURIComponent(token)}`, {
    method: 'POST',
    // An empty JSON body: the API reads every POST as JSON (docs/api/conventions.md).
    body: {},
    schema: messageSchema,
    handleUnauthorized: false,
  });
  return answer.message ?? '';
}

/** POST /auth/forgot: asks for a reset link by mail. */
export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await api.request('/auth/forgot', {
    method: 'POST',
    body: { email },
    schema: messageSchema,
    handleUnauthorized: false,
  });
}

/** POST /auth/reset/{token}: sets the new password. */
export async function resetPassword(api: ApiClient, token: string, password: string): Promise<void> {
  await api.request(`/auth/reset/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { password },
    schema: messageSchema,
    handleUnauthorized: false,
  });
}

/** POST /auth/<provider>: the code the provider's popup brought back, for a login token. */
export async function exchangeProviderCode(
  api: ApiClient,
  path: string,
  body: { code: string; clientId: string; redirectUri: string },
): Promise<string> {
  const { token } = await api.request(path, {
    method: 'POST',
    body,
    schema: tokenResponseSchema,
    handleUnauthorized: false,
  });
  return token;
}
