import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The entity tag of an answer: a hash of its JSON. */
export function entityTag(payload: string): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** Whether an `If-None-Match` header names this entity tag (a list, `*`, or weak forms all count, RFC 9110 §13.1.2). */
export function namesEntityTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Entity tags for the API's JSON answers to GET: a hash of the body, so a client that already holds an answer can ask
 * with `If-None-Match` and get a bodiless 304 while nothing changed. The console's alert list does this on every
 * refresh; a wall screen refreshing every 5 seconds then moves a few hundred bytes instead of a page of alerts, and
 * parses nothing. Clients that do not ask see only the extra header.
 */
export function registerEtags(app: FastifyInstance, basePath: string): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (
      request.method !== 'GET' ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      route === undefined ||
      !route.startsWith(basePath)
    ) {
      done(null, payload);
      return;
    }
    const etag = entityTag(payload);
    reply.header('ETag', etag);
    if (!namesEntityTag(request.headers['if-none-match'], etag)) {
      done(null, payload);
      return;
    }
    reply.code(304);
    reply.removeHeader('Content-Type');
    done(null, '');
  });
}
