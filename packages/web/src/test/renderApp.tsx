import type { ClientConfig } from '@alerta/contract';
import { render } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { createAppContext } from '../app/appContext';
import { TOKEN_STORAGE_KEY } from '../features/auth/token';
import { createI18n } from '../i18n';
import { testConfig } from './fixtures';

export interface RenderAppOptions {
  config?: ClientConfig;
  /** A token already stored, as if the user had logged in before. */
  token?: string;
  /** Called after each commit React makes anywhere in the console (React's Profiler). */
  onCommit?: () => void;
}

/** Renders the whole console at `path`, with real routes, providers and API client (MSW answers). */
export function renderApp(path: string, { config, token, onCommit }: RenderAppOptions = {}) {
  if (token !== undefined) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const context = createAppContext({
    config: testConfig(config),
    storage: window.localStorage,
    i18n: createI18n('en'),
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
    retryDelayMs: 0,
  });
  const user = userEvent.setup();
  render(
    onCommit === undefined ? (
      <App context={context} />
    ) : (
      <Profiler id="console" onRender={onCommit}>
        <App context={context} />
      </Profiler>
    ),
  );
  const location = () => context.router.state.location;
  return { context, user, location };
}
