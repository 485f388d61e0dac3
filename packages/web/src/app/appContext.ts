import { QueryCache, QueryClient, isCancelledError } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { RouteObject, createBrowserRouter } from 'react-router';
import { ApiError, createApiClient, isAbortError, type ApiClient } from '../api';
import type { MessageKey } from '../i18n';
import { NotificationStore } from './notifications/notificationStore';
import { notifyError } from './notifications/snackbarText';
import type { AppConfig } from '../config/appConfig';
import { AuthStore } from '../features/auth';
import { loginPathFor } from './redirects';
import { buildRoutes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Said in the snackbar instead of the server's message when the query fails. */
      errorText?: MessageKey;
    };
  }
}

export interface AppContext {
  config: AppConfig;
  auth: AuthStore;
  api: ApiClient;
  queryClient: QueryClient;
  router: AppRouter;
  i18n: I18n;
  notifications: NotificationStore;
}

export interface AppContextOptions {
  config: AppConfig;
  storage: Storage;
  i18n: I18n;
  createRouter: (routes: RouteObject[]) => AppRouter;
  fetch?: typeof fetch;
  /** Milliseconds between query retries; tests set 0. Default: TanStack Query's backoff. */
  retryDelayMs?: number;
}

/** Errors worth retrying are the transient ones: no answer, or a server-side failure. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/** Wires the console's long-lived parts together: session, API client, query cache and router. */
export function createAppContext(options: AppContextOptions): AppContext {
  const auth = new AuthStore(options.storage);
  // The router is made after the API client, which needs to reach it on a 401.
  const routerRef: { current?: AppRouter } = {};

  // docs/console/behaviour.md#errors: a 401 logs out and sends the visitor to log in, remembering where they were.
  const onUnauthorized = () => {
    if (auth.getSession() !== null) auth.logout();
    const router = routerRef.current;
    if (router === undefined) return;
    const { pathname, search, hash } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate(loginPathFor(`${pathname}${search}${hash}`), { replace: true });
  };

  const api = createApiClient({
    baseUrl: options.config.endpoint,
    getToken: auth.getToken,
    onUnauthorized,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  const notifications = new NotificationStore();
  const queryClient = new QueryClient({
    // docs/console/behaviour.md#errors: every failed load is reported: the server's message and code, or that the API
    // does not answer (the list keeps retrying on its timer). A load cut short on purpose is not a failure.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isCancelledError(error) || isAbortError(error)) return;
        const errorText = query.meta?.errorText;
        if (errorText === undefined) notifyError(notifications, error, options.i18n.t);
        else notifications.error(options.i18n.t(errorText));
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        ...(options.retryDelayMs === undefined ? {} : { retryDelay: options.retryDelayMs }),
      },
      mutations: { retry: false },
    },
  });
  const router = options.createRouter(buildRoutes());
  routerRef.current = router;
  return { config: options.config, auth, api, queryClient, router, i18n: options.i18n, notifications };
}
