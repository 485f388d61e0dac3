/**
 * Every key under which the console keeps an API answer in the query cache. Each `useQuery`, and each call that
 * reloads, cancels or writes cached answers, takes its key from here, so a key read in one place and reloaded in
 * another cannot drift apart by a typing slip.
 *
 * A key starts with its area; reloading an area's first part reloads all of it. The alert list, its grouped view, its
 * tab counts, the indicator tiles and the alert detail share the `alerts` prefix, so whatever changes an alert reloads
 * them all, and so does the top bar's refresh button, which reloads everything but the user's own attributes
 * (docs/console/behaviour.md#states-and-actions).
 */

const ALERTS = 'alerts';
const ADMIN = 'admin';
const REPORTS = 'reports';
const ABOUT = 'about';

export const queryKeys = {
  alerts: {
    /** Everything about alerts: the list, the tab counts, the indicator tiles, the detail screen. */
    all: [ALERTS] as const,
    /** Every page of the alert list, whatever its filter. */
    lists: [ALERTS, 'list'] as const,
    /** One page of the alert list. */
    list: (params: unknown) => [ALERTS, 'list', params] as const,
    /** The grouped view's top groups for one filter, grouping and number of groups shown. */
    groups: (params: unknown) => [ALERTS, 'groups', params] as const,
    /**
     * What the grouped view shows inside its groups: one top group's sub-groups beyond the first few, and the page of
     * alerts of each group open. Reloaded with the top groups.
     */
    groupParts: [ALERTS, 'group-parts'] as const,
    /** A page of one top group's sub-groups. */
    subgroups: (params: unknown) => [ALERTS, 'group-parts', 'subgroups', params] as const,
    /** A page of one group's alerts. */
    groupAlerts: (params: unknown) => [ALERTS, 'group-parts', 'alerts', params] as const,
    /** Every answer of the facets panel, reloaded with the list (docs/console/alert-screens.md#facets). */
    facetsAll: [ALERTS, 'facets'] as const,
    /** The facets panel's counts for one filter. */
    facets: (params: unknown) => [ALERTS, 'facets', params] as const,
    /** The per-environment counts of the tabs, all filters. */
    environments: [ALERTS, 'environments'] as const,
    /** The per-environment counts for one filter (its environment left out). */
    environmentCounts: (params: unknown) => [ALERTS, 'environments', params] as const,
    /** Every indicator tile's counts. */
    indicators: [ALERTS, 'indicator'] as const,
    /** One indicator tile's severity counts. */
    indicator: (params: unknown, openOnly: boolean) => [ALERTS, 'indicator', params, openOnly] as const,
    /** Every alert detail screen's answers. */
    details: [ALERTS, 'detail'] as const,
    /** One alert, on its detail screen. */
    detail: (id: string) => [ALERTS, 'detail', id] as const,
    /** One alert's notes. */
    notes: (id: string) => [ALERTS, 'detail', id, 'notes'] as const,
  },
  /**
   * The search box's value suggestions for a field and the text typed (docs/console/alert-screens.md#search-suggestions):
   * outside the `alerts` prefix, so a change to an alert does not reload them.
   */
  searchValues: (params: unknown) => ['alerts-suggest', params] as const,
  /** The filter sheet's pick lists: outside the `alerts` prefix, so a change to an alert does not reload them. */
  alertFilterChoices: (field: 'services' | 'groups' | 'customers') => ['alerts-filter', field] as const,
  admin: {
    /** Every administration list and pick list. */
    all: [ADMIN] as const,
    /** Every page of one administration list (`/heartbeats`, `/blackouts`…). */
    lists: (path: string) => [ADMIN, path] as const,
    /** One page of an administration list. */
    list: (path: string, query: unknown) => [ADMIN, path, query] as const,
    /** Users or groups offered in a picker, by the text typed. */
    picker: (path: '/users' | '/groups', text: string) => [ADMIN, path, 'picker', text] as const,
    /** The members of a group. */
    groupUsers: (groupId: string) => [ADMIN, '/group/users', groupId] as const,
    /** The groups of a user (none yet for a new one). */
    userGroups: (userId: string | undefined) => [ADMIN, '/user/groups', userId] as const,
    /** The roles the permissions define. */
    roles: [ADMIN, '/perms', 'roles'] as const,
  },
  /** The scopes the server knows. */
  scopes: ['scopes'] as const,
  userAttributes: {
    /** The signed-in user's attributes (preferences, saved searches), whoever it is. */
    all: ['user', 'me', 'attributes'] as const,
    /** Those of one user, by the token's subject. */
    of: (subject: string | null) => ['user', 'me', 'attributes', subject] as const,
  },
  blackouts: {
    /** How many alerts a blackout being edited would cover. */
    wouldMatch: (query: string) => ['blackouts', 'would-match', query] as const,
    /** The names offered for one of the blackout form's fields. */
    choices: (field: string) => ['blackouts', 'choices', field] as const,
  },
  reports: {
    all: [REPORTS] as const,
    /** The names offered by one of the report filters. */
    pick: (field: 'environments' | 'services' | 'groups' | 'customers') => [REPORTS, 'pick', field] as const,
    /** One report's rows. */
    table: (kind: string, filter: unknown, defaultStatus: unknown) => [REPORTS, kind, filter, defaultStatus] as const,
  },
  about: {
    manifest: [ABOUT, 'manifest'] as const,
    status: [ABOUT, 'status'] as const,
    health: (endpoint: string) => [ABOUT, 'health', endpoint] as const,
  },
  /** Users or customers offered when making an API key, by the text typed. */
  keyChoices: (kind: string, text: string) => ['keys', kind, text] as const,
} as const;
