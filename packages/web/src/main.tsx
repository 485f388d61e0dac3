import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { createAppContext } from './app/appContext';
import { boot } from './app/boot';
import { rewriteLegacyHashUrl } from './app/redirects';
import { loadI18n } from './i18n';

async function start(): Promise<void> {
  rewriteLegacyHashUrl(window);
  const i18n = await loadI18n(navigator.language);
  document.documentElement.lang = i18n.language;

  await boot({
    fetch: (input, init) => fetch(input, init),
    basePath: import.meta.env.BASE_URL,
    i18n,
    alert: (message) => window.alert(message),
    mount: (config) => {
      const root = document.getElementById('root');
      if (root === null) return;
      const context = createAppContext({
        config,
        storage: window.localStorage,
        i18n,
        createRouter: createBrowserRouter,
      });
      createRoot(root).render(
        <StrictMode>
          <App context={context} />
        </StrictMode>,
      );
    },
  });
}

void start();
