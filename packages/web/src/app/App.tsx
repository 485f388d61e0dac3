import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiProvider } from '../api';
import { ConfigProvider } from '../config/ConfigContext';
import { AuthProvider } from '../features/auth';
import type { AppContext } from './appContext';
import { NotificationProvider } from './notifications/Snackbar';
import { KeyboardShortcuts } from './shortcuts/KeyboardShortcuts';
import { cssVariablesResolver, theme } from './theme';

/** The console's own context for whatever it wraps: texts, config, session, API client, query cache, notifications. */
export function AppProviders({ context, children }: { context: AppContext; children: ReactNode }) {
  return (
    <I18nextProvider i18n={context.i18n}>
      <ConfigProvider config={context.config}>
        <AuthProvider store={context.auth}>
          <ApiProvider client={context.api}>
            <QueryClientProvider client={context.queryClient}>
              <NotificationProvider store={context.notifications}>{children}</NotificationProvider>
            </QueryClientProvider>
          </ApiProvider>
        </AuthProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}

/** Every provider the screens rely on, around the router. */
export function App({ context }: { context: AppContext }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppProviders context={context}>
        <RouterProvider router={context.router} />
        <KeyboardShortcuts />
      </AppProviders>
    </MantineProvider>
  );
}
