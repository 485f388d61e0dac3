import { tokenResponseSchema } from '@alerta/contract';
import { z } from 'zod/mini';
import type { ApiClient } from '../../api';

/** POST /auth/login (api.md §1.7): the answer is just `{token}`. */
export async function logIn(api: ApiClient, username: string, password: string): Promise<string> {
  const { token } = await api.request('/auth/login', {
    method: 'POST',
    body: { username, password },
    schema: tokenResponseSchema,
    handleUnauthorized: false,
  });
  return token;
}

/** POST /auth/logout: the server may name a provider logout address; the console ignores the body for now. */
export async function logOut(api: ApiClient): Promise<void> {
  await api.request('/auth/logout', { method: 'POST', schema: z.unknown(), handleUnauthorized: false });
}
