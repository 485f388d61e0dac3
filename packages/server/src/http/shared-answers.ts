import { brotliCompressSync, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BROTLI_OPTIONS, COMPRESSION_THRESHOLD, ENCODINGS, type Encoding, GZIP_OPTIONS } from './compression.js';
import { entityTag, namesEntityTag } from './etag.js';
import { customersKey } from './live-stream.js';
import { addVary } from './vary.js';

/**
 * The routes a console reads again when it hears of a change (docs/api/stream.md#shared-answers): their answers depend
 * on the alerts, the query string and the customers the caller sees, nothing else of the caller's.
 */
const SHARED_ROUTES: ReadonlySet<string> = new Set([
  '/alerts',
  '/alerts/count',
  '/environments',
  '/services',
  '/alerts/groups',
  '/alerts/tags',
  '/alerts/grouped',
  '/alerts/facets',
]);

/** How long an answer is kept at most: what in it depends on the clock (the default `to-date`) is never older. */
const KEEP_MS = 5_000;
const MAX_ENTRIES = 200;
/** How long callers wait for an answer another request is making before they make their own. */
const MAKING_MS = 5_000;
/** Answers larger than this are not kept. */
const MAX_ANSWER_CHARS = 1_000_000;

/**
 * A kept answer: its JSON, and what each caller given it would otherwise work out again from it (its entity tag, its
 * compressed forms), made once on first need.
 */
interface Kept {
  payload: string;
  at: number;
  etag?: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key under which this request's answer is kept, when it may be shared (shared-answers.ts). */
    sharedAnswerKey: string | undefined;
  }
}

/** What the change hub knows of the log (ChangeHub.reads, ChangeHub.readsAll). */
interface HubState {
  readonly reads: number | undefined;
  readsAll(reads: number): Promise<boolean>;
}

/**
 * Answers shared between callers who ask the same question while nothing has changed: the consoles woken by one event
 * of the live stream all ask again within a few hundred milliseconds, and all but the first get the first one's
 * answer (docs/api/stream.md#shared-answers).
 *
 * An answer is kept under its question (path and query string, the API's address for the links in it, the customers
 * the caller sees) and the change hub's count of reads that found changes when it was asked. It is given out again
 * only while that count has not moved and the hub has read every change committed so far, which the hub asks of the
 * database (a count of a few log entries, far cheaper than an answer): so no answer older than a change that has
 * committed is given out, whichever process made the change and whichever told the client of it. Only while the hub
 * follows the change log (some stream is open on this process) is that known; otherwise nothing is kept. Answers
 * older than KEEP_MS are not given out either.
 */
export class SharedAnswers {
  private readonly kept = new Map<string, Kept>();
  /** Answers being made: callers asking the same meanwhile wait for them rather than make them again. */
  private readonly making = new Map<
    string,
    { done: Promise<Kept | undefined>; finish: (kept?: Kept) => void; since: number }
  >();
  private hub: HubState | undefined;
  /** The latest check of the hub's state (current). */
  private check: { startedAt: number; reads: number; result: Promise<boolean> } | undefined;

  /** Where the hub's state comes from (the stream route, which owns the hub). */
  follow(hub: HubState): void {
    this.hub = hub;
  }

  /** The key of a question in the hub's current state; undefined when nothing may be kept. */
  keyOf(question: string): { key: string; reads: number } | undefined {
    const reads = this.hub?.reads;
    return reads === undefined ? undefined : { key: `${String(reads)}\u0000${question}`, reads };
  }

  /**
   * Whether an answer kept at `reads` may be given out to a caller who asked at `askedAt` (performance.now()): the hub
   * has read nothing new since, nor has anything committed that it has not read. A check started at or after the ask
   * tells that of every change committed before the ask, so callers woken by one event share one check.
   */
  current(reads: number, askedAt: number): Promise<boolean> {
    const last = this.check;
    if (last !== undefined && last.reads === reads && last.startedAt >= askedAt) return last.result;
    const startedAt = performance.now();
    const result = (async () => {
      try {
        return (await this.hub?.readsAll(reads)) === true;
      } catch {
        // The database did not say: the request reads it itself, and says what failed if it fails again.
        return false;
      }
    })();
    this.check = { startedAt, reads, result };
    return result;
  }

