import type { RouteObject } from 'react-router';
import { DOCS_URL } from '../config/defaults';
import { msg } from '../i18n';
import { OpenInNewTab, RequireLogin, RootRedirect, UnknownPath } from './guards';
import type { RouteHandle } from './routeHandle';
import { RouteError } from './RouteError';
import { SCREEN_ROUTES, type ScreenRoute } from './routeTable';
import { Shell } from './shell/Shell';

function toRouteObject({ path, titleKey, Screen }: ScreenRoute): RouteObject {
  const handle: RouteHandle = { titleKey };
  return { path, handle, element: <Screen /> };
}

/**
 * Every route of docs/console/behaviour.md#screens-and-routes / docs/console/plumbing.md#routes, inside the app shell.
 */
export function buildRoutes(): RouteObject[] {
  const helpHandle: RouteHandle = { titleKey: msg('route.help') };
  const notFoundHandle: RouteHandle = { titleKey: msg('route.notFound') };
  return [
    {
      element: <Shell />,
      children: [
        {
          // A screen that fails to draw (a chunk that does not load, say) shows the error inside the shell.
          errorElement: <RouteError />,
          children: [
            { element: <RequireLogin />, children: SCREEN_ROUTES.filter((r) => r.needsLogin).map(toRouteObject) },
            ...SCREEN_ROUTES.filter((r) => !r.needsLogin).map(toRouteObject),
            { path: '/help', handle: helpHandle, element: <OpenInNewTab url={DOCS_URL} /> },
            { index: true, element: <RootRedirect /> },
            { path: '*', handle: notFoundHandle, element: <UnknownPath /> },
          ],
        },
      ],
    },
  ];
}
