import type { ClientConfig } from '@alerta/contract';
import { act, render } from '@testing-library/react';
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

const realSetTimeout = globalThis.setTimeout;

/** The calls the console makes through its API client, seen as they start (synchronously, before any request). */
export interface ApiCalls {
  /** The path of every call so far, in order (e.g. `/auth/logout`). */
  paths(): string[];
  /**
   * Resolves once every call started so far, and any started while waiting, has settled, and the task they ran in has
   * ended: whatever the console does with an answer in the promise callbacks that follow it has happened by then.
   */
  settled(): Promise<void>;
}

function watchApiCalls(context: ReturnType<typeof createAppContext>): ApiCalls {
  const started: { path: string; done: Promise<unknown> }[] = [];
  const request = context.api.request.bind(context.api);
  const revalidate = context.api.revalidate.bind(context.api);
  const watch = <T,>(path: string, answer: Promise<T>): Promise<T> => {
    started.push({ path, done: answer.catch(() => undefined) });
    return answer;
  };
  context.api.request = (path, options) => watch(path, request(path, options));
  context.api.revalidate = (path, etag, options) => watch(path, revalidate(path, etag, options));
  return {
    paths: () => started.map((call) => call.path),
    settled: async () => {
      for (let seen = -1; seen !== started.length;) {
        seen = started.length;
        await Promise.all(started.map((call) => call.done));
      }
      // A task boundary: every microtask the answers queued has run once it comes.
      await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 0)));
    },
  };
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
  const apiCalls = watchApiCalls(context);
  // No timer between keystrokes: the same events in the same order, without a wait after each, which on a busy machine
  // made a form typed in full take several seconds.
  const user = userEvent.setup({ delay: null });
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
  return { context, user, location, apiCalls };
}