  get(key: string, now: number): Kept | undefined {
    const entry = this.kept.get(key);
    if (entry === undefined) return undefined;
    if (now - entry.at > KEEP_MS) {
      this.kept.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The answer of `key` another request is making, once made (undefined if it failed); undefined if none is. */
  inMaking(key: string, now: number): Promise<Kept | undefined> | undefined {
    const entry = this.making.get(key);
    if (entry === undefined) return undefined;
    // A request that never ended keeps no one waiting: past MAKING_MS its callers make their own answer.
    const left = entry.since + MAKING_MS - now;
    if (left <= 0) {
      this.making.delete(key);
      entry.finish();
      return undefined;
    }
    return Promise.race([
      entry.done,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), left).unref()),
    ]);
  }

  /** This request makes the answer of `key`, unless another already does; true when it is this one. */
  beginMaking(key: string, now: number): boolean {
    if (this.making.has(key)) return false;
    let finish: (kept?: Kept) => void = () => undefined;
    const done = new Promise<Kept | undefined>((resolve) => (finish = resolve));
    this.making.set(key, { done, finish, since: now });
    return true;
  }

  /** The answer of `key` is made (`payload` undefined: it failed, and those waiting make their own). */
  endMaking(key: string, payload: string | undefined, at: number): void {
    const kept = payload === undefined ? undefined : { payload, at, encoded: {} };
    if (kept !== undefined) this.put(key, kept);
    const entry = this.making.get(key);
    this.making.delete(key);
    entry?.finish(kept);
  }

  private put(key: string, kept: Kept): void {
    if (kept.payload.length > MAX_ANSWER_CHARS) return;
    // Keys of an older state are never asked for again: the oldest entries go first.
    this.kept.delete(key);
    if (this.kept.size >= MAX_ENTRIES) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(key, kept);
  }
}

/** Brotli or gzip, as the compression of every other answer would choose for this request (compression.ts). */
function encodingFor(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  // `*` and `x-gzip` stand for gzip, as they do for the compression of other answers.
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]) ?? undefined;
}

/**
 * A kept answer sent as a fresh one would be: with its entity tag (a bodiless 304 when the caller holds it), and
 * compressed when the caller accepts it. The tag and the compressed bytes are the kept answer's, made once; the
 * entity-tag and compression hooks leave an answer alone that is already tagged and encoded.
 */
function sendKept(request: FastifyRequest, reply: FastifyReply, kept: Kept): FastifyReply {
  kept.etag ??= entityTag(kept.payload);
  reply.header('ETag', kept.etag);
  if (namesEntityTag(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = kept.payload.length >= COMPRESSION_THRESHOLD ? encodingFor(request) : undefined;
  if (encoding === undefined) {
    // Sent as it was kept: the identity serializer keeps Fastify from encoding the JSON text once more.
    return reply.serializer((text: string) => text).send(kept.payload);
  }
  const bytes = (kept.encoded[encoding] ??=
    encoding === 'br' ? brotliCompressSync(kept.payload, BROTLI_OPTIONS) : gzipSync(kept.payload, GZIP_OPTIONS));
  addVary(reply, 'accept-encoding');
  return reply.header('Content-Encoding', encoding).send(bytes);
}

/** The API's public address for a request (AppContext.apiRoot): the links in an answer start with it. */
type ApiRoot = (request: FastifyRequest) => string;

function questionOf(request: FastifyRequest, apiRoot: ApiRoot): string {
  return `${apiRoot(request)}\u0001${customersKey(request.principal?.customers)}\u0001${request.url}`;
}

/**
 * The hooks of SharedAnswers: before a shared route's handler, the kept answer if there is one; after it, its answer
 * kept. Registered before the entity-tag hook, which then tags a kept answer as it tags a fresh one.
 */
export function registerSharedAnswers(
  app: FastifyInstance,
  shared: SharedAnswers,
  basePath: string,
  apiRoot: ApiRoot,
): void {
  app.decorateRequest('sharedAnswerKey', undefined);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (request.method !== 'GET' || route === undefined || !route.startsWith(basePath)) return;
    if (!SHARED_ROUTES.has(route.slice(basePath.length))) return;
    const askedAt = performance.now();
    const found = shared.keyOf(questionOf(request, apiRoot));
    if (found === undefined) return;
    // The database is asked only when there is an answer to give. Consoles woken by one event ask at once: all but the
    // first wait for the first one's answer, then share one check that nothing has changed since they asked.
    const candidate = shared.get(found.key, Date.now()) ?? (await shared.inMaking(found.key, Date.now()));
    const answer = candidate !== undefined && (await shared.current(found.reads, askedAt)) ? candidate : undefined;
    if (answer === undefined) {
      if (shared.beginMaking(found.key, Date.now())) request.sharedAnswerKey = found.key;
      return;
    }
    return sendKept(request, reply, answer);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.sharedAnswerKey;
    if (key !== undefined) {
      request.sharedAnswerKey = undefined;
      const made = reply.statusCode === 200 && typeof payload === 'string' ? payload : undefined;
      shared.endMaking(key, made, Date.now());
    }
    done(null, payload);
  });

  // A request that ended without sending (its client went) lets those waiting for it make their own answer.
  app.addHook('onResponse', (request, _reply, done) => {
    const key = request.sharedAnswerKey;
    if (key !== undefined) {
      request.sharedAnswerKey = undefined;
      shared.endMaking(key, undefined, Date.now());
    }
    done();
  });
}
