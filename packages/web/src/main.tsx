import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { createAppContext } from './app/appContext';
import { rewriteLegacyHashUrl } from './app/redirects';
import { loadConfig } from './config/loadConfig';
import { createI18n } from './i18n';

async function start(): Promise<void> {
  rewriteLegacyHashUrl(window);
  const i18n = createI18n(navigator.language);
  document.documentElement.lang = i18n.language;
  let config;
  try {
    config = await loadConfig((input, init) => fetch(input, init));
  } catch {
    // console.md §7: without the API's client config nothing can work, so say why and mount nothing.
    window.alert(i18n.t('config.loadFailed'));
    return;
  }
  const context = createAppContext({ config, storage: window.localStorage, i18n, createRouter: createBrowserRouter });
  const root = document.getElementById('root');
  if (root === null) return;
  createRoot(root).render(
    <StrictMode>
      <App context={context} />
    </StrictMode>,
  );
}

void start();
