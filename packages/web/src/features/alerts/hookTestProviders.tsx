import type { ClientConfig } from '@alerta/contract';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { AppProviders } from '../../app/App';
import { createAppContext } from '../../app/appContext';
import { createI18n } from '../../i18n';
import { testConfig } from '../../test/fixtures';
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
    <AppProviders context={context}>
      <AlertsUiProvider store={store}>{children}</AlertsUiProvider>
    </AppProviders>
  );
  return { context, store, wrapper };
}
