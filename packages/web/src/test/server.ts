import { act } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { defaultHandlers } from './mocks';

/**
 * The one MSW server of the console tests. Every area of the API has its default handlers installed here
 * (src/test/mocks): a test sets the scenario it needs through the area's setters (`alertsScenario.list([...])`,
 * `heartbeatsScenario.failing(500)`…), which are put back to their defaults after each test. A handler a test adds
 * with `server.use` still wins over the defaults for that test.
 */
export const server = setupServer(...defaultHandlers);

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Which requests to wait for: by method and path (exact, or a pattern), or any test of the record. */
export type RequestMatch = { method?: string; path?: string | RegExp } | ((request: RecordedRequest) => boolean);

/**
 * The requests the console sent, in the order it sent them, each listed only once its body has been read, so no test
 * ever sees a half-filled record. It is an array (filter, length, index it as before) with two ways to wait:
 * `next(match?)` resolves with the oldest matching request not yet handed out by `next`, and `nth(n, match?)` with the
 * n-th matching request (from 1) since recording began.
 */
export type RequestLog = RecordedRequest[] & {
  next(match?: RequestMatch): Promise<RecordedRequest>;
  nth(n: number, match?: RequestMatch): Promise<RecordedRequest>;
};

const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
/** How long `next` and `nth` wait before failing the test, in real time. */
const WAIT_MS = 5_000;

function matches(request: RecordedRequest, match: RequestMatch | undefined): boolean {
  if (match === undefined) return true;
  if (typeof match === 'function') return match(request);
  if (match.method !== undefined && request.method !== match.method.toUpperCase()) return false;
  if (match.path === undefined) return true;
  return typeof match.path === 'string' ? request.url.pathname === match.path : match.path.test(request.url.pathname);
}

function describeMatch(match: RequestMatch | undefined): string {
  if (match === undefined) return 'any request';
  if (typeof match === 'function') return 'a request the test accepts';
  return `${match.method ?? 'any method'} ${match.path === undefined ? 'anywhere' : String(match.path)}`;
}

interface ActGlobal {
  IS_REACT_ACT_ENVIRONMENT?: boolean | undefined;
}

/**
 * Waits for `found` to give a value, re-checking each time a request is listed. While it waits React renders on its
 * own, as it does under Testing Library's waitFor (the test is not inside act then), so whatever leads to the request
 * can happen; the real clock bounds the wait, so this works under the fake clock too.
 */
async function waitForRequest<T>(
  subscribe: (check: () => void) => () => void,
  found: () => T | undefined,
  what: () => string,
): Promise<T> {
  const actGlobal = globalThis as ActGlobal;
  const previous = actGlobal.IS_REACT_ACT_ENVIRONMENT;
  actGlobal.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return await new Promise<T>((resolve, reject) => {
      let unsubscribe: () => void = () => undefined;
      const timer = realSetTimeout(() => {
        unsubscribe();
        reject(new Error(`No ${what()} within ${WAIT_MS} ms`));
      }, WAIT_MS);
      const check = () => {
        const value = found();
        if (value === undefined) return;
        realClearTimeout(timer);
        unsubscribe();
        resolve(value);
      };
      unsubscribe = subscribe(check);
      check();
    });
  } finally {
    actGlobal.IS_REACT_ACT_ENVIRONMENT = previous;
    // Let React finish what the answer started before the test looks at the screen.
    await act(() => Promise.resolve());
  }
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Starts recording every request the console sends from now on (see {@link RequestLog}). */
export function recordRequests(): RequestLog {
  const listed: RecordedRequest[] = [];
  /** Started requests in order; each becomes listed once it and every request before it has its body read. */
  const pending: { entry: RecordedRequest; read: boolean }[] = [];
  const listeners = new Set<() => void>();
  const handedOut = new Set<RecordedRequest>();

  const publish = () => {
    while (pending[0]?.read === true) {
      const first = pending.shift();
      if (first !== undefined) listed.push(first.entry);
    }
    for (const listener of [...listeners]) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  server.events.on('request:start', ({ request }) => {
    const slot = {
      entry: {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: undefined as unknown,
      },
      read: false,
    };
    pending.push(slot);
    void request
      .clone()
      .text()
      .then(
        (text) => {
          slot.entry.body = text === '' ? undefined : parseBody(text);
        },
        () => undefined,
      )
      .finally(() => {
        slot.read = true;
        publish();
      });
  });

  const next = (match?: RequestMatch) =>
    waitForRequest(
      subscribe,
      () => {
        const request = listed.find((r) => !handedOut.has(r) && matches(r, match));
        if (request !== undefined) handedOut.add(request);
        return request;
      },
      () => `further ${describeMatch(match)} (seen: ${listed.map((r) => `${r.method} ${r.url.pathname}`).join(', ')})`,
    );
  const nth = (n: number, match?: RequestMatch) =>
    waitForRequest(
      subscribe,
      () => listed.filter((r) => matches(r, match))[n - 1],
      () => `request number ${n} of ${describeMatch(match)} (seen ${listed.filter((r) => matches(r, match)).length})`,
    );
  // Not enumerable, so the log still equals a plain array of the same requests.
  Object.defineProperties(listed, { next: { value: next }, nth: { value: nth } });
  return listed as RequestLog;
}
