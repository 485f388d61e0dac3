import { isStreamEventName, streamEventSchemas, type StreamEvent } from '@alerta/contract';
import { SseParser, type SseMessage } from './sse';

/** How the stream stands: opening, delivering changes, or failed (the console polls meanwhile). */
export type StreamState = 'connecting' | 'live' | 'down';

export interface StreamClientOptions {
  /**
   * Opens the stream: `GET {endpoint}{stream.path}` with the console's headers and `Last-Event-ID` when there is one.
   * Resolves with the response of status 200, else rejects.
   */
  open: (lastEventId: string | null, signal: AbortSignal) => Promise<Response>;
  /** Where to resume from: the id of the last event this browser received, if any. */
  lastEventId?: string | null;
  /** The server's keep-alive period (GET /config `stream.keepalive`), seconds. */
  keepaliveSeconds?: number | undefined;
  onEvent: (event: StreamEvent) => void;
  onState: (state: StreamState) => void;
  /** Every id received, so whoever takes the stream over can resume from it. */
  onLastEventId?: (id: string) => void;
  /** Jitter source, for tests. */
  random?: () => number;
}

/** docs/console/behaviour.md#live-updates: the wait before the first reconnect when the server names none. */
const DEFAULT_RETRY_MS = 1_000;
/** The longest wait between attempts the server refused (401, 403, 404, 429 …). */
export const MAX_RETRY_MS = 60_000;
/**
 * The longest wait between attempts while the server does not answer, or answers 5xx as a proxy does while it
 * restarts: with the jitter, the stream is back within 5 s of the server's return, however long it was away.
 */
export const AWAY_MAX_RETRY_MS = 4_000;

/**
 * The wait before attempt `failures` + 1: the server's `retry` doubled per failure, up to MAX_RETRY_MS while the server
 * refuses and AWAY_MAX_RETRY_MS while it is away, ±25 % (`random` in [0, 1)) so that browsers do not all come at once.
 */
export function reconnectDelay(failures: number, retryMs: number, refused: boolean, random: number): number {
  const longest = refused ? MAX_RETRY_MS : AWAY_MAX_RETRY_MS;
  return Math.min(longest, retryMs * 2 ** failures) * (0.75 + 0.5 * random);
}

/** An answer with an HTTP status below 500: the server is there and said no. */
function refusal(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status < 500;
}
const DEFAULT_KEEPALIVE_S = 15;

/** One event's data read with the contract's schema; anything unknown or malformed is null (ignored). */
export function readStreamEvent(message: SseMessage): StreamEvent | null {
  if (!isStreamEventName(message.event)) return null;
  let json: unknown;
  try {
    json = JSON.parse(message.data);
  } catch {
    return null;
  }
  const parsed = streamEventSchemas[message.event].safeParse(json);
  if (!parsed.success) return null;
  return { event: message.event, id: message.id, data: parsed.data } as StreamEvent;
}

/**
 * Runs the live stream until stopped (docs/console/behaviour.md#live-updates): reads the answer chunk by chunk, hands
 * each known, well-formed event on, and reconnects when the stream ends or fails, with `Last-Event-ID` so nothing is
 * missed. `live` from the `hello` event on; a stream that ends after being live is opened again once (after the
 * server's `retry`) before it counts as `down`; from then on attempts back off, doubling up to a minute while the
 * server refuses and up to 4 s while it does not answer. Silence longer than two keep-alive periods (and 5 s) counts
 * as a dead connection.
 * Returns the function that stops it.
 */
export function runStream(options: StreamClientOptions): () => void {
  const random = options.random ?? Math.random;
  const silenceMs = 2 * (options.keepaliveSeconds ?? DEFAULT_KEEPALIVE_S) * 1000 + 5_000;
  let lastEventId = options.lastEventId ?? null;
  let retryMs = DEFAULT_RETRY_MS;
  let state: StreamState | null = null;
  let stopped = false;
  let controller = new AbortController();
  let wake: (() => void) | null = null;

  const setState = (next: StreamState) => {
    if (next === state || stopped) return;
    state = next;
    options.onState(next);
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  /** One connection, from opening to its end: whether it delivered `hello`, and whether the server refused it. */
  async function connect(): Promise<{ live: boolean; refused: boolean }> {
    controller = new AbortController();
    const { signal } = controller;
    const resumeFrom = lastEventId;
    let live = false;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), silenceMs);
    };
    heard();
    const parser = new SseParser({
      onRetry: (ms) => {
        retryMs = ms;
      },
      onMessage: (message) => {
        if (message.id !== '' && message.id !== lastEventId) {
          lastEventId = message.id;
          options.onLastEventId?.(message.id);
        }
        const event = readStreamEvent(message);
        if (event === null) return;
        if (event.event === 'hello') {
          live = true;
          setState('live');
        }
        options.onEvent(event);
        // Opened from now rather than from a position: what changed between the last load and this moment was not
        // heard, so whatever is shown is read again, as after a `resync`.
        if (event.event === 'hello' && resumeFrom === null) {
          options.onEvent({ event: 'resync', id: event.id, data: { reason: 'connected' } });
        }
      },
    });
    try {
      const response = await options.open(resumeFrom, signal);
      const body = response.body;
      if (body === null) return { live, refused: false };
      const reader = body.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || stopped) break;
          heard();
          parser.push(decoder.decode(value, { stream: true }));
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
      return { live, refused: false };
    } catch (error) {
      return { live, refused: refusal(error) };
    } finally {
      clearTimeout(silence);
    }
  }

  async function loop() {
    setState('connecting');
    let failures = 0;
    while (!stopped) {
      const { live, refused } = await connect();
      if (stopped) return;
      if (live) failures = 0;
      // A stream that was live gets one quiet reconnect; after that the console polls until it is back.
      if (failures > 0 || state !== 'live') setState('down');
      const backoff = reconnectDelay(failures, retryMs, refused, random());
      failures++;
      await sleep(backoff);
    }
  }

  void loop();
  return () => {
    stopped = true;
    controller.abort();
    wake?.();
  };
}
