import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiError, badRequest } from '../errors.js';

/** A UTF-16 surrogate without its other half: JSON can carry one (`"\ud800"`), Unicode text cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type BadText = 'NUL' | 'surrogate';

/**
 * Where in `value` a string (or an object key) holds a NUL character or a lone surrogate: a dotted path such as
 * `attributes.note` or `tags.2` (`''` for the value itself) and which of the two, or undefined when there is none.
 * Walks without recursion, so a body nested 100,000 deep is read like any other.
 */
export function badTextAt(value: unknown): { path: string; kind: BadText } | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  const kindOf = (text: string): BadText | undefined =>
    text.includes('\0') ? 'NUL' : LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      const kind = kindOf(current);
      if (kind !== undefined) return { path, kind };
    } else if (Array.isArray(current)) {
      current.forEach((item: unknown, index) => pending.push({ value: item, path: join(path, String(index)) }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const kind = kindOf(key);
        if (kind !== undefined) return { path: join(path, JSON.stringify(key).slice(1, -1)), kind };
        pending.push({ value: item, path: join(path, key) });
      }
    }
  }
  return undefined;
}

/**
 * docs/api/conventions.md#errors: PostgreSQL cannot store or compare text that holds a NUL character, nor JSON with a
 * lone surrogate, so the API refuses either anywhere a client can put it (the path's parameters, the query string, the
 * body) with a 400 on both engines, before any route reads it.
 */
export function registerStoredTextCheck(app: FastifyInstance, basePath: string): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const url = request.routeOptions.url;
    const problem = url === undefined || !url.startsWith(basePath) ? undefined : storedTextProblem(request);
    if (problem === undefined) done();
    else done(problem);
  });
}

function storedTextProblem(request: FastifyRequest): ApiError | undefined {
  // Percent-decoding cannot make a lone surrogate, so only NUL characters reach the path and the query.
  if (badTextAt(request.params) !== undefined) return badRequest('Invalid path', ['NUL characters are not allowed']);
  if (badTextAt(request.query) !== undefined) {
    return badRequest('Invalid query string', ['NUL characters are not allowed']);
  }
  const bad = badTextAt(request.body);
  if (bad === undefined) return undefined;
  const where = bad.path === '' ? 'the body' : `'${bad.path}'`;
  if (bad.kind === 'NUL') {
    return badRequest('NUL characters are not allowed in the request body', [`${where} holds a NUL character`]);
  }
  return badRequest('The request body must be valid Unicode', [`${where} holds an unpaired surrogate`]);
}
