import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiError, badRequest } from '../errors.js';

/** A UTF-16 surrogate without its other half: JSON can carry one (`"\ud800"`), Unicode text cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type BadText = 'NUL' | 'surrogate' | 'depth';

/**
 * How deep a body may nest objects and lists. Far more than any sender or console needs; deeper, the recursive code
 * that merges user attributes or writes JSON would run out of stack, which is a crash and not the client's 400.
 */
export const MAX_BODY_DEPTH = 100;

/**
 * Where in `value` a string (or an object key) holds a NUL character or a lone surrogate, or objects and lists nest
 * deeper than MAX_BODY_DEPTH: a dotted path such as `attributes.note` or `tags.2` (`''` for the value itself) and
 * which problem, or undefined when there is none. Walks without recursion, so any depth is safe to look at.
 */
export function badTextAt(value: unknown): { path: string; kind: BadText } | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  const kindOf = (text: string): BadText | undefined =>
    text.includes('\0') ? 'NUL' : LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path, depth } = next;
    if (depth > MAX_BODY_DEPTH) return { path, kind: 'depth' };
    if (typeof current === 'string') {
      const kind = kindOf(current);
      if (kind !== undefined) return { path, kind };
    } else if (Array.isArray(current)) {
      current.forEach((item: unknown, index) =>
        pending.push({ value: item, path: join(path, String(index)), depth: depth + 1 }),
      );
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const kind = kindOf(key);
        if (kind !== undefined) return { path: join(path, JSON.stringify(key).slice(1, -1)), kind };
        pending.push({ value: item, path: join(path, key), depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * docs/api/conventions.md#errors: PostgreSQL cannot store or compare text that holds a NUL character, nor JSON with a
 * lone surrogate, so the API refuses either anywhere a client can put it (the path's parameters, the query string, the
 * body) with a 400 on both engines, before any route reads it; and a body nested deeper than MAX_BODY_DEPTH.
 */
export function registerStoredTextCheck(app: FastifyInstance, basePath: string): void {
  const underApi = (request: FastifyRequest) => request.routeOptions.url?.startsWith(basePath) === true;
  // The path and the query before the credentials are checked: a key may come in the query (`api-key=`).
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = underApi(request) ? urlProblem(request) : undefined;
    if (problem === undefined) done();
    else done(problem);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = underApi(request) ? bodyProblem(request.body) : undefined;
    if (problem === undefined) done();
    else done(problem);
  });
}

function urlProblem(request: FastifyRequest): ApiError | undefined {
  // Percent-decoding cannot make a lone surrogate, so only NUL characters reach the path and the query.
  if (badTextAt(request.params) !== undefined) return badRequest('Invalid path', ['NUL characters are not allowed']);
  if (badTextAt(request.query) !== undefined) {
    return badRequest('Invalid query string', ['NUL characters are not allowed']);
  }
  return undefined;
}

function bodyProblem(body: unknown): ApiError | undefined {
  const bad = badTextAt(body);
  if (bad === undefined) return undefined;
  const where = bad.path === '' ? 'the body' : `'${bad.path}'`;
  if (bad.kind === 'depth') {
    return badRequest('The request body is nested too deeply', [
      `objects and lists may nest at most ${MAX_BODY_DEPTH} levels deep`,
    ]);
  }
  if (bad.kind === 'NUL') {
    return badRequest('NUL characters are not allowed in the request body', [`${where} holds a NUL character`]);
  }
  return badRequest('The request body must be valid Unicode', [`${where} holds an unpaired surrogate`]);
}
