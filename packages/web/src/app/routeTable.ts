import type { ComponentType, LazyExoticComponent } from 'react';
import { AlertsScreen } from '../features/alerts';
import { LogoutScreen } from '../features/auth';
import { msg, type MessageKey } from '../i18n';
import { lazyChunk } from './lazyChunk';

export interface ScreenRoute {
  path: string;
  titleKey: MessageKey;
  /** docs/console/behaviour.md#screens-and-routes "Login needed". */
  needsLogin: boolean;
  Screen: ComponentType | LazyExoticComponent<ComponentType>;
}

// Only what /alerts needs is in the first bundle; every other screen is its own chunk.
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: '/alerts', titleKey: msg('route.alerts'), needsLogin: true, Screen: AlertsScreen },
  {
    path: '/alert/:id',
    titleKey: msg('route.alert'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/alert-detail/AlertDetailScreen')),
  },
  {
    path: '/heartbeats',
    titleKey: msg('route.heartbeats'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/heartbeats/HeartbeatsScreen')),
  },
  {
    path: '/users',
    titleKey: msg('route.users'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/users/UsersScreen')),
  },
  {
    path: '/groups',
    titleKey: msg('route.groups'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/groups/GroupsScreen')),
  },
  {
    path: '/customers',
    titleKey: msg('route.customers'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/customers/CustomersScreen')),
  },
  {
    path: '/blackouts',
    titleKey: msg('route.blackouts'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/blackouts/BlackoutsScreen')),
  },
  {
    path: '/perms',
    titleKey: msg('route.perms'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/perms/PermissionsScreen')),
  },
  {
    path: '/keys',
    titleKey: msg('route.keys'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/keys/ApiKeysScreen')),
  },
  {
    path: '/reports',
    titleKey: msg('route.reports'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/reports/ReportsScreen')),
  },
  {
    path: '/profile',
    titleKey: msg('route.profile'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/profile/ProfileScreen')),
  },
  {
    path: '/settings',
    titleKey: msg('route.settings'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/settings/SettingsScreen')),
  },
  {
    path: '/about',
    titleKey: msg('route.about'),
    needsLogin: true,
    Screen: lazyChunk(() => import('../features/about/AboutScreen')),
  },
  {
    path: '/login',
    titleKey: msg('route.login'),
    needsLogin: false,
    Screen: lazyChunk(() => import('../features/auth/accountScreens').then((m) => ({ default: m.LoginScreen }))),
  },
  {
    path: '/signup',
    titleKey: msg('route.signup'),
    needsLogin: false,
    Screen: lazyChunk(() => import('../features/auth/accountScreens').then((m) => ({ default: m.SignupScreen }))),
  },
  {
    path: '/confirm/:token',
    titleKey: msg('route.confirm'),
    needsLogin: false,
    Screen: lazyChunk(() => import('../features/auth/accountScreens').then((m) => ({ default: m.ConfirmEmailScreen }))),
  },
  {
    path: '/forgot',
    titleKey: msg('route.forgot'),
    needsLogin: false,
    Screen: lazyChunk(() =>
      import('../features/auth/accountScreens').then((m) => ({ default: m.ForgotPasswordScreen })),
    ),
  },
  {
    path: '/reset/:token',
    titleKey: msg('route.reset'),
    needsLogin: false,
    Screen: lazyChunk(() =>
      import('../features/auth/accountScreens').then((m) => ({ default: m.ResetPasswordScreen })),
    ),
  },
  { path: '/logout', titleKey: msg('route.logout'), needsLogin: false, Screen: LogoutScreen },
];
