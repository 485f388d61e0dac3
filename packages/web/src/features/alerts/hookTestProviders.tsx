import type { ClientConfig } from '@alerta/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { ApiProvider } from '../../api';
import { createAppContext } from '../../app/appContext';
import { NotificationProvider } from '../../app/notifications/Snackbar';
import { ConfigProvider } from '../../config/ConfigContext';
import { createI18n } from '../../i18n';
import { testConfig } from '../../test/fixtures';
import { AuthProvider } from '../auth/AuthContext';
import { TOKEN_STORAGE_KEY } from '../auth/token';
import { AlertsUiProvider } from './AlertsUiContext';
import { AlertsUiStore } from './alertsUiStore';

/**
 * The providers the alert screen's hooks need, without the screen: the console's own context (config, session, API
 * client, query cache, notifications, texts in English) and a fresh alerts UI store, for `renderHook`'s wrapper.
 */
export function hookProviders({ config, token }: { config?: ClientConfig; token?: string } = {}) {
  if (token !== undefined) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const context = createAppContext({
    config: testConfig(config),
    storage: window.localStorage,
    i18n: createI18n('en'),
    createRouter: (routes) => createMemoryRouter(routes),
    retryDelayMs: 0,
  });
  const store = new AlertsUiStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={context.i18n}>
      <ConfigProvider config={context.config}>
        <AuthProvider store={context.auth}>
          <ApiProvider client={context.api}>
            <QueryClientProvider client={context.queryClient}>
              <NotificationProvider store={context.notifications}>
                <AlertsUiProvider store={store}>{children}</AlertsUiProvider>
              </NotificationProvider>
            </QueryClientProvider>
          </ApiProvider>
        </AuthProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
  return { context, store, wrapper };
}
