import type { AppConfig } from '../../config/appConfig';
import { msg, type MessageKey } from '../../i18n';

export interface NavEntry {
  path: string;
  labelKey: MessageKey;
  /** The scope the entry needs (docs/console/behaviour.md#screens-and-routes App shell); none = no permission check. */
  scope?: string;
  /** Opens outside the console, in a new tab. */
  external?: boolean;
  /** Drawn after the divider. */
  group: 'main' | 'personal';
}

interface Visibility {
  config: AppConfig;
  loggedIn: boolean;
}

/** Entries of the navigation drawer in order, each with the condition under which it exists at all. */
const ENTRIES: readonly (NavEntry & { when?: (v: Visibility) => boolean })[] = [
  { path: '/alerts', labelKey: msg('route.alerts'), scope: 'read:alerts', group: 'main' },
  { path: '/heartbeats', labelKey: msg('route.heartbeats'), scope: 'read:heartbeats', group: 'main' },
  { path: '/users', labelKey: msg('route.users'), scope: 'admin:users', group: 'main' },
  {
    path: '/groups',
    labelKey: msg('route.groups'),
    scope: 'read:groups',
    group: 'main',
    when: ({ config }) => config.provider === 'basic',
  },
  {
    path: '/customers',
    labelKey: msg('route.customers'),
    scope: 'read:customers',
    group: 'main',
    when: ({ config }) => config.customer_views,
  },
  { path: '/blackouts', labelKey: msg('route.blackouts'), scope: 'read:blackouts', group: 'main' },
  { path: '/perms', labelKey: msg('route.perms'), scope: 'read:perms', group: 'main' },
  {
    path: '/keys',
    labelKey: msg('route.keys'),
    scope: 'read:keys',
    group: 'main',
    when: ({ config, loggedIn }) => loggedIn || !config.auth_required,
  },
  { path: '/reports', labelKey: msg('route.reports'), scope: 'read:alerts', group: 'main' },
  { path: '/profile', labelKey: msg('route.profile'), group: 'personal', when: ({ loggedIn }) => loggedIn },
  { path: '/settings', labelKey: msg('route.settings'), group: 'personal', when: ({ loggedIn }) => loggedIn },
  { path: '/help', labelKey: msg('route.help'), group: 'personal', external: true },
  { path: '/about', labelKey: msg('route.about'), scope: 'read:management', group: 'personal' },
];

/** The entries to draw: those whose condition holds and whose scope the visitor has. */
export function visibleNavEntries(visibility: Visibility, allowed: (scope: string) => boolean): NavEntry[] {
  return ENTRIES.filter(
    (entry) => (entry.when?.(visibility) ?? true) && (entry.scope === undefined || allowed(entry.scope)),
  );
}
