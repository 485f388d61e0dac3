import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiProvider } from '../api';
import { ConfigProvider } from '../config/ConfigContext';
import { AuthProvider } from '../features/auth/AuthContext';
import type { AppContext } from './appContext';
import { NotificationProvider } from './notifications/Snackbar';
import { cssVariablesResolver, theme } from './theme';

/** Every provider the screens rely on, around the router. */
export function App({ context }: { context: AppContext }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <I18nextProvider i18n={context.i18n}>
        <ConfigProvider config={context.config}>
          <AuthProvider store={context.auth}>
            <ApiProvider client={context.api}>
              <QueryClientProvider client={context.queryClient}>
                <NotificationProvider store={context.notifications}>
                  <RouterProvider router={context.router} />
                </NotificationProvider>
              </QueryClientProvider>
            </ApiProvider>
          </AuthProvider>
        </ConfigProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
