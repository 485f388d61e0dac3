import { useConfig } from '../../config/ConfigContext';
import { isAllowed } from './permissions';
import { useSession } from './AuthContext';

/** The hook form of {@link isAllowed}, for hiding controls the visitor may not use. */
export function usePermission(): (scope: string | undefined) => boolean {
  const config = useConfig();
  const session = useSession();
  return (scope) => isAllowed(config, session, scope);
}
