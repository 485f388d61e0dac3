import { hasScope } from '@alerta/contract';
import type { AppConfig } from '../../config/appConfig';
import type { Session } from './token';

/**
 * Whether the visitor may see a control that needs `scope` (docs/console/behaviour.md#validation,
 * docs/console/plumbing.md#permission-checks): everything is allowed when auth is not required; with read-only access
 * allowed an anonymous visitor gets the read-only scopes; otherwise a logged-in user needs the scope (or one that
 * implies it).
 */
export function isAllowed(config: AppConfig, session: Session | null, scope: string | undefined): boolean {
  if (!config.auth_required) return true;
  if (scope === undefined || scope === '') return session !== null || config.allow_readonly;
  if (session !== null) return hasScope(session.scopes, scope);
  if (config.allow_readonly) return hasScope(config.readonly_scopes, scope);
  return false;
}
