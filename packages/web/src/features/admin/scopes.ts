import { allowedScopes, BUILTIN_SCOPES } from '@alerta/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useApi } from '../../api';
import { usePermission, useSession } from '../auth';
import { queryKeys } from '../../api/queryKeys';

const scopesAnswerSchema = z.looseObject({ scopes: z.catch(z.array(z.string()), []) });

/** The query-cache key of GET /scopes: the list changes only with the server's settings. */
/**
 * Every scope the server knows (GET /scopes, docs/api/scopes.md#the-scope-list), asked only of those allowed to read it
 * (read:perms); for others, and until the answer comes, the built-in list. `ask` false skips the call altogether.
 */
export function useKnownScopes(ask = true): readonly string[] {
  const api = useApi();
  const allowed = usePermission();
  const enabled = ask && allowed('read:perms');
  const query = useQuery({
    queryKey: queryKeys.scopes,
    queryFn: async ({ signal }) => (await api.request('/scopes', { signal, schema: scopesAnswerSchema })).scopes,
    staleTime: 5 * 60_000,
    enabled,
  });
  return enabled && query.data !== undefined ? query.data : BUILTIN_SCOPES;
}

/**
 * The scopes the logged-in user may hand on to a role or a key (docs/console/plumbing.md#permission-checks,
 * docs/console/behaviour.md#roles-and-permissions): those of the known scopes that the user's own scopes cover. The
 * server refuses anything beyond them (403), so offering more would only lead to a refusal. Scopes already given
 * (`kept`, when editing) stay on the list so they do not vanish unseen.
 */
export function useGrantableScopes(kept: readonly string[] = []): string[] {
  const session = useSession();
  const known = useKnownScopes();
  const own = session?.scopes ?? [];
  // Custom scopes the user holds are grantable even when only the built-in list is at hand.
  const grantable = allowedScopes(own, [...new Set([...known, ...own])]);
  return [...new Set([...grantable, ...kept])].sort();
}
