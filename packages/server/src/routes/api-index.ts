import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { RouteTable } from '../http/route-table.js';

/** One route as the index lists it (docs/api/README.md#small-routes): a name, its absolute URL and its method. */
export interface RouteLink {
  rel: string;
  href: string;
  method: string;
}

// docs/api/README.md#small-routes leaves out the methods every route answers: HEAD (with GET) and OPTIONS (the CORS
// preflight).
const UNLISTED_METHODS = new Set(['HEAD', 'OPTIONS']);

/** A path as the reference writes its routes: parameters in angle brackets (`/alert/<id>`), `*` as `<path:path>`. */
function referenceForm(path: string): string {
  return path
    .split('/')
    .map((part) => (part === '*' ? '<path:path>' : part.replace(/:(\w+)/g, '<$1>')))
    .join('/');
}

// The reference's own names for the two routes whose paths hold no word.
const NAMED_PATHS: Readonly<Record<string, string>> = { '/': 'index', '/_': 'debug' };

/** A name for the route in the style of the reference's view names: `get_alerts`, `put_alert_status`, `index`. */
function relOf(method: string, path: string): string {
  const named = NAMED_PATHS[path];
  if (named !== undefined) return named;
  const words = path
    .split('/')
    .map((part) =>
      part
        .replace(/:\w+|\*/g, '')
        .replace(/[^A-Za-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, ''),
    )
    .filter((part) => part !== '');
  return [method.toLowerCase(), ...words].join('_');
}

/** The API's routes under `basePath` as links to `apiRoot`, one per route and method, sorted by href. */
export function routeLinks(table: RouteTable, basePath: string, apiRoot: string): RouteLink[] {
  const seen = new Set<string>();
  const links: RouteLink[] = [];
  for (const { url, methods } of table.entries()) {
    if (url !== basePath && !url.startsWith(`${basePath}/`)) continue;
    const path = url.slice(basePath.length).replace(/\/+$/, '') || '/';
    for (const method of methods) {
      const key = `${method} ${path}`;
      if (UNLISTED_METHODS.has(method) || seen.has(key)) continue;
      seen.add(key);
      links.push({ rel: relOf(method, path), href: `${apiRoot}${referenceForm(path)}`, method });
    }
  }
  return links.sort((a, b) => (a.href === b.href ? a.method.localeCompare(b.method) : a.href < b.href ? -1 : 1));
}

/** docs/api/README.md#small-routes `GET /`: the API's own routes, open to anyone as in the reference. */
export function registerApiIndexRoute(app: FastifyInstance, context: AppContext, table: RouteTable): void {
  app.get('/', (request, reply) => {
    const apiRoot = context.apiRoot(request);
    return reply.send({
      status: 'ok',
      uri: apiRoot,
      data: { description: 'Alerta API' },
      links: routeLinks(table, context.settings.BASE_PATH, apiRoot),
    });
  });
}
