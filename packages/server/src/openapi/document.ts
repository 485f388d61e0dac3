import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { absentBodyIsEmpty } from '../http/validation.js';
import type { Settings } from '../settings.js';
import { TAGS, operationOf } from './operations.js';

/** Where the reference page is, under BASE_PATH. */
export const DOCS_PREFIX = '/docs';
/** Where the document is, under BASE_PATH. */
export const DOCUMENT_PATH = '/openapi.json';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Marks an operation whose body may be left out (a route that reads no body as `{}`); see `bodyOptional` below. */
const BODY_OPTIONAL = 'x-body-optional';

function readsNoBodyAsEmpty(preValidation: unknown): boolean {
  return Array.isArray(preValidation) ? preValidation.includes(absentBodyIsEmpty) : preValidation === absentBodyIsEmpty;
}

/**
 * The plugin calls every body required, as Fastify wants one where a route has a body schema; a route that reads a
 * missing body as `{}` (absentBodyIsEmpty) does not, and the document says so.
 */
function bodyOptional(document: unknown): unknown {
  const paths = (document as { paths?: Record<string, Record<string, Record<string, unknown>>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      if (operation[BODY_OPTIONAL] !== true) continue;
      delete operation[BODY_OPTIONAL];
      const body = operation.requestBody as { required?: boolean } | undefined;
      if (body !== undefined) body.required = false;
    }
  }
  return document;
}

const API_DESCRIPTION = [
  'An Alerta-compatible alert-management API. The rules it follows are written down in the repository’s',
  'docs/api (conventions, alerts, heartbeats, blackouts, identity, keys, scopes and customers) and',
  'docs/webhooks.md. Every answer is JSON unless said otherwise; errors answer',
  '`{"status": "error", "message", "code", "errors", "requestId"}`.',
].join(' ');

/**
 * docs/api/README.md#openapi-document: the OpenAPI 3.1 document, built from the routes' zod schemas as Fastify
 * registers them. Registered before the routes, so that it sees each one; only routes under BASE_PATH are described
 * (the console's files are not API), each with the summary and tag of `operations.ts`.
 */
export async function registerOpenApi(app: FastifyInstance, settings: Settings): Promise<void> {
  const basePath = settings.BASE_PATH;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Alerta API', version: '9', description: API_DESCRIPTION },
      servers: [{ url: basePath }],
      tags: [...TAGS],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (docs/api/keys.md)' },
          bearer: { type: 'http', scheme: 'bearer', description: 'A sign-in token from POST /auth/login' },
          keyInQuery: { type: 'apiKey', in: 'query', name: 'api-key', description: 'An API key in the URL' },
        },
      },
    },
    transform: (input) => {
      const { url, route } = input;
      const under = url === basePath || url.startsWith(`${basePath}/`);
      const schema: FastifySchema & { hide?: boolean } = input.schema ?? {};
      if (!under || schema.hide === true) return { schema: { hide: true }, url };
      const path = url.slice(basePath.length) || '/';
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const operation = operationOf(methods[0] ?? 'GET', path);
      const scope = route.config?.scope;
      const described = {
        ...schema,
        ...(operation === undefined ? {} : { summary: operation.summary, tags: [operation.tag] }),
        ...(readsNoBodyAsEmpty(route.preValidation) ? { [BODY_OPTIONAL]: true } : {}),
        ...(scope === undefined
          ? { security: [] }
          : {
              security: [{ apiKey: [] }, { bearer: [] }, { keyInQuery: [] }],
              description: scope === null ? 'Needs a signed-in caller.' : `Needs the scope \`${scope}\`.`,
            }),
      };
      // The index is `BASE_PATH` itself, which the document names `/` under its server URL.
      return zodTransform({ ...input, schema: described, url: path === '/' ? `${basePath}/` : url });
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/**
 * The document at `GET BASE_PATH/openapi.json` and the reference page at `GET BASE_PATH/docs`, both public: they are
 * documentation. The page's scripts and styles are served from this server (no CDN); its Content-Security-Policy is
 * set in http/security-headers.ts.
 */
export async function registerDocsRoutes(api: FastifyInstance, settings: Settings): Promise<void> {
  let document: unknown;
  api.get(DOCUMENT_PATH, (_request, reply) => {
    document ??= bodyOptional(api.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
  await api.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The page's own links are absolute only with the prefix the plugin cannot see from inside BASE_PATH.
    indexPrefix: settings.BASE_PATH,
    uiConfig: { deepLinking: true },
    // No badge from an outside validator: the page makes no request to another site.
    validatorUrl: false,
  });
}
