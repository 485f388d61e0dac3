import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { createAppContext } from './app/appContext';
import { boot } from './app/boot';
import { preloadGroupedView } from './features/alerts';
import { rewriteLegacyHashUrl } from './app/redirects';
import { loadI18n } from './i18n';
import touch from './shared/touchTargets.module.css';

async function start(): Promise<void> {
  rewriteLegacyHashUrl(window);
  const i18n = await loadI18n(navigator.language);
  document.documentElement.lang = i18n.language;
  // docs/console/alert-screens.md#touch-targets: on a phone or touch screen every control is a 44 px target, in the
  // sign-in screens and in the dialogs and drawers drawn outside a screen's frame too.
  if (touch.touch !== undefined) document.body.classList.add(touch.touch);

  await boot({
    fetch: (input, init) => fetch(input, init),
    basePath: import.meta.env.BASE_URL,
    i18n,
    alert: (message) => window.alert(message),
    mount: (config) => {
      preloadGroupedView(window.location, i18n);
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
