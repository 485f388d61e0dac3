import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { customersKey } from './live-stream.js';

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
]);

/** How long an answer is kept at most: what in it depends on the clock (the default `to-date`) is never older. */
const KEEP_MS = 5_000;
const MAX_ENTRIES = 200;
/** How long callers wait for an answer another request is making before they make their own. */
const MAKING_MS = 5_000;
/** Answers larger than this are not kept. */
const MAX_ANSWER_CHARS = 1_000_000;

interface Kept {
  payload: string;
  at: number;
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
    { done: Promise<string | undefined>; finish: (payload?: string) => void; since: number }
  >();
  private hub: HubState | undefined;

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
   * Whether an answer kept at `reads` may be given out: the hub has read nothing new since, nor has anything
   * committed that it has not read.
   */
  async current(reads: number): Promise<boolean> {
    try {
      return (await this.hub?.readsAll(reads)) === true;
    } catch {
      // The database did not say: the request reads it itself, and says what failed if it fails again.
      return false;
    }
  }

  get(key: string, now: number): string | undefined {
    const entry = this.kept.get(key);
    if (entry === undefined) return undefined;
    if (now - entry.at > KEEP_MS) {
      this.kept.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  /** The answer of `key` another request is making, once made (undefined if it failed); undefined if none is. */
  inMaking(key: string, now: number): Promise<string | undefined> | undefined {
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
    let finish: (payload?: string) => void = () => undefined;
    const done = new Promise<string | undefined>((resolve) => (finish = resolve));
    this.making.set(key, { done, finish, since: now });
    return true;
  }

  /** The answer of `key` is made (`payload` undefined: it failed, and those waiting make their own). */
  endMaking(key: string, payload: string | undefined, at: number): void {
    if (payload !== undefined) this.put(key, payload, at);
    const entry = this.making.get(key);
    this.making.delete(key);
    entry?.finish(payload);
  }

  private put(key: string, payload: string, at: number): void {
    if (payload.length > MAX_ANSWER_CHARS) return;
    // Keys of an older state are never asked for again: the oldest entries go first.
    this.kept.delete(key);
    if (this.kept.size >= MAX_ENTRIES) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(key, { payload, at });
  }
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
    const found = shared.keyOf(questionOf(request, apiRoot));
    if (found === undefined) return;
    // The database is asked only when there is an answer to give. Consoles woken by one event ask at once: all but the
    // first wait for the first one's answer.
    const kept = shared.get(found.key, Date.now());
    const making = kept === undefined ? shared.inMaking(found.key, Date.now()) : undefined;
    const payload =
      (kept !== undefined || making !== undefined) && (await shared.current(found.reads))
        ? (kept ?? (await making))
        : undefined;
    if (payload === undefined) {
      if (shared.beginMaking(found.key, Date.now())) request.sharedAnswerKey = found.key;
      return;
    }
    // Sent as it was kept: the identity serializer keeps Fastify from encoding the JSON text once more.
    return reply
      .type('application/json; charset=utf-8')
      .serializer((text: string) => text)
      .send(payload);
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
