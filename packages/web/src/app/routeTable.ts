import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { AlertsScreen } from '../features/alerts/AlertsScreen';
import { LoginScreen } from '../features/auth/LoginScreen';
import { LogoutScreen } from '../features/auth/LogoutScreen';
import { msg, type MessageKey } from '../i18n';

export interface ScreenRoute {
  path: string;
  titleKey: MessageKey;
  /** console.md §2 "Login needed". */
  needsLogin: boolean;
  Screen: ComponentType | LazyExoticComponent<ComponentType>;
}

// Only what /alerts and /login need is in the first bundle; every other screen is its own chunk.
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: '/alerts', titleKey: msg('route.alerts'), needsLogin: true, Screen: AlertsScreen },
  {
    path: '/alert/:id',
    titleKey: msg('route.alert'),
    needsLogin: true,
    Screen: lazy(() => import('../features/alert-detail/AlertDetailScreen')),
  },
  {
    path: '/heartbeats',
    titleKey: msg('route.heartbeats'),
    needsLogin: true,
    Screen: lazy(() => import('../features/heartbeats/HeartbeatsScreen')),
  },
  {
    path: '/users',
    titleKey: msg('route.users'),
    needsLogin: true,
    Screen: lazy(() => import('../features/users/UsersScreen')),
  },
  {
    path: '/groups',
    titleKey: msg('route.groups'),
    needsLogin: true,
    Screen: lazy(() => import('../features/groups/GroupsScreen')),
  },
  {
    path: '/customers',
    titleKey: msg('route.customers'),
    needsLogin: true,
    Screen: lazy(() => import('../features/customers/CustomersScreen')),
  },
  {
    path: '/blackouts',
    titleKey: msg('route.blackouts'),
    needsLogin: true,
    Screen: lazy(() => import('../features/blackouts/BlackoutsScreen')),
  },
  {
    path: '/perms',
    titleKey: msg('route.perms'),
    needsLogin: true,
    Screen: lazy(() => import('../features/perms/PermissionsScreen')),
  },
  {
    path: '/keys',
    titleKey: msg('route.keys'),
    needsLogin: true,
    Screen: lazy(() => import('../features/keys/ApiKeysScreen')),
  },
  {
    path: '/reports',
    titleKey: msg('route.reports'),
    needsLogin: true,
    Screen: lazy(() => import('../features/reports/ReportsScreen')),
  },
  {
    path: '/profile',
    titleKey: msg('route.profile'),
    needsLogin: true,
    Screen: lazy(() => import('../features/profile/ProfileScreen')),
  },
  {
    path: '/settings',
    titleKey: msg('route.settings'),
    needsLogin: true,
    Screen: lazy(() => import('../features/settings/SettingsScreen')),
  },
  {
    path: '/about',
    titleKey: msg('route.about'),
    needsLogin: true,
    Screen: lazy(() => import('../features/about/AboutScreen')),
  },
  { path: '/login', titleKey: msg('route.login'), needsLogin: false, Screen: LoginScreen },
  {
    path: '/signup',
    titleKey: msg('route.signup'),
    needsLogin: false,
    Screen: lazy(() => import('../features/auth/SignupScreen')),
  },
  {
    path: '/confirm/:token',
    titleKey: msg('route.confirm'),
    needsLogin: false,
    Screen: lazy(() => import('../features/auth/ConfirmEmailScreen')),
  },
  {
    path: '/forgot',
    titleKey: msg('route.forgot'),
    needsLogin: false,
    Screen: lazy(() => import('../features/auth/ForgotPasswordScreen')),
  },
  {
    path: '/reset/:token',
    titleKey: msg('route.reset'),
    needsLogin: false,
    Screen: lazy(() => import('../features/auth/ResetPasswordScreen')),
  },
  { path: '/logout', titleKey: msg('route.logout'), needsLogin: false, Screen: LogoutScreen },
];
