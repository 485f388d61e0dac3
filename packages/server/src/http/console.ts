import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from '../settings.js';

export type ConsoleFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const NOT_BUILT =
  'The web console is not built. Run `npm run build --workspace packages/web` (or `npm start`), or point ' +
  'CONSOLE_DIR at a built console. The API is available under ';

/**
 * Serves the console from CONSOLE_DIR at `/` (README.md#running-it): hashed files under /assets/ are
 * cached for good, everything else is revalidated, and any other GET outside the API gets index.html so the
 * console's history-mode routes survive a reload. Files are sent compressed when the build left a compressed copy.
 */
export async function registerConsole(app: FastifyInstance, settings: Settings): Promise<ConsoleFallback> {
  const root = settings.CONSOLE_DIR;
  const indexFile = join(root, 'index.html');

  // BASE_PATH is relative, so the console keeps working behind any proxy prefix; CONSOLE_ENDPOINT points it at an API
  // elsewhere, as the `endpoint` of Alerta's own config.json does (README.md#settings).
  app.get('/config.json', async (_request, reply) => {
    return reply.header('Cache-Control', 'no-cache').send({ endpoint: settings.CONSOLE_ENDPOINT });
  });

  if (!existsSync(root)) {
    // The same explanation at / (200, the page asked for) and for every other path (404).
    const notBuilt = (reply: FastifyReply, code: number) =>
      reply.code(code).type('text/plain; charset=utf-8').send(`${NOT_BUILT}${settings.BASE_PATH}\n`);
    app.get('/', (_request, reply) => notBuilt(reply, 200));
    return (_request, reply) => notBuilt(reply, 404);
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    // The console's build writes a .br and a .gz beside each file worth compressing (README.md#compression);
    // each request gets the one its Accept-Encoding takes, with Vary: Accept-Encoding, index.html included.
    preCompressed: true,
    setHeaders: (reply, path) => {
      const immutable = path.includes(`${join(root, 'assets')}/`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const fallback: ConsoleFallback = (_request, reply) => {
    if (!existsSync(indexFile)) {
      return reply.code(404).type('text/plain; charset=utf-8').send(`${NOT_BUILT}${settings.BASE_PATH}\n`);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  app.get('/', async (request, reply) => fallback(request, reply));
  return fallback;
}
